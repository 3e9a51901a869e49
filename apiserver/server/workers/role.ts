/**
 * What a worker process is told by its primary (environment variables set at fork), and the
 * messages between them over the cluster IPC channel.
 */
import cluster from "node:cluster";

const SOCKET_ENV = "KUBEGEN_WORKER_STORAGE_SOCKET";
const INDEX_ENV = "KUBEGEN_WORKER_INDEX";
const LOOPBACK_ENV = "KUBEGEN_WORKER_LOOPBACK_TOKEN";

export interface WorkerRole {
  /** The primary's storage socket. */
  socketPath: string;
  /** 0..N-1; a restarted worker keeps its index. Worker 0 runs the post-start hooks. */
  index: number;
  /**
   * The loopback token every worker accepts and its post-start hooks present: their loopback
   * connections land on any worker (the port is shared), not necessarily their own.
   */
  loopbackToken: string;
}

/** This process's role when it is a worker forked by runAPIServerWorkers; undefined otherwise. */
export function workerRole(): WorkerRole | undefined {
  const socketPath = process.env[SOCKET_ENV];
  if (!cluster.isWorker || !socketPath) return undefined;
  return { socketPath, index: Number(process.env[INDEX_ENV] ?? 0), loopbackToken: process.env[LOOPBACK_ENV] ?? "" };
}

export function workerEnv(role: WorkerRole): Record<string, string> {
  return { [SOCKET_ENV]: role.socketPath, [INDEX_ENV]: String(role.index), [LOOPBACK_ENV]: role.loopbackToken };
}

/** Worker -> primary: serving on `port`, or failed to start. */
export type WorkerMessage = { kubegen: "listening"; port: number } | { kubegen: "failed"; message: string };
/** Primary -> worker: drain and exit. */
export type PrimaryMessage = { kubegen: "shutdown" };

export function isWorkerMessage(m: unknown): m is WorkerMessage {
  return typeof m === "object" && m !== null && "kubegen" in m;
}
