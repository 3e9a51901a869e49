/** The options of typed client calls: the API's query options plus an abort signal, as client-go's calls take a context. */
import type { DeleteOptions as MetaDeleteOptions } from "../../api/meta/v1/types.js";
import type { RawObject } from "../rest/json-list-scan.js";
import type { GetQuery, ListQuery, PatchQuery, WriteQuery } from "../rest/options.js";

/** What every call accepts besides its API options. */
export interface CallOptions {
  /** Aborts the call (for a watch: ends the stream quietly). */
  signal?: AbortSignal;
  /**
   * Told the first bytes of a successful response's body as they arrive, before the rest is
   * read and decoded (an informer's pager reads the next page's token there). Never sent.
   */
  onBodyStart?: (head: Uint8Array, contentType: string) => void;
  /** Opens a second connection alongside this call, for one sent while it answers (a pipelined list's next page). Never sent. */
  warmConnection?: boolean;
  /**
   * A list over REST answered in JSON hands its items here undecoded and returns `items: []`
   * (an informer's cache decodes each on first read). Clients that cannot (fakes, protobuf
   * answers) never call it and return the items decoded. Never sent.
   */
  onRawItems?: (items: RawObject[]) => void;
}

/** Options of create calls (metav1.CreateOptions). */
export interface CreateOptions extends WriteQuery, CallOptions {}

/** Options of update calls (metav1.UpdateOptions). */
export interface UpdateOptions extends WriteQuery, CallOptions {}

/** Options of get calls (metav1.GetOptions). */
export interface GetOptions extends GetQuery, CallOptions {}

/** Options of list and watch calls (metav1.ListOptions). */
export interface ListOptions extends ListQuery, CallOptions {}

/** Options of patch calls (metav1.PatchOptions). */
export interface PatchOptions extends PatchQuery, CallOptions {}

/** Options of delete calls: metav1.DeleteOptions, sent as the request body. */
export interface DeleteOptions extends Omit<MetaDeleteOptions, "apiVersion" | "kind">, CallOptions {}

/**
 * Options of server-side apply (metav1.ApplyOptions). `fieldManager` is required: the server
 * records which fields this manager owns. `force` takes fields over from other managers.
 */
export interface ApplyOptions extends CallOptions {
  fieldManager: string;
  force?: boolean;
  /** `["All"]` to apply without persisting. */
  dryRun?: string[];
}

/**
 * The body of a server-side apply: the fields this manager wants set, every one optional
 * (client-go's generated apply configurations). `metadata.name` is required at run time.
 */
export type ApplyConfiguration<T> = T extends readonly (infer E)[]
  ? ApplyConfiguration<E>[]
  : T extends object
    ? { [K in keyof T]?: ApplyConfiguration<T[K]> }
    : T;

/** A patch body: bytes or text sent as is, or an object sent as JSON. */
export type PatchData = string | Uint8Array | object;

/**
 * Adjusts the list options an informer lists and watches with (client-go's
 * `TweakListOptionsFunc`), e.g. to add a label selector. It modifies its argument.
 */
export type TweakListOptions = (options: ListOptions) => void;

/** Splits a call's signal from its API options, so the signal never reaches a query string. */
export function splitCall<O extends CallOptions>(
  opts: O | undefined,
): {
  signal: AbortSignal | undefined;
  rest: Omit<O, "signal" | "onBodyStart" | "warmConnection" | "onRawItems"> | undefined;
  onBodyStart?: CallOptions["onBodyStart"];
  warmConnection?: true;
  onRawItems?: CallOptions["onRawItems"];
} {
  if (opts === undefined) return { signal: undefined, rest: undefined };
  const { signal, onBodyStart, warmConnection, onRawItems, ...rest } = opts;
  return {
    signal,
    rest,
    ...(onBodyStart && { onBodyStart }),
    ...(warmConnection && { warmConnection }),
    ...(onRawItems && { onRawItems }),
  };
}
