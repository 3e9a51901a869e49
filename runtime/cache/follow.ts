/**
 * An in-process informer over anything that lists and watches (a REST storage inside the
 * apiserver): list, then watch from the list's resource version; when the watch fails (compacted
 * history, a closed stream) list again and resume. The apiserver's own caches of objects (RBAC
 * rules, APIServices) follow their storages this way. Declared over a structural source so that
 * layers below the registry (auth) can use it without importing the registry.
 */

/** An object as the loop reads it: only its resource version matters here. */
export interface FollowedObject {
  metadata?: { resourceVersion?: string };
}

/** The part of a storage the loop uses; `C` is the storage's request context. */
export interface ListWatchSource<C, T extends FollowedObject> {
  list?(ctx: C, opts: object): Promise<{ items: T[]; metadata: { resourceVersion?: string } }>;
  watch?(ctx: C, opts: { resourceVersion?: string; allowWatchBookmarks?: boolean }): AsyncIterable<{ type: string; object: T }>;
}

export interface FollowHandlers<T> {
  /** The whole list: the first one, and after every relist. */
  replace(items: readonly T[]): void;
  /** One watch event (BOOKMARKs are not passed on). */
  event(obj: T, deleted: boolean): void;
  log(line: string): void;
  /** Named in the log line when the watch fails (`rbac: watching Roles`...). */
  what: string;
}

/** Resolves after the first list; the watch goes on until `signal` aborts. */
export async function followSource<C, T extends FollowedObject>(
  source: ListWatchSource<C, T>,
  ctx: (signal: AbortSignal) => C,
  signal: AbortSignal,
  handlers: FollowHandlers<T>,
): Promise<void> {
  const list = source.list?.bind(source);
  const watch = source.watch?.bind(source);
  if (!list || !watch) return;
  const first = await list(ctx(signal), {});
  handlers.replace(first.items);
  const loop = async (rv: string | undefined): Promise<void> => {
    while (!signal.aborted) {
      try {
        for await (const ev of watch(ctx(signal), {
          ...(rv !== undefined && { resourceVersion: rv }),
          allowWatchBookmarks: true,
        })) {
          if (ev.type === "ERROR") throw new Error(JSON.stringify(ev.object));
          if (ev.object.metadata?.resourceVersion) rv = ev.object.metadata.resourceVersion;
          if (ev.type !== "BOOKMARK") handlers.event(ev.object, ev.type === "DELETED");
        }
      } catch (err) {
        if (signal.aborted) return;
        handlers.log(`${handlers.what} failed, relisting: ${(err as Error).message}`);
        // Relist: the watch may have fallen behind compaction.
        try {
          const again = await list(ctx(signal), {});
          handlers.replace(again.items);
          rv = again.metadata.resourceVersion;
        } catch {
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    }
  };
  void loop(first.metadata.resourceVersion);
}
