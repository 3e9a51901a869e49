/**
 * The node flags users' `kubegen` starts with: bin/kubegen.js's shebang, the compiled
 * @kubegen/apiserver bin and `npm start` agree, and the flag reaches node when the bin is run as
 * npm links it (executed, its shebang read). The pods bench passes the same flags (launcherNodeArgs).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { launcherNodeArgs } from "../../bench/support/node-args.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin/kubegen.js");
const FLAGS = ["--heap-growing-percent=100", "--max-semi-space-size=32"];

describe("the launcher's node flags", () => {
  it("are the same in both bins' shebangs and in `npm start`", () => {
    expect(launcherNodeArgs(BIN)).toEqual(FLAGS);
    expect(launcherNodeArgs(path.join(ROOT, "packages/apiserver/bin/kubegen.js"))).toEqual(FLAGS);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(new RegExp(`^node ${FLAGS.join(" ")} bin/kubegen\\.js up `));
  });

  it("reads no flags from a plain `#!/usr/bin/env node` shebang", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-launcher-"));
    try {
      const file = path.join(dir, "plain.js");
      fs.writeFileSync(file, "#!/usr/bin/env node\n");
      expect(launcherNodeArgs(file)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.platform === "linux")("reach the process the executed bin starts, as npm's link runs it", () => {
    // A preload that reports the flags node started with and exits before the CLI runs.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-launcher-"));
    try {
      const preload = path.join(dir, "flags.cjs");
      fs.writeFileSync(preload, "process.stdout.write(JSON.stringify(process.execArgv));\nprocess.exit(0);\n");
      const execArgv = JSON.parse(
        execFileSync(BIN, ["--help"], { env: { ...process.env, NODE_OPTIONS: `--require ${preload}` }, encoding: "utf8" }),
      ) as string[];
      expect(execArgv).toEqual(expect.arrayContaining(FLAGS));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
