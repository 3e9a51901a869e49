/**
 * Event recorders with client-go's aggregation, writing either API upstream's clients write:
 * - events.k8s.io/v1 (tools/events): `new EventBroadcaster(sink)`; a repeat bumps the Event's
 *   `series` with a JSON merge patch;
 * - core/v1 (tools/record, what kube-controller-manager's controllers use):
 *   `new EventBroadcaster(sink, { api: "v1" })`; `source.component` and `reportingComponent` name the
 *   reporter, a repeat bumps `count` and `lastTimestamp` with a strategic merge patch.
 * Both correlate alike:
 * - an event identical to one recorded before (same regarding, related, type, reason, action,
 *   note, reporter) is not created again: the first one is counted up with a patch;
 * - once `maxSimilarEvents` events that differ only in their note were recorded for an object
 *   within the similar window, further ones are combined into one event whose note reads
 *   `(combined from similar events): <latest note>`, itself counted;
 * - a token bucket per object and reporter (burst 25, one token per 5 minutes) drops floods.
 * Recording never blocks and never throws; writes happen in the background, in order per event.
 */
import os from "node:os";
import type { Event as CoreEvent } from "../../api/core/v1/event.js";
import type { ObjectReference } from "../../api/core/v1/references.js";
import type { Event } from "../../api/events/v1/types.js";
import type { ObjectMeta } from "../../api/meta/v1/types.js";
import { formatMicroTime } from "../leaderelection/micro-time.js";
import { isNotFound } from "../rest/errors.js";

export type EventType = "Normal" | "Warning";

/** An object events are about: type meta (when known) and object meta. */
export interface EventObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** Where events.k8s.io/v1 Events are written: the events.k8s.io/v1 client of a namespace. */
export interface EventSink {
  create(namespace: string, event: Event): Promise<unknown>;
  /** A JSON merge patch of the event `name`. */
  patch(namespace: string, name: string, patch: object): Promise<unknown>;
}

/** Where core/v1 Events are written: the core/v1 client of a namespace. */
export interface CoreEventSink {
  create(namespace: string, event: CoreEvent): Promise<unknown>;
  /** A strategic merge patch of the event `name`. */
  patch(namespace: string, name: string, patch: object): Promise<unknown>;
}

export interface EventRecordOptions {
  /** A second object the event is about (events.k8s.io/v1 only: core/v1 Events have no such field). */
  related?: EventObject | ObjectReference;
  /** The regarding object's apiVersion and kind, when the object does not carry them (cached objects often do not). */
  kind?: { apiVersion: string; kind: string };
}

/** Records events about objects for one reporting controller. */
export interface EventRecorder {
  /**
   * @param type - `Normal` or `Warning`.
   * @param reason - why, in UpperCamelCase (`ConfigMapCreated`).
   * @param action - what was done or failed (`Create`); core/v1 Events have no action and drop it.
   * @param note - a human-readable description (at most 1 kB; longer is cut).
   */
  event(
    regarding: EventObject | ObjectReference,
    type: EventType,
    reason: string,
    action: string,
    note: string,
    options?: EventRecordOptions,
  ): void;
}

export interface EventBroadcasterOptions {
  /**
   * The window within which identical events are one series (default: 6 minutes for
   * events.k8s.io/v1, as tools/events; unbounded for core/v1, as tools/record's LRU cache).
   */
  seriesWindowMs?: number;
  /** The window within which similar events are counted towards combining (default 10 minutes). */
  similarWindowMs?: number;
  /** Similar events after which they are combined (default 10). */
  maxSimilarEvents?: number;
  /** The spam filter's burst (default 25) and refill interval (default 5 minutes per event). */
  spamBurst?: number;
  spamRefillMs?: number;
  /**
   * events.k8s.io/v1: the reportingInstance is `<controller>-<host>` (default host: the host
   * name). core/v1: `source.host` and `reportingInstance` (default empty, as
   * kube-controller-manager's controllers leave them).
   */
  host?: string;
  now?: () => number;
  onError?: (err: unknown) => void;
  /** Told about every recorded event, as client-go's StartLogging (`Event(ns/name): type: 'T' reason: 'R' note`). */
  log?: (line: string) => void;
}

const NOTE_MAX = 1024;
const COMBINED = "(combined from similar events): ";
/** Entries kept per cache, as client-go's maxLruCacheEntries. */
const MAX_ENTRIES = 4096;

/** What one write of an event needs to know. */
interface Occurrence {
  regarding: ObjectReference;
  related: ObjectReference | undefined;
  type: EventType;
  reason: string;
  action: string;
  note: string;
  controller: string;
  instance: string;
  now: number;
}

/** How one API writes events: the first object, the patch of a repeat, and the object that replaces a vanished one. */
interface EventWriter {
  create(namespace: string, name: string, o: Occurrence): object;
  repeat(count: number, o: Occurrence, combined: boolean): object;
  recreate(base: object, repeatPatch: object): object;
  sink: {
    create(namespace: string, event: never): Promise<unknown>;
    patch(namespace: string, name: string, patch: object): Promise<unknown>;
  };
  instance(controller: string, host: string): string;
  /** Whether the n-th distinct note of similar events is combined. */
  combines(distinctNotes: number, max: number): boolean;
  seriesWindowMs: number;
}

interface SeriesEntry {
  namespace: string;
  name: string;
  count: number;
  lastObserved: number;
  /** Writes of this event, chained so that a patch never overtakes its create. */
  chain: Promise<void>;
  base: object;
}

interface SimilarEntry {
  notes: Set<string>;
  first: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

function referenceOf(obj: EventObject | ObjectReference, kind?: EventRecordOptions["kind"]): ObjectReference {
  if (!("metadata" in obj)) return { ...obj };
  const o = obj;
  const ref: ObjectReference = {};
  const k = kind?.kind ?? o.kind;
  const apiVersion = kind?.apiVersion ?? o.apiVersion;
  if (k) ref.kind = k;
  if (o.metadata?.namespace) ref.namespace = o.metadata.namespace;
  if (o.metadata?.name) ref.name = o.metadata.name;
  if (o.metadata?.uid) ref.uid = o.metadata.uid;
  if (apiVersion) ref.apiVersion = apiVersion;
  if (o.metadata?.resourceVersion) ref.resourceVersion = o.metadata.resourceVersion;
  return ref;
}

function refKey(r: ObjectReference | undefined): string {
  if (!r) return "";
  return [r.apiVersion, r.kind, r.namespace, r.name, r.uid, r.fieldPath].map((x) => x ?? "").join("/");
}

/** metav1.Time: RFC 3339 in UTC, whole seconds. */
const formatTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");

function eventsV1Writer(sink: EventSink): EventWriter {
  return {
    sink,
    seriesWindowMs: 6 * 60_000,
    instance: (controller, host) => `${controller}-${host}`,
    combines: (n, max) => n > max,
    create: (namespace, name, o): Event => ({
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      metadata: { name, namespace },
      eventTime: formatMicroTime(new Date(o.now)),
      reportingController: o.controller,
      reportingInstance: o.instance,
      action: o.action,
      reason: o.reason,
      regarding: o.regarding,
      ...(o.related && { related: o.related }),
      note: o.note,
      type: o.type,
    }),
    repeat: (count, o, combined) => ({
      series: { count, lastObservedTime: formatMicroTime(new Date(o.now)) },
      ...(combined && { note: o.note }),
    }),
    recreate: (base, patch) => ({ ...base, series: (patch as { series: unknown }).series }),
  };
}

function coreV1Writer(sink: CoreEventSink): EventWriter {
  return {
    sink,
    seriesWindowMs: Number.POSITIVE_INFINITY,
    instance: (_controller, host) => host,
    // tools/record's aggregator combines once the set of distinct notes reaches the maximum.
    combines: (n, max) => n >= max,
    create: (namespace, name, o): CoreEvent => {
      const t = formatTime(o.now);
      return {
        apiVersion: "v1",
        kind: "Event",
        metadata: { name, namespace },
        involvedObject: o.regarding,
        reason: o.reason,
        message: o.note,
        source: { component: o.controller, ...(o.instance && { host: o.instance }) },
        firstTimestamp: t,
        lastTimestamp: t,
        count: 1,
        type: o.type,
        reportingComponent: o.controller,
        reportingInstance: o.instance,
      };
    },
    // The fields tools/record's two-way merge patch carries for a repeat.
    repeat: (count, o) => ({ count, lastTimestamp: formatTime(o.now), message: o.note }),
    recreate: (base, patch) => ({ ...base, ...patch }),
  };
}

/** Aggregates and writes the events of any number of recorders. */
export class EventBroadcaster {
  readonly #series = new Map<string, SeriesEntry>();
  readonly #similar = new Map<string, SimilarEntry>();
  readonly #buckets = new Map<string, Bucket>();
  readonly #pending = new Set<Promise<void>>();
  readonly #writer: EventWriter;
  readonly #o: Required<Omit<EventBroadcasterOptions, "onError" | "log">> & {
    onError: (err: unknown) => void;
    log: ((line: string) => void) | undefined;
  };
  #seq = 0;
  #closed = false;

  /** Writes events.k8s.io/v1 Events (client-go's tools/events). */
  constructor(sink: EventSink, options?: EventBroadcasterOptions & { api?: "events.k8s.io/v1" });
  /** Writes core/v1 Events (client-go's tools/record, which kube-controller-manager's controllers use). */
  constructor(sink: CoreEventSink, options: EventBroadcasterOptions & { api: "v1" });
  constructor(sink: EventSink | CoreEventSink, options: EventBroadcasterOptions & { api?: "v1" | "events.k8s.io/v1" } = {}) {
    const core = options.api === "v1";
    this.#writer = core ? coreV1Writer(sink as CoreEventSink) : eventsV1Writer(sink as EventSink);
    this.#o = {
      seriesWindowMs: options.seriesWindowMs ?? this.#writer.seriesWindowMs,
      similarWindowMs: options.similarWindowMs ?? 10 * 60_000,
      maxSimilarEvents: options.maxSimilarEvents ?? 10,
      spamBurst: options.spamBurst ?? 25,
      spamRefillMs: options.spamRefillMs ?? 5 * 60_000,
      host: options.host ?? (core ? "" : os.hostname()),
      now: options.now ?? Date.now,
      onError: options.onError ?? (() => {}),
      log: options.log,
    };
  }

  /** A recorder for `reportingController` (core/v1: the `source.component`). */
  newRecorder(reportingController: string): EventRecorder {
    const instance = this.#writer.instance(reportingController, this.#o.host);
    return {
      event: (regarding, type, reason, action, note, options) => {
        try {
          this.#record(
            referenceOf(regarding, options?.kind),
            options?.related && referenceOf(options.related),
            type,
            reason,
            action,
            note,
            reportingController,
            instance,
          );
        } catch (err) {
          this.#o.onError(err);
        }
      },
    };
  }

  /** Resolves once every write started so far has finished (or failed). */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Stops recording (later events are dropped) and waits for the writes in flight. */
  async shutdown(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  #allow(key: string, now: number): boolean {
    const b = this.#buckets.get(key) ?? { tokens: this.#o.spamBurst, last: now };
    b.tokens = Math.min(this.#o.spamBurst, b.tokens + (now - b.last) / this.#o.spamRefillMs);
    b.last = now;
    remember(this.#buckets, key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  #record(
    regarding: ObjectReference,
    related: ObjectReference | undefined,
    type: EventType,
    reason: string,
    action: string,
    rawNote: string,
    controller: string,
    instance: string,
  ): void {
    if (this.#closed) return;
    const now = this.#o.now();
    this.#o.log?.(`Event(${regarding.namespace ?? ""}/${regarding.name ?? ""}): type: '${type}' reason: '${reason}' ${rawNote}`);
    this.#expire(now);
    const source = `${refKey(regarding)}|${controller}|${instance}`;
    if (!this.#allow(source, now)) return;
    let note = rawNote.length > NOTE_MAX ? rawNote.slice(0, NOTE_MAX) : rawNote;
    const aggregateKey = [source, refKey(related), type, reason, action].join("|");
    const similar = this.#similar.get(aggregateKey) ?? { notes: new Set<string>(), first: now };
    remember(this.#similar, aggregateKey, similar);
    similar.notes.add(note);
    let key = `${aggregateKey}|${note}`;
    const combined = this.#writer.combines(similar.notes.size, this.#o.maxSimilarEvents);
    if (combined) {
      note = `${COMBINED}${note}`.slice(0, NOTE_MAX);
      key = `${aggregateKey}|combined`;
    }
    const o: Occurrence = { regarding, related, type, reason, action, note, controller, instance, now };
    const existing = this.#series.get(key);
    if (existing) {
      existing.count++;
      existing.lastObserved = now;
      remember(this.#series, key, existing);
      const patch = this.#writer.repeat(existing.count, o, combined);
      const sink = this.#writer.sink;
      this.#write(existing, () =>
        sink.patch(existing.namespace, existing.name, patch).then(
          () => undefined,
          async (err: unknown) => {
            // Expired or deleted on the server: written again as a new object of the same name.
            if (!isNotFound(err)) throw err;
            await sink.create(existing.namespace, this.#writer.recreate(existing.base, patch) as never);
          },
        ),
      );
      return;
    }
    const namespace = regarding.namespace || "default";
    const name = `${regarding.name ?? "event"}.${(BigInt(now) * 1_000_000n + BigInt(this.#seq++ % 1_000_000)).toString(16)}`;
    const event = this.#writer.create(namespace, name, o);
    const entry: SeriesEntry = { namespace, name, count: 1, lastObserved: now, chain: Promise.resolve(), base: event };
    remember(this.#series, key, entry);
    this.#write(entry, () => this.#writer.sink.create(namespace, event as never).then(() => undefined));
  }

  #write(entry: SeriesEntry, op: () => Promise<void>): void {
    const p = entry.chain.then(op).catch((err: unknown) => this.#o.onError(err));
    entry.chain = p;
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  /** Forgets series and similar counts older than their windows. */
  #expire(now: number): void {
    if (Number.isFinite(this.#o.seriesWindowMs))
      for (const [k, s] of this.#series) if (now - s.lastObserved > this.#o.seriesWindowMs) this.#series.delete(k);
    for (const [k, s] of this.#similar) if (now - s.first > this.#o.similarWindowMs) this.#similar.delete(k);
  }
}

/** Sets `key` as the most recently used entry, dropping the least recently used past the cap. */
function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
