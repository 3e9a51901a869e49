// A shared, indexed cache of one resource that tells any number of handlers about changes.
import { getLogger } from "../logger.js";
import { sleep } from "./backoff.js";
import { ObjectCompactor } from "./managed-fields-sharing.js";
import { newIndexer, type IndexedStore, type Indexer, type Indexers } from "./indexer.js";
import { RawObject } from "../rest/json-list-scan.js";
import {
  DeletedFinalStateUnknown,
  deletionHandlingMetaNamespaceKeyFunc,
  metaNamespaceKeyFunc,
  type KeyFunc,
  type MetaObject,
} from "./keys.js";
import { ProcessorListener, type Notification, type ResourceEventHandler } from "./listener.js";
import type { ListWatch } from "./list-watch.js";
import { Reflector, type ReflectorOptions, type ReflectorStore } from "./reflector.js";
import type { Store } from "./store.js";

/** Options of a {@link SharedIndexInformer}. */
export interface SharedIndexInformerOptions<T> extends ReflectorOptions {
  /** How often handlers get every cached object again as an update (default 0: never). */
  resyncPeriodMs?: number;
  /** The indexes to keep (default: the namespace index). */
  indexers?: Indexers<T>;
  /** How objects are keyed (default `"namespace/name"`). */
  keyFunc?: KeyFunc<T>;
  /**
   * Applied to each object before it is cached, e.g. to drop `managedFields` and save memory.
   * It may modify and return its argument, which the informer owns. A listed object is
   * transformed when it is decoded (first read), and must keep its namespace and name.
   */
  transform?: (obj: T) => T;
  /**
   * Share equal managedFields trees between cached objects and intern repeated strings (see
   * {@link ObjectCompactor}); lossless, on by default. The shared trees are frozen.
   */
  compact?: boolean;
}

/** Options of one handler registration. */
export interface EventHandlerOptions {
  /** This handler's own resync period (default: the informer's); 0 for none. */
  resyncPeriodMs?: number;
}

/** What `addEventHandler` returns: a handle to ask about or remove the handler. */
export interface ResourceEventHandlerRegistration {
  /** True once the handler has been called for every object of the informer's initial view. */
  hasSynced(): boolean;
}

interface Registration<T> extends ResourceEventHandlerRegistration {
  readonly listener: ProcessorListener<T>;
}

/**
 * The shared informer (client-go's `SharedIndexInformer`): one {@link Reflector} fills one
 * {@link Indexer}, and each registered handler is told about every change through its own
 * ordered queue, so a slow handler delays only itself.
 *
 * Events are dispatched straight from the reflector's writes, with no DeltaFIFO between:
 * JavaScript runs one write at a time, so the cache and the notifications cannot diverge. A
 * relist is diffed against the cache: new objects are adds, objects whose resourceVersion moved
 * are updates, unchanged ones are silent, and missing ones are deletes carrying a
 * {@link DeletedFinalStateUnknown}.
 *
 * Lists are cached undecoded where the client can (REST, JSON): each item is kept as its text,
 * keyed by the namespace, name and resourceVersion scanned from it, and decoded (transformed,
 * compacted) when first read, by a lister, an index, a handler's notification or a resync. An
 * informer with handlers when it lists has its list decoded whole, as they are told of every
 * object; one without decodes nothing until read. A custom `keyFunc` needs the object: its
 * lists are decoded at once.
 */
export class SharedIndexInformer<T extends MetaObject> {
  readonly #indexer: IndexedStore<T>;
  readonly #keyFunc: KeyFunc<T>;
  /** Lists may be kept undecoded: the key is the standard one, computable from the scanned metadata. */
  readonly #lazy: boolean;
  readonly #decodeRaw = (raw: RawObject): T => this.#prepare(raw.decode() as T);
  readonly #transform: ((obj: T) => T) | undefined;
  readonly #compactor: ObjectCompactor | undefined;
  readonly #defaultResync: number;
  readonly #reflector: Reflector<T>;
  readonly #onError: (err: unknown) => void;
  #listeners: ProcessorListener<T>[] = [];
  #started = false;
  #stopped = false;
  #synced = false;
  #resyncTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param listWatch - the list and watch calls of the resource.
   * @param options - resync, indexes, keys, transform, and the reflector's options.
   */
  constructor(listWatch: ListWatch<T>, options: SharedIndexInformerOptions<T> = {}) {
    this.#keyFunc = options.keyFunc ?? deletionHandlingMetaNamespaceKeyFunc;
    this.#lazy = this.#keyFunc === deletionHandlingMetaNamespaceKeyFunc || this.#keyFunc === metaNamespaceKeyFunc;
    this.#indexer = newIndexer<T>(options.indexers, this.#keyFunc);
    this.#transform = options.transform;
    this.#compactor = options.compact === false ? undefined : new ObjectCompactor();
    this.#defaultResync = options.resyncPeriodMs ?? 0;
    const onError = options.onError ?? ((err: unknown) => getLogger().warn(`${options.name ?? "informer"}: ${String(err)}`));
    this.#onError = (err) => {
      try {
        onError(err);
      } catch {
        // A failing reporter must not break delivery.
      }
    };
    const sink: ReflectorStore<T> = {
      add: (obj) => this.#upsert(obj),
      update: (obj) => this.#upsert(obj),
      delete: (obj) => this.#delete(obj),
      replace: (items) => this.#replace(items),
      replaceRaw: (items) => this.#replace(items),
      // With handlers every listed object is decoded for them: one JSON.parse of the body is cheaper than one per item.
      wantsRawItems: () => this.#lazy && this.#listeners.length === 0,
    };
    this.#reflector = new Reflector<T>(listWatch, sink, { ...options, onError: this.#onError });
  }

  /**
   * Registers a handler. One added after `run` first receives a synthetic add (with
   * `isInInitialList` true) for every object already cached, then live events.
   */
  addEventHandler(handler: ResourceEventHandler<T>, options: EventHandlerOptions = {}): ResourceEventHandlerRegistration {
    if (this.#stopped) throw new Error("informer has stopped; handlers can no longer be added");
    const resync = options.resyncPeriodMs ?? this.#defaultResync;
    const listener = new ProcessorListener<T>(handler, resync, this.#onError);
    this.#listeners.push(listener);
    if (this.#started) {
      for (const obj of this.#indexer.list()) listener.add({ kind: "add", obj, initial: true });
      if (this.#synced) listener.markSynced();
      this.#scheduleResync();
    }
    const registration: Registration<T> = {
      listener,
      hasSynced: () => this.#synced && listener.hasSynced(),
    };
    return registration;
  }

  /** Unregisters a handler; what it had queued is dropped. */
  removeEventHandler(registration: ResourceEventHandlerRegistration): void {
    const listener = (registration as Registration<T>).listener;
    listener.stop();
    this.#listeners = this.#listeners.filter((l) => l !== listener);
  }

  /** The cache, read-only by contract: objects in it are shared. */
  getStore(): Store<T> {
    return this.#indexer;
  }

  /** The cache with its indexes; listers read it. */
  getIndexer(): Indexer<T> {
    return this.#indexer;
  }

  /** Adds indexes; allowed at any time, they are built over what is cached. */
  addIndexers(indexers: Indexers<T>): void {
    this.#indexer.addIndexers(indexers);
  }

  /** True once the first full list has been cached. */
  hasSynced(): boolean {
    return this.#synced;
  }

  /** The resourceVersion the cache reflects. */
  lastSyncResourceVersion(): string {
    return this.#reflector.lastSyncResourceVersion();
  }

  /** Whether `run` has ended. */
  isStopped(): boolean {
    return this.#stopped;
  }

  /**
   * Lists, watches and dispatches until `signal` aborts; resolves then. An informer runs once:
   * calling `run` again while it runs, or after it stopped, does nothing.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#scheduleResync();
    try {
      await this.#reflector.run(signal);
    } finally {
      this.#stopped = true;
      clearTimeout(this.#resyncTimer);
      for (const l of this.#listeners) l.stop();
    }
  }

  #distribute(n: Notification<T>): void {
    for (const l of this.#listeners) l.add(n);
  }

  /** The object as cached: transformed, then compacted. */
  #prepare(raw: T): T {
    const obj = this.#transform ? this.#transform(raw) : raw;
    return this.#compactor ? this.#compactor.compact(obj) : obj;
  }

  #upsert(raw: T): void {
    const obj = this.#prepare(raw);
    // The old object is decoded only for a handler to see it.
    const old = this.#listeners.length > 0 ? this.#indexer.get(obj) : undefined;
    this.#indexer.add(obj);
    this.#distribute(old === undefined ? { kind: "add", obj, initial: false } : { kind: "update", old, obj });
  }

  #delete(raw: T): void {
    const obj = this.#transform ? this.#transform(raw) : raw;
    const key = this.#keyFunc(obj);
    // A delete of something never cached (e.g. already removed by a relist) is not news.
    if (this.#indexer.entryByKey(key) === undefined) return;
    this.#indexer.delete(obj);
    this.#distribute({ kind: "delete", obj });
  }

  #replace(raw: (T | RawObject)[]): void {
    const prepare = this.#transform !== undefined || this.#compactor !== undefined;
    let lazy = false;
    const items = new Array<T | RawObject>(raw.length);
    // Keys are computed once, for the diff and the store alike; one pass prepares and keys.
    const keys = new Array<string>(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const item = raw[i]!;
      if (item instanceof RawObject) {
        if (this.#lazy && item.plainMeta && item.name) {
          items[i] = item;
          keys[i] = item.namespace ? `${item.namespace}/${item.name}` : item.name;
          lazy = true;
          continue;
        }
        // Keyed as any object (a KeyError for one without a name).
        const obj = this.#decodeRaw(item);
        items[i] = obj;
        keys[i] = this.#keyFunc(obj);
        continue;
      }
      const obj = prepare ? this.#prepare(item) : item;
      items[i] = obj;
      keys[i] = this.#keyFunc(obj);
    }
    const initial = !this.#synced;
    const indexer = this.#indexer;
    // Nobody to tell: no diff to compute.
    if (this.#listeners.length > 0) {
      const notes: Notification<T>[] = [];
      const seen = new Set<string>(keys);
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const old = indexer.entryByKey(keys[i]!);
        // Versions compare without decoding; what a handler is told of is decoded (and cached so).
        if (old === undefined) notes.push({ kind: "add", obj: this.#decoded(items, i), initial });
        else if (resourceVersionOf(old) !== resourceVersionOf(item))
          notes.push({ kind: "update", old: indexer.getByKey(keys[i]!)!, obj: this.#decoded(items, i) });
      }
      for (const key of indexer.listKeys()) {
        if (!seen.has(key)) notes.push({ kind: "delete", obj: new DeletedFinalStateUnknown(key, indexer.getByKey(key)!) });
      }
      this.#store(keys, items, lazy);
      for (const n of notes) this.#distribute(n);
    } else this.#store(keys, items, lazy);
    if (initial) {
      this.#synced = true;
      for (const l of this.#listeners) l.markSynced();
    }
  }

  /** `items[i]`, decoded in place if it was not. */
  #decoded(items: (T | RawObject)[], i: number): T {
    const item = items[i]!;
    if (!(item instanceof RawObject)) return item;
    const obj = this.#decodeRaw(item);
    items[i] = obj;
    return obj;
  }

  #store(keys: string[], items: (T | RawObject)[], lazy: boolean): void {
    if (lazy) this.#indexer.replaceKeyed(keys, items, this.#decodeRaw);
    else this.#indexer.replaceKeyed(keys, items as T[]);
  }

  /** Arms one timer for the handler due soonest; due handlers get every cached object. */
  #scheduleResync(): void {
    clearTimeout(this.#resyncTimer);
    this.#resyncTimer = undefined;
    if (!this.#started || this.#stopped) return;
    let next = Infinity;
    for (const l of this.#listeners) {
      if (l.resyncPeriodMs > 0 && l.nextResync === Infinity) l.nextResync = performance.now() + l.resyncPeriodMs;
      next = Math.min(next, l.nextResync);
    }
    if (next === Infinity) return;
    this.#resyncTimer = setTimeout(() => this.#resync(), Math.max(1, next - performance.now()));
  }

  #resync(): void {
    const now = performance.now();
    const due = this.#listeners.filter((l) => l.nextResync <= now);
    if (due.length > 0 && this.#synced) {
      const objects = this.#indexer.list();
      for (const l of due) for (const obj of objects) l.add({ kind: "update", old: obj, obj });
    }
    for (const l of due) l.nextResync = now + l.resyncPeriodMs;
    this.#scheduleResync();
  }
}

function resourceVersionOf(item: MetaObject | RawObject): string | undefined {
  return item instanceof RawObject ? item.resourceVersion : item.metadata?.resourceVersion;
}

/**
 * Waits until every `hasSynced` returns true (checking every 10 ms). Resolves true then, or
 * false if `signal` aborts first.
 */
export async function waitForCacheSync(signal: AbortSignal, ...hasSynced: (() => boolean)[]): Promise<boolean> {
  for (;;) {
    if (hasSynced.every((f) => f())) return true;
    if (signal.aborted) return false;
    await sleep(10, signal);
  }
}
