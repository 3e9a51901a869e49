/** An in-memory store of API objects per resource and namespace, with resourceVersions, API errors, selectors and watches: what the fake clientset serves from. */
import type { Status } from "../../api/meta/v1/types.js";
import { newAlreadyExists, newBadRequest, newConflict, newNotFound } from "../rest/errors.js";
import type { WatchEvent } from "../rest/watch.js";
import type { GroupVersionResource } from "../scheme.js";
import { FieldsSelector } from "../selectors/fields.js";
import { LabelsSelector, type Labels } from "../selectors/labels.js";

/** The objects the tracker stores: anything with metadata. */
export interface TrackedObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    generateName?: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Labels;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

/** Selects objects of a list or watch. */
export interface TrackerListOptions {
  /** Label selector in the API's string form. */
  labelSelector?: string;
  /** Field selector; any field path of the object, compared as a string. */
  fieldSelector?: string;
}

/** Where a watch starts and when it ends. */
export interface TrackerWatchOptions extends TrackerListOptions {
  /**
   * Events after this version are sent (replayed from the tracker's history). Unset, "" or "0":
   * an ADDED event for every current object first, then live events, as the API server does.
   */
  resourceVersion?: string;
  /** Ends the stream. */
  signal?: AbortSignal;
}

/** Options of an {@link ObjectTracker}. */
export interface ObjectTrackerOptions {
  /** Maps an object's apiVersion and kind to its resource, for {@link ObjectTracker.add}. */
  resourceFor?: (apiVersion: string, kind: string) => GroupVersionResource | undefined;
  /** How many past events are kept for watches that resume from a resourceVersion (default 10,000). */
  historyLimit?: number;
}

interface HistoryEvent {
  rv: number;
  gvr: string;
  namespace: string;
  type: "ADDED" | "MODIFIED" | "DELETED";
  object: TrackedObject;
  /** The state before a modification, to tell selector transitions. */
  old?: TrackedObject;
}

interface Watcher {
  gvr: string;
  namespace: string;
  labels: LabelsSelector;
  fields: FieldsSelector;
  push(ev: WatchEvent<TrackedObject>): void;
  /** Ends the stream once the queued events are consumed. */
  end(): void;
}

const gvrKey = (gvr: GroupVersionResource): string => `${gvr.group}/${gvr.version}/${gvr.resource}`;
const objectKey = (namespace: string, name: string): string => `${namespace}/${name}`;

function readField(obj: unknown, path: string): string | undefined {
  let cur: unknown = obj;
  for (const part of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  if (typeof cur === "string") return cur;
  if (typeof cur === "number" || typeof cur === "boolean") return String(cur);
  return undefined;
}

function randomSuffix(): string {
  const chars = "bcdfghjklmnpqrstvwxz2456789";
  let s = "";
  for (let i = 0; i < 5; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return s;
}

/**
 * The object tracker (client-go's `testing.ObjectTracker`). Every write takes the next value of
 * one counter as the object's resourceVersion, and is appended to a bounded history that watches
 * replay from. Objects are copied in and out, so callers never share state with the store.
 */
export class ObjectTracker {
  readonly #objects = new Map<string, Map<string, TrackedObject>>();
  readonly #history: HistoryEvent[] = [];
  readonly #watchers = new Set<Watcher>();
  readonly #resourceFor: ObjectTrackerOptions["resourceFor"];
  readonly #historyLimit: number;
  #rv = 0;

  constructor(options: ObjectTrackerOptions = {}) {
    this.#resourceFor = options.resourceFor;
    this.#historyLimit = options.historyLimit ?? 10_000;
  }

  /** The latest resourceVersion handed out. */
  resourceVersion(): string {
    return String(this.#rv);
  }

  /**
   * Stores an object found by its apiVersion and kind (the initial objects of a fake clientset),
   * replacing one of the same name.
   */
  add(object: object): TrackedObject {
    const obj = object as TrackedObject;
    const gvr = this.#resourceFor?.(obj.apiVersion ?? "", obj.kind ?? "");
    if (gvr === undefined)
      throw new Error(`no resource is known for apiVersion ${JSON.stringify(obj.apiVersion)}, kind ${JSON.stringify(obj.kind)}`);
    const namespace = obj.metadata?.namespace ?? "";
    const name = obj.metadata?.name ?? "";
    const exists = this.#bucket(gvr).has(objectKey(namespace, name));
    const { resourceVersion: _ignored, ...metadata } = obj.metadata ?? {};
    const copy = { ...obj, metadata };
    return exists ? this.update(gvr, copy, namespace) : this.create(gvr, copy, namespace);
  }

  /** One object; NotFound when absent. */
  get<T = TrackedObject>(gvr: GroupVersionResource, namespace: string, name: string): T {
    const obj = this.#bucket(gvr).get(objectKey(namespace, name));
    if (obj === undefined) throw newNotFound({ group: gvr.group, resource: gvr.resource }, name);
    return structuredClone(obj) as T;
  }

  /** The objects of a resource in `namespace` ("" for all) that the selectors match, and the version listed at. */
  list<T = TrackedObject>(
    gvr: GroupVersionResource,
    namespace: string,
    opts: TrackerListOptions = {},
  ): { items: T[]; resourceVersion: string } {
    const labels = LabelsSelector.parse(opts.labelSelector ?? "");
    const fields = FieldsSelector.parse(opts.fieldSelector ?? "");
    const items: T[] = [];
    for (const obj of this.#bucket(gvr).values()) {
      if (this.#matches(obj, namespace, labels, fields)) items.push(structuredClone(obj) as T);
    }
    return { items, resourceVersion: this.resourceVersion() };
  }

  /**
   * Stores a new object in `namespace` (the object's own when ""); AlreadyExists when the name
   * is taken. A `generateName` without a name gets a random suffix, as the API server does.
   */
  create<T = TrackedObject>(gvr: GroupVersionResource, obj: T, namespace: string): T {
    const o = structuredClone(obj) as TrackedObject;
    const meta = (o.metadata ??= {});
    this.#checkNamespace(gvr, meta, namespace);
    if (!meta.name && meta.generateName) meta.name = meta.generateName + randomSuffix();
    if (!meta.name) throw newBadRequest("name or generateName is required");
    const bucket = this.#bucket(gvr);
    const key = objectKey(meta.namespace ?? "", meta.name);
    if (bucket.has(key)) throw newAlreadyExists({ group: gvr.group, resource: gvr.resource }, meta.name);
    meta.resourceVersion = String(++this.#rv);
    bucket.set(key, o);
    this.#record(gvr, { type: "ADDED", object: o });
    return structuredClone(o) as T;
  }

  /**
   * Replaces a stored object; NotFound when absent, Conflict when the object carries a
   * resourceVersion other than the stored one (an unset one updates unconditionally).
   */
  update<T = TrackedObject>(gvr: GroupVersionResource, obj: T, namespace: string): T {
    const o = structuredClone(obj) as TrackedObject;
    const meta = (o.metadata ??= {});
    this.#checkNamespace(gvr, meta, namespace);
    const gr = { group: gvr.group, resource: gvr.resource };
    if (!meta.name) throw newBadRequest("name is required");
    const bucket = this.#bucket(gvr);
    const key = objectKey(meta.namespace ?? "", meta.name);
    const old = bucket.get(key);
    if (old === undefined) throw newNotFound(gr, meta.name);
    if (meta.resourceVersion && meta.resourceVersion !== old.metadata?.resourceVersion) {
      throw newConflict(gr, meta.name, "the object has been modified; please apply your changes to the latest version and try again");
    }
    meta.resourceVersion = String(++this.#rv);
    bucket.set(key, o);
    this.#record(gvr, { type: "MODIFIED", object: o, old });
    return structuredClone(o) as T;
  }

  /**
   * Removes an object and returns its last state; NotFound when absent, Conflict when a
   * precondition (uid, resourceVersion) does not hold.
   */
  delete<T = TrackedObject>(
    gvr: GroupVersionResource,
    namespace: string,
    name: string,
    preconditions: { uid?: string; resourceVersion?: string } = {},
  ): T {
    const bucket = this.#bucket(gvr);
    const key = objectKey(namespace, name);
    const old = bucket.get(key);
    const gr = { group: gvr.group, resource: gvr.resource };
    if (old === undefined) throw newNotFound(gr, name);
    for (const field of ["uid", "resourceVersion"] as const) {
      const want = preconditions[field];
      const have = old.metadata?.[field];
      if (want !== undefined && want !== have) {
        throw newConflict(
          gr,
          name,
          `Precondition failed: ${field} in precondition: ${want}, ${field} in object meta: ${typeof have === "string" ? have : ""}`,
        );
      }
    }
    bucket.delete(key);
    // The deletion is a change too: the final state carries the version it happened at.
    const last = { ...old, metadata: { ...old.metadata, resourceVersion: String(++this.#rv) } };
    this.#record(gvr, { type: "DELETED", object: last });
    return structuredClone(last) as T;
  }

  /**
   * Watches a resource in `namespace` ("" for all). Events are queued for the consumer as the
   * writes happen, so none is lost while it is busy. A resourceVersion older than the kept
   * history gets an ERROR event with a 410 Expired Status, and the stream ends.
   */
  watch<T = TrackedObject>(gvr: GroupVersionResource, namespace: string, opts: TrackerWatchOptions = {}): AsyncIterable<WatchEvent<T>> {
    const queue: WatchEvent<TrackedObject>[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    const end = (): void => {
      ended = true;
      this.#watchers.delete(watcher);
      wake?.();
    };
    const watcher: Watcher = {
      gvr: gvrKey(gvr),
      namespace,
      labels: LabelsSelector.parse(opts.labelSelector ?? ""),
      fields: FieldsSelector.parse(opts.fieldSelector ?? ""),
      push: (ev) => {
        queue.push(ev);
        wake?.();
      },
      end,
    };
    this.#start(watcher, gvr, opts.resourceVersion);
    if (!ended) this.#watchers.add(watcher);
    const signal = opts.signal;
    if (signal?.aborted) end();
    signal?.addEventListener("abort", end, { once: true });
    const next = async (): Promise<IteratorResult<WatchEvent<T>>> => {
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const ev = queue.shift();
      if (ev === undefined) return { done: true, value: undefined };
      return { done: false, value: structuredClone(ev) as WatchEvent<T> };
    };
    return {
      [Symbol.asyncIterator]: () => ({
        next,
        return: async () => {
          end();
          queue.length = 0;
          signal?.removeEventListener("abort", end);
          return { done: true, value: undefined };
        },
      }),
    };
  }

  /** Stops every open watch, as a server shutting down would. */
  closeWatches(): void {
    for (const w of [...this.#watchers]) w.end();
  }

  /** The number of open watches, for tests. */
  watchCount(): number {
    return this.#watchers.size;
  }

  /** Fills a new watcher: current objects, or the history after `resourceVersion`. */
  #start(w: Watcher, gvr: GroupVersionResource, resourceVersion: string | undefined): void {
    if (resourceVersion === undefined || resourceVersion === "" || resourceVersion === "0") {
      for (const obj of this.#bucket(gvr).values()) {
        if (this.#matches(obj, w.namespace, w.labels, w.fields)) w.push({ type: "ADDED", object: obj });
      }
      return;
    }
    const from = Number(resourceVersion);
    if (!Number.isInteger(from) || from < 0) {
      w.push({ type: "ERROR", object: this.#status(400, "BadRequest", `invalid resourceVersion ${JSON.stringify(resourceVersion)}`) });
      w.end();
      return;
    }
    const oldest = this.#history[0]?.rv ?? this.#rv + 1;
    if (from < oldest - 1 && from < this.#rv) {
      w.push({ type: "ERROR", object: this.#status(410, "Expired", `too old resource version: ${from} (${oldest - 1})`) });
      w.end();
      return;
    }
    for (const ev of this.#history) if (ev.rv > from) this.#deliver(w, ev);
  }

  #status(code: number, reason: string, message: string): Status {
    return { apiVersion: "v1", kind: "Status", metadata: {}, status: "Failure", message, reason, code };
  }

  #checkNamespace(gvr: GroupVersionResource, meta: NonNullable<TrackedObject["metadata"]>, namespace: string): void {
    if (namespace === "") return;
    if (meta.namespace && meta.namespace !== namespace) {
      throw newBadRequest(`the namespace of the provided object does not match the namespace sent on the request (${gvr.resource})`);
    }
    meta.namespace = namespace;
  }

  #bucket(gvr: GroupVersionResource): Map<string, TrackedObject> {
    const key = gvrKey(gvr);
    let bucket = this.#objects.get(key);
    if (bucket === undefined) this.#objects.set(key, (bucket = new Map()));
    return bucket;
  }

  #matches(obj: TrackedObject, namespace: string, labels: LabelsSelector, fields: FieldsSelector): boolean {
    if (namespace !== "" && (obj.metadata?.namespace ?? "") !== namespace) return false;
    if (!labels.empty() && !labels.matches(obj.metadata?.labels)) return false;
    return fields.empty() || fields.matches((f) => readField(obj, f));
  }

  #record(gvr: GroupVersionResource, change: Omit<HistoryEvent, "rv" | "gvr" | "namespace">): void {
    const ev: HistoryEvent = { ...change, rv: this.#rv, gvr: gvrKey(gvr), namespace: change.object.metadata?.namespace ?? "" };
    this.#history.push(ev);
    if (this.#history.length > this.#historyLimit) this.#history.splice(0, this.#history.length - this.#historyLimit);
    for (const w of this.#watchers) this.#deliver(w, ev);
  }

  /** Sends one change to a watcher, turned into ADDED or DELETED when it crosses the watcher's selectors. */
  #deliver(w: Watcher, ev: HistoryEvent): void {
    if (ev.gvr !== w.gvr) return;
    const now = this.#matches(ev.object, w.namespace, w.labels, w.fields);
    if (ev.type !== "MODIFIED") {
      if (now) w.push({ type: ev.type, object: ev.object });
      return;
    }
    const before = ev.old !== undefined && this.#matches(ev.old, w.namespace, w.labels, w.fields);
    if (before && now) w.push({ type: "MODIFIED", object: ev.object });
    else if (now) w.push({ type: "ADDED", object: ev.object });
    else if (before) w.push({ type: "DELETED", object: ev.object });
  }
}
