/**
 * `--event-ttl`: events disappear one TTL after their last write, as upstream's events do (there
 * each event write carries an etcd lease of that TTL).
 *
 * Mechanism: a sweeper at the storage level, started beside the compactor in the process that
 * owns the storage (the primary under `--workers`), on either backend. Every
 * min(TTL/10, 60 s) it pages through the events' keys (core/v1 and events.k8s.io/v1 share them),
 * takes each event's last write as the latest managedFields `time` (every write through the API
 * records one) or else its creationTimestamp, and deletes the expired ones with a precondition on
 * the revision it read: a write that renews an event between the read and the delete makes the
 * delete fail, and the renewed event stays. The delete is a plain storage delete, so watchers get
 * DELETED, and no admission or finalizer logic runs (events have no finalizers), as with a
 * lease's expiry. Why not etcd leases: one mechanism for both backends, which works where the
 * watch caches are not (the storage primary), and needs no lease support in the etcd client.
 */
import type { Scheme } from "../../../../runtime/scheme.js";
import type { KeyValue, Storage } from "../../../storage/interface.js";
import { StorageError } from "../../../storage/interface.js";
import { protobufCodec } from "../../codec.js";

/** Upstream's default --event-ttl. */
export const DEFAULT_EVENT_TTL_MS = 60 * 60_000;

/** Where core/v1 and events.k8s.io/v1 events are stored. */
export const EVENTS_PREFIX = "/registry/core/events/";

/** Keys listed per page, so a large event count is not read in one go. */
const PAGE = 500;

/** How often the sweeper looks: a tenth of the TTL, at most a minute. */
export function sweepIntervalMs(ttlMs: number): number {
  return Math.max(1, Math.min(Math.floor(ttlMs / 10), 60_000));
}

/** When an event was last written (ms since the epoch), from its stored bytes; undefined: unknown. */
export type WriteTimeOf = (kv: KeyValue) => number | undefined;

interface EventMeta {
  creationTimestamp?: string;
  managedFields?: { time?: string }[];
}

/**
 * The event's last write: the latest managedFields time, else its creationTimestamp. Both have
 * whole seconds, so the write is taken as the end of that second: an event never expires early.
 */
export function lastWriteOf(meta: EventMeta | undefined): number | undefined {
  let latest: number | undefined;
  const consider = (t: string | undefined): void => {
    if (!t) return;
    const ms = Date.parse(t);
    if (Number.isFinite(ms) && (latest === undefined || ms > latest)) latest = ms;
  };
  for (const entry of meta?.managedFields ?? []) consider(entry.time);
  if (latest === undefined) consider(meta?.creationTimestamp);
  return latest === undefined ? undefined : latest + 999;
}

/** Reads the write time from the stored protobuf (a value that does not decode, e.g. encrypted elsewhere: unknown). */
export function protobufWriteTime(scheme: Scheme): WriteTimeOf {
  const codec = protobufCodec(scheme);
  return (kv) => {
    try {
      return lastWriteOf(codec.decode(kv.value).metadata as EventMeta | undefined);
    } catch {
      return undefined;
    }
  };
}

export interface EventSweepOptions {
  ttlMs: number;
  writeTime: WriteTimeOf;
  now?: () => number;
}

/**
 * The sweeps' state: each key's write time by the revision it was read at, so an unchanged event
 * is not decoded again on every sweep.
 */
export class EventSweeper {
  private readonly known = new Map<string, { revision: number; time: number | undefined }>();
  private readonly now: () => number;

  constructor(
    private readonly storage: Storage,
    private readonly options: EventSweepOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Deletes every event whose last write is older than the TTL; resolves to the keys deleted. */
  async sweep(): Promise<string[]> {
    const cutoff = this.now() - this.options.ttlMs;
    const seen = new Set<string>();
    const deleted: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.storage.list({ prefix: EVENTS_PREFIX, limit: PAGE, ...(token && { continue: token }) });
      for (const kv of page.items) {
        seen.add(kv.key);
        const time = this.writeTimeOf(kv);
        if (time === undefined || time > cutoff) continue;
        if (await this.expire(kv)) deleted.push(kv.key);
      }
      token = page.continue;
    } while (token);
    for (const key of this.known.keys()) if (!seen.has(key)) this.known.delete(key);
    for (const key of deleted) this.known.delete(key);
    return deleted;
  }

  private writeTimeOf(kv: KeyValue): number | undefined {
    const cached = this.known.get(kv.key);
    if (cached?.revision === kv.modRevision) return cached.time;
    const time = this.options.writeTime(kv);
    this.known.set(kv.key, { revision: kv.modRevision, time });
    return time;
  }

  /** Deletes the event as read; false when it was renewed or deleted meanwhile. */
  private async expire(kv: KeyValue): Promise<boolean> {
    try {
      await this.storage.delete(kv.key, { preconditions: { revision: kv.modRevision } });
      return true;
    } catch (err) {
      if (err instanceof StorageError && (err.code === "Conflict" || err.code === "KeyNotFound")) return false;
      throw err;
    }
  }
}

export interface EventTTLOptions extends EventSweepOptions {
  signal: AbortSignal;
  /** Called when a sweep fails (the next tick tries again). */
  onError?: (e: unknown) => void;
}

/** Sweeps expired events in the background until the signal aborts; a TTL of 0 or less: never. */
export function startEventTTL(storage: Storage, options: EventTTLOptions): void {
  const { ttlMs, signal, onError = () => {} } = options;
  if (signal.aborted || !(ttlMs > 0)) return;
  const sweeper = new EventSweeper(storage, options);
  let running = false;
  const tick = async (): Promise<void> => {
    // A slow sweep (many events, a slow backend) is not overlapped by the next tick.
    if (running) return;
    running = true;
    try {
      await sweeper.sweep();
    } catch (e) {
      if (!signal.aborted) onError(e);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), sweepIntervalMs(ttlMs));
  timer.unref();
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}
