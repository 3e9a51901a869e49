/**
 * The API reference build: `kubegen docs` over the built-in API's generated OpenAPI in a fresh
 * node process, as `npm run docs` runs it (start-up included), and over a folder of CRDs; what
 * the site weighs. Target: the whole built-in API in under 2 s.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BenchModule, checkTarget, formatDuration, median, printNote, printTable, runIfMain, type Target } from "./support/table.js";
import { childrenCpuMs } from "./support/process-cpu.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = 3;
const TARGET: Target = { max: 2, unit: "s" };

interface Run {
  cpuMs: number;
  wallMs: number;
  reportedMs: number;
  files: number;
  bytes: number;
}

function dirSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const st = fs.statSync(path.join(dir, f));
    if (!st.isFile()) continue;
    files++;
    bytes += st.size;
  }
  return { files, bytes };
}

function build(args: string[]): Run {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-docs-"));
  try {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [path.join(ROOT, "bin/kubegen.js"), "docs", ...args, "--output", out], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const wallMs = performance.now() - t0;
    const cpuMs = childrenCpuMs() - cpu0;
    if (r.status !== 0) throw new Error(`kubegen docs failed (${r.status}):\n${r.stderr}${r.stdout}`);
    const reported = Number(/\((\d+) ms\)/.exec(r.stdout)?.[1] ?? NaN);
    return { cpuMs, wallMs, reportedMs: reported, ...dirSize(out) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

function row(label: string, runs: Run[], verdict: string): string[] {
  const wall = runs.map((r) => r.wallMs);
  const last = runs[runs.length - 1]!;
  return [
    label,
    formatDuration(median(wall)),
    formatDuration(median(runs.map((r) => r.reportedMs))),
    formatDuration(median(runs.map((r) => r.cpuMs))),
    String(last.files),
    `${Math.round(last.bytes / 1024)} KB`,
    verdict,
  ];
}

/**
 * A stand-in for the whole 1.34 API while the import is under way: the built-in swagger.json
 * copied COPIES times into folders with renamed API packages and groups, as one document each.
 */
const COPIES = 7;
function syntheticWholeApi(openapi: string): { dir: string; definitions: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-docs-api-"));
  const text = fs.readFileSync(path.join(openapi, "v2/swagger.json"), "utf8");
  let definitions = 0;
  for (let i = 0; i < COPIES; i++) {
    const copy =
      i === 0
        ? text
        : text
            .replace(/io\.k8s\.api\./g, `io.k8s.api.copy${i}`)
            .replace(/"group": "([a-z.]*)"/g, `"group": "copy${i}.$1example.com"`)
            .replace(/"\/api(s?)\//g, `"/copy${i}/api$1/`);
    fs.writeFileSync(path.join(dir, `copy${i}.json`), copy);
    definitions += Object.keys((JSON.parse(copy) as { definitions: object }).definitions).length;
  }
  return { dir, definitions };
}

async function run(): Promise<void> {
  const openapi = path.join(ROOT, "generated/openapi");
  const builtin = Array.from({ length: RUNS }, () => build(["--openapi", openapi]));
  const whole = syntheticWholeApi(openapi);
  const scaled = Array.from({ length: RUNS }, () => build(["--openapi", whole.dir]));
  fs.rmSync(whole.dir, { recursive: true, force: true });
  const crds = Array.from({ length: RUNS }, () =>
    build(["--crds", path.join(ROOT, "test/fixtures/docs/crds"), path.join(ROOT, "examples/crontab/generated/crds")]),
  );
  const check = checkTarget(median(builtin.map((r) => r.wallMs)) / 1000, TARGET, "docs build over the built-in API (median wall time)");
  const swagger = JSON.parse(fs.readFileSync(path.join(openapi, "v2/swagger.json"), "utf8")) as { definitions?: object; paths?: object };
  printTable(
    `docs: \`kubegen docs\`, fresh node process (${RUNS} runs each)`,
    ["site", "wall (median)", "reported (median)", "CPU (median)", "files", "size", `target ${check.bound}`],
    [
      row(
        `built-in API (${Object.keys(swagger.definitions ?? {}).length} definitions, ${Object.keys(swagger.paths ?? {}).length} paths)`,
        builtin,
        check.verdict,
      ),
      row(`built-in API x${COPIES}, renamed (${whole.definitions} definitions with repeats): a site seven times the 1.34 API`, scaled, ""),
      row("CRDs only (test fixtures + crontab example)", crds, ""),
    ],
  );
  printNote(
    "Wall time includes node start-up; reported is what the command prints (read, model, render, search index, write); CPU is the process's user+sys time, which load on the machine barely moves.",
  );
  printNote(
    "The built-in API is generated/openapi: the whole Kubernetes 1.34 API (24 group-versions); the x7 row shows how the build scales past it.",
  );
}

export const bench: BenchModule = {
  name: "docs",
  description: "kubegen docs over the built-in API and over CRDs: build time and site size",
  run,
};

await runIfMain(import.meta.url, bench);
