/**
 * An in-memory Storage with the semantics of the real backends: one global revision, a
 * history of events so that lists read at an older revision and watches resume from one,
 * compaction, continue tokens and compare-and-swap updates. For tests and embedding.
 */
import {
  StorageError,
  type KeyValue,
  type ListOptions,
  type ListResult,
  type Preconditions,
  type Storage,
  type StorageEvent,
  type UpdateFn,
  type WatchOptions,
} from "./interface.js";

/** A continue token's content, as upstream encodes it: the revision and the key to start after. */
interface ContinueToken {
  v: string;
  rv: number;
  start: string;
}

function encodeContinue(prefix: string, lastKey: string, rv: number): string {
  const token: ContinueToken = { v: "meta.k8s.io/v1", rv, start: `${lastKey.slice(prefix.length)}\u0000` };
  return Buffer.from(JSON.stringify(token)).toString("base64url");
}

function decodeContinue(prefix: string, token: string): { startKey: string; rv: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw new StorageError(
      "InvalidContinue",
      prefix,
      "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)",
    );
  }
  const t = parsed as Partial<ContinueToken> | null;
  if (!t || t.v !== "meta.k8s.io/v1" || typeof t.rv !== "number" || typeof t.start !== "string" || t.start === "") {
    throw new StorageError(
      "InvalidContinue",
      prefix,
      "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)",
    );
  }
  if (t.start.includes("..") || t.start.startsWith("/")) {
    throw new StorageError("InvalidContinue", prefix, "continue key is not valid: path traversal not allowed");
  }
  return { startKey: prefix + t.start, rv: t.rv };
}

/** A subscriber's buffer of events, filled synchronously at commit so no event is ever skipped. */
class Subscriber {
  private readonly buffer: StorageEvent[] = [];
  private wake: (() => void) | undefined;
  closed = false;

  constructor(readonly prefix: string) {}

  push(ev: StorageEvent): void {
    if (this.closed) return;
    this.buffer.push(ev);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async next(): Promise<StorageEvent | undefined> {
    while (this.buffer.length === 0) {
      if (this.closed) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    return this.buffer.shift();
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
    if (this.closedFlag) throw new StorageError("Unavailable", key, "storage is closed");
  }

  private commit(ev: StorageEvent): void {
    this.history.push(ev);
    for (const s of this.subscribers) if (ev.key.startsWith(s.prefix)) s.push(ev);
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    this.ensureOpen(key);
    if (this.data.has(key)) throw new StorageError("KeyExists", key, `key exists: ${key}`);
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
        if (ev.type === "DELETE") state.set(ev.key, ev.kv);
        else if (ev.prev) state.set(ev.key, ev.prev);
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
      const token = decodeContinue(options.prefix, options.continue);
      startKey = token.startKey;
      if (token.rv > 0) rev = token.rv;
    }
    if (rev < this.compacted) {
      throw new StorageError("Compacted", options.prefix, `required revision ${rev} has been compacted (compacted at ${this.compacted})`);
    }
    if (rev > this.revision) {
      throw new Error(`required revision ${rev} is a future revision (current ${this.revision})`);
    }
    let all = this.snapshot(options.prefix, rev);
    if (startKey !== undefined) all = all.filter((kv) => kv.key >= startKey!);
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
        result.continue = encodeContinue(options.prefix, items[items.length - 1]!.key, rev);
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
    for (;;) {
      this.ensureOpen(key);
      const current = this.data.get(key);
      if (!current && !options.ignoreNotFound) throw new StorageError("KeyNotFound", key, `key not found: ${key}`);
      checkPreconditions(key, current, options.preconditions);
      const value = await update(current);
      this.ensureOpen(key);
      // Another writer got there while `update` ran: try again with the fresh value.
      if (this.data.get(key) !== current) continue;
      if (current && equalBytes(current.value, value)) return current;
      const rev = ++this.revision;
      const kv: KeyValue = { key, value, createRevision: current?.createRevision ?? rev, modRevision: rev };
      this.data.set(key, kv);
      this.commit(current ? { type: "PUT", key, kv, prev: current, revision: rev } : { type: "PUT", key, kv, revision: rev });
      return kv;
    }
  }

  async delete(key: string, options: { preconditions?: Preconditions } = {}): Promise<KeyValue> {
    this.ensureOpen(key);
    const current = this.data.get(key);
    if (!current) throw new StorageError("KeyNotFound", key, `key not found: ${key}`);
    checkPreconditions(key, current, options.preconditions);
    const rev = ++this.revision;
    this.data.delete(key);
    this.commit({ type: "DELETE", key, kv: current, revision: rev });
    return current;
  }

  watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    const self = this;
    return {
      [Symbol.asyncIterator]: async function* () {
        self.ensureOpen(options.prefix);
        const from = options.afterRevision;
        if (from > 0 && from < self.compacted - 1) {
          const err = new StorageError(
            "Compacted",
            options.prefix,
            `required revision ${from + 1} has been compacted (compacted at ${self.compacted})`,
          );
          (err as StorageError & { compactRevision?: number }).compactRevision = self.compacted;
          throw err;
        }
        const sub = new Subscriber(options.prefix);
        // Replay history and subscribe in the same tick, so no event falls between them.
        if (from > 0) {
          for (const ev of self.history) if (ev.revision > from && ev.key.startsWith(options.prefix)) sub.push(ev);
        }
        self.subscribers.add(sub);
        const onAbort = (): void => sub.close();
        if (options.signal.aborted) sub.close();
        options.signal.addEventListener("abort", onAbort);
        try {
          for (;;) {
            const ev = await sub.next();
            if (ev === undefined) return;
            yield ev;
          }
        } finally {
          options.signal.removeEventListener("abort", onAbort);
          self.subscribers.delete(sub);
        }
      },
    };
  }

  async currentRevision(): Promise<number> {
    this.ensureOpen("");
    return this.revision;
  }

  async compact(revision: number): Promise<void> {
    this.ensureOpen("");
    if (revision <= this.compacted) return;
    this.compacted = Math.min(revision, this.revision);
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
    for (const s of this.subscribers) s.close();
    this.subscribers.clear();
  }
}

function checkPreconditions(key: string, current: KeyValue | undefined, pre: Preconditions | undefined): void {
  if (!pre || pre.revision === undefined || !current) return;
  if (current.modRevision !== pre.revision) {
    throw new StorageError(
      "Conflict",
      key,
      `Precondition failed: revision in precondition: ${pre.revision}, revision of the stored value: ${current.modRevision}`,
    );
  }
}
