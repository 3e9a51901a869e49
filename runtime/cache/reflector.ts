// Keeps a store in step with the server: list, then watch, relisting and backing off as needed.
import { getLogger } from "../logger.js";
import { Backoff, sleep, type BackoffOptions } from "./backoff.js";
import type { RawObject } from "../rest/json-list-scan.js";
import { errorFromWatchEvent } from "../rest/watch.js";
import { isGoneError, isGoneStatus, isTooLargeResourceVersionError } from "./resource-version-errors.js";
import type { MetaObject } from "./keys.js";
import type { ListWatch, ListWatchListOptions, ListWatchListResult, ListWatchWatchOptions, WatchEvent } from "./list-watch.js";

/** Where a reflector writes: a {@link Store} fits, and so does an informer's dispatcher. */
export interface ReflectorStore<T> {
  /** An object was added (watch ADDED). */
  add(obj: T): void;
  /** An object changed (watch MODIFIED). */
  update(obj: T): void;
  /** An object was deleted (watch DELETED); `obj` is its final state. */
  delete(obj: T): void;
  /** A full list arrived: the store's content becomes exactly `items`. */
  replace(items: T[], resourceVersion: string): void;
  /**
   * {@link ReflectorStore.replace} for a store that decodes on first read: lists then ask for
   * items undecoded, and those the list call returns so ({@link RawObject}) come here as they are.
   */
  replaceRaw?(items: (T | RawObject)[], resourceVersion: string): void;
  /** Whether the next list should ask for items undecoded (default: whenever `replaceRaw` exists). */
  wantsRawItems?(): boolean;
}

/** Options of a {@link Reflector}. */
export interface ReflectorOptions {
  /** Names the reflector in error reports (e.g. the resource). */
  name?: string;
  /**
   * Items per list page; 0 lists in one request. Unset, it is chosen as client-go's reflector
   * does: pages of 500 for the first list (`resourceVersion=0`, which a watch cache answers in
   * one response whatever the limit), unpaged for relists at a known version (so a watch cache
   * can serve them), and pages of 500 throughout once the first list came back paged (no cache).
   */
  pageSize?: number;
  /**
   * Pipelines the first list: pages of this many items at the latest version (a watch cache
   * answers "0" in one response whatever the limit), each next page asked for as soon as the
   * previous page's first bytes carry its continue token, so that the server serves and sends
   * page k+1 while page k is read and decoded; our apiserver serves every page from one watch
   * cache snapshot. The first page also opens a second connection (`warmConnection`), so that
   * page 2 needs no TLS handshake while page 1 is parsed (page 2's first byte: 15.5 ms -> 2.6 ms
   * with a fresh client). Off by default: on the shared 2-CPU bench machine it still cost 20-30%
   * more client CPU than one list at "0" and synced no faster (bench/informer, 10,000 ConfigMaps,
   * load 5-6, session 11); its gain needs a CPU free for the server while the client parses.
   * Relists are as without it. Ignored when `pageSize` is set.
   */
  pipelinedPageSize?: number;
  /**
   * The watchdog: a watch that delivers neither events nor bookmarks for this long is aborted
   * and started again from the last resourceVersion (default 5 minutes).
   */
  watchTimeoutMs?: number;
  /** The `timeoutSeconds` asked of the server; default a random 5..10 minutes per watch. */
  serverWatchTimeoutSeconds?: number;
  /** A watch that ends within this long having delivered nothing counts as a failure (default 1 s). */
  minWatchDurationMs?: number;
  /** Backoff after errors (default 800 ms doubling to 30 s, with jitter). */
  backoff?: BackoffOptions;
  /** Told about every error the reflector recovers from; default a warning to the runtime's logger (`setLogger`). */
  onError?: (err: unknown) => void;
  /**
   * Sync with a watch-list (client-go's WatchListClient): one watch with `sendInitialEvents`
   * streams the state, then the changes, instead of a list and a watch. A server that refuses
   * it (4xx) or does not speak it (changes before the initial-events-end bookmark) is listed
   * and watched as before, and not asked again. Default false.
   */
  useWatchList?: boolean;
}

/** The annotation of the bookmark that ends a watch-list's initial events. */
export const INITIAL_EVENTS_END_ANNOTATION = "k8s.io/initial-events-end";

/** Raised (and reported) when the watchdog aborts a silent watch. */
export class WatchStalledError extends Error {
  /** @param ms - how long the watch had been silent. */
  constructor(readonly ms: number) {
    super(`watch delivered nothing for ${ms} ms; restarting it`);
    this.name = "WatchStalledError";
  }
}

/** A whole list: its items (undecoded ones too when the store takes them), its version, and whether it came in pages. */
interface ListedItems<T> {
  items: (T | RawObject)[];
  resourceVersion: string;
  paginated: boolean;
}

/** How one watch ended. */
type WatchOutcome =
  | { kind: "closed"; events: number; durationMs: number }
  | { kind: "stalled"; events: number }
  | { kind: "gone"; events: number }
  | { kind: "error"; events: number; err: unknown }
  | { kind: "aborted"; events: number }
  /** A watch-list ended before its initial events did, or the server does not speak it. */
  | { kind: "unsynced"; events: number; err?: unknown; unsupported: boolean };

const ABORTED = Symbol("aborted");
/** client-go's pager default. */
const DEFAULT_PAGE_SIZE = 500;

/**
 * The reflector (client-go's `cache.Reflector`). `run` lists the resource page by page into the
 * store, then watches from the list's resourceVersion and applies each event, remembering the
 * last resourceVersion seen (bookmarks included) so that a watch that ends is resumed where it
 * stopped. A 410 Gone, thrown or sent as an ERROR event, means that version has been compacted
 * away: the reflector relists. Errors back off exponentially with jitter. A watchdog restarts
 * a watch that stays open but goes silent, which the server cannot always detect.
 */
export class Reflector<T extends MetaObject> {
  readonly name: string;
  readonly #pageSize: number | undefined;
  readonly #pipelinedPageSize: number | undefined;
  readonly #watchTimeoutMs: number;
  readonly #serverTimeout: number | undefined;
  readonly #minWatchMs: number;
  readonly #backoffOptions: BackoffOptions | undefined;
  readonly #onError: (err: unknown) => void;
  #lastSyncRV = "";
  /** Set after a list at lastSyncRV got 410: the next list asks for the latest version. */
  #lastSyncRVUnavailable = false;
  #running = false;
  /** The first list (at "0") came back in pages: the server has no watch cache for it. */
  #paginatedResult = false;
  readonly #useWatchList: boolean;
  /** The server refused or ignored a watch-list: list and watch from now on. */
  #watchListUnsupported = false;

  /**
   * @param listWatch - the list and watch calls.
   * @param store - receives the objects.
   * @param options - paging, watchdog, backoff and error reporting.
   */
  constructor(
    readonly listWatch: ListWatch<T>,
    readonly store: ReflectorStore<T>,
    options: ReflectorOptions = {},
  ) {
    this.name = options.name ?? "reflector";
    this.#pageSize = options.pageSize;
    this.#pipelinedPageSize = options.pipelinedPageSize;
    this.#watchTimeoutMs = options.watchTimeoutMs ?? 5 * 60_000;
    this.#serverTimeout = options.serverWatchTimeoutSeconds;
    this.#minWatchMs = options.minWatchDurationMs ?? 1000;
    this.#backoffOptions = options.backoff;
    this.#onError = options.onError ?? ((err) => getLogger().warn(`${this.name}: ${String(err)}`));
    this.#useWatchList = options.useWatchList ?? false;
  }

  /** The resourceVersion of the last list, event or bookmark applied ("" before the first list). */
  lastSyncResourceVersion(): string {
    return this.#lastSyncRV;
  }

  /** Lists and watches until `signal` aborts; resolves then. It never rejects. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#running) throw new Error(`${this.name} is already running`);
    this.#running = true;
    const backoff = new Backoff(this.#backoffOptions);
    let needList = true;
    /** Consecutive 410s with no event in between: a second one in a row waits before relisting. */
    let goneStreak = 0;
    try {
      while (!signal.aborted) {
        let outcome: WatchOutcome | undefined;
        if (needList && this.#useWatchList && !this.#watchListUnsupported) {
          const listed = await this.#watch(signal, true);
          if (listed.kind === "unsynced") {
            if (listed.unsupported) this.#watchListUnsupported = true;
            if (listed.err !== undefined) this.#report(listed.err);
            // Falls back to a list (which handles a gone resourceVersion itself).
          } else {
            // Synced: the stream went on as a watch; its end is handled below.
            needList = false;
            outcome = listed;
          }
        }
        if (needList && outcome === undefined) {
          try {
            await this.#list(signal);
            needList = false;
          } catch (err) {
            if (signal.aborted) break;
            this.#report(err);
            await sleep(backoff.next(), signal);
            continue;
          }
        }
        outcome ??= await this.#watch(signal);
        if (outcome.events > 0) {
          backoff.reset();
          goneStreak = 0;
        }
        switch (outcome.kind) {
          case "aborted":
            break;
          case "stalled":
            // A stall is not an error of ours: resume at once from the last resourceVersion.
            this.#report(new WatchStalledError(this.#watchTimeoutMs));
            break;
          case "gone":
            needList = true;
            if (goneStreak++ > 0) await sleep(backoff.next(), signal);
            break;
          case "error":
            this.#report(outcome.err);
            await sleep(backoff.next(), signal);
            break;
          case "closed":
            // A watch closed at once with nothing in it is a server refusing us in disguise.
            if (outcome.events === 0 && outcome.durationMs < this.#minWatchMs) await sleep(backoff.next(), signal);
            break;
          case "unsynced":
            break;
        }
      }
    } finally {
      this.#running = false;
    }
  }

  #report(err: unknown): void {
    try {
      this.#onError(err);
    } catch {
      // A failing reporter must not stop the reflector.
    }
  }

  /** "0" (any cached version) at first, then the last synced version, or "" when that is gone. */
  #relistResourceVersion(): string {
    if (this.#lastSyncRVUnavailable) return "";
    return this.#lastSyncRV === "" ? "0" : this.#lastSyncRV;
  }

  /** The page size of a list at `rv` (see {@link ReflectorOptions.pageSize}). */
  #pageSizeFor(rv: string): number {
    if (this.#pageSize !== undefined) return this.#pageSize;
    if (this.#paginatedResult) return DEFAULT_PAGE_SIZE;
    return rv !== "" && rv !== "0" ? 0 : DEFAULT_PAGE_SIZE;
  }

  async #list(signal: AbortSignal): Promise<void> {
    const rv = this.#relistResourceVersion();
    let result: ListedItems<T>;
    try {
      result = await this.#listPages(rv, signal);
    } catch (err) {
      if (!(isGoneError(err) || isTooLargeResourceVersionError(err)) || rv === "") throw err;
      // Our version was compacted away (or is ahead of a lagging server): ask for the latest.
      this.#lastSyncRVUnavailable = true;
      result = await this.#listPages("", signal);
    }
    // Only a paged answer at "0" says there is no watch cache; lists at "" always page.
    if (rv === "0" && result.paginated) this.#paginatedResult = true;
    this.#lastSyncRVUnavailable = false;
    if (this.store.replaceRaw) this.store.replaceRaw(result.items, result.resourceVersion);
    else this.store.replace(result.items as T[], result.resourceVersion);
    this.#lastSyncRV = result.resourceVersion;
  }

  async #listPages(resourceVersion: string, signal: AbortSignal): Promise<ListedItems<T>> {
    const rawItems = this.store.replaceRaw !== undefined && (this.store.wantsRawItems?.() ?? true);
    const pipelined =
      this.#pageSize === undefined && this.#pipelinedPageSize !== undefined && this.#pipelinedPageSize > 0 && resourceVersion === "0";
    const rv0 = pipelined ? "" : resourceVersion;
    const size = pipelined ? this.#pipelinedPageSize : this.#pageSizeFor(resourceVersion);
    const limit = size > 0 ? size : undefined;
    // Cancels pages asked for ahead and not used (after an error, or a token that did not match).
    const ahead = new AbortController();
    const forward = (): void => ahead.abort(signal.reason);
    signal.addEventListener("abort", forward, { once: true });
    interface Pending {
      page: Promise<ListWatchListResult<T>>;
      next?: { token: string; pending: Pending };
    }
    const send = (opts: ListWatchListOptions): Pending => {
      const p: Pending = { page: undefined as unknown as Promise<ListWatchListResult<T>> };
      const onContinue = (token: string): void => {
        p.next ??= { token, pending: send({ limit, continue: token }) };
      };
      p.page = this.listWatch.list({ ...opts, signal: ahead.signal, ...(pipelined && { onContinue }), ...(rawItems && { rawItems }) });
      // Awaited below when used; a page asked for ahead and dropped must not reject unhandled.
      p.page.catch(() => undefined);
      return p;
    };
    try {
      // Fresh clients have one connection at most: page 2 would wait on a TLS handshake just when it is asked for.
      let cur = send({ resourceVersion: rv0, limit, ...(pipelined && { warmConnection: true }) });
      const first = await cur.page;
      let items: (T | RawObject)[] = first.raw ?? first.items;
      let rv = first.metadata.resourceVersion ?? "";
      let token = first.metadata.continue;
      // A consistent list (at "") always pages: only a paged answer at "0" says there is no watch cache.
      const paginated = !pipelined && !!token;
      if (token) items = items.slice();
      while (token) {
        try {
          // A continue token carries the snapshot's version; the API refuses both together.
          cur = cur.next?.token === token ? cur.next.pending : send({ limit, continue: token });
          const page = await cur.page;
          for (const item of page.raw ?? page.items) items.push(item);
          rv = page.metadata.resourceVersion || rv;
          token = page.metadata.continue;
        } catch (err) {
          if (!isGoneError(err)) throw err;
          // The continue token expired mid-way (compaction): one full, unpaged list instead.
          const full = await this.listWatch.list({ resourceVersion: rv0, signal, ...(rawItems && { rawItems }) });
          return { items: full.raw ?? full.items, resourceVersion: full.metadata.resourceVersion ?? "", paginated };
        }
      }
      return { items, resourceVersion: rv, paginated };
    } finally {
      signal.removeEventListener("abort", forward);
      ahead.abort();
    }
  }

  /**
   * One watch until it ends. With `watchList`, the watch starts with the state (ADDED events
   * gathered aside until the initial-events-end bookmark, which replaces the store's content)
   * and goes on as an ordinary watch; it is "unsynced" if it ends before that bookmark.
   */
  async #watch(signal: AbortSignal, watchList = false): Promise<WatchOutcome> {
    const ctl = new AbortController();
    let events = 0;
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One resolver for whichever `next()` is pending, so aborting never waits on an iterator
    // that ignores its signal, and racing does not pile a reaction per event onto one promise.
    let wake: ((v: typeof ABORTED) => void) | undefined;
    const onAbort = (): void => wake?.(ABORTED);
    const forward = (): void => ctl.abort(signal.reason);
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        ctl.abort(new WatchStalledError(this.#watchTimeoutMs));
      }, this.#watchTimeoutMs);
    };
    signal.addEventListener("abort", forward, { once: true });
    ctl.signal.addEventListener("abort", onAbort, { once: true });
    const started = performance.now();
    let it: AsyncIterator<WatchEvent<T>> | undefined;
    /** A watch-list's initial objects, until its initial-events-end bookmark. */
    let initial: T[] | undefined = watchList ? [] : undefined;
    const ended = (): WatchOutcome => {
      // A watch-list stalled before its initial events ended synced nothing.
      if (initial && stalled) return { kind: "unsynced", events, unsupported: false, err: new WatchStalledError(this.#watchTimeoutMs) };
      return stalled ? { kind: "stalled", events } : { kind: "aborted", events };
    };
    try {
      if (signal.aborted) return { kind: "aborted", events };
      arm();
      const timeoutSeconds = this.#serverTimeout ?? Math.floor(300 * (1 + Math.random()));
      const opts: ListWatchWatchOptions = {
        resourceVersion: this.#lastSyncRV,
        allowWatchBookmarks: true,
        timeoutSeconds,
        signal: ctl.signal,
      };
      if (watchList) {
        // Not older than what we had ("" the first time, or once it was gone: the newest).
        opts.resourceVersion = this.#lastSyncRVUnavailable ? "" : this.#lastSyncRV;
        opts.sendInitialEvents = true;
        opts.resourceVersionMatch = "NotOlderThan";
      }
      it = this.listWatch.watch(opts)[Symbol.asyncIterator]();
      const iterator = it;
      for (;;) {
        if (ctl.signal.aborted) return ended();
        const r = await new Promise<IteratorResult<WatchEvent<T>> | typeof ABORTED>((resolve, reject) => {
          wake = resolve;
          iterator.next().then(resolve, reject);
        });
        wake = undefined;
        if (r === ABORTED) return ended();
        if (r.done) {
          if (initial)
            return { kind: "unsynced", events, unsupported: false, err: new Error("the watch-list ended before its initial events did") };
          return { kind: "closed", events, durationMs: performance.now() - started };
        }
        arm();
        const ev = r.value;
        if (ev.type === "ERROR") {
          if (initial) return { kind: "unsynced", events, unsupported: isRefusal(ev.object), err: errorFromWatchEvent(ev) };
          if (isGoneStatus(ev.object)) return { kind: "gone", events };
          return { kind: "error", events, err: errorFromWatchEvent(ev) };
        }
        if (initial) {
          if (ev.type === "ADDED") {
            initial.push(ev.object);
            continue;
          }
          if (ev.type !== "BOOKMARK" || annotationsOf(ev.object)[INITIAL_EVENTS_END_ANNOTATION] !== "true") {
            // Changes before the end of the initial events: the server does not speak watch-list.
            return { kind: "unsynced", events, unsupported: true };
          }
          const rv = ev.object.metadata?.resourceVersion ?? "";
          this.store.replace(initial, rv);
          this.#lastSyncRV = rv;
          this.#lastSyncRVUnavailable = false;
          initial = undefined;
          events++;
          continue;
        }
        this.#apply(ev);
        events++;
      }
    } catch (err) {
      if (ctl.signal.aborted) return ended();
      if (initial) return { kind: "unsynced", events, unsupported: isRefusal(err), err };
      if (isGoneError(err)) return { kind: "gone", events };
      return { kind: "error", events, err };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", forward);
      ctl.abort();
      // Close the stream without waiting: a stuck iterator would never answer return().
      if (it?.return) {
        try {
          it.return().catch(() => {});
        } catch {
          // return() threw synchronously: nothing more to close.
        }
      }
    }
  }

  #apply(ev: WatchEvent<T> & { type: "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" }): void {
    const obj = ev.object;
    try {
      switch (ev.type) {
        case "ADDED":
          this.store.add(obj);
          break;
        case "MODIFIED":
          this.store.update(obj);
          break;
        case "DELETED":
          this.store.delete(obj);
          break;
        case "BOOKMARK":
          break;
      }
    } catch (err) {
      this.#report(err);
    }
    const rv = obj?.metadata?.resourceVersion;
    if (rv) this.#lastSyncRV = rv;
  }
}

/** A 4xx other than 410 (and 429): the server refuses the request as such (e.g. 422 for sendInitialEvents), not for now. */
function isRefusal(errOrStatus: unknown): boolean {
  if (typeof errOrStatus !== "object" || errOrStatus === null) return false;
  const e = errOrStatus as { code?: unknown; statusCode?: unknown; status?: { code?: unknown } };
  const code = [e.status?.code, e.code, e.statusCode].find((c): c is number => typeof c === "number");
  return code !== undefined && code >= 400 && code < 500 && code !== 410 && code !== 429;
}

function annotationsOf(obj: unknown): Record<string, string | undefined> {
  const meta = (obj as { metadata?: { annotations?: Record<string, string> } } | undefined)?.metadata;
  return meta?.annotations ?? {};
}
