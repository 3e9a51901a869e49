/**
 * The primary's worker processes (node:cluster: the primary accepts connections on the shared
 * port and hands them round-robin to the workers). A worker that exits while the pool runs is
 * forked again with the same index; stop() asks each worker to drain and waits for it.
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { isWorkerMessage, type PrimaryMessage, workerEnv } from "./role.js";

/** What a worker runs: by default the command line of this process again. */
export interface WorkerExec {
  file: string;
  args?: string[];
  execArgv?: string[];
  /** More environment for the workers. */
  env?: Record<string, string>;
}

export interface WorkerPoolOptions {
  count: number;
  socketPath: string;
  exec?: WorkerExec;
  log: (line: string) => void;
  /** How long stop() waits for a worker to drain before killing it. */
  drainTimeoutMs?: number;
}

/** A restarted worker waits this long after a crash, doubling up to the cap: a worker that cannot start does not spin. */
const RESTART_BACKOFF_MS = [100, 500, 2_000, 5_000];

export class WorkerPool {
  private readonly workers = new Map<number, Worker>();
  /** Workers that said they listen: before that, a worker may not have its message listener yet. */
  private readonly listening = new Set<Worker>();
  private stopping = false;
  private readonly crashes = new Map<number, number>();
  private port = 0;
  private readonly loopbackToken = randomBytes(32).toString("base64url");
  /** Worker restarts so far (for tests and logs). */
  restarts = 0;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Forks every worker and resolves with the port once all of them listen; rejects if one fails to start. */
  async start(): Promise<number> {
    const exec = this.options.exec ?? { file: process.argv[1]!, args: process.argv.slice(2), execArgv: process.execArgv };
    cluster.setupPrimary({ exec: exec.file, args: exec.args ?? [], execArgv: exec.execArgv ?? process.execArgv });
    // Worker 0 first: its post-start hooks (and the extensions' one-time ones, such as the
    // aggregator's autoregistration) finish before other workers run theirs against the same
    // objects, which then find nothing to write.
    this.port = await this.fork(0);
    const ports = [this.port, ...(await Promise.all(Array.from({ length: this.options.count - 1 }, (_, i) => this.fork(i + 1))))];
    if (ports.some((p) => p !== this.port)) throw new Error(`workers listen on different ports: ${ports.join(", ")}`);
    return this.port;
  }

  /** Process ids of the running workers, by index. */
  pids(): number[] {
    return [...this.workers.values()].flatMap((w) => (w.process.pid !== undefined ? [w.process.pid] : []));
  }

  private fork(index: number): Promise<number> {
    const env = {
      ...this.options.exec?.env,
      ...workerEnv({ socketPath: this.options.socketPath, index, loopbackToken: this.loopbackToken }),
    };
    const worker = cluster.fork(env);
    this.workers.set(index, worker);
    return new Promise<number>((resolve, reject) => {
      let started = false;
      worker.on("message", (m: unknown) => {
        if (!isWorkerMessage(m)) return;
        if (m.kubegen === "listening") {
          started = true;
          this.listening.add(worker);
          this.crashes.delete(index);
          resolve(m.port);
        } else if (m.kubegen === "failed") reject(new Error(`worker ${index}: ${m.message}`));
      });
      worker.on("exit", (code, signal) => {
        this.listening.delete(worker);
        if (this.workers.get(index) === worker) this.workers.delete(index);
        if (!started) reject(new Error(`worker ${index} exited before it listened (${signal ?? `code ${code}`})`));
        if (this.stopping || !started) return;
        const crashes = (this.crashes.get(index) ?? 0) + 1;
        this.crashes.set(index, crashes);
        const delay = RESTART_BACKOFF_MS[Math.min(crashes - 1, RESTART_BACKOFF_MS.length - 1)]!;
        this.options.log(
          `apiserver worker ${index} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`,
        );
        setTimeout(() => {
          if (this.stopping) return;
          this.restarts++;
          this.fork(index).catch((err: unknown) =>
            this.options.log(`apiserver worker ${index}: restart failed: ${(err as Error).message}`),
          );
        }, delay).unref();
      });
    });
  }

  /** Asks every worker to drain (in-flight requests finish, watches end), waiting for each to exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    const timeoutMs = this.options.drainTimeoutMs ?? 70_000;
    await Promise.all(
      [...this.workers.values()].map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            const timer = setTimeout(() => w.process.kill("SIGKILL"), timeoutMs);
            w.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            const message: PrimaryMessage = { kubegen: "shutdown" };
            const ask = (): void => {
              if (w.isConnected()) w.send(message);
              else w.process.kill("SIGKILL");
            };
            // A worker still starting (a restart) would drop the message: it is asked once it listens.
            if (this.listening.has(w)) ask();
            else
              w.on("message", (m: unknown) => {
                if (isWorkerMessage(m) && m.kubegen === "listening") ask();
              });
          }),
      ),
    );
    this.workers.clear();
  }
}
