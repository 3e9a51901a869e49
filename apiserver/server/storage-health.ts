/**
 * The storage backend's health checks, as kube-apiserver registers etcd's: `<backend>` on
 * /healthz, /livez and /readyz, and `<backend>-readiness` on /readyz, each giving up after its
 * own timeout (`--etcd-healthcheck-timeout`, `--etcd-readycheck-timeout`, 2 s by default) so a
 * frozen backend fails the probes quickly instead of holding them for the storage's call deadline.
 */
import type { Storage } from "../storage/interface.js";
import type { HealthCheck } from "./health.js";

/** Upstream's default for both timeouts. */
export const DEFAULT_STORAGE_CHECK_TIMEOUT_MS = 2_000;

/** A probe of the backend that fails once `timeoutMs` has passed. */
export async function probeStorage(storage: Storage, timeoutMs: number): Promise<void> {
  if (storage.healthCheck) return storage.healthCheck(timeoutMs);
  // Backends without a cancellable probe: stop waiting at the deadline (the call finishes on its own).
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the storage did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([storage.currentRevision(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StorageHealthOptions {
  /** `--etcd-healthcheck-timeout`. */
  healthcheckTimeoutMs?: number;
  /** `--etcd-readycheck-timeout`. */
  readycheckTimeoutMs?: number;
}

/** The liveness check (all three endpoints) and the readiness check (/readyz only) of a backend. */
export function storageHealthChecks(
  name: string,
  storage: Storage,
  options: StorageHealthOptions = {},
): { health: HealthCheck; ready: HealthCheck } {
  const health = options.healthcheckTimeoutMs ?? DEFAULT_STORAGE_CHECK_TIMEOUT_MS;
  const ready = options.readycheckTimeoutMs ?? DEFAULT_STORAGE_CHECK_TIMEOUT_MS;
  return {
    health: { name, check: () => probeStorage(storage, health) },
    ready: { name: `${name}-readiness`, check: () => probeStorage(storage, ready) },
  };
}
