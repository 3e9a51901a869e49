/**
 * An in-process informer over one REST storage (all namespaces): a list, then a watch from its
 * resourceVersion (relisting when the watch fails), kept as objects by name. The Service
 * allocator reads ServiceCIDRs and IPAddresses from these instead of listing per allocation,
 * as upstream's allocator reads its informers' listers.
 */
import { apiserverContext, type KubeObject, type RESTStorage } from "../../../rest.js";

export class ObjectCache {
  private readonly objects = new Map<string, KubeObject>();
  private readonly listeners = new Set<(type: "ADDED" | "MODIFIED" | "DELETED", obj: KubeObject) => void>();
  private readonly controller = new AbortController();
  private started: Promise<void> | undefined;
  /** Bumped on every change, so derived views know when to rebuild. */
  private generation = 0;

  constructor(
    private readonly storage: RESTStorage,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Starts the list and watch once; resolves when the first list is in (the informer synced). */
  synced(): Promise<void> {
    this.started ??= this.relist().then((rv) => {
      void this.watchLoop(rv);
    });
    return this.started;
  }

  /** Ends the watch (the server is shutting down). */
  stop(): void {
    this.controller.abort();
  }

  get version(): number {
    return this.generation;
  }

  /** By name (`namespace/name` for namespaced objects). */
  get(key: string): KubeObject | undefined {
    return this.objects.get(key);
  }

  has(key: string): boolean {
    return this.objects.has(key);
  }

  values(): IterableIterator<KubeObject> {
    return this.objects.values();
  }

  /** Called after each change the watch brings. */
  onChange(fn: (type: "ADDED" | "MODIFIED" | "DELETED", obj: KubeObject) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Records a write this process just made, before the watch brings it (what a later read must see). */
  observe(type: "ADDED" | "MODIFIED" | "DELETED", obj: KubeObject): void {
    const known = this.objects.get(objectKey(obj));
    // An older version never replaces a newer one the watch already brought.
    if (type !== "DELETED" && known && Number(known.metadata?.resourceVersion ?? 0) > Number(obj.metadata?.resourceVersion ?? 0)) return;
    this.apply(type, obj);
  }

  private apply(type: "ADDED" | "MODIFIED" | "DELETED", obj: KubeObject): void {
    const key = objectKey(obj);
    if (type === "DELETED") this.objects.delete(key);
    else this.objects.set(key, obj);
    this.generation++;
    for (const fn of this.listeners) fn(type, obj);
  }

  private async relist(): Promise<string> {
    const list = await this.storage.list!(apiserverContext(this.controller.signal), {});
    const seen = new Set<string>();
    for (const item of list.items) {
      const key = objectKey(item);
      seen.add(key);
      this.apply(this.objects.has(key) ? "MODIFIED" : "ADDED", item);
    }
    for (const [key, obj] of [...this.objects]) if (!seen.has(key)) this.apply("DELETED", obj);
    return list.metadata.resourceVersion ?? "";
  }

  private async watchLoop(rv: string): Promise<void> {
    const signal = this.controller.signal;
    while (!signal.aborted) {
      const started = Date.now();
      try {
        for await (const ev of this.storage.watch!(apiserverContext(signal), { resourceVersion: rv, allowWatchBookmarks: true })) {
          if (signal.aborted) return;
          if (ev.type === "ERROR") throw new Error(JSON.stringify(ev.object));
          if (ev.object.metadata?.resourceVersion) rv = ev.object.metadata.resourceVersion;
          if (ev.type !== "BOOKMARK") this.apply(ev.type, ev.object);
        }
        // A watch that ends at once again and again must not spin.
        if (Date.now() - started < 1000) await pause(200);
      } catch (err) {
        if (signal.aborted) return;
        this.log(`${this.storage.info.plural} watch ended: ${err instanceof Error ? err.message : String(err)}; relisting`);
        await pause(1000);
        try {
          rv = await this.relist();
        } catch {
          // The next round retries.
        }
      }
    }
  }
}

/** client-go's MetaNamespaceKeyFunc: `namespace/name`, or the name of a cluster-scoped object. */
export function objectKey(obj: KubeObject): string {
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${obj.metadata?.name ?? ""}` : (obj.metadata?.name ?? "");
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
