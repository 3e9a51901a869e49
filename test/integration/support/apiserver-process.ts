/** Runs `kubegen apiserver` as a child process on a data dir, so tests can stop (SIGTERM) and restart it on the same port. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A running apiserver process. */
export interface APIServerProcess {
  child: ChildProcess;
  /** `https://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** DIR/kubeconfig, with the admin client certificate. */
  kubeconfig: string;
  /**
   * SIGTERM, resolving once the process has gone; SIGKILL if it is still there after `graceMs`
   * (then `killed` is true).
   */
  stop(graceMs?: number): Promise<{ code: number | null; killed: boolean }>;
}

/** Starts the apiserver on `dataDir` and `port` (0 picks a free one); resolves once it listens. */
export function startAPIServer(dataDir: string, port = 0): Promise<APIServerProcess> {
  const child = spawn(
    process.execPath,
    ["bin/kubegen.js", "apiserver", "--data-dir", dataDir, "--secure-port", String(port), "--bind-address", "127.0.0.1"],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  const stop = (graceMs = 10_000): Promise<{ code: number | null; killed: boolean }> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, killed: false });
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        child.kill("SIGKILL");
      }, graceMs);
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, killed });
      });
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const onExit = (code: number | null): void => reject(new Error(`apiserver exited with ${code}: ${out}${err}`));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (https:\/\/\S+)/.exec(out);
      if (m) {
        child.off("exit", onExit);
        const url = m[1]!;
        resolve({ child, url, port: Number(new URL(url).port), kubeconfig: path.join(dataDir, "kubeconfig"), stop });
      }
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.once("exit", onExit);
  });
}
