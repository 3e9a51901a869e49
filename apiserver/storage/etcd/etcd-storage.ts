/**
 * The etcd storage backend: keys and values stored as given, writes as compare-and-swap
 * transactions on create/mod revisions, lists as ranges at a revision, watches from a revision
 * with the previous value, as upstream's etcd3 store does, through the lean gRPC client in
 * kv-client.ts.
 */
import { decodeContinue, encodeContinue } from "../continue-token.js";
import { guaranteedUpdateLoop } from "../guaranteed-update.js";
import { closedError, keyExists, keyNotFound, preconditionFailed } from "../errors.js";
import type {
  CompactionState,
  KeyValue,
  ListOptions,
  ListResult,
  Preconditions,
  Storage,
  StorageEvent,
  UpdateFn,
  WatchOptions,
} from "../interface.js";
import { prefixEndBytes } from "../key-range.js";
import { translateError } from "./errors.js";
import type { H2TLSOptions } from "./h2-session.js";
import { EtcdKVClient, type KV, type RequestOp, type TxnResponse } from "./kv-client.js";
import { EtcdWatch } from "./watch.js";

export interface EtcdStorageOptions {
  /** Client URLs or host:port of the members, e.g. `http://127.0.0.1:2379`. */
  endpoints: string[];
  /** A unary call that takes longer fails with "Unavailable" (default 30 s). */
  callTimeoutMs?: number;
  /** For `https://` members: the CA to trust and the client certificate (`--etcd-cafile`, `--etcd-certfile`, `--etcd-keyfile`). */
  tls?: H2TLSOptions;
  /**
   * Trust progress notifications whatever the member's version (tests of the mechanism on an
   * older etcd); by default only releases that order them after pending events are trusted.
   */
  trustProgressNotify?: boolean;
}

/**
 * Whether an etcd release sends progress notifications only after the events before them
 * (3.4.31+, 3.5.13+, 3.6+: the versions upstream requires for consistent reads from cache).
 */
export function progressNotifyOrdered(version: string): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (major !== 3) return major > 3;
  if (minor === 4) return patch >= 31;
  if (minor === 5) return patch >= 13;
  return minor > 5;
}

/** The whole keyspace's range end for a range request (etcd: "\0" means every key >= key). */
const ALL_KEYS = Buffer.from([0]);

/** Pages read while filtering with a predicate grow up to this many keys per range request. */
const MAX_FILTER_PAGE = 10_000;

function keyValueOf(kv: KV): KeyValue {
  return { key: kv.key.toString("utf8"), value: kv.value, createRevision: kv.createRevision, modRevision: kv.modRevision };
}

function bufferOf(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/**
 * The key upstream's apiservers coordinate compaction through (outside /registry, so no list
 * sees it); sharing it lets kubegen and kube-apiserver take turns on one etcd.
 */
export const COMPACT_REV_KEY = "compact_rev_key";

/** etcd's default --max-txn-ops: the most operations one transaction may hold. */
const MAX_TXN_OPS = 128;

/** Bounds of the values kept for their watch events (see EtcdStorage.written): entries, bytes. */
const WRITTEN_MAX_ENTRIES = 1024;
const WRITTEN_MAX_BYTES = 8 * 1024 * 1024;

export class EtcdStorage implements Storage {
  private readonly kv: EtcdKVClient;
  private readonly trustProgress: boolean;
  /** Whether the member's version orders progress notices after events (undefined: not known yet). */
  private progressOrdered: boolean | undefined;
  private versionAsked = false;
  /** Gets waiting for this loop turn's shared call. */
  private gets: { key: string; resolve: (kv: KeyValue | undefined) => void; reject: (e: unknown) => void }[] = [];
  private readonly watches = new Set<EtcdWatch>();
  /** The revision request not yet sent: callers until it leaves share it. */
  private revisionRequest: Promise<number> | undefined;
  /**
   * Concurrent {@link currentRevision} callers share one request until it is sent (the revision
   * batcher asks for every read rather than waiting for the request in flight to end).
   */
  readonly sharesRevisionRequests = true;
  private closed = false;
  /** The compaction point as far as this process knows (its own compactions, the shared key, errors). */
  private compacted = 0;
  /**
   * Values this process is putting or put, by key, until a watch event carrying the same bytes
   * takes them: the event then carries the very bytes object written, as a SQLite event does, so
   * the store's object decoded for its answer is recognised and the cache decodes nothing (and
   * holds our bytes, not a view into a watch frame). Noted before the call is sent: etcd usually
   * sends the event ahead of the call's answer. Equal bytes are the same value whoever wrote
   * them. Kept only while a watch is open; the oldest go past the bounds.
   */
  private readonly written = new Map<string, Uint8Array>();
  private writtenBytes = 0;

  constructor(options: EtcdStorageOptions) {
    const timeout = options.callTimeoutMs ?? 30_000;
    // Unary calls get a deadline; watches live as long as they are wanted. A list of a whole
    // resource comes back in one response, with no cap on its size (as upstream).
    this.kv = new EtcdKVClient(options.endpoints, timeout, options.tls);
    this.trustProgress = options.trustProgressNotify === true;
  }

  /** Whether progress notices are trusted: asks the member's version once (until it answers, no). */
  private progressTrusted(): boolean {
    if (this.trustProgress) return true;
    if (this.progressOrdered === undefined && !this.versionAsked) {
      this.versionAsked = true;
      this.kv.serverVersion().then(
        (v) => (this.progressOrdered = progressNotifyOrdered(v)),
        () => (this.versionAsked = false),
      );
    }
    return this.progressOrdered === true;
  }

  /** Not async, and the answer and the call's errors handled in the call's own `then`: the hot path's fewest promises. */
  create(key: string, value: Uint8Array): Promise<KeyValue> {
    if (this.closed) return Promise.reject(closedError(key));
    const k = Buffer.from(key);
    this.noteWriting(key, value);
    return this.kv.txnThen(
      [{ key: k, target: "Create", revision: 0 }],
      [{ put: { key: k, value: bufferOf(value) } }],
      [],
      (res): KeyValue => {
        if (!res.succeeded) {
          this.forgetWriting(key, value);
          throw keyExists(key);
        }
        const rev = res.revision;
        return { key, value, createRevision: rev, modRevision: rev };
      },
      (e) => {
        this.forgetWriting(key, value);
        return translateError(e, key);
      },
    );
  }

  /**
   * Gets arriving in one turn of the event loop share one call: a read-only transaction of
   * their ranges (as linearizable as separate ranges, and at one revision). A gRPC call costs
   * far more than one range inside it, so concurrent gets cost a fraction each.
   */
  get(key: string): Promise<KeyValue | undefined> {
    if (this.closed) return Promise.reject(closedError(key));
    return new Promise((resolve, reject) => {
      this.gets.push({ key, resolve, reject });
      if (this.gets.length === 1) setImmediate(() => this.flushGets());
    });
  }

  private flushGets(): void {
    const all = this.gets;
    this.gets = [];
    for (let i = 0; i < all.length; i += MAX_TXN_OPS) {
      const batch = all.slice(i, i + MAX_TXN_OPS);
      if (batch.length === 1) {
        const g = batch[0]!;
        this.kv.range({ key: Buffer.from(g.key) }).then(
          (res) => g.resolve(res.kvs[0] && keyValueOf(res.kvs[0])),
          (e: unknown) => g.reject(translateError(e, g.key)),
        );
        continue;
      }
      this.kv
        .txn(
          [],
          batch.map((g) => ({ range: { key: Buffer.from(g.key) } })),
          [],
        )
        .then(
          (res) => {
            for (let j = 0; j < batch.length; j++) {
              const kv = res.ranges[j]?.kvs[0];
              batch[j]!.resolve(kv && keyValueOf(kv));
            }
          },
          (e: unknown) => {
            for (const g of batch) g.reject(translateError(e, g.key));
          },
        );
    }
    // This runs in a setImmediate already: the session's own end-of-turn flush would wait a turn.
    this.kv.flush();
  }

  async list(options: ListOptions): Promise<ListResult> {
    const { prefix, predicate } = options;
    this.checkOpen(prefix);
    let start = prefix;
    let revision = options.revision ?? 0;
    if (options.continue) {
      const c = decodeContinue(options.continue, prefix);
      start = c.startKey;
      // A token offered after compaction (revision -1) continues at the newest revision.
      revision = Math.max(0, c.revision);
    }
    const end = prefixEndBytes(prefix) ?? ALL_KEYS;
    const limit = options.limit && options.limit > 0 ? options.limit : 0;
    const items: KeyValue[] = [];
    let more = false;
    let remaining: number | undefined;
    // etcd refuses an empty key: the whole keyspace starts at "\0".
    let from = start === "" ? ALL_KEYS : Buffer.from(start);
    // Without a predicate one range answers the page; with one, ranges continue (at the same
    // revision, each twice the size of the last) until `limit` values matched.
    let pageSize = limit;
    for (;;) {
      const res = await this.call(prefix, () => this.kv.range({ key: from, rangeEnd: end, limit: pageSize, revision }), revision);
      if (!revision) revision = res.revision;
      let last: Buffer | undefined;
      let stoppedEarly = false;
      for (const kv of res.kvs) {
        if (limit && items.length === limit) {
          stoppedEarly = true;
          break;
        }
        last = kv.key;
        const item = keyValueOf(kv);
        if (!predicate || predicate(item)) items.push(item);
      }
      if (!predicate) {
        more = res.more;
        if (more) remaining = res.count - res.kvs.length;
        break;
      }
      if (stoppedEarly || (limit && items.length === limit && res.more)) {
        more = true;
        break;
      }
      if (!res.more || !last) break;
      from = Buffer.concat([last, ALL_KEYS]);
      pageSize = Math.min(Math.max(pageSize * 2, 1), MAX_FILTER_PAGE);
    }
    const result: ListResult = { items, revision };
    if (more && items.length > 0) {
      result.continue = encodeContinue(items[items.length - 1]!.key, prefix, revision);
      if (remaining !== undefined) result.remainingItemCount = remaining;
    }
    return result;
  }

  async guaranteedUpdate(
    key: string,
    update: UpdateFn,
    options: { preconditions?: Preconditions; ignoreNotFound?: boolean } = {},
  ): Promise<KeyValue> {
    this.checkOpen(key);
    return guaranteedUpdateLoop(key, update, options, {
      read: () => this.get(key),
      swap: async (current, value) => {
        this.noteWriting(key, value);
        let res: TxnResponse;
        try {
          res = await this.casTxn(key, current, { put: { key: Buffer.from(key), value: bufferOf(value) } });
        } catch (e) {
          this.forgetWriting(key, value);
          throw e;
        }
        if (!res.succeeded) {
          this.forgetWriting(key, value);
          return { ok: false, fresh: { kv: freshValue(res) } };
        }
        const rev = res.revision;
        return { ok: true, kv: { key, value, createRevision: current?.createRevision ?? rev, modRevision: rev } };
      },
    });
  }

  async delete(key: string, options: { preconditions?: Preconditions } = {}): Promise<KeyValue> {
    this.checkOpen(key);
    let current = await this.get(key);
    for (;;) {
      if (!current) throw keyNotFound(key);
      const expected = options.preconditions?.revision;
      if (expected !== undefined && expected !== current.modRevision) {
        throw preconditionFailed(key, expected, current.modRevision);
      }
      const res = await this.casTxn(key, current, { deleteRange: { key: Buffer.from(key) } });
      if (res.succeeded) return { ...current, modRevision: res.revision };
      current = freshValue(res);
    }
  }

  watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    // Progress notices come only when asked for, and this caller never asks.
    return this.watchWithProgress(options) as AsyncIterable<StorageEvent>;
  }

  watchWithProgress(options: WatchOptions): EtcdWatch {
    this.progressTrusted(); // asks the version now, so that it is known by the first consistent read
    const w = new EtcdWatch(
      this.kv,
      options,
      (self) => {
        this.watches.delete(self);
        if (this.watches.size === 0) this.forgetWritten();
      },
      () => this.progressTrusted(),
      (key, bytes) => this.takeWritten(key, bytes),
    );
    if (this.closed) w.fail(closedError(options.prefix));
    else this.watches.add(w);
    return w;
  }

  /**
   * Callers share one request until its frames leave for etcd, at the end of the loop turn: a
   * request sent after a caller asked answers it consistently (it covers every write
   * acknowledged before the call), and a later caller gets a new one rather than waiting for
   * this one to come back and then for its own (up to two round trips).
   */
  currentRevision(): Promise<number> {
    if (this.closed) return Promise.reject(closedError(""));
    if (this.revisionRequest !== undefined) return this.revisionRequest;
    // Any range's header carries the store's revision: one key (limit 1, count only) rather
    // than counting the whole keyspace.
    const p = this.call("", () => this.kv.range({ key: ALL_KEYS, limit: 1, countOnly: true })).then((res) => res.revision);
    this.revisionRequest = p;
    const sent = (): void => {
      if (this.revisionRequest === p) this.revisionRequest = undefined;
    };
    this.kv.whenSent(sent);
    p.then(sent, sent);
    return p;
  }

  async healthCheck(timeoutMs: number): Promise<void> {
    this.checkOpen("");
    // The same one-key count as currentRevision, under the probe's own deadline (upstream's
    // etcd check gives up after --etcd-healthcheck-timeout rather than the 30 s call deadline).
    await this.call("", () => this.kv.range({ key: ALL_KEYS, limit: 1, countOnly: true }, timeoutMs));
  }

  async compact(revision: number): Promise<void> {
    this.checkOpen("");
    try {
      await this.call("", () => this.kv.compact(revision), revision);
      this.noteCompacted(revision);
    } catch (e) {
      // Compacting at or below the point already compacted is a no-op, as the interface says.
      if ((e as { code?: string }).code === "Compacted") return;
      throw e;
    }
  }

  compactedRevision(): number {
    return this.compacted;
  }

  /**
   * One round of upstream's protocol among apiservers sharing this etcd: the version of
   * {@link COMPACT_REV_KEY} is a clock. The apiserver whose clock still matches the key's wins
   * the round: it writes the revision it compacts to (which bumps the version) and compacts to
   * the revision it saw in the previous round; the others adopt the key's version and compact
   * nothing. So etcd is compacted once per interval, however many apiservers run.
   */
  async compactRound(state: CompactionState): Promise<CompactionState> {
    this.checkOpen("");
    const key = Buffer.from(COMPACT_REV_KEY);
    const res = await this.call("", () =>
      this.kv.txn(
        [{ key, target: "Version", revision: state.time }],
        [{ put: { key, value: Buffer.from(String(state.revision)) } }],
        [{ range: { key } }],
      ),
    );
    if (!res.succeeded) {
      const kv = res.ranges[0]?.kvs[0];
      const theirs = Number(kv?.value.toString("utf8"));
      if (Number.isSafeInteger(theirs) && theirs > 0) this.noteCompacted(theirs);
      return { time: kv?.version ?? 0, revision: res.revision };
    }
    // The first round only starts the clock: there is no revision from an interval ago yet.
    if (state.revision > 0) await this.compact(state.revision);
    return { time: state.time + 1, revision: res.revision };
  }

  private noteWriting(key: string, value: Uint8Array): void {
    if (this.watches.size === 0 || value.length > WRITTEN_MAX_BYTES) return;
    const old = this.written.get(key);
    if (old !== undefined) {
      this.written.delete(key);
      this.writtenBytes -= old.length;
    }
    this.written.set(key, value);
    this.writtenBytes += value.length;
    while (this.written.size > WRITTEN_MAX_ENTRIES || this.writtenBytes > WRITTEN_MAX_BYTES) {
      const [oldestKey, oldest] = this.written.entries().next().value!;
      this.written.delete(oldestKey);
      this.writtenBytes -= oldest.length;
    }
  }

  /** A write that failed: its value will not come back in an event. */
  private forgetWriting(key: string, value: Uint8Array): void {
    if (this.written.get(key) !== value) return;
    this.written.delete(key);
    this.writtenBytes -= value.length;
  }

  /** The bytes object this process wrote to `key` when `bytes` (an event's value) equal it (once: the entry goes). */
  private takeWritten(key: string, bytes: Buffer): Uint8Array | undefined {
    const w = this.written.get(key);
    if (w === undefined || w.length !== bytes.length || !bytes.equals(w)) return undefined;
    this.written.delete(key);
    this.writtenBytes -= w.length;
    return w;
  }

  private forgetWritten(): void {
    this.written.clear();
    this.writtenBytes = 0;
  }

  private noteCompacted(revision: number): void {
    if (revision > this.compacted) this.compacted = revision;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.forgetWritten();
    await Promise.all([...this.watches].map((w) => w.stop()));
    this.kv.close();
  }

  /**
   * A transaction doing `op` if the key is still as `current` says (same mod revision, or
   * missing), else reading its fresh value (so a retry needs no extra round trip).
   */
  private casTxn(key: string, current: KeyValue | undefined, op: RequestOp): Promise<TxnResponse> {
    const k = Buffer.from(key);
    const compare = current
      ? { key: k, target: "Mod" as const, revision: current.modRevision }
      : { key: k, target: "Create" as const, revision: 0 };
    return this.call(key, () => this.kv.txn([compare], [op], [{ range: { key: k } }]));
  }

  /** Runs a call, its failures as StorageErrors (`revision`: the one read at, for messages). */
  private async call<T>(key: string, fn: () => Promise<T>, revision?: number): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw translateError(e, key, revision);
    }
  }

  private checkOpen(key: string): void {
    if (this.closed) throw closedError(key);
  }
}

/** The value a failed compare-and-swap read back in its failure branch. */
function freshValue(res: TxnResponse): KeyValue | undefined {
  const kv = res.ranges[0]?.kvs[0];
  return kv && keyValueOf(kv);
}
