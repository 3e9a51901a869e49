/** Maps the etcd client's errors to StorageErrors. */
import { compactedError, tooLargeRevision } from "../errors.js";
import { StorageError } from "../interface.js";
import { EtcdCallError, GRPC_CANCELLED, GRPC_DEADLINE_EXCEEDED, GRPC_UNAVAILABLE } from "./kv-client.js";

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
    (e instanceof EtcdCallError && [GRPC_UNAVAILABLE, GRPC_DEADLINE_EXCEEDED, GRPC_CANCELLED].includes(e.grpcCode)) ||
    /ECONNREFUSED|No connection established|circuit|isolated/i.test(message)
  ) {
    return new StorageError("Unavailable", key, `etcd is unavailable: ${message}`);
  }
  return e;
}
