/**
 * External tools some tests drive (kubectl, etcd, protoc, python3-kubernetes, chromium).
 * Locally a missing tool skips its block with the reason in the test name and on stderr; under
 * CI (`CI` set) it fails instead, so a CI image without a tool cannot pass by skipping.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, it } from "vitest";

export type Tool = "kubectl" | "etcd" | "protoc" | "python3-kubernetes" | "chromium";

/** Where each tool is looked for (Debian's packages, as .ci/run installs them). */
const probes: Record<Tool, () => boolean> = {
  kubectl: () => existsSync("/usr/bin/kubectl"),
  etcd: () => existsSync(process.env["KUBEGEN_ETCD"] ?? "/usr/bin/etcd"),
  protoc: () => runs("protoc", ["--version"]),
  "python3-kubernetes": () => existsSync("/usr/bin/python3") && runs("/usr/bin/python3", ["-c", "import kubernetes"]),
  chromium: () => existsSync("/usr/bin/chromium"),
};

function runs(file: string, args: string[]): boolean {
  try {
    execFileSync(file, args, { stdio: "ignore", timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

const seen = new Map<Tool, boolean>();

/** Whether `tool` is installed (probed once per test file). */
export function toolAvailable(tool: Tool): boolean {
  let ok = seen.get(tool);
  if (ok === undefined) seen.set(tool, (ok = probes[tool]()));
  return ok;
}

/** The tools of `tools` that are not installed. */
export function missingTools(tools: readonly Tool[]): Tool[] {
  return tools.filter((t) => !toolAvailable(t));
}

/** Whether CI is running these tests (then every tool is required). */
export function inCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env["CI"];
  return ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false";
}

/**
 * `describe(name, fn)` when every tool in `tools` is installed. Otherwise: under CI a block whose
 * one test fails naming the missing tools; locally a skipped block whose name says why.
 */
export function describeWithTools(tools: readonly Tool[], name: string, fn: () => void): void {
  const missing = missingTools(tools);
  if (missing.length === 0) {
    describe(name, fn);
    return;
  }
  const reason = `${missing.join(", ")} not installed`;
  if (inCI()) {
    describe(name, () => {
      it(`requires ${missing.join(", ")}`, () => {
        throw new Error(`${reason}; CI must install every tool the tests need (see .ci/run)`);
      });
    });
    return;
  }
  process.stderr.write(`skipping "${name}": ${reason}\n`);
  describe.skip(`${name} [skipped: ${reason}]`, fn);
}
