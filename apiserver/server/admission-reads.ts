/**
 * How admission reads other objects: from the watch caches, as upstream's plugins read informer
 * listers, so that a create costs no consistent read (on etcd, a round trip each). A cache can lag
 * a write by a moment, so, as upstream:
 * - a get that misses is read live (a namespace or ServiceAccount created just before);
 * - a list the cache holds empty can be read live once per namespace and kept 30 s (upstream's
 *   liveLookupCache for LimitRanges and ResourceQuotas), so that a first Pod in a namespace whose
 *   LimitRange was created a moment before still gets its defaults.
 */
import type { KubeObject, RequestContext, RESTStorage } from "../registry/rest.js";

const isNotFound = (err: unknown): boolean => (err as { status?: { code?: number } }).status?.code === 404;

/** The object as the cache holds it, or undefined when it does not exist. */
async function getAt(storage: RESTStorage, ctx: RequestContext, name: string, resourceVersion?: string): Promise<KubeObject | undefined> {
  try {
    return await storage.get!(ctx, name, resourceVersion === undefined ? {} : { resourceVersion });
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** The named object read live (`ctx` asks a consistent read), or undefined when it does not exist. */
export async function liveGet(storage: RESTStorage | undefined, ctx: RequestContext, name: string): Promise<KubeObject | undefined> {
  return storage?.get ? getAt(storage, ctx, name) : undefined;
}

/**
 * The named object from the cache; a miss is read live (`live()` is the context of a consistent
 * read). Undefined when the storage serves no gets or the object does not exist.
 */
export async function cachedGet(
  storage: RESTStorage | undefined,
  ctx: RequestContext,
  name: string,
  live: () => RequestContext,
): Promise<KubeObject | undefined> {
  if (!storage?.get) return undefined;
  return (await getAt(storage, ctx, name, "0")) ?? getAt(storage, live(), name);
}

/** Every object the cache holds (in ctx's namespace, if any). */
export async function cachedList(storage: RESTStorage | undefined, ctx: RequestContext): Promise<KubeObject[]> {
  if (!storage?.list) return [];
  return (await storage.list(ctx, { resourceVersion: "0" })).items;
}

/** Upstream's TTL and bound for live lookups of empty lists. */
const LIVE_TTL_MS = 30_000;
const LIVE_MAX_ENTRIES = 10_000;

/**
 * Live lists of what a cache holds empty, one per key at a time (concurrent callers share it) and
 * kept `ttlMs`; the oldest entry goes first once `maxEntries` are held.
 */
export class LiveLookups {
  private readonly entries = new Map<string, { expires: number; items: Promise<KubeObject[]> }>();

  constructor(
    private readonly ttlMs = LIVE_TTL_MS,
    private readonly maxEntries = LIVE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  lookup(key: string, list: () => Promise<KubeObject[]>): Promise<KubeObject[]> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > t) return hit.items;
    if (hit) this.entries.delete(key);
    const items = list();
    this.entries.set(key, { expires: t + this.ttlMs, items });
    // A failed lookup is not kept: the next caller asks again.
    items.catch(() => {
      if (this.entries.get(key)?.items === items) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return items;
  }
}
