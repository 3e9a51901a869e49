/**
 * The storage interface every backend implements (SQLite, etcd): keyed values under one global,
 * monotonically increasing revision, which is the resourceVersion clients see.
 */

/**
 * A stored value with the revision of its last write. Values are opaque bytes: the registry
 * decides the encoding (enveloped protobuf for built-in kinds, JSON for custom resources).
 */
export interface KeyValue {
  key: string;
  value: Uint8Array;
  /** Revision of the write that created the key (etcd's create_revision). */
  createRevision: number;
  /** Revision of the key's last write (etcd's mod_revision): the object's resourceVersion. */
  modRevision: number;
}

/** Why a storage call failed; the registry maps each to an API status. */
export type StorageErrorCode =
  | "KeyExists" // create on an existing key -> 409 AlreadyExists
  | "KeyNotFound" // get/update/delete on a missing key -> 404 NotFound
  | "Conflict" // a precondition (revision or uid) did not hold -> 409 Conflict
  | "Compacted" // a revision older than the compaction point -> 410 Expired
  | "InvalidContinue" // a continue token that does not parse -> 400
  | "TooLargeRevision" // a read at a revision newer than the newest -> 504 with ResourceVersionTooLarge
  | "Unavailable"; // the backend cannot be reached or is closed -> 504 ServerTimeout, as upstream interprets it

export class StorageError extends Error {
  /** For "Compacted": the compaction point, when the backend said (0: unknown). */
  compactRevision = 0;

  constructor(
    readonly code: StorageErrorCode,
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

/** What a delete or update expects of the stored value; unmet -> StorageError "Conflict". */
export interface Preconditions {
  /** The value's modRevision must equal this. */
  revision?: number;
}

export interface ListOptions {
  /** Every key with this prefix (a resource, or a resource in one namespace). */
  prefix: string;
  /**
   * Read at this revision (0 or absent: the newest). A revision older than the compaction
   * point fails with "Compacted".
   */
  revision?: number;
  /** At most this many items; the rest through `continue`. 0 or absent: no limit. */
  limit?: number;
  /** An opaque token from a previous page; the page continues at that page's revision. */
  continue?: string;
  /** Filters values before `limit` counts them (selectors are applied by the registry). */
  predicate?: (kv: KeyValue) => boolean;
}

export interface ListResult {
  items: KeyValue[];
  /** The revision the list was read at. */
  revision: number;
  /** Set when more items remain. */
  continue?: string;
  /** Items left after this page, when the backend knows it. */
  remainingItemCount?: number;
}

export type WatchEventType = "PUT" | "DELETE";

export interface StorageEvent {
  type: WatchEventType;
  key: string;
  /**
   * The value after a put; for a delete, the last value before it, with `modRevision` the
   * revision of the delete (upstream reports a deleted object at the delete's resourceVersion).
   */
  kv: KeyValue;
  /** For a put that updated an existing key, and for a delete: the value before, as stored. */
  prev?: KeyValue;
  /** The revision of this event (for a delete, the revision of the delete). */
  revision: number;
}

/**
 * On a watch with progress: every event under the watch's prefix up to `revision` has been
 * delivered before this notice (etcd's progress notification).
 */
export interface ProgressNotice {
  type: "PROGRESS";
  revision: number;
}

/**
 * A watch iterator that can hand over the events it has received already without a promise
 * each (EventQueue, SQLite's and etcd's watches): a reader that got one event from next() takes
 * the rest of a burst in one go.
 */
export interface BufferedEvents {
  takeBuffered(): StorageEvent | ProgressNotice | undefined;
}

/** `it` as {@link BufferedEvents} when it is one. */
export function bufferedEventsOf(it: object): BufferedEvents | undefined {
  return typeof (it as Partial<BufferedEvents>).takeBuffered === "function" ? (it as BufferedEvents) : undefined;
}

/** A watch that can be asked where it is: the answer comes as a {@link ProgressNotice} in the stream. */
export interface ProgressWatch extends AsyncIterable<StorageEvent | ProgressNotice> {
  /** Asks for a notice at the storage's current revision (or later), delivered after the events before it. */
  requestProgress(): void;
  /** Whether notices can be trusted to come after every event before them (false: not known yet, or not this backend's version). */
  supportsProgress(): boolean;
}

export interface WatchOptions {
  prefix: string;
  /**
   * Deliver every event after this revision (exclusive); older than the compaction point
   * fails with "Compacted". 0: from now on.
   */
  afterRevision: number;
  signal: AbortSignal;
  /**
   * Whether events need `prev` (default true). False lets a backend that must carry it
   * elsewhere leave it out (a remote owner does not send it to a watch cache, which keeps its own).
   */
  prev?: boolean;
}

/**
 * An update function: gets the current value (undefined when the key is missing and the call
 * allows creation) and returns the new bytes, or throws to abort. It may be called again when
 * another writer got there first (optimistic concurrency).
 */
export type UpdateFn = (current: KeyValue | undefined) => Promise<Uint8Array> | Uint8Array;

/** What one compaction round hands the next. */
export interface CompactionState {
  /** The logical clock the apiservers agree on (upstream: the version of `compact_rev_key`). */
  time: number;
  /** The revision the next round compacts to (the newest as of this round). */
  revision: number;
}

export interface Storage {
  /** Creates a key; fails with "KeyExists". Returns the stored value. */
  create(key: string, value: Uint8Array): Promise<KeyValue>;
  /** Reads one key (newest revision); undefined when missing. */
  get(key: string): Promise<KeyValue | undefined>;
  list(options: ListOptions): Promise<ListResult>;
  /**
   * Reads, applies `update`, and writes with compare-and-swap on the modRevision, retrying
   * with the fresh value when another write won. `ignoreNotFound` lets `update` create.
   * Preconditions are checked against each value `update` would see. When `update` returns the
   * bytes already stored, nothing is written and the current value is returned (as upstream:
   * a no-op update keeps its resourceVersion).
   */
  guaranteedUpdate(key: string, update: UpdateFn, options?: { preconditions?: Preconditions; ignoreNotFound?: boolean }): Promise<KeyValue>;
  /**
   * Deletes a key; returns the last value, with `modRevision` the revision of the delete.
   * Fails with "KeyNotFound" or "Conflict".
   */
  delete(key: string, options?: { preconditions?: Preconditions }): Promise<KeyValue>;
  /** Events under a prefix after a revision, in revision order, until the signal aborts. */
  watch(options: WatchOptions): AsyncIterable<StorageEvent>;
  /**
   * A watch as {@link watch}, which also answers progress requests: what lets the watch cache
   * prove it has seen every write up to a revision (consistent reads from the cache).
   */
  watchWithProgress?(options: WatchOptions): ProgressWatch;
  /** The newest revision. */
  currentRevision(): Promise<number>;
  /**
   * The newest revision whose writes may have been acknowledged, known without a round trip (a
   * storage this process owns): consistent reads compare it with the watch cache's revision
   * synchronously. Undefined when only {@link currentRevision} can tell (remote or closed storage).
   */
  committedRevision?(): number | undefined;
  /**
   * Health probe that gives up after `timeoutMs` (rejects); backends whose calls can hang on a
   * remote server implement it so the call itself is cancelled at the deadline.
   */
  healthCheck?(timeoutMs: number): Promise<void>;
  /**
   * Calls `observer` with the number of writes each commit applied together (a backend with
   * group commit: SQLite), for the apiserver's /metrics.
   */
  observeCommitBatches?(observer: (writes: number) => void): void;
  /** Forgets history up to (not including) a revision; later reads and watches before it fail. */
  compact(revision: number): Promise<void>;
  /**
   * The compaction point as this process last knew it (0: none known): reads and watches
   * before it fail with "Compacted". etcd may have been compacted further by another apiserver.
   */
  compactedRevision?(): number;
  /**
   * One round of compaction shared by every apiserver on the same backend (upstream's
   * `compact_rev_key` protocol): `state` is what the previous round returned (zeros at first).
   * Backends owned by one process leave it out and the compactor compacts them directly.
   */
  compactRound?(state: CompactionState): Promise<CompactionState>;
  close(): Promise<void>;
}
