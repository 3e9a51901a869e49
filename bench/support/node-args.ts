import fs from "node:fs";
import path from "node:path";

/** Node flags for the processes a bench spawns, from KUBEGEN_BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=DIR"). */
export function benchNodeArgs(): string[] {
  return process.env.KUBEGEN_BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
}

const BIN = path.resolve(import.meta.dirname, "../../bin/kubegen.js");

/**
 * The node flags of bin/kubegen.js's shebang (`#!/usr/bin/env -S node FLAGS`): what users get
 * from `npx kubegen` and `npm start`. A bench spawning `node bin/kubegen.js` passes them itself,
 * so that it measures the server as users run it.
 */
export function launcherNodeArgs(bin = BIN): string[] {
  const first = fs.readFileSync(bin, "utf8").split("\n", 1)[0]!;
  const m = /^#!\S*env\s+(?:-S\s+)?node(?:\s+(.*))?$/.exec(first.trim());
  return m?.[1]?.split(/\s+/).filter(Boolean) ?? [];
}
