/**
 * Lists admission reads on every create (LimitRanges, ResourceQuotas, webhook configurations,
 * policy bindings), answered again without a read while nothing of the resource changed: each
 * resource is followed (a watch, as upstream's informers), and any event or relist of it forgets
 * every answer kept for it. A kept answer is the storage read's own (cache, then live when empty),
 * so it is as fresh as the read was; after a change the next caller reads again. Where nothing
 * can be followed (fakes, a server stopping) every call reads.
 *
 * Answers are shared: callers must not change the array or its objects.
 */
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionObjects, SignalSource } from "./objects.js";

/** Bound on what is kept per resource (namespaces); the oldest goes first. */
const MAX_KEPT = 10_000;
/**
 * How long an answer is kept without a change seen: a bound on staleness should the follow's
 * watch break and its relist lag (it forgets everything then too).
 */
const MAX_AGE_MS = 1_000;

interface Followed {
  following: boolean;
  /** Bumped on every change seen. */
  generation: number;
  kept: Map<string, Kept>;
}

/** A kept answer: its read, and once that resolved, what it answered (for callers that need no promise). */
class Kept {
  settled = false;
  value: unknown = undefined;
  constructor(
    readonly at: number,
    readonly items: Promise<unknown>,
  ) {}

  settle(value: unknown): void {
    this.settled = true;
    this.value = value;
  }
}

/** The last key made, kept: most gets name the same object (a namespace's default ServiceAccount), and a kept string is hashed once. */
let lastGet = { namespace: "", name: "", key: "\0get\0\0" };
function getKey(namespace: string, name: string): string {
  if (namespace !== lastGet.namespace || name !== lastGet.name) lastGet = { namespace, name, key: `\0get\0${namespace}\0${name}` };
  return lastGet.key;
}
/** As {@link getKey}: the last live-when-empty key made, kept (limit ranger and quota ask for one on every create). */
let lastLive = { namespace: "", key: "\0live" };
function listKey(namespace: string, opts: { liveWhenEmpty?: boolean } | undefined): string {
  if (!opts?.liveWhenEmpty) return namespace;
  if (namespace !== lastLive.namespace) lastLive = { namespace, key: `${namespace}\0live` };
  return lastLive.key;
}

export class FollowedLists {
  private readonly resources = new Map<string, Map<string, Followed>>();

  constructor(
    private readonly objects: AdmissionObjects,
    private readonly now: () => number = Date.now,
  ) {}

  /** As {@link AdmissionObjects.list}, kept until the resource changes. */
  list(
    group: string,
    resource: string,
    namespace: string,
    signal: SignalSource,
    opts?: { liveWhenEmpty?: boolean },
  ): Promise<KubeObject[]> {
    return this.kept(group, resource, listKey(namespace, opts), () => this.objects.list(group, resource, namespace, signal, opts));
  }

  /**
   * As {@link AdmissionObjects.get}, a found object kept until the resource changes; a miss is
   * not kept (the get reads live on a miss: an object created a moment ago is found).
   */
  get(group: string, resource: string, namespace: string, name: string, signal: SignalSource): Promise<KubeObject | undefined> {
    const f = this.followed(group, resource);
    if (!f.following) return this.objects.get(group, resource, namespace, name, signal);
    const key = getKey(namespace, name);
    const t = this.now();
    const hit = f.kept.get(key);
    if (hit && t - hit.at < MAX_AGE_MS) return hit.items as Promise<KubeObject | undefined>;
    const generation = f.generation;
    const read = this.objects.get(group, resource, namespace, name, signal);
    // Kept once found, unless the resource changed during the read (the next caller reads again).
    read.then(
      (obj) => {
        if (obj !== undefined && f.generation === generation && f.following) this.keep(f, key, t, read).settle(obj);
      },
      () => undefined,
    );
    return read;
  }

  /**
   * What {@link get} answers at once from a kept object, for a caller that need not wait on a
   * promise; undefined when none is kept (or its read is pending): the caller calls get then.
   */
  keptObject(group: string, resource: string, namespace: string, name: string): KubeObject | undefined {
    return this.settled(group, resource, getKey(namespace, name)) as KubeObject | undefined;
  }

  /** As {@link keptObject}, for {@link list}. */
  keptList(group: string, resource: string, namespace: string, opts?: { liveWhenEmpty?: boolean }): KubeObject[] | undefined {
    return this.settled(group, resource, listKey(namespace, opts)) as KubeObject[] | undefined;
  }

  private settled(group: string, resource: string, key: string): unknown {
    const f = this.resources.get(group)?.get(resource);
    if (f === undefined || !f.following) return undefined;
    const hit = f.kept.get(key);
    return hit !== undefined && hit.settled && this.now() - hit.at < MAX_AGE_MS ? hit.value : undefined;
  }

  /** What `read` answers of the resource, kept under `key` until the resource changes (a rejection is not kept). */
  kept<T>(group: string, resource: string, key: string, read: () => Promise<T>): Promise<T> {
    const f = this.followed(group, resource);
    if (!f.following) return read();
    const t = this.now();
    const hit = f.kept.get(key);
    if (hit && t - hit.at < MAX_AGE_MS) return hit.items as Promise<T>;
    // Kept before the read returns: an event during the read forgets it, and the next caller reads again.
    const items = read();
    const entry = this.keep(f, key, t, items);
    items.then(
      (value) => entry.settle(value),
      () => {
        if (f.kept.get(key)?.items === items) f.kept.delete(key);
      },
    );
    return items;
  }

  private keep(f: Followed, key: string, at: number, items: Promise<unknown>): Kept {
    const entry = new Kept(at, items);
    f.kept.delete(key);
    f.kept.set(key, entry);
    if (f.kept.size > MAX_KEPT) f.kept.delete(f.kept.keys().next().value!);
    return entry;
  }

  private followed(group: string, resource: string): Followed {
    // By group, then resource: no key string made per call.
    let byResource = this.resources.get(group);
    if (byResource === undefined) this.resources.set(group, (byResource = new Map()));
    let f = byResource.get(resource);
    if (f) return f;
    f = { following: false, generation: 0, kept: new Map() };
    byResource.set(resource, f);
    const state = f;
    const ofGroup = byResource;
    const forget = (): void => {
      state.generation++;
      state.kept.clear();
    };
    const follow = this.objects.follow?.(group, resource, {
      replace: forget,
      event: forget,
      log: (line) => this.objects.log?.(line),
      what: `admission: watching ${resource}`,
    });
    if (!follow) return f;
    const stop = (): void => {
      state.following = false;
      forget();
    };
    if (follow.signal.aborted) return f;
    follow.signal.addEventListener("abort", stop, { once: true });
    follow.synced.then(
      () => {
        if (!follow.signal.aborted) state.following = true;
      },
      (err: unknown) => {
        // The first list failed: reads go to storage, and a later call tries to follow again.
        this.objects.log?.(`admission: listing ${resource} failed: ${(err as Error).message}`);
        follow.signal.removeEventListener("abort", stop);
        if (ofGroup.get(resource) === state) ofGroup.delete(resource);
      },
    );
    return f;
  }
}
