/**
 * The unit tier runs in-process (vitest.config.ts): listening on a port or starting a child
 * process there fails at once, naming the rule, so that a file doing either is listed among the
 * system tier's instead of slowing the fast one unnoticed. Loaded before each unit test file.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

function refuse(what: string): never {
  throw new Error(`${what} in a unit test: the unit tier runs in-process; list the file in SYSTEM_FILES (vitest.config.ts)`);
}

net.Server.prototype.listen = function listen(): never {
  refuse("listening on a port");
};
const spawners = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;
for (const name of spawners) {
  Object.defineProperty(childProcess, name, { value: () => refuse(`child_process.${name}`), writable: true, configurable: true });
}
// ESM imports of node:child_process read the patched functions too.
syncBuiltinESMExports();
