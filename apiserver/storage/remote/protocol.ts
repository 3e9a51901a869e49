/**
 * The messages of the storage protocol (frames.ts carries them). A request carries an id its
 * answer repeats; a watch is a request answered by a stream of `ev` messages under its id, ended
 * by one `end`. Predicates (functions) never cross the wire: the worker applies them.
 */
import type { KeyValue, StorageErrorCode } from "../interface.js";

export type Request =
  | { id: number; op: "create"; key: string; value: Uint8Array }
  | { id: number; op: "get"; key: string }
  | { id: number; op: "list"; prefix: string; revision?: number; limit?: number; continue?: string }
  /** Writes `value` if the key's modRevision is still `expect` (0: the key must be missing). */
  | { id: number; op: "swap"; key: string; expect: number; value: Uint8Array }
  | { id: number; op: "delete"; key: string; revision?: number }
  /**
   * The current revision; then a progress notice (at that revision or later) on each watch of
   * `progress`, the watches whose caches asked for one lately: a consistent read of such a
   * cache then finds it current without a second round trip.
   */
  | { id: number; op: "revision"; progress?: number[] }
  | { id: number; op: "compact"; revision: number }
  | { id: number; op: "health"; timeoutMs: number }
  /** `prev: false`: the events leave out the previous value (the watch has no use for it). */
  | { id: number; op: "watch"; prefix: string; afterRevision: number; progress: boolean; prev?: false }
  /** Ends the watch `id` (its reader stopped). */
  | { id: number; op: "cancel" }
  /** Asks the watch `id` for a progress notice. */
  | { id: number; op: "progress" };

export interface WireError {
  /** A StorageErrorCode, or "Internal" for anything else the backend threw. */
  code: StorageErrorCode | "Internal";
  key: string;
  message: string;
  compactRevision: number;
}

export type Response =
  | {
      t: "ok";
      id: number;
      kv?: KeyValue | undefined;
      items?: KeyValue[];
      revision?: number;
      continue?: string;
      remaining?: number;
      /** The owner's compaction point, with every `revision` answer. */
      compacted?: number;
      /**
       * A create's or swap's answer when the stored value is the one sent: its revisions only
       * (the worker has the bytes), instead of `kv`.
       */
      written?: { createRevision: number; modRevision: number };
    }
  /** A lost swap: the value that won (undefined: the key is missing). */
  | { t: "lost"; id: number; fresh: KeyValue | undefined }
  | { t: "err"; id: number; error: WireError }
  | { t: "ev"; id: number; type: "PUT" | "DELETE"; kv: KeyValue; prev?: KeyValue; revision: number }
  | { t: "progress"; id: number; revision: number }
  /** Whether the watch's progress notices can be trusted (sent at start, and when it changes). */
  | { t: "supports"; id: number; supports: boolean }
  | { t: "end"; id: number; error?: WireError };
