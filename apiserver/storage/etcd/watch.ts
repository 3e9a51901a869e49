/**
 * A watch on etcd: one watch stream over the prefix's range with previous values (resumed after
 * a lost connection from the revision after the last one seen), its events mapped to
 * StorageEvents and queued for the consumer.
 */
import { compactedError } from "../errors.js";
import { EventQueue } from "../event-queue.js";
import type { KeyValue, ProgressNotice, ProgressWatch, StorageEvent, WatchOptions } from "../interface.js";
import { prefixEndBytes } from "../key-range.js";
import { translateError } from "./errors.js";
import { type EtcdCallError, type EtcdKVClient, GRPC_UNAVAILABLE, type KV, type WatchHandle, type WatchResponse } from "./kv-client.js";

/** Reconnect delays after a lost stream: from 50 ms, doubling, at most 2 s. */
const RETRY_MIN_MS = 50;
const RETRY_MAX_MS = 2_000;

/** The event's value kept: etcd's bytes are lent for the callback only (kv-client's watch), so copied. */
function keyValueOf(kv: KV, key: string): KeyValue {
  return { key, value: Buffer.from(kv.value), createRevision: kv.createRevision, modRevision: kv.modRevision };
}

export class EtcdWatch implements AsyncIterableIterator<StorageEvent | ProgressNotice>, ProgressWatch {
  private readonly queue: EventQueue<StorageEvent | ProgressNotice>;
  private handle: WatchHandle | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RETRY_MIN_MS;
  private stopped = false;
  /** The open stream was confirmed by etcd (progress requests are sent only then). */
  private created = false;
  /** A progress request came before the stream was created: sent when it is. */
  private progressWanted = false;
  /** The revision the next (re)opened stream starts at; 0 until known (a watch from now). */
  private nextRevision: number;
  private readonly key: Buffer;
  private readonly rangeEnd: Buffer;

  constructor(
    private readonly client: EtcdKVClient,
    private readonly options: WatchOptions,
    onDone: (self: EtcdWatch) => void,
    private readonly progressTrusted: () => boolean = () => false,
    /** The bytes object this process wrote to the key when it equals `bytes` (else etcd's copy is used). */
    private readonly writtenValue: (key: string, bytes: Buffer) => Uint8Array | undefined = () => undefined,
  ) {
    const { prefix, afterRevision, signal } = options;
    // etcd refuses an empty key: the whole keyspace is "\0" up to the "\0" range end.
    this.key = Buffer.from(prefix || "\0");
    this.rangeEnd = prefixEndBytes(prefix) ?? Buffer.from([0]);
    this.nextRevision = afterRevision > 0 ? afterRevision + 1 : 0;
    const onAbort = (): void => this.queue.end();
    this.queue = new EventQueue<StorageEvent | ProgressNotice>(() => {
      signal.removeEventListener("abort", onAbort);
      void this.stop();
      onDone(this);
    });
    if (signal.aborted) {
      this.queue.end();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    this.open();
  }

  next(): Promise<IteratorResult<StorageEvent | ProgressNotice>> {
    return this.queue.next();
  }

  return(): Promise<IteratorResult<StorageEvent | ProgressNotice>> {
    return this.queue.return();
  }

  /**
   * The next event already received, without waiting (undefined when none is): a reader that
   * got one from {@link next} takes the rest of what one read from etcd brought without a
   * promise each (as from a SQLite watch's queue).
   */
  takeBuffered(): StorageEvent | ProgressNotice | undefined {
    return this.queue.takeBuffered();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<StorageEvent | ProgressNotice> {
    return this;
  }

  /**
   * Asks etcd where the stream is; the answer is queued as a notice. Sent once the stream has
   * said it was created; while reconnecting the request may be lost, and the caller's bounded
   * wait falls back. etcd before 3.4.31/3.5.13 could send a notice ahead of events still in
   * flight (upstream requires the fixed versions for its consistent reads from cache).
   */
  supportsProgress(): boolean {
    return this.progressTrusted();
  }

  requestProgress(): void {
    if (this.created) this.handle?.requestProgress();
    else this.progressWanted = true;
  }

  /** Fails the watch (the consumer sees `error` after the events already queued). */
  fail(error: unknown): void {
    this.queue.fail(error);
  }

  /** Cancels the etcd stream and ends the watch. */
  stop(): Promise<void> {
    this.queue.end();
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.handle?.cancel();
    this.handle = undefined;
    return Promise.resolve();
  }

  private open(): void {
    if (this.stopped) return;
    this.created = false;
    this.handle = this.client.watch(
      { key: this.key, rangeEnd: this.rangeEnd, startRevision: this.nextRevision },
      (res) => this.onResponse(res),
      (err) => this.onEnd(err),
    );
  }

  private onResponse(res: WatchResponse): void {
    if (res.canceled) {
      this.handle?.cancel();
      this.handle = undefined;
      // etcd cancels a watch whose start revision was compacted (also one that fell behind
      // the compaction), saying where the compaction is.
      if (res.compactRevision > 0 || res.cancelReason === "") {
        this.queue.failNow(
          compactedError(this.options.prefix, this.options.afterRevision, res.compactRevision > 0 ? res.compactRevision : undefined),
        );
      } else {
        this.queue.failNow(translateError(new Error(`etcd canceled the watch: ${res.cancelReason}`), this.options.prefix));
      }
      return;
    }
    // A watch from now resumes after the revision it was created at when nothing came yet.
    if (res.created && this.nextRevision === 0) this.nextRevision = res.revision + 1;
    if (res.created) {
      this.created = true;
      if (this.progressWanted) {
        this.progressWanted = false;
        this.handle?.requestProgress();
      }
      return;
    }
    if (res.events.length === 0) {
      // A progress notification: the stream has sent every event up to the header's revision.
      if (res.revision > 0) this.queue.push({ type: "PROGRESS", revision: res.revision });
      return;
    }
    this.retryMs = RETRY_MIN_MS;
    for (const ev of res.events) {
      const revision = ev.kv.modRevision;
      this.nextRevision = revision + 1;
      const key = ev.kv.key.toString("utf8");
      // The previous value's key is this key: decoded once.
      const prev = ev.prevKv ? keyValueOf(ev.prevKv, key) : undefined;
      if (ev.type === "PUT") {
        // Our own write's value is the bytes object we wrote (no copy of etcd's); another's is copied.
        const ours = this.writtenValue(key, ev.kv.value);
        const kv: KeyValue = {
          key,
          value: ours ?? Buffer.from(ev.kv.value),
          createRevision: ev.kv.createRevision,
          modRevision: ev.kv.modRevision,
        };
        this.queue.push(prev ? { type: "PUT", key, kv, prev, revision } : { type: "PUT", key, kv, revision });
      } else if (prev) {
        const kv = { key, value: prev.value, createRevision: prev.createRevision, modRevision: revision };
        this.queue.push({ type: "DELETE", key, kv, prev, revision });
      } else {
        // etcd lost the previous value to compaction: the delete cannot be told properly.
        this.handle?.cancel();
        this.handle = undefined;
        this.queue.failNow(compactedError(key, revision - 1));
        return;
      }
    }
  }

  private onEnd(err: EtcdCallError): void {
    this.handle = undefined;
    if (this.stopped) return;
    // A lost connection: open again from where the stream got to (as etcd's clients do).
    if (err.grpcCode === GRPC_UNAVAILABLE && this.nextRevision > 0) {
      this.retryTimer = setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
      return;
    }
    this.queue.failNow(translateError(err, this.options.prefix));
  }
}
