/**
 * RemoteStorage: the Storage interface of an apiserver worker, answered by the process owning the
 * real storage (server.ts) over a Unix domain socket. The update function of guaranteedUpdate and
 * list predicates run here, in the worker; the owner only compares-and-swaps. currentRevision
 * calls made before the socket's next write share one request (each is answered by a request
 * sent after it was called, so a consistent read still sees every write acknowledged before it).
 */
import net from "node:net";
import { encodeContinue } from "../continue-token.js";
import { guaranteedUpdateLoop } from "../guaranteed-update.js";
import {
  StorageError,
  type KeyValue,
  type ListOptions,
  type ListResult,
  type Preconditions,
  type ProgressNotice,
  type ProgressWatch,
  type Storage,
  type StorageEvent,
  type UpdateFn,
  type WatchOptions,
} from "../interface.js";
import { EventQueue } from "../event-queue.js";
import { FrameWriter, readFrames } from "./frames.js";
import type { Request, Response, WireError } from "./protocol.js";

type Call = Request extends infer R ? (R extends { op: "watch" | "cancel" | "progress" } ? never : Omit<R, "id">) : never;
type Answer = Extract<Response, { t: "ok" }>;

interface Pending {
  resolve: (r: Answer) => void;
  reject: (e: unknown) => void;
}

interface RemoteWatch {
  queue: EventQueue<StorageEvent | ProgressNotice>;
  supports: boolean;
}

/**
 * Values of v8-encoded answers (lists, a lost swap's winner) arrive as views into the socket's
 * read buffers; a watch cache keeps them for long, so each gets its own copy rather than
 * pinning a whole read chunk. (The binary frames' values are copies already: see codec.ts.)
 */
function ownKV(kv: KeyValue): KeyValue {
  return { key: kv.key, value: new Uint8Array(kv.value), createRevision: kv.createRevision, modRevision: kv.modRevision };
}

function fromWire(e: WireError): Error {
  if (e.code === "Internal") return new Error(e.message);
  const err = new StorageError(e.code, e.key, e.message);
  err.compactRevision = e.compactRevision;
  return err;
}

/**
 * How long a watch that asked for progress gets a notice with every revision request: a cache
 * of a resource rarely written (resource quotas, read by every create's admission) is consistent
 * -read over and over, and each read would otherwise wait for its own progress round trip.
 */
const PROGRESS_WANTED_MS = 2_000;

/** Unpaired values kept (see pairValue), per generation: a few ticks' worth of events. */
const PAIRED_VALUES = 1_024;

/**
 * Key-values by revision, forgetting the oldest in bulk: a full generation becomes the old one
 * and the one before it is dropped (events of other workers' writes never pair, and an
 * eviction per insert would cost more than the pairing saves).
 */
class RecentByRevision {
  private current = new Map<number, KeyValue>();
  private previous = new Map<number, KeyValue>();

  take(revision: number): KeyValue | undefined {
    const kv = this.current.get(revision) ?? this.previous.get(revision);
    if (kv !== undefined && !this.current.delete(revision)) this.previous.delete(revision);
    return kv;
  }

  put(revision: number, kv: KeyValue): void {
    if (this.current.size >= PAIRED_VALUES) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(revision, kv);
  }
}

/** A write's key-value: the bytes sent, when the owner answered with the revisions only. */
function sentOrStored(key: string, value: Uint8Array, r: Answer): KeyValue {
  if (r.written === undefined) return r.kv!;
  return { key, value, createRevision: r.written.createRevision, modRevision: r.written.modRevision };
}

/** The pages a list with a predicate reads from the owner, at least (predicates run here). */
const PREDICATE_PAGE = 500;

export class RemoteStorage implements Storage {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly watches = new Map<number, RemoteWatch>();
  private readonly out: FrameWriter;
  private closed = false;
  private lost: Error | undefined;
  private compacted = 0;
  /** currentRevision callers sharing the request not yet sent (one per flush of the socket). */
  private revisionBatch: { resolve: (n: number) => void; reject: (e: unknown) => void }[] | undefined;
  /** Watches whose reader asked for progress, until when their notices ride on revision requests. */
  private readonly progressWanted = new Map<number, number>();
  /** Values of recent PUT events and of this worker's write answers, by revision, not yet paired (see pairValue). */
  private readonly eventValues = new RecentByRevision();
  private readonly answerValues = new RecentByRevision();

  private constructor(private readonly socket: net.Socket) {
    this.out = new FrameWriter(socket);
    readFrames(socket, (m) => this.receive(m as Response));
    socket.on("error", () => {});
    socket.on("close", () => this.disconnected());
  }

  /** Connects to the owner's socket. */
  static connect(socketPath: string): Promise<RemoteStorage> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(socketPath);
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.off("error", reject);
        socket.setNoDelay(true);
        resolve(new RemoteStorage(socket));
      });
    });
  }

  private unavailable(key: string): StorageError {
    return new StorageError("Unavailable", key, this.closed ? "storage is closed" : `storage unavailable: ${this.lost?.message ?? ""}`);
  }

  private call(req: Call, key = ""): Promise<Answer> {
    if (this.closed || this.lost) return Promise.reject(this.unavailable(key));
    const id = this.nextId++;
    // The caller's own literal takes the id: a copy of it (a spread) per request is garbage.
    const message = req as Request;
    message.id = id;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.out.send(message);
    });
  }

  private receive(r: Response): void {
    if (r.t === "ok" || r.t === "err" || r.t === "lost") {
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.t === "ok") p.resolve(r);
      else if (r.t === "err") {
        if (r.error.code === "Compacted" && r.error.compactRevision > this.compacted) this.compacted = r.error.compactRevision;
        p.reject(fromWire(r.error));
      } else p.reject(r);
      return;
    }
    const w = this.watches.get(r.id);
    if (!w) return;
    switch (r.t) {
      case "ev":
        if (r.type === "PUT") this.pairValue(r.revision, r.kv, this.eventValues, this.answerValues);
        {
          const ev: StorageEvent = { type: r.type, key: r.kv.key, kv: r.kv, revision: r.revision };
          if (r.prev) ev.prev = r.prev;
          w.queue.push(ev);
        }
        break;
      case "progress":
        w.queue.push({ type: "PROGRESS", revision: r.revision });
        break;
      case "supports":
        w.supports = r.supports;
        break;
      case "end":
        this.watches.delete(r.id);
        if (r.error) w.queue.fail(fromWire(r.error));
        else w.queue.end();
        break;
    }
  }

  /** Called once when the connection is lost (not closed by {@link close}). */
  onLost: (() => void) | undefined;

  private disconnected(): void {
    if (!this.closed) {
      this.lost = new Error("the connection to the storage owner was lost");
      this.onLost?.();
    }
    const err = this.unavailable("");
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    for (const w of this.watches.values()) {
      if (this.closed) w.queue.end();
      else w.queue.fail(err);
    }
    this.watches.clear();
  }

  /**
   * A write's answer and its watch event carry the same bytes in two frames: whichever comes
   * second takes the first one's array, so that the store, which remembers the object it decoded
   * for a write by its value's identity, finds it for the event and does not decode it again.
   */
  private pairValue(revision: number, kv: KeyValue, mine: RecentByRevision, theirs: RecentByRevision): void {
    const other = theirs.take(revision);
    if (other === undefined) mine.put(revision, kv);
    else if (other.key === kv.key) kv.value = other.value;
  }

  private written(kv: KeyValue): KeyValue {
    this.pairValue(kv.modRevision, kv, this.answerValues, this.eventValues);
    return kv;
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    return this.written(sentOrStored(key, value, await this.call({ op: "create", key, value }, key)));
  }

  async get(key: string): Promise<KeyValue | undefined> {
    return (await this.call({ op: "get", key }, key)).kv;
  }

  async list(options: ListOptions): Promise<ListResult> {
    if (!options.predicate) return this.listPage(options.prefix, options.revision, options.limit, options.continue);
    const predicate = options.predicate;
    const limit = options.limit && options.limit > 0 ? options.limit : 0;
    if (limit === 0) {
      const r = await this.listPage(options.prefix, options.revision, 0, options.continue);
      return { items: r.items.filter(predicate), revision: r.revision };
    }
    // Pages until one more match than asked for (or the end): only then is `continue` exact.
    const items: KeyValue[] = [];
    let first: ListResult | undefined;
    let token = options.continue;
    for (;;) {
      const page = await this.listPage(options.prefix, first ? undefined : options.revision, Math.max(limit + 1, PREDICATE_PAGE), token);
      first ??= page;
      for (const kv of page.items) if (predicate(kv)) items.push(kv);
      if (items.length > limit || !page.continue) break;
      token = page.continue;
    }
    const result: ListResult = { items: items.slice(0, limit), revision: first.revision };
    if (items.length > limit) result.continue = encodeContinue(items[limit - 1]!.key, options.prefix, first.revision);
    return result;
  }

  private async listPage(prefix: string, revision?: number, limit?: number, token?: string): Promise<ListResult> {
    const r = await this.call(
      {
        op: "list",
        prefix,
        ...(revision !== undefined && { revision }),
        ...(limit !== undefined && { limit }),
        ...(token !== undefined && { continue: token }),
      },
      prefix,
    );
    const result: ListResult = { items: r.items!.map(ownKV), revision: r.revision! };
    if (r.continue !== undefined) result.continue = r.continue;
    if (r.remaining !== undefined) result.remainingItemCount = r.remaining;
    return result;
  }

  guaranteedUpdate(
    key: string,
    update: UpdateFn,
    options: { preconditions?: Preconditions; ignoreNotFound?: boolean } = {},
  ): Promise<KeyValue> {
    return guaranteedUpdateLoop(key, update, options, {
      read: () => this.get(key),
      swap: async (current, value) => {
        try {
          const r = await this.call({ op: "swap", key, expect: current?.modRevision ?? 0, value }, key);
          return { ok: true, kv: this.written(sentOrStored(key, value, r)) };
        } catch (err) {
          const lost = err as Partial<Extract<Response, { t: "lost" }>>;
          if (lost.t !== "lost") throw err;
          return { ok: false, fresh: { kv: lost.fresh && ownKV(lost.fresh) } };
        }
      },
    });
  }

  async delete(key: string, options: { preconditions?: Preconditions } = {}): Promise<KeyValue> {
    const revision = options.preconditions?.revision;
    return (await this.call({ op: "delete", key, ...(revision !== undefined && { revision }) }, key)).kv!;
  }

  watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    // Without `progress` the owner sends events only.
    return this.openWatch(options, false).queue as AsyncIterable<StorageEvent>;
  }

  watchWithProgress(options: WatchOptions): ProgressWatch {
    const { queue, w, id } = this.openWatch(options, true);
    return {
      [Symbol.asyncIterator]: () => queue,
      requestProgress: () => {
        if (!this.watches.has(id)) return;
        this.out.send({ id, op: "progress" });
        this.progressWanted.set(id, performance.now() + PROGRESS_WANTED_MS);
      },
      supportsProgress: () => w.supports,
    };
  }

  private openWatch(
    options: WatchOptions,
    progress: boolean,
  ): { queue: EventQueue<StorageEvent | ProgressNotice>; w: RemoteWatch; id: number } {
    const { prefix, afterRevision, signal } = options;
    const id = this.nextId++;
    const onAbort = (): void => queue.end();
    const queue = new EventQueue<StorageEvent | ProgressNotice>(() => {
      signal.removeEventListener("abort", onAbort);
      // The reader stopped before the owner ended the watch: tell the owner.
      if (this.watches.delete(id) && !this.closed && !this.lost) this.out.send({ id, op: "cancel" });
    });
    const w: RemoteWatch = { queue, supports: false };
    if (this.closed || this.lost) queue.fail(this.unavailable(prefix));
    else if (signal.aborted) queue.end();
    else {
      this.watches.set(id, w);
      this.out.send({ id, op: "watch", prefix, afterRevision, progress, ...(options.prev === false && { prev: false as const }) });
      signal.addEventListener("abort", onAbort, { once: true });
    }
    return { queue, w, id };
  }

  currentRevision(): Promise<number> {
    if (this.closed || this.lost) return Promise.reject(this.unavailable(""));
    return new Promise((resolve, reject) => {
      if (this.revisionBatch) {
        this.revisionBatch.push({ resolve, reject });
        return;
      }
      const batch = [{ resolve, reject }];
      this.revisionBatch = batch;
      // Callers join until the request leaves: each is answered by a request sent after its call.
      this.out.beforeFlush(() => {
        if (this.revisionBatch === batch) this.revisionBatch = undefined;
      });
      this.call({ op: "revision", ...this.wantingProgress() }).then(
        (r) => {
          if (r.compacted !== undefined && r.compacted > this.compacted) this.compacted = r.compacted;
          for (const w of batch) w.resolve(r.revision!);
        },
        (err: unknown) => {
          for (const w of batch) w.reject(err);
        },
      );
    });
  }

  /** The watches that asked for progress lately (a revision request brings them a notice too). */
  private wantingProgress(): { progress?: number[] } {
    if (this.progressWanted.size === 0) return {};
    const now = performance.now();
    const ids: number[] = [];
    for (const [id, until] of this.progressWanted) {
      if (until < now || !this.watches.has(id)) this.progressWanted.delete(id);
      else ids.push(id);
    }
    return ids.length > 0 ? { progress: ids } : {};
  }

  async healthCheck(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`storage health check timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.call({ op: "health", timeoutMs }), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async compact(revision: number): Promise<void> {
    const r = await this.call({ op: "compact", revision });
    if (r.compacted !== undefined && r.compacted > this.compacted) this.compacted = r.compacted;
  }

  compactedRevision(): number {
    return this.compacted;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => {
      if (this.socket.destroyed) resolve();
      else {
        this.socket.once("close", () => resolve());
        // Frames still queued for this tick leave first.
        setImmediate(() => this.socket.end());
      }
    });
  }
}
