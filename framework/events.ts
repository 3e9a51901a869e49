/**
 * An event recorder on events.k8s.io/v1 with client-go's aggregation (tools/events'
 * EventBroadcaster and tools/record's EventCorrelator):
 * - an event identical to one recorded within the series window (same regarding, related,
 *   type, reason, action, note, reporter) is not created again: the first one becomes a series
 *   whose count and lastObservedTime are bumped with a patch;
 * - once `maxSimilarEvents` events that differ only in their note were recorded for an object
 *   within the similar window, further ones are combined into one event whose note reads
 *   `(combined from similar events): <latest note>`, itself counted as a series;
 * - a token bucket per object and reporter (burst 25, one token per 5 minutes) drops floods.
 * Recording never blocks and never throws; writes happen in the background, in order per event.
 */
import os from "node:os";
import type { ObjectReference } from "../api/core/v1/references.js";
import type { Event } from "../api/events/v1/types.js";
import { formatMicroTime } from "../runtime/leaderelection/micro-time.js";
import { isNotFound } from "../runtime/rest/errors.js";
import type { GroupVersionKind, KubeObject } from "./kind.js";

export type EventType = "Normal" | "Warning";

/** Where events are written: the events.k8s.io/v1 client of a namespace. */
export interface EventSink {
  create(namespace: string, event: Event): Promise<unknown>;
  /** A JSON merge patch of the event `name`. */
  patch(namespace: string, name: string, patch: object): Promise<unknown>;
}

export interface EventRecordOptions {
  /** A second object the event is about. */
  related?: KubeObject | ObjectReference;
  /** The regarding object's apiVersion and kind, when the object does not carry them (cached objects often do not). */
  kind?: GroupVersionKind;
}

/** Records events about objects for one reporting controller. */
export interface EventRecorder {
  /**
   * @param type - `Normal` or `Warning`.
   * @param reason - why, in UpperCamelCase (`ConfigMapCreated`).
   * @param action - what was done or failed (`Create`).
   * @param note - a human-readable description (at most 1 kB; longer is cut).
   */
  event(
    regarding: KubeObject | ObjectReference,
    type: EventType,
    reason: string,
    action: string,
    note: string,
    options?: EventRecordOptions,
  ): void;
}

export interface EventBroadcasterOptions {
  /** The window within which identical events are one series (default 6 minutes, client-go's). */
  seriesWindowMs?: number;
  /** The window within which similar events are counted towards combining (default 10 minutes). */
  similarWindowMs?: number;
  /** Similar events after which they are combined (default 10). */
  maxSimilarEvents?: number;
  /** The spam filter's burst (default 25) and refill interval (default 5 minutes per event). */
  spamBurst?: number;
  spamRefillMs?: number;
  /** Defaults to the host name. */
  host?: string;
  now?: () => number;
  onError?: (err: unknown) => void;
}

const NOTE_MAX = 1024;
const COMBINED = "(combined from similar events): ";

interface SeriesEntry {
  namespace: string;
  name: string;
  count: number;
  lastObserved: number;
  /** Writes of this event, chained so that a patch never overtakes its create. */
  chain: Promise<void>;
  base: Event;
}

interface SimilarEntry {
  notes: Set<string>;
  first: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

function referenceOf(obj: KubeObject | ObjectReference, kind?: GroupVersionKind): ObjectReference {
  if (!("metadata" in obj)) return { ...obj };
  const o = obj;
  const ref: ObjectReference = {};
  const apiVersion = kind?.apiVersion ?? o.apiVersion;
  const k = kind?.kind ?? o.kind;
  if (apiVersion) ref.apiVersion = apiVersion;
  if (k) ref.kind = k;
  if (o.metadata?.namespace) ref.namespace = o.metadata.namespace;
  if (o.metadata?.name) ref.name = o.metadata.name;
  if (o.metadata?.uid) ref.uid = o.metadata.uid;
  if (o.metadata?.resourceVersion) ref.resourceVersion = o.metadata.resourceVersion;
  return ref;
}

function refKey(r: ObjectReference | undefined): string {
  if (!r) return "";
  return [r.apiVersion, r.kind, r.namespace, r.name, r.uid, r.fieldPath].map((x) => x ?? "").join("/");
}

/** Aggregates and writes the events of any number of recorders. */
export class EventBroadcaster {
  readonly #series = new Map<string, SeriesEntry>();
  readonly #similar = new Map<string, SimilarEntry>();
  readonly #buckets = new Map<string, Bucket>();
  readonly #pending = new Set<Promise<void>>();
  readonly #o: Required<Omit<EventBroadcasterOptions, "onError">> & { onError: (err: unknown) => void };
  #seq = 0;
  #closed = false;

  constructor(
    private readonly sink: EventSink,
    options: EventBroadcasterOptions = {},
  ) {
    this.#o = {
      seriesWindowMs: options.seriesWindowMs ?? 6 * 60_000,
      similarWindowMs: options.similarWindowMs ?? 10 * 60_000,
      maxSimilarEvents: options.maxSimilarEvents ?? 10,
      spamBurst: options.spamBurst ?? 25,
      spamRefillMs: options.spamRefillMs ?? 5 * 60_000,
      host: options.host ?? os.hostname(),
      now: options.now ?? Date.now,
      onError: options.onError ?? (() => {}),
    };
  }

  /** A recorder for `reportingController`; its reportingInstance is `<controller>-<host>`, as upstream's. */
  newRecorder(reportingController: string): EventRecorder {
    const instance = `${reportingController}-${this.#o.host}`;
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
    this.#buckets.set(key, b);
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
    this.#expire(now);
    const source = `${refKey(regarding)}|${controller}|${instance}`;
    if (!this.#allow(source, now)) return;
    let note = rawNote.length > NOTE_MAX ? rawNote.slice(0, NOTE_MAX) : rawNote;
    const aggregateKey = [source, refKey(related), type, reason, action].join("|");
    const similar = this.#similar.get(aggregateKey) ?? { notes: new Set<string>(), first: now };
    this.#similar.set(aggregateKey, similar);
    similar.notes.add(note);
    let key = `${aggregateKey}|${note}`;
    if (similar.notes.size > this.#o.maxSimilarEvents) {
      note = `${COMBINED}${note}`.slice(0, NOTE_MAX);
      key = `${aggregateKey}|combined`;
    }
    const existing = this.#series.get(key);
    if (existing) {
      existing.count++;
      existing.lastObserved = now;
      const patch: Record<string, unknown> = { series: { count: existing.count, lastObservedTime: formatMicroTime(new Date(now)) } };
      if (key.endsWith("|combined")) patch["note"] = note;
      this.#write(existing, () =>
        this.sink.patch(existing.namespace, existing.name, patch).then(
          () => undefined,
          async (err: unknown) => {
            // Expired or deleted on the server: start it again as a new event.
            if (!isNotFound(err)) throw err;
            await this.sink.create(existing.namespace, { ...existing.base, series: patch["series"] as Event["series"] });
          },
        ),
      );
      return;
    }
    const namespace = regarding.namespace || "default";
    const name = `${regarding.name ?? "event"}.${(BigInt(now) * 1_000_000n + BigInt(this.#seq++ % 1_000_000)).toString(16)}`;
    const event: Event = {
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      metadata: { name, namespace },
      eventTime: formatMicroTime(new Date(now)),
      reportingController: controller,
      reportingInstance: instance,
      action,
      reason,
      regarding,
      ...(related && { related }),
      note,
      type,
    };
    const entry: SeriesEntry = { namespace, name, count: 1, lastObserved: now, chain: Promise.resolve(), base: event };
    this.#series.set(key, entry);
    this.#write(entry, () => this.sink.create(namespace, event).then(() => undefined));
  }

  #write(entry: SeriesEntry, op: () => Promise<void>): void {
    const p = entry.chain.then(op).catch((err: unknown) => this.#o.onError(err));
    entry.chain = p;
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  /** Forgets series and similar counts older than their windows. */
  #expire(now: number): void {
    for (const [k, s] of this.#series) if (now - s.lastObserved > this.#o.seriesWindowMs) this.#series.delete(k);
    for (const [k, s] of this.#similar) if (now - s.first > this.#o.similarWindowMs) this.#similar.delete(k);
  }
}
