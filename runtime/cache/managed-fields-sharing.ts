// Smaller cached objects: lossless sharing of repeated managedFields trees and strings, and the lossy strip transform.
import type { MetaObject } from "./keys.js";

/** The parts of a managedFields entry the compactor reads. */
interface FieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  fieldsType?: string;
  subresource?: string;
  fieldsV1?: unknown;
}

interface CompactableMeta {
  namespace?: string;
  managedFields?: FieldsEntry[];
}

/** Distinct trees remembered per manager. */
const TREES_PER_MANAGER = 8;
/** Strings interned at most; past it, new strings are kept as they are. */
const MAX_STRINGS = 4096;

/**
 * Shrinks the objects an informer caches without changing what they contain. managedFields
 * are most of a typical object's heap (a ConfigMap of a few hundred bytes carries a FieldsV1
 * tree of a dozen small objects), and objects written by the same manager with the same fields
 * carry equal trees: the compactor keeps one frozen copy of each tree and points every equal
 * entry at it. Namespaces and the low-cardinality strings of entries (manager, operation,
 * apiVersion, fieldsType) are interned too.
 *
 * Shared trees are frozen: cached objects are read-only by contract, and a handler that writes
 * into one gets a TypeError rather than silently changing every object sharing it.
 */
export class ObjectCompactor {
  /** By manager, most recently matched first. */
  readonly #trees = new Map<string, Remembered[]>();
  readonly #strings = new Map<string, string>();
  /**
   * The string each field was interned to last, by field: a list's objects mostly repeat the
   * previous one's namespace and writer, and an equality test is cheaper than a lookup.
   */
  #lastNamespace = "";
  #lastManager = "";
  #lastOperation = "";
  #lastApiVersion = "";
  #lastFieldsType = "";

  /** Rewrites `obj` in place (it must be the caller's own) and returns it. */
  compact<T extends MetaObject>(obj: T): T {
    const meta: CompactableMeta | undefined = obj.metadata;
    if (meta === undefined) return obj;
    const ns = meta.namespace;
    if (ns !== undefined) meta.namespace = ns === this.#lastNamespace ? this.#lastNamespace : (this.#lastNamespace = this.#intern(ns));
    const entries = meta.managedFields;
    if (entries === undefined) return obj;
    for (const e of entries) {
      const { manager, operation, apiVersion, fieldsType } = e;
      if (manager !== undefined)
        e.manager = manager === this.#lastManager ? this.#lastManager : (this.#lastManager = this.#intern(manager));
      if (operation !== undefined)
        e.operation = operation === this.#lastOperation ? this.#lastOperation : (this.#lastOperation = this.#intern(operation));
      if (apiVersion !== undefined)
        e.apiVersion = apiVersion === this.#lastApiVersion ? this.#lastApiVersion : (this.#lastApiVersion = this.#intern(apiVersion));
      if (fieldsType !== undefined)
        e.fieldsType = fieldsType === this.#lastFieldsType ? this.#lastFieldsType : (this.#lastFieldsType = this.#intern(fieldsType));
      if (typeof e.fieldsV1 === "object" && e.fieldsV1 !== null) e.fieldsV1 = this.#share(e, e.fieldsV1);
    }
    return obj;
  }

  /** The remembered tree equal to `tree` (from an entry of the same writer), or `tree` itself, frozen and remembered. */
  #share(e: FieldsEntry, tree: object): object {
    const manager = e.manager ?? "";
    let trees = this.#trees.get(manager);
    if (trees === undefined) {
      trees = [];
      this.#trees.set(manager, trees);
    }
    for (let i = 0; i < trees.length; i++) {
      const r = trees[i]!;
      if (r.tree === tree) return tree;
      if (r.operation !== e.operation || r.apiVersion !== e.apiVersion || r.subresource !== e.subresource) continue;
      if (r.tokens !== undefined ? matchesTokens(tree, r.tokens, 0) === r.tokens.length : jsonEqual(r.tree, tree)) {
        // Most recent hits first: one writer's objects usually come in runs.
        if (i > 0) {
          trees.splice(i, 1);
          trees.unshift(r);
        }
        return r.tree;
      }
    }
    deepFreeze(tree);
    trees.unshift({ tree, operation: e.operation, apiVersion: e.apiVersion, subresource: e.subresource, tokens: tokensOf(tree) });
    if (trees.length > TREES_PER_MANAGER) trees.pop();
    return tree;
  }

  #intern(s: string): string {
    const hit = this.#strings.get(s);
    if (hit !== undefined) return hit;
    if (this.#strings.size < MAX_STRINGS) this.#strings.set(s, s);
    return s;
  }
}

interface Remembered {
  tree: object;
  operation: string | undefined;
  apiVersion: string | undefined;
  subresource: string | undefined;
  /** The tree as a flat token list (see {@link tokensOf}), when it is objects all the way down. */
  tokens: (string | number)[] | undefined;
}

/**
 * A tree of objects whose leaves are empty objects (what FieldsV1 always is) as a flat list:
 * per object, its key count, then each key followed by its value's tokens. Undefined for trees
 * with arrays or scalars, which {@link jsonEqual} compares instead.
 */
function tokensOf(tree: object): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  const walk = (node: unknown): boolean => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return false;
    const keys = Object.keys(node);
    out.push(keys.length);
    for (const k of keys) {
      out.push(k);
      if (!walk((node as Record<string, unknown>)[k])) return false;
    }
    return true;
  };
  return walk(tree) ? out : undefined;
}

/**
 * Matches `node` against `tokens` from `pos`: the position after its tokens, or -1. Keys must
 * come in the remembered order; the same writer serialises the same fields in the same order,
 * and a tree in another order is merely not shared.
 */
function matchesTokens(node: unknown, tokens: readonly (string | number)[], pos: number): number {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return -1;
  const n = tokens[pos++] as number;
  let count = 0;
  for (const k in node) {
    if (count === n || tokens[pos] !== k) return -1;
    pos = matchesTokens((node as Record<string, unknown>)[k], tokens, pos + 1);
    if (pos < 0) return -1;
    count++;
  }
  return count === n ? pos : -1;
}

/**
 * Deep equality of JSON values: arrays element by element, objects with the same keys (in any
 * order) and equal values. Walks keys with for-in so that nothing is allocated per node.
 */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (!Object.hasOwn(y, k) || !jsonEqual(x[k], y[k])) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

function deepFreeze(o: object): void {
  for (const v of Object.values(o)) if (typeof v === "object" && v !== null && !Object.isFrozen(v)) deepFreeze(v);
  Object.freeze(o);
}

/**
 * A transform that drops `metadata.managedFields` (controller-runtime's
 * TransformStripManagedFields): most controllers never read them, and they are most of an
 * object's memory. Lossy: pass it as an informer's `transform` only if nothing reads them.
 */
export function stripManagedFields<T extends MetaObject>(obj: T): T {
  const meta: CompactableMeta | undefined = obj.metadata;
  // Assigning (not deleting) keeps the object's shape, which V8 stores more compactly.
  if (meta?.managedFields !== undefined) meta.managedFields = undefined;
  return obj;
}
