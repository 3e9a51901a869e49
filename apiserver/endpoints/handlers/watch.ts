/**
 * Watch: a chunked stream of events, sent as they happen (those of one tick in one write). JSON
 * streams are one `{"type":...,"object":...}` per line; protobuf streams are length-prefixed
 * WatchEvent frames. With `as=Table` every event's object is a one-row Table (column definitions only in
 * the first). The stream ends at timeoutSeconds, on client disconnect or server shutdown.
 */
import { encodeWatchFrame } from "../../../runtime/protobuf/watch.js";
import type { KubeObject, WatchEvent, WatchOptions } from "../../registry/rest.js";
import { negotiateOutput, type OutputMediaType } from "../negotiation.js";
import type { ParsedListOptions } from "../query.js";
import type { APIRequest } from "../request-context.js";
import { resourceRestrictions, tableOptionsFor, transformObject } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import { statusOf, toStatusError } from "../status.js";
import type { TableOptions } from "../table/table.js";
import { restContext, type RequestScope } from "./scope.js";
import { sharedEncoding } from "../../registry/cacher/shared-encoding.js";
import { watchFrame, WatchStream, type WatchFrame } from "./watch-stream.js";

/** The longest a Node timer waits (a longer delay would fire at once): ~24.8 days, as good as forever for a watch. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function watchOptions(opts: ParsedListOptions, scope: RequestScope, timeoutSeconds: number): WatchOptions {
  const out: WatchOptions = {};
  if (opts.labelSelector) out.labelSelector = opts.labelSelector;
  if (opts.fieldSelector) out.fieldSelector = opts.fieldSelector;
  if (opts.resourceVersion !== undefined) out.resourceVersion = opts.resourceVersion;
  if (opts.resourceVersionMatch) out.resourceVersionMatch = opts.resourceVersionMatch;
  if (opts.allowWatchBookmarks) out.allowWatchBookmarks = true;
  // The effective timeout (asked for or defaulted): the registry sends its last bookmark 2 s before it.
  out.timeoutSeconds = timeoutSeconds;
  if (opts.sendInitialEvents !== undefined) out.sendInitialEvents = opts.sendInitialEvents;
  // The deprecated /watch/<resource>/<name> form watches one object.
  if (scope.name !== "") {
    const byName = `metadata.name=${scope.name}`;
    out.fieldSelector = out.fieldSelector ? `${out.fieldSelector},${byName}` : byName;
  }
  return out;
}

/** The key of a shared event encoding: one per event type, wire format and target version. */
function encodingKeys(media: OutputMediaType): Record<string, string> {
  const suffix = ` ${media.format} ${media.convert ? `${media.convert.kind}/${media.convert.version}` : ""}`;
  return { ADDED: `ADDED${suffix}`, MODIFIED: `MODIFIED${suffix}`, DELETED: `DELETED${suffix}`, BOOKMARK: `BOOKMARK${suffix}` };
}

/** Encodes one event for the stream; events of cached objects are encoded (and framed) once and shared by every watcher. */
function encodeEvent(
  scope: RequestScope,
  media: OutputMediaType,
  keys: Record<string, string>,
  tableOptions: TableOptions | undefined,
  event: WatchEvent,
): WatchFrame {
  const key = keys[event.type];
  // Table rows carry ages and per-request options: those are encoded per watcher.
  if (tableOptions || key === undefined) return watchFrame(encodeEventNow(scope, media, tableOptions, event));
  return sharedEncoding(event.object, key, () => watchFrame(encodeEventNow(scope, media, tableOptions, event)));
}

function encodeEventNow(
  scope: RequestScope,
  media: OutputMediaType,
  tableOptions: TableOptions | undefined,
  event: WatchEvent,
): Uint8Array | string {
  let object: object = event.object;
  if (event.type !== "ERROR") object = transformObject(event.object, media, scope.resource.printer, tableOptions);
  if (media.format === "protobuf") return encodeWatchFrame(scope.deps.scheme, { type: event.type, object: object });
  return `${JSON.stringify({ type: event.type, object })}\n`;
}

const sleep = (ms: number): Promise<"timeout"> => new Promise((r) => setTimeout(() => r("timeout"), ms));

export async function watchHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope, opts: ParsedListOptions): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions, true);
  const tableOptions = tableOptionsFor(req, media);
  const deps = scope.deps;
  const timeoutSeconds = opts.timeoutSeconds ?? Math.floor(deps.minRequestTimeoutSeconds * (1 + Math.random()));

  // The watch's own signal: the request's, or the timeout, whichever comes first. A negative
  // timeout has already passed: the watch is set up (so bad options still fail) and ends at once.
  const stop = new AbortController();
  const ctx = { ...restContext(req, scope), signal: stop.signal };
  // A watch the storage refuses (a bad selector or resourceVersion) throws here, before the
  // timer and listener below exist: they would outlive the request by its whole timeout.
  const iterator = scope.storage.watch!(ctx, watchOptions(opts, scope, timeoutSeconds))[Symbol.asyncIterator]();
  const onAbort = (): void => stop.abort();
  req.signal.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => stop.abort(), Math.min(Math.max(0, timeoutSeconds * 1000), MAX_TIMER_MS));
  const stopped = new Promise<"stopped">((resolve) => {
    if (stop.signal.aborted) resolve("stopped");
    stop.signal.addEventListener("abort", () => resolve("stopped"), { once: true });
  });

  let stream: WatchStream | undefined;
  try {
    // A watch that fails at once (a too-old resourceVersion, say) is answered with its status
    // code; one that fails later ends the stream with an ERROR event.
    // A negative timeout has passed before anything could be sent: an empty stream.
    const pending = timeoutSeconds < 0 ? Promise.resolve<IteratorResult<WatchEvent>>({ done: true, value: undefined }) : iterator.next();
    const first = await Promise.race([pending, sleep(10), stopped]);
    const contentType = media.format === "protobuf" ? `${media.contentType};stream=watch` : media.contentType;
    // Stopped by the client: nobody to answer. Stopped by the timeout: an empty stream, as upstream's.
    if (first === "stopped" && req.signal.aborted) return;
    res.writeHead(200, { "Content-Type": contentType, "Transfer-Encoding": "chunked", "Cache-Control": "no-cache, private" });
    res.raw.flushHeaders();
    if (first === "stopped") return;
    let result: IteratorResult<WatchEvent> | "stopped" =
      first === "timeout" ? await Promise.race([pending, stopped]).catch(errorEvent) : first;
    let tables = tableOptions;
    const keys = encodingKeys(media);
    stream = new WatchStream(res);
    for (;;) {
      if (result === "stopped" || result.done) return;
      stream.push(encodeEvent(scope, media, keys, tables, result.value));
      // Upstream sends column definitions once, in the first event.
      if (tables && !tables.noHeaders) tables = { ...tables, noHeaders: true };
      if (result.value.type === "ERROR" || stream.closed) return;
      const blocked = stream.backpressure();
      if (blocked !== undefined && !(await blocked)) return;
      // The iterator ends by itself when the signal aborts (racing `stopped` on every event would pile reactions onto it).
      result = await iterator.next().catch(errorEvent);
    }
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener("abort", onAbort);
    stop.abort();
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
    stream?.end();
    if (res.started) res.end();
  }
}

/** A failure mid-stream becomes an ERROR event carrying the Status, as upstream's watchers send it. */
function errorEvent(err: unknown): IteratorResult<WatchEvent> {
  const status = statusOf(toStatusError(err, undefined, "watch"));
  return { done: false, value: { type: "ERROR", object: status as unknown as KubeObject } };
}
