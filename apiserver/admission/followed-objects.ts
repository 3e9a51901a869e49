/**
 * Cluster-scoped objects an admission plugin reads on every create (PriorityClasses,
 * StorageClasses), held in memory and kept current by following their storage: upstream's
 * plugins read informer listers instead of listing per request. The follow starts on first use
 * and ends when the server stops; where nothing can be followed (no watchable storage, a fake in
 * tests, a server already stopping) reads go to the objects directly.
 */
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionObjects, SignalSource } from "./objects.js";

export class FollowedObjects {
  private readonly byName = new Map<string, KubeObject>();
  private synced: Promise<boolean> | undefined;
  private stopped = false;
  private listed = false;
  /** Bumped on every change: derived values are recomputed only after one. */
  private generation = 0;
  private derived = new Map<string, { generation: number; value: unknown }>();

  constructor(
    private readonly objects: AdmissionObjects,
    readonly group: string,
    readonly resource: string,
  ) {}

  /** Whether the cache is following its storage (false before first use and after the server stopped). */
  get following(): boolean {
    return this.listed && !this.stopped;
  }

  /** Every object (one live list when the cache cannot follow). */
  async list(signal: SignalSource): Promise<readonly KubeObject[]> {
    if (await this.ready()) return [...this.byName.values()];
    return this.objects.list(this.group, this.resource, "", signal);
  }

  /**
   * The named object. A miss is read from storage as well: a class created a moment ago may not
   * have reached the cache yet, and naming it must not fail for that.
   */
  async get(name: string, signal: SignalSource): Promise<KubeObject | undefined> {
    if (await this.ready()) {
      const hit = this.byName.get(name);
      if (hit) return hit;
    }
    return this.objects.get(this.group, this.resource, "", name, signal);
  }

  /** `fn` of every object, memoized until the objects change (one live list when not following). */
  async derive<T>(key: string, fn: (objects: readonly KubeObject[]) => T, signal: SignalSource): Promise<T> {
    if (!(await this.ready())) return fn(await this.objects.list(this.group, this.resource, "", signal));
    return this.deriveFollowed(key, fn);
  }

  /** {@link derive} at once while following (no promise to wait on); else undefined, and the caller calls derive. */
  derivedNow<T>(key: string, fn: (objects: readonly KubeObject[]) => T): { value: T } | undefined {
    return this.following ? { value: this.deriveFollowed(key, fn) } : undefined;
  }

  private deriveFollowed<T>(key: string, fn: (objects: readonly KubeObject[]) => T): T {
    const memo = this.derived.get(key);
    if (memo && memo.generation === this.generation) return memo.value as T;
    const value = fn([...this.byName.values()]);
    this.derived.set(key, { generation: this.generation, value });
    return value;
  }

  /** Starts following on first call; true once the first list is in and the follow still runs. */
  private async ready(): Promise<boolean> {
    if (this.stopped) return false;
    this.synced ??= this.start();
    const ok = await this.synced;
    return ok && !this.stopped;
  }

  private async start(): Promise<boolean> {
    const follow = this.objects.follow?.(this.group, this.resource, {
      replace: (items) => {
        this.byName.clear();
        for (const o of items) this.put(o, false);
      },
      event: (obj, deleted) => this.put(obj, deleted),
      log: (line) => this.objects.log?.(line),
      what: `admission: watching ${this.resource}`,
    });
    if (!follow) return false;
    const stop = (): void => {
      this.stopped = true;
      this.byName.clear();
      this.derived.clear();
    };
    if (follow.signal.aborted) stop();
    else follow.signal.addEventListener("abort", stop, { once: true });
    try {
      await follow.synced;
      this.listed = true;
      return true;
    } catch (err) {
      // The first list failed: reads go to storage, and the next one tries to follow again.
      this.objects.log?.(`admission: listing ${this.resource} failed: ${(err as Error).message}`);
      this.synced = undefined;
      return false;
    }
  }

  private put(obj: KubeObject, deleted: boolean): void {
    const name = obj.metadata?.name;
    if (!name) return;
    if (deleted) this.byName.delete(name);
    else this.byName.set(name, obj);
    this.generation++;
  }
}
