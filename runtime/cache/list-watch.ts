// The list and watch calls a reflector needs, as an interface any client can implement.
import type { RawObject } from "../rest/json-list-scan.js";
import type { WatchEvent } from "../rest/watch.js";

export type { WatchEvent, WatchEventType } from "../rest/watch.js";

/** Options of a list call, as the API's ListOptions names them. */
export interface ListWatchListOptions {
  /** "0" for any cached version, a version for "not older than", unset for the latest. */
  resourceVersion?: string;
  /** At most this many items per page. */
  limit?: number;
  /** The token of the next page, from the previous page's `metadata.continue`. */
  continue?: string;
  /** A label selector in the API's string form. */
  labelSelector?: string;
  /** A field selector in the API's string form. */
  fieldSelector?: string;
  /** Cancels the request. */
  signal?: AbortSignal;
  /**
   * Told the next page's token as soon as the response's first bytes carry it, before the page
   * is read and decoded, so the pager can ask for that page meanwhile. Optional for
   * implementations: one that never calls it lists page after page.
   */
  onContinue?: (token: string) => void;
  /**
   * Open a second connection alongside this list (a pipelined pager's first page), so the next
   * page, asked for while this one is still read, needs no new handshake. A hint: optional for implementations.
   */
  warmConnection?: boolean;
  /**
   * The caller takes items undecoded: an implementation may return them in `raw` (JSON texts
   * with their keys' fields) instead of `items`. A hint: optional for implementations.
   */
  rawItems?: boolean;
}

/** One page of a list. */
export interface ListWatchListResult<T> {
  /** The objects of this page (empty when `raw` holds them). */
  items: T[];
  /** The objects of this page undecoded, when `rawItems` was asked and the implementation could. */
  raw?: RawObject[];
  /** The list's resourceVersion, and the token of the next page when there is one. */
  metadata: { resourceVersion?: string; continue?: string };
}

/** Options of a watch call. */
export interface ListWatchWatchOptions {
  /** Events after this version are sent. */
  resourceVersion: string;
  /** Reflectors always ask for bookmarks, which advance their resourceVersion on quiet streams. */
  allowWatchBookmarks: true;
  /** The server closes the watch after this long. */
  timeoutSeconds?: number;
  /**
   * The watch-list: the state at (not older than) `resourceVersion` comes first as ADDED
   * events, ended by a bookmark annotated `k8s.io/initial-events-end`, then the changes.
   */
  sendInitialEvents?: boolean;
  /** "NotOlderThan" with sendInitialEvents, as the API requires. */
  resourceVersionMatch?: "NotOlderThan";
  /** A label selector in the API's string form. */
  labelSelector?: string;
  /** A field selector in the API's string form. */
  fieldSelector?: string;
  /** Aborting it must end the stream. */
  signal: AbortSignal;
}

/**
 * Lists and watches one resource (client-go's `ListerWatcher`). Generated informers build one
 * from a typed client, applying their namespace and `tweakListOptions`; tests use in-memory
 * fakes. `watch` may throw (or its stream may throw) a 410 Gone error when `resourceVersion`
 * is too old; the reflector then relists.
 */
export interface ListWatch<T> {
  /** Lists one page. */
  list(opts: ListWatchListOptions): Promise<ListWatchListResult<T>>;
  /** Opens a watch stream starting after `opts.resourceVersion`. */
  watch(opts: ListWatchWatchOptions): AsyncIterable<WatchEvent<T>>;
}
