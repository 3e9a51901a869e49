/** Maps the etcd3 client's errors to StorageErrors. */
import {
  ClientClosedError,
  GRPCCancelledError,
  GRPCDeadlineExceededError,
  GRPCUnavailableError,
} from "etcd3";
import { compactedError, tooLargeRevision } from "../errors.js";
import { StorageError } from "../interface.js";

/**
 * The StorageError for an etcd failure, or the error itself when it is none of the known
 * cases (a bug, not a condition the registry maps to a status).
 */
export function translateError(e: unknown, key: string, revision?: number): unknown {
  if (e instanceof StorageError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if (message.includes("required revision has been compacted")) return compactedError(key, revision ?? 0);
  if (message.includes("required revision is a future revision")) return tooLargeRevision(key, revision ?? 0);
  if (
    e instanceof GRPCUnavailableError ||
    e instanceof GRPCDeadlineExceededError ||
    e instanceof GRPCCancelledError ||
    e instanceof ClientClosedError ||
    /ECONNREFUSED|No connection established|circuit|isolated/i.test(message)
  ) {
    return new StorageError("Unavailable", key, `etcd is unavailable: ${message}`);
  }
  return e;
}
