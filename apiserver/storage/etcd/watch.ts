/**
 * A watch on etcd: one etcd watcher (multiplexed by the client on a shared stream, resumed
 * after reconnects from the last revision seen) over the prefix's range with previous values,
 * its events mapped to StorageEvents and queued for the consumer.
 */
import type { Etcd3, IWatchResponse, Watcher } from "etcd3";
import { compactedError } from "../errors.js";
import { EventQueue } from "../event-queue.js";
import type { StorageEvent, WatchOptions } from "../interface.js";
import { prefixEndBytes } from "../key-range.js";
import { translateError } from "./errors.js";
import { keyValueOf } from "./key-value.js";

export class EtcdWatch implements AsyncIterableIterator<StorageEvent> {
  private readonly queue: EventQueue<StorageEvent>;
  private watcher: Watcher | undefined;
  private stopped: Promise<void> | undefined;

  constructor(
    client: Etcd3,
    private readonly options: WatchOptions,
    onDone: (self: EtcdWatch) => void,
  ) {
    const { prefix, afterRevision, signal } = options;
    const onAbort = (): void => this.queue.end();
    this.queue = new EventQueue<StorageEvent>(() => {
      signal.removeEventListener("abort", onAbort);
      void this.stop();
      onDone(this);
    });
    if (signal.aborted) {
      this.queue.end();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    let builder = client
      .watch()
      // etcd refuses an empty key: the whole keyspace is "\0" up to the "\0" range end.
      .inRange({ start: Buffer.from(prefix || "\0"), end: prefixEndBytes(prefix) ?? Buffer.from([0]) })
      .withPreviousKV();
    if (afterRevision > 0) builder = builder.startRevision(String(afterRevision + 1));
    // watcher() attaches at once, so the listeners below are in place before any response.
    const w = builder.watcher();
    this.watcher = w;
    w.on("data", (res) => this.onData(res));
    w.on("error", (err) => this.onError(err));
  }

  next(): Promise<IteratorResult<StorageEvent>> {
    return this.queue.next();
  }

  return(): Promise<IteratorResult<StorageEvent>> {
    return this.queue.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<StorageEvent> {
    return this;
  }

  /** Fails the watch (the consumer sees `error` after the events already queued). */
  fail(error: unknown): void {
    this.queue.fail(error);
  }

  /** Cancels the etcd watcher and ends the stream. */
  stop(): Promise<void> {
    this.queue.end();
    if (!this.stopped) {
      const w = this.watcher;
      this.watcher = undefined;
      this.stopped = w ? w.cancel().catch(() => {}) : Promise.resolve();
    }
    return this.stopped;
  }

  private onData(res: IWatchResponse): void {
    for (const ev of res.events) {
      const revision = Number(ev.kv.mod_revision);
      const key = ev.kv.key.toString("utf8");
      const prev = ev.prev_kv ? keyValueOf(ev.prev_kv) : undefined;
      if (ev.type === "Put") {
        const kv = keyValueOf(ev.kv);
        this.queue.push(prev ? { type: "PUT", key, kv, prev, revision } : { type: "PUT", key, kv, revision });
      } else if (prev) {
        const kv = { key, value: prev.value, createRevision: prev.createRevision, modRevision: revision };
        this.queue.push({ type: "DELETE", key, kv, prev, revision });
      } else {
        // etcd lost the previous value to compaction: the delete cannot be told properly.
        this.queue.failNow(compactedError(key, revision - 1));
        return;
      }
    }
  }

  private onError(err: Error): void {
    // etcd cancels a watch whose start revision was compacted (also one that fell behind the
    // compaction) with an empty cancel reason; the client reports it as "Watcher canceled: ".
    if (/^Watcher canceled: ?$/.test(err.message)) {
      this.queue.failNow(compactedError(this.options.prefix, this.options.afterRevision));
    } else {
      this.queue.failNow(translateError(err, this.options.prefix));
    }
  }
}
