/**
 * An in-memory Storage with the semantics of the real backends: one global revision, a
 * history of events so that lists read at an older revision and watches resume from one,
 * compaction, continue tokens and compare-and-swap updates. For tests and embedding; it shares
 * the real backends' continue tokens, errors, update loop and event queue, and runs their
 * conformance suite.
 */
import { decodeContinue, encodeContinue } from "./continue-token.js";
import { checkPreconditions, closedError, compactedError, keyExists, keyNotFound, tooLargeRevision } from "./errors.js";
import { EventQueue } from "./event-queue.js";
import { guaranteedUpdateLoop } from "./guaranteed-update.js";
import type { KeyValue, ListOptions, ListResult, Preconditions, Storage, StorageEvent, UpdateFn, WatchOptions } from "./interface.js";

/** A watcher: its queue, filled synchronously at commit so no event is ever skipped. */
interface Subscriber {
  prefix: string;
  queue: EventQueue<StorageEvent>;
}

/**
 * The Storage interface over maps. Every write is one revision; events are kept from the
 * compaction point on, so a list at an older revision is the current state with later events
 * undone.
 */
export class MemoryStorage implements Storage {
  private revision: number;
  private compacted = 0;
  private readonly data = new Map<string, KeyValue>();
  private readonly history: StorageEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private closedFlag = false;

  /** `startRevision`: the revision of the empty store (etcd starts at 1). */
  constructor(startRevision = 1) {
    this.revision = startRevision;
  }

  private ensureOpen(key: string): void {
    if (this.closedFlag) throw closedError(key);
  }

  private commit(ev: StorageEvent): void {
    this.history.push(ev);
    for (const s of this.subscribers) if (ev.key.startsWith(s.prefix)) s.queue.push(ev);
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    this.ensureOpen(key);
    if (this.data.has(key)) throw keyExists(key);
    const rev = ++this.revision;
    const kv: KeyValue = { key, value, createRevision: rev, modRevision: rev };
    this.data.set(key, kv);
    this.commit({ type: "PUT", key, kv, revision: rev });
    return kv;
  }

  async get(key: string): Promise<KeyValue | undefined> {
    this.ensureOpen(key);
    return this.data.get(key);
  }

  /** The state of every key under `prefix` at `rev`, sorted by key. */
  private snapshot(prefix: string, rev: number): KeyValue[] {
    const state = new Map<string, KeyValue>();
    for (const [k, kv] of this.data) if (k.startsWith(prefix)) state.set(k, kv);
    if (rev < this.revision) {
      for (let i = this.history.length - 1; i >= 0; i--) {
        const ev = this.history[i]!;
        if (ev.revision <= rev) break;
        if (!ev.key.startsWith(prefix)) continue;
        if (ev.prev) state.set(ev.key, ev.prev);
        else state.delete(ev.key);
      }
    }
    return [...state.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async list(options: ListOptions): Promise<ListResult> {
    this.ensureOpen(options.prefix);
    let rev = options.revision && options.revision > 0 ? options.revision : this.revision;
    let startKey: string | undefined;
    if (options.continue) {
      const token = decodeContinue(options.continue, options.prefix);
      startKey = token.startKey;
      // A token offered after compaction (revision -1) continues at the newest revision.
      rev = token.revision > 0 ? token.revision : this.revision;
    }
    if (rev > this.revision) throw tooLargeRevision(options.prefix, rev, this.revision);
    if (rev < this.compacted) throw compactedError(options.prefix, rev, this.compacted);
    let all = this.snapshot(options.prefix, rev);
    if (startKey !== undefined) {
      const from = startKey;
      all = all.filter((kv) => kv.key >= from);
    }
    const limit = options.limit && options.limit > 0 ? options.limit : 0;
    const items: KeyValue[] = [];
    let i = 0;
    for (; i < all.length; i++) {
      const kv = all[i]!;
      if (options.predicate && !options.predicate(kv)) continue;
      if (limit > 0 && items.length === limit) break;
      items.push(kv);
    }
    const result: ListResult = { items, revision: rev };
    if (limit > 0 && i < all.length) {
      // More matching items may remain; the token resumes after the last one returned.
      const rest = all.slice(i);
      // With a predicate only whether one more item matches matters (and no count is given).
      const more = options.predicate ? rest.some(options.predicate) : rest.length > 0;
      if (more) {
        result.continue = encodeContinue(items[items.length - 1]!.key, options.prefix, rev);
        if (!options.predicate) result.remainingItemCount = rest.length;
      }
    }
    return result;
  }

  async guaranteedUpdate(
    key: string,
    update: UpdateFn,
    options: { preconditions?: Preconditions; ignoreNotFound?: boolean } = {},
  ): Promise<KeyValue> {
    this.ensureOpen(key);
    return guaranteedUpdateLoop(key, update, options, {
      read: async () => {
        this.ensureOpen(key);
        return this.data.get(key);
      },
      swap: async (current, value) => {
        this.ensureOpen(key);
        // Another writer got there while `update` ran: the loop reads the fresh value.
        if (this.data.get(key) !== current) return { ok: false };
        const rev = ++this.revision;
        const kv: KeyValue = { key, value, createRevision: current?.createRevision ?? rev, modRevision: rev };
        this.data.set(key, kv);
        this.commit(current ? { type: "PUT", key, kv, prev: current, revision: rev } : { type: "PUT", key, kv, revision: rev });
        return { ok: true, kv };
      },
    });
  }

  async delete(key: string, options: { preconditions?: Preconditions } = {}): Promise<KeyValue> {
    this.ensureOpen(key);
    const current = this.data.get(key);
    if (!current) throw keyNotFound(key);
    checkPreconditions(key, current, options.preconditions);
    const rev = ++this.revision;
    this.data.delete(key);
    // As etcd: the last value, at the delete's revision, with the value before it as `prev`.
    const kv: KeyValue = { ...current, modRevision: rev };
    this.commit({ type: "DELETE", key, kv, prev: current, revision: rev });
    return kv;
  }

  watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    const { prefix, afterRevision: from, signal } = options;
    const onAbort = (): void => sub.queue.end();
    const sub: Subscriber = {
      prefix,
      queue: new EventQueue(() => {
        this.subscribers.delete(sub);
        signal.removeEventListener("abort", onAbort);
      }),
    };
    if (this.closedFlag) sub.queue.fail(closedError(prefix));
    else if (from > 0 && from + 1 < this.compacted) sub.queue.fail(compactedError(prefix, from, this.compacted));
    else if (signal.aborted) sub.queue.end();
    else {
      // Replay history and subscribe in the same tick, so no event falls between them.
      if (from > 0) for (const ev of this.history) if (ev.revision > from && ev.key.startsWith(prefix)) sub.queue.push(ev);
      this.subscribers.add(sub);
      signal.addEventListener("abort", onAbort, { once: true });
    }
    return sub.queue;
  }

  async currentRevision(): Promise<number> {
    this.ensureOpen("");
    return this.revision;
  }

  committedRevision(): number | undefined {
    return this.closedFlag ? undefined : this.revision;
  }

  async compact(revision: number): Promise<void> {
    this.ensureOpen("");
    if (revision <= this.compacted) return;
    if (revision > this.revision) throw tooLargeRevision("", revision, this.revision);
    this.compacted = revision;
    let drop = 0;
    while (drop < this.history.length && this.history[drop]!.revision < this.compacted) drop++;
    this.history.splice(0, drop);
  }

  /** The revision history is kept from (reads and watches before it fail with "Compacted"). */
  compactedRevision(): number {
    return this.compacted;
  }

  async close(): Promise<void> {
    this.closedFlag = true;
    for (const s of [...this.subscribers]) s.queue.end();
    this.subscribers.clear();
  }
}
