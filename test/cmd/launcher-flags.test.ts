/**
 * The node flags users' `kubegen` starts with: bin/kubegen.js's shebang, the compiled
 * @kubegen/apiserver bin and `npm start` agree, the flag reaches V8 when the bin is run as npm
 * links it (executed, its shebang read), and the pods bench passes the same flags.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { launcherNodeArgs } from "../../bench/support/node-args.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin/kubegen.js");
const SEMI = "--max-semi-space-size=64";

describe("the launcher's node flags", () => {
  it("are the same in both bins' shebangs and in `npm start`", () => {
    expect(launcherNodeArgs(BIN)).toEqual([SEMI]);
    expect(launcherNodeArgs(path.join(ROOT, "packages/apiserver/bin/kubegen.js"))).toEqual([SEMI]);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(new RegExp(`^node ${SEMI} bin/kubegen\\.js up `));
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

  it.runIf(process.platform === "linux")(
    "take effect in the process the executed bin starts: its young generation grows past V8's default",
    () => {
      // A preload that makes short-lived garbage, reports V8's new space and exits before the CLI runs.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-launcher-"));
      try {
        const preload = path.join(dir, "young.cjs");
        fs.writeFileSync(
          preload,
          `const v8 = require("v8");
let keep = [];
for (let i = 0; i < 4e6; i++) { const o = { i, s: "x" + i }; if (i % 7 === 0) keep.push(o); if (keep.length > 2e5) keep = []; }
const ns = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
process.stdout.write(JSON.stringify({ execArgv: process.execArgv, newSpace: ns.space_size }));
process.exit(0);
`,
        );
        const out = JSON.parse(
          execFileSync(BIN, ["--help"], { env: { ...process.env, NODE_OPTIONS: `--require ${preload}` }, encoding: "utf8" }),
        ) as { execArgv: string[]; newSpace: number };
        expect(out.execArgv).toContain(SEMI);
        // Two semi-spaces: 2 x 16 MB at most by default, up to 2 x 64 MB with the flag.
        expect(out.newSpace).toBeGreaterThan(2 * 16 * 1024 * 1024);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
