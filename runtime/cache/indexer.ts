// A store with secondary indexes (by namespace, or any function of an object), kept in step.
import { deletionHandlingMetaNamespaceKeyFunc, type DeletedFinalStateUnknown, type KeyFunc, type MetaObject } from "./keys.js";
import { RawObject } from "../rest/json-list-scan.js";
import type { Store } from "./store.js";

/** Computes the values an object is indexed under (none, one or several). */
export type IndexFunc<T> = (obj: T) => string[];

/** Index functions by index name. */
export type Indexers<T> = Record<string, IndexFunc<T>>;

/** The name of the namespace index. */
export const NamespaceIndex = "namespace";

/** Indexes an object under its namespace (`""` for cluster-scoped objects). */
export function metaNamespaceIndexFunc(obj: MetaObject): string[] {
  return [obj.metadata?.namespace ?? ""];
}

/** A {@link Store} with named indexes (client-go's `cache.Indexer`). */
export interface Indexer<T> extends Store<T> {
  /** Objects sharing at least one of `obj`'s values in index `indexName`. */
  index(indexName: string, obj: T): T[];
  /** Keys of the objects indexed under `value` in `indexName`. */
  indexKeys(indexName: string, value: string): string[];
  /** Every value index `indexName` currently holds. */
  listIndexFuncValues(indexName: string): string[];
  /** Objects indexed under `value` in `indexName`. */
  byIndex(indexName: string, value: string): T[];
  /** The index functions, by name. */
  getIndexers(): Indexers<T>;
  /** Adds indexes, built at once over the objects already stored; a name in use is an error. */
  addIndexers(indexers: Indexers<T>): void;
}

/**
 * The in-memory {@link Indexer}: a map from key to object, and per index a map from value to
 * the set of keys. Empty value sets are dropped so churn does not leak memory. A full replace
 * (an informer's list) leaves the indexes to be rebuilt from the objects when first read: an
 * informer's initial sync does not wait on them, and an index nobody reads is never built.
 * A replace may also hand over items undecoded ({@link RawObject}, with a decoder): each is
 * decoded when first read (get, list, an index, or a write that must unindex it) and kept so.
 */
export class IndexedStore<T> implements Indexer<T> {
  #items = new Map<string, T | RawObject>();
  /** Decodes the undecoded entries of the last replace. */
  #decode: ((raw: RawObject) => T) | undefined;
  #indexers: Indexers<T> = {};
  /** One entry per index, in an array because every write walks all of them. */
  #indices: IndexState<T>[] = [];

  /**
   * @param keyFunc - how objects are keyed.
   * @param indexers - the indexes to maintain.
   */
  constructor(
    readonly keyFunc: KeyFunc<T>,
    indexers: Indexers<T> = {},
  ) {
    this.addIndexers(indexers);
  }

  /** {@inheritDoc Store.add} */
  add(obj: T): void {
    const key = this.keyFunc(obj);
    const old = this.#items.get(key);
    this.#items.set(key, obj);
    if (old instanceof RawObject) {
      // Decoded only when a built index must move it.
      if (this.#indices.some((s) => s.values !== undefined)) this.#reindex(key, this.#decode!(old), obj);
    } else this.#reindex(key, old, obj);
  }

  /** {@inheritDoc Store.update} */
  update(obj: T): void {
    this.add(obj);
  }

  /** {@inheritDoc Store.delete} */
  delete(obj: T | DeletedFinalStateUnknown<T>): void {
    this.deleteByKey(this.keyFunc(obj));
  }

  /** Removes the object stored under `key`. */
  deleteByKey(key: string): void {
    const old = this.#items.get(key);
    if (old === undefined) return;
    this.#items.delete(key);
    if (old instanceof RawObject) {
      if (this.#indices.some((s) => s.values !== undefined)) this.#reindex(key, this.#decode!(old), undefined);
    } else this.#reindex(key, old, undefined);
  }

  /** {@inheritDoc Store.list} */
  list(): T[] {
    const out = new Array<T>(this.#items.size);
    let i = 0;
    for (const [key, v] of this.#items) out[i++] = v instanceof RawObject ? this.#decoded(key, v) : v;
    return out;
  }

  /** {@inheritDoc Store.listKeys} */
  listKeys(): string[] {
    return Array.from(this.#items.keys());
  }

  /** {@inheritDoc Store.get} */
  get(obj: T): T | undefined {
    return this.getByKey(this.keyFunc(obj));
  }

  /** {@inheritDoc Store.getByKey} */
  getByKey(key: string): T | undefined {
    const v = this.#items.get(key);
    return v instanceof RawObject ? this.#decoded(key, v) : v;
  }

  /** What is stored under `key`, left undecoded if it is (for a cache comparing versions). */
  entryByKey(key: string): T | RawObject | undefined {
    return this.#items.get(key);
  }

  /** {@inheritDoc Store.size} */
  size(): number {
    return this.#items.size;
  }

  /** {@inheritDoc Store.replace} */
  replace(items: readonly T[], _resourceVersion: string): void {
    this.replaceKeyed(
      items.map((obj) => this.keyFunc(obj)),
      items,
    );
  }

  /**
   * {@link IndexedStore.replace} with the keys already computed (`keys[i]` is `items[i]`'s);
   * undecoded items need `decode`, which turns one into the object stored (and must keep its key).
   */
  replaceKeyed(keys: readonly string[], items: readonly T[]): void;
  replaceKeyed(keys: readonly string[], items: readonly (T | RawObject)[], decode: (raw: RawObject) => T): void;
  replaceKeyed(keys: readonly string[], items: readonly (T | RawObject)[], decode?: (raw: RawObject) => T): void {
    const map = new Map<string, T | RawObject>();
    for (let i = 0; i < items.length; i++) map.set(keys[i]!, items[i]!);
    this.#items = map;
    // Entries from an earlier replace are gone with its map: only this one's decoder is needed.
    this.#decode = decode;
    // Rebuilt from the new contents when first read (a key listed twice counts once, its last
    // object): no old values to move, so none of #reindex's per-object comparisons.
    for (const state of this.#indices) state.values = undefined;
  }

  /** {@inheritDoc Indexer.index} */
  index(indexName: string, obj: T): T[] {
    const state = this.#state(indexName);
    const values = state.fn(obj);
    const index = this.#values(state);
    if (values.length === 1) return this.#objects(index.get(values[0]!));
    const keys = new Set<string>();
    for (const v of values) for (const k of index.get(v) ?? []) keys.add(k);
    return this.#objects(keys);
  }

  /** {@inheritDoc Indexer.indexKeys} */
  indexKeys(indexName: string, value: string): string[] {
    return Array.from(this.#values(this.#state(indexName)).get(value) ?? []);
  }

  /** {@inheritDoc Indexer.listIndexFuncValues} */
  listIndexFuncValues(indexName: string): string[] {
    const state = this.#indices.find((s) => s.name === indexName);
    return state === undefined ? [] : Array.from(this.#values(state).keys());
  }

  /** {@inheritDoc Indexer.byIndex} */
  byIndex(indexName: string, value: string): T[] {
    return this.#objects(this.#values(this.#state(indexName)).get(value));
  }

  /** {@inheritDoc Indexer.getIndexers} */
  getIndexers(): Indexers<T> {
    return { ...this.#indexers };
  }

  /** {@inheritDoc Indexer.addIndexers} */
  addIndexers(indexers: Indexers<T>): void {
    const names = Object.keys(indexers);
    const clash = names.filter((n) => Object.hasOwn(this.#indexers, n));
    if (clash.length > 0) throw new Error(`indexer conflict: ${clash.join(", ")}`);
    for (const name of names) {
      const fn = indexers[name]!;
      this.#indexers[name] = fn;
      const state: IndexState<T> = { name, fn, values: undefined };
      this.#indices.push(state);
      // Built now, so that an index function that throws fails here rather than at a read.
      this.#values(state);
    }
  }

  /** The index's values, built from the objects first if a replace left it unbuilt. */
  #values(state: IndexState<T>): Map<string, Set<string>> {
    if (state.values !== undefined) return state.values;
    const values = new Map<string, Set<string>>();
    const fn = state.fn;
    this.#items.forEach((v, key) => {
      const vs = fn(v instanceof RawObject ? this.#decoded(key, v) : v);
      for (let j = 0; j < vs.length; j++) addTo(values, vs[j]!, key);
    });
    state.values = values;
    return values;
  }

  #state(indexName: string): IndexState<T> {
    const state = this.#indices.find((s) => s.name === indexName);
    if (!state) throw new Error(`index ${JSON.stringify(indexName)} does not exist`);
    return state;
  }

  #objects(keys: Iterable<string> | undefined): T[] {
    const out: T[] = [];
    if (keys) for (const k of keys) out.push(this.getByKey(k)!);
    return out;
  }

  /** Decodes an undecoded entry and stores the object in its place (a Map keeps a key's position). */
  #decoded(key: string, raw: RawObject): T {
    const obj = this.#decode!(raw);
    this.#items.set(key, obj);
    return obj;
  }

  /** Moves `key` from the index values of `old` to those of `obj`. */
  #reindex(key: string, old: T | undefined, obj: T | undefined): void {
    for (const { fn, values: index } of this.#indices) {
      // Unbuilt: it is built from the objects, this write included, when first read.
      if (index === undefined) continue;
      const before = old === undefined ? [] : fn(old);
      const after = obj === undefined ? [] : fn(obj);
      // The common case (one unchanged value, e.g. the namespace) touches nothing.
      if (before.length === 1 && after.length === 1 && before[0] === after[0]) continue;
      for (const v of before) if (!after.includes(v)) removeFrom(index, v, key);
      for (const v of after) addTo(index, v, key);
    }
  }
}

interface IndexState<T> {
  name: string;
  fn: IndexFunc<T>;
  /** Index value -> keys of the objects with that value; undefined until read after a replace. */
  values: Map<string, Set<string>> | undefined;
}

function addTo(index: Map<string, Set<string>>, value: string, key: string): void {
  const set = index.get(value);
  if (set) set.add(key);
  else index.set(value, new Set([key]));
}

function removeFrom(index: Map<string, Set<string>>, value: string, key: string): void {
  const set = index.get(value);
  if (!set) return;
  set.delete(key);
  if (set.size === 0) index.delete(value);
}

/**
 * An indexer keyed by {@link deletionHandlingMetaNamespaceKeyFunc}, with the namespace index
 * built in unless `indexers` is given (pass `{}` for none).
 */
export function newIndexer<T extends MetaObject>(
  indexers: Indexers<T> = { [NamespaceIndex]: metaNamespaceIndexFunc },
  keyFunc: KeyFunc<T> = deletionHandlingMetaNamespaceKeyFunc,
): IndexedStore<T> {
  return new IndexedStore<T>(keyFunc, indexers);
}

/** A plain store (no indexes) keyed by {@link deletionHandlingMetaNamespaceKeyFunc}. */
export function newStore<T extends MetaObject>(keyFunc: KeyFunc<T> = deletionHandlingMetaNamespaceKeyFunc): IndexedStore<T> {
  return new IndexedStore<T>(keyFunc, {});
}
