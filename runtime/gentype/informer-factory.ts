/** The shared informer factory's machinery: one informer per type, started together, synced together, shut down together. */
import { setMaxListeners } from "node:events";
import { metaNamespaceIndexFunc, NamespaceIndex, type Indexers } from "../cache/indexer.js";
import type { MetaObject } from "../cache/keys.js";
import type { ReflectorOptions } from "../cache/reflector.js";
import { SharedIndexInformer, waitForCacheSync } from "../cache/shared-index-informer.js";
import { newListWatch, type ListerWatcher } from "./list-watch.js";
import type { TweakListOptions } from "./options.js";
import type { ObjectList } from "./resource.js";

/** Options of one generated informer (client-go's NewFilteredXInformer arguments). */
export interface InformerOptions<T> {
  /** Lists and watches only this namespace (namespaced resources; "" or absent for all). */
  namespace?: string;
  /** How often handlers are replayed every cached object; 0 or absent for never. */
  resyncMs?: number;
  /** The cache's indexes; default the namespace index. */
  indexers?: Indexers<T>;
  /** Adjusts every list and watch, e.g. to add a label selector. */
  tweakListOptions?: TweakListOptions;
  /** Reflector settings: page size, watchdog, backoff, error reporting. */
  reflector?: ReflectorOptions;
  /** Applied to each object before it is cached (client-go's SetTransform), e.g. `cache.stripManagedFields`. */
  transform?: (obj: T) => T;
  /** Lossless sharing of equal managedFields trees and strings in the cache; default true. */
  compact?: boolean;
}

/** Options of a shared informer factory. */
export interface SharedInformerFactoryOptions {
  /** The default resync period of every informer; 0 or absent for never. */
  resyncMs?: number;
  /** Resync periods for particular types, by informer key (`v1/Namespace`). */
  customResyncMs?: Readonly<Record<string, number>>;
  /** Restricts every namespaced informer to this namespace. */
  namespace?: string;
  /** Applied to every informer's list and watch options. */
  tweakListOptions?: TweakListOptions;
  /** Reflector settings shared by every informer. */
  reflector?: ReflectorOptions;
  /** Applied to every object before any informer caches it (client-go's WithTransform). */
  transform?: <T extends MetaObject>(obj: T) => T;
  /** Lossless compaction of every informer's cache (see SharedIndexInformerOptions.compact); default true. */
  compact?: boolean;
}

/** The default indexes of generated informers: by namespace, which namespaced listers read. */
export function defaultIndexers<T extends MetaObject>(): Indexers<T> {
  return { [NamespaceIndex]: metaNamespaceIndexFunc };
}

/** A shared informer over a typed client, named for error reports by its resource. */
export function newInformer<T extends MetaObject, TList extends ObjectList<T>>(
  client: ListerWatcher<T, TList>,
  resource: string,
  options: InformerOptions<T> = {},
): SharedIndexInformer<T> {
  return new SharedIndexInformer<T>(newListWatch(client, options.tweakListOptions), {
    name: resource,
    ...options.reflector,
    resyncPeriodMs: options.resyncMs ?? 0,
    indexers: options.indexers ?? defaultIndexers<T>(),
    ...(options.transform !== undefined && { transform: options.transform }),
    ...(options.compact !== undefined && { compact: options.compact }),
  });
}

/**
 * What a generated SharedInformerFactory extends (client-go's sharedInformerFactory): it keeps
 * one informer per type, so every caller asking for the Namespace informer shares one cache
 * and one watch.
 */
export class SharedInformerFactoryBase {
  readonly #informers = new Map<string, SharedIndexInformer<MetaObject>>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #stop = new AbortController();

  constructor(readonly options: SharedInformerFactoryOptions = {}) {}

  /**
   * The informer stored under `key`, made by `make` with the factory's options on first use.
   * Generated informers call it; `key` is the type's `apiVersion/Kind`.
   */
  informerFor<T extends MetaObject>(key: string, make: (options: InformerOptions<T>) => SharedIndexInformer<T>): SharedIndexInformer<T> {
    let informer = this.#informers.get(key) as SharedIndexInformer<T> | undefined;
    if (informer === undefined) {
      const o = this.options;
      informer = make({
        resyncMs: o.customResyncMs?.[key] ?? o.resyncMs ?? 0,
        ...(o.namespace !== undefined && { namespace: o.namespace }),
        ...(o.tweakListOptions !== undefined && { tweakListOptions: o.tweakListOptions }),
        ...(o.reflector !== undefined && { reflector: o.reflector }),
        ...(o.transform !== undefined && { transform: o.transform }),
        ...(o.compact !== undefined && { compact: o.compact }),
      });
      this.#informers.set(key, informer as unknown as SharedIndexInformer<MetaObject>);
    }
    return informer;
  }

  /**
   * Runs every informer asked for so far that is not running yet, until `signal` aborts or
   * {@link SharedInformerFactoryBase.shutdown}. Informers asked for later need another `start`.
   */
  start(signal?: AbortSignal): void {
    if (this.#stop.signal.aborted) return;
    const stop = signal === undefined ? this.#stop.signal : AbortSignal.any([signal, this.#stop.signal]);
    // Every informer's reflector listens on this one signal (ours): a factory of more than ten
    // kinds is the normal case, not the listener leak Node warns of past ten.
    setMaxListeners(0, stop);
    for (const [key, informer] of this.#informers) {
      if (this.#running.has(key)) continue;
      this.#running.set(key, informer.run(stop));
    }
  }

  /**
   * Waits until every started informer has synced, or `signal` aborts. Returns whether each
   * (by key) has synced.
   */
  async waitForCacheSync(signal: AbortSignal): Promise<Map<string, boolean>> {
    const started = [...this.#running.keys()].map((key) => [key, this.#informers.get(key)!] as const);
    await waitForCacheSync(
      signal,
      ...started.map(
        ([, inf]) =>
          () =>
            inf.hasSynced(),
      ),
    );
    return new Map(started.map(([key, inf]) => [key, inf.hasSynced()]));
  }

  /** Stops every informer and resolves once all have ended. The factory cannot be started again. */
  async shutdown(): Promise<void> {
    this.#stop.abort();
    await Promise.all(this.#running.values());
  }
}
