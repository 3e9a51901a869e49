/** The StorageErrors both backends raise, with the same codes and wording. */
import { type KeyValue, type Preconditions, StorageError } from "./interface.js";

/** Upstream's wording for a resourceVersion precondition that did not hold. */
export function preconditionFailed(key: string, expected: number, actual: number): StorageError {
  return new StorageError(
    "Conflict",
    key,
    `Precondition failed: ResourceVersion in precondition: ${expected}, ResourceVersion in object meta: ${actual || ""}`,
  );
}

/** Fails with "Conflict" when the preconditions do not hold for `current` (missing: revision 0). */
export function checkPreconditions(key: string, current: KeyValue | undefined, p: Preconditions | undefined): void {
  if (p?.revision === undefined) return;
  const actual = current?.modRevision ?? 0;
  if (actual !== p.revision) throw preconditionFailed(key, p.revision, actual);
}

export function compactedError(key: string, revision: number, compacted?: number): StorageError {
  const oldest = compacted === undefined ? "" : ` (the oldest available is ${compacted})`;
  const err = new StorageError("Compacted", key, `revision ${revision} has been compacted${oldest}`);
  if (compacted !== undefined) err.compactRevision = compacted;
  return err;
}

export function tooLargeRevision(key: string, revision: number, newest?: number): StorageError {
  const detail = newest === undefined ? "" : ` ${newest}`;
  return new StorageError("TooLargeRevision", key, `revision ${revision} is newer than the newest${detail}`);
}

export function keyNotFound(key: string): StorageError {
  return new StorageError("KeyNotFound", key, `key not found: ${key}`);
}

export function keyExists(key: string): StorageError {
  return new StorageError("KeyExists", key, `key exists: ${key}`);
}

export function closedError(key: string): StorageError {
  return new StorageError("Unavailable", key, "storage is closed");
}
