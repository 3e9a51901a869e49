/**
 * An in-memory ListWatch with an event log the test drives: objects, revisions, paging,
 * compaction (410 Gone, thrown or as an ERROR event), bookmarks, closed and stalled watches.
 */
import type { Status } from "../../../api/meta/v1/types.js";
import { StatusError } from "../../../runtime/rest/errors.js";
import { scanJsonList } from "../../../runtime/rest/json-list-scan.js";
import type {
  ListWatch,
  ListWatchListOptions,
  ListWatchListResult,
  ListWatchWatchOptions,
  WatchEvent,
} from "../../../runtime/cache/list-watch.js";

export interface Obj {
  metadata: { name: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string> };
  data?: string;
}

/** The REST client's error for a failed call. */
export const statusError = (code: number, reason: string, message = reason): StatusError =>
  new StatusError({ apiVersion: "v1", kind: "Status", status: "Failure", code, reason, message });

/** What a too-old resourceVersion gets. */
export const gone = (): StatusError => statusError(410, "Expired", "too old resource version");

interface Watcher {
  queue: WatchEvent<Obj>[];
  wake: (() => void) | undefined;
  closed: boolean;
}

const keyOf = (o: Obj): string => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name);

export class FakeListWatch implements ListWatch<Obj> {
  rv = 100;
  objects = new Map<string, Obj>();
  log: { rv: number; event: WatchEvent<Obj> }[] = [];
  /** Watches from before this revision are gone. */
  compactedRV = 0;
  /** How a watch from a compacted revision fails. */
  goneMode: "throw" | "event" = "throw";
  /** Errors the next list calls throw, first to last. */
  listErrors: unknown[] = [];
  /** Errors the next watch calls throw, first to last. */
  watchErrors: unknown[] = [];
  /** How many of the next watches never yield and ignore their signal. */
  stallNext = 0;
  /** Continue tokens fail with 410, as after compaction. */
  expireContinue = false;
  /** Lists at resourceVersion "0" ignore `limit` and answer in one response, as a watch cache does. */
  watchCacheAtRV0 = false;
  /** Lists asked for raw items answer with them undecoded, as the REST client does for JSON. */
  rawLists = false;
  lists: { opts: ListWatchListOptions; at: number }[] = [];
  /** Lists under way now, and the most at once (pipelined pages overlap). */
  listsInFlight = 0;
  maxListsInFlight = 0;
  watches: { opts: ListWatchWatchOptions; at: number }[] = [];
  #watchers = new Set<Watcher>();

  seed(n: number, ns = "default"): void {
    for (let i = 0; i < n; i++) this.create({ metadata: { name: `o${String(i).padStart(5, "0")}`, namespace: ns } });
  }

  create(o: Obj): Obj {
    return this.#write("ADDED", o);
  }

  update(o: Obj): Obj {
    return this.#write("MODIFIED", o);
  }

  delete(key: string): void {
    const old = this.objects.get(key);
    if (!old) throw new Error(`no ${key}`);
    this.objects.delete(key);
    const rv = ++this.rv;
    const obj = { ...old, metadata: { ...old.metadata, resourceVersion: String(rv) } };
    this.#emit(rv, { type: "DELETED", object: obj });
  }

  /** Sends a bookmark at a fresh revision to every open watch. */
  bookmark(): string {
    const rv = String(++this.rv);
    for (const w of this.#watchers) this.#push(w, { type: "BOOKMARK", object: { metadata: { name: "", resourceVersion: rv } } });
    return rv;
  }

  /** Sends an ERROR event with `status` to every open watch. */
  injectError(status: Status): void {
    for (const w of this.#watchers) this.#push(w, { type: "ERROR", object: status });
  }

  /** Forgets history: watches from older revisions now get 410. */
  compact(): void {
    this.compactedRV = this.rv;
    this.log = [];
  }

  /** Ends every open watch stream normally, as a server timeout does. */
  closeWatches(): void {
    for (const w of this.#watchers) {
      w.closed = true;
      w.wake?.();
    }
    this.#watchers.clear();
  }

  get openWatches(): number {
    return this.#watchers.size;
  }

  async list(opts: ListWatchListOptions): Promise<ListWatchListResult<Obj>> {
    this.lists.push({ opts, at: performance.now() });
    this.maxListsInFlight = Math.max(this.maxListsInFlight, ++this.listsInFlight);
    try {
      return await this.#list(opts);
    } finally {
      this.listsInFlight--;
    }
  }

  async #list(opts: ListWatchListOptions): Promise<ListWatchListResult<Obj>> {
    await Promise.resolve();
    const err = this.listErrors.shift();
    if (err) throw err;
    let snapshotRV = this.rv;
    let offset = 0;
    if (opts.continue) {
      if (this.expireContinue) throw gone();
      const [rv, off] = opts.continue.split(":");
      snapshotRV = Number(rv);
      offset = Number(off);
    }
    // The fake keeps no history, so pages after the first see the current objects.
    const all = [...this.objects.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    const limit = this.watchCacheAtRV0 && opts.resourceVersion === "0" ? undefined : opts.limit;
    const end = limit ? offset + limit : all.length;
    const items = all.slice(offset, end);
    // As a server's body does: the token comes in the first bytes, the items after.
    if (end < all.length && opts.onContinue) {
      opts.onContinue(`${snapshotRV}:${end}`);
      await new Promise((r) => setTimeout(r, 1));
    }
    const metadata = { resourceVersion: String(snapshotRV), continue: end < all.length ? `${snapshotRV}:${end}` : undefined };
    if (this.rawLists && opts.rawItems) return { items: [], raw: scanJsonList(JSON.stringify({ items })).items!, metadata };
    return { items, metadata };
  }

  watch(opts: ListWatchWatchOptions): AsyncIterable<WatchEvent<Obj>> {
    this.watches.push({ opts, at: performance.now() });
    const err = this.watchErrors.shift();
    if (err) throw err;
    if (this.stallNext > 0) {
      this.stallNext--;
      return stalled();
    }
    const from = Number(opts.resourceVersion);
    if (from < this.compactedRV) {
      if (this.goneMode === "throw") throw gone();
      return (async function* () {
        const event: WatchEvent<Obj> = { type: "ERROR", object: gone().status };
        yield event;
      })();
    }
    const w: Watcher = { queue: [], wake: undefined, closed: false };
    for (const entry of this.log) if (entry.rv > from) w.queue.push(entry.event);
    this.#watchers.add(w);
    const watchers = this.#watchers;
    opts.signal.addEventListener("abort", () => {
      w.closed = true;
      watchers.delete(w);
      w.wake?.();
    });
    return (async function* () {
      for (;;) {
        const ev = w.queue.shift();
        if (ev) {
          yield ev;
          continue;
        }
        if (w.closed) return;
        await new Promise<void>((r) => (w.wake = r));
        w.wake = undefined;
      }
    })();
  }

  #write(type: "ADDED" | "MODIFIED", o: Obj): Obj {
    const rv = ++this.rv;
    const obj = { ...o, metadata: { ...o.metadata, resourceVersion: String(rv) } };
    this.objects.set(keyOf(obj), obj);
    this.#emit(rv, { type, object: obj });
    return obj;
  }

  #emit(rv: number, event: WatchEvent<Obj>): void {
    this.log.push({ rv, event });
    for (const w of this.#watchers) this.#push(w, event);
  }

  #push(w: Watcher, event: WatchEvent<Obj>): void {
    w.queue.push(event);
    w.wake?.();
  }
}

/** A watch that never yields and never ends, whatever its signal says. */
function stalled(): AsyncIterable<WatchEvent<Obj>> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise<IteratorResult<WatchEvent<Obj>>>(() => {}),
    }),
  };
}

export { until } from "../../support/wait.js";
