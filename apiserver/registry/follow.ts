/**
 * An in-process informer over a REST storage: list, then watch from the list's resource
 * version; when the watch fails (compacted history, a closed stream) list again and resume.
 * The server's own caches of objects (RBAC rules, APIServices) follow their storages this way.
 */
import type { KubeObject, RequestContext, RESTStorage } from "./rest.js";

export interface FollowHandlers {
  /** The whole list: the first one, and after every relist. */
  replace(items: readonly KubeObject[]): void;
  /** One watch event (BOOKMARKs are not passed on). */
  event(obj: KubeObject, deleted: boolean): void;
  log(line: string): void;
  /** Named in the log line when the watch fails (`rbac: watching Roles`...). */
  what: string;
}

/** Resolves after the first list; the watch goes on until `signal` aborts. */
export async function followStorage(
  storage: RESTStorage,
  ctx: (signal: AbortSignal) => RequestContext,
  signal: AbortSignal,
  handlers: FollowHandlers,
): Promise<void> {
  if (!storage.list || !storage.watch) return;
  const first = await storage.list(ctx(signal), {});
  handlers.replace(first.items);
  const loop = async (rv: string | undefined): Promise<void> => {
    while (!signal.aborted) {
      try {
        for await (const ev of storage.watch!(ctx(signal), {
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
          const again = await storage.list!(ctx(signal), {});
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
