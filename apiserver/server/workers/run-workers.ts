/**
 * `--workers N`: the apiserver as one primary process and N worker processes. The primary owns
 * the storage (one SQLite writer and group commit, or one etcd client), compacts it, serves it
 * to the workers over a Unix socket (storage/remote) and restarts workers that crash. Each
 * worker is a whole apiserver, as kube-apiserver replicas against one etcd: TLS, HTTP,
 * authentication, admission, (de)serialisation and its own watch caches, fed by the primary's
 * watches. Worker 0 also runs the post-start hooks (bootstrap controller, repair loops) so they
 * run once. A consistent read in any worker checks the primary's current revision, so a write
 * acknowledged through one worker is seen by the next consistent read through another.
 */
import path from "node:path";
import { ensureServiceAccountKeys } from "../../auth/serviceaccount.js";
import { LoopbackAuthenticator } from "../../controlplane/loopback.js";
import { DEFAULT_COMPACTION_INTERVAL_MS, startCompactor } from "../../storage/compactor.js";
import { DEFAULT_EVENT_TTL_MS, protobufWriteTime, startEventTTL } from "../../registry/resources/events/ttl.js";
import { openStorage } from "../../storage/open-storage.js";
import { RemoteStorage } from "../../storage/remote/client.js";
import { StorageServer } from "../../storage/remote/server.js";
import { prepareExtensions } from "../extension.js";
import { completeOptions, type CompletedConfig, type RunOptions } from "../options.js";
import { addPostStartHooks, buildServer, preparePKI, type RunningAPIServer, withEncryption, writeKubeconfigs } from "../run.js";
import { WorkerPool, type WorkerExec } from "./pool.js";
import { type PrimaryMessage, type WorkerMessage, type WorkerRole, workerRole } from "./role.js";

/** What the caller of a multi-process apiserver gets (the server objects live in the workers). */
export type RunningWorkers = Omit<RunningAPIServer, "server" | "storages"> & {
  workers: number;
  /** The workers' process ids (changes when one is restarted). */
  workerPids(): number[];
};

export interface WorkerRunOptions {
  /** What each worker runs; default this process's command line again (the CLI). */
  exec?: WorkerExec;
}

/**
 * In the primary: starts the storage, its socket and `options.workers` workers, and resolves once
 * every worker listens. In a worker (forked by this function): serves until the primary says
 * stop, then exits; it never resolves there.
 */
export async function runAPIServerWorkers(options: RunOptions, run: WorkerRunOptions = {}): Promise<RunningWorkers> {
  const role = workerRole();
  if (role) return runWorker(options, role);
  const config = completeOptions(options);
  checkWorkerOptions(config);
  const count = options.workers ?? 1;
  // Everything the workers only read is made here first, so that they never race to write it.
  const certs = await preparePKI(config);
  await prepareExtensions(options.extensions ?? [], { dataDir: config.dataDir, ca: certs.ca });
  await ensureServiceAccountKeys({
    dataDir: config.dataDir,
    ...(options.serviceAccountSigningKeyFile && { signingKeyFile: options.serviceAccountSigningKeyFile }),
    ...(options.serviceAccountKeyFiles && { keyFiles: options.serviceAccountKeyFiles }),
  });
  // Encryption at rest happens in the workers (it is CPU): the primary stores what they send.
  const storage = await openStorage(config.storage);
  // The event sweeper decodes what it reads: through the workers' encryption, should events be encrypted.
  const eventStorage = await withEncryption(config, storage);
  const compaction = new AbortController();
  startCompactor(storage, {
    intervalMs: options.etcdCompactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS,
    signal: compaction.signal,
    onError: (e) => config.log(`storage compaction failed: ${(e as Error).message}`),
  });
  startEventTTL(eventStorage, {
    ttlMs: options.eventTTLMs ?? DEFAULT_EVENT_TTL_MS,
    writeTime: protobufWriteTime(config.scheme),
    signal: compaction.signal,
    onError: (e) => config.log(`event expiry failed: ${(e as Error).message}`),
  });
  // In the data dir: owner-only, like the database itself.
  const storageServer = new StorageServer(storage, path.join(config.dataDir, `storage-${process.pid}.sock`));
  const pool = new WorkerPool({ count, socketPath: storageServer.socketPath, ...(run.exec && { exec: run.exec }), log: config.log });
  const stop = async (): Promise<void> => {
    await pool.stop();
    await storageServer.close();
    compaction.abort();
    await storage.close();
  };
  let port: number;
  try {
    await storageServer.listen();
    port = await pool.start();
  } catch (err) {
    await stop();
    throw err;
  }
  const { kubeconfig, controllerManagerKubeconfig, url } = await writeKubeconfigs(config, { port }, certs);
  return {
    storage,
    certs,
    kubeconfig,
    controllerManagerKubeconfig,
    url,
    advertiseAddress: config.advertiseAddress,
    settings: config.settings,
    workers: count,
    workerPids: () => pool.pids(),
    stop,
  };
}

/** What several workers cannot share. */
function checkWorkerOptions(config: CompletedConfig): void {
  const { auditLogPath } = config.options;
  if (auditLogPath && auditLogPath !== "-") {
    throw new Error("--audit-log-path: a log file is written by one process; with --workers > 1 use '-' (stdout) or --workers=1");
  }
}

function send(message: WorkerMessage): void {
  process.send?.(message);
}

async function runWorker(options: RunOptions, role: WorkerRole): Promise<never> {
  // The primary drains the workers: a terminal's Ctrl-C reaches the whole process group.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => {});
  // Without the primary there is no storage: nothing left to serve.
  process.on("disconnect", () => process.exit(1));
  // A stop may come while this worker still starts (a restarted worker): it drains once started.
  let drain: (() => void) | undefined;
  let stopAsked = false;
  process.on("message", (m: PrimaryMessage) => {
    if (m?.kubegen !== "shutdown" || stopAsked) return;
    stopAsked = true;
    drain?.();
  });
  try {
    const config = completeOptions(options);
    const certs = await preparePKI(config);
    const extensions = await prepareExtensions(options.extensions ?? [], { dataDir: config.dataDir, ca: certs.ca });
    const loopback = new LoopbackAuthenticator(role.loopbackToken);
    extensions.extraAuthenticators = [loopback, ...(extensions.extraAuthenticators ?? [])];
    const remote = await RemoteStorage.connect(role.socketPath);
    // Nothing reconnects: a worker without its storage exits, and the primary starts it again.
    remote.onLost = () => process.exit(1);
    const storage = await withEncryption(config, remote);
    const { server, storages, auditWriter, serviceAccountKeys } = await buildServer(config, storage, certs, extensions);
    await serviceAccountKeys;
    // The hooks' loopback requests reach any worker: they present the token all workers share.
    const runHooks = server.hooks.runPostStartHooks.bind(server.hooks);
    server.hooks.runPostStartHooks = (ctx) =>
      runHooks({ ...ctx, loopbackClientConfig: { ...ctx.loopbackClientConfig, bearerToken: loopback.token } });
    if (role.index === 0) addPostStartHooks(config, server, storage, storages);
    await server.start();
    drain = () =>
      void (async () => {
        try {
          await server.shutdown();
          await storage.close();
          await auditWriter?.close();
        } finally {
          process.exit(0);
        }
      })();
    send({ kubegen: "listening", port: server.port });
    if (stopAsked) drain();
  } catch (err) {
    send({ kubegen: "failed", message: (err as Error).message });
    // Let the message leave before the process does.
    setImmediate(() => process.exit(1));
  }
  return new Promise<never>(() => {});
}
