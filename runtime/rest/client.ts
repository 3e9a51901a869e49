/** The REST client: rate-limited, retrying requests and streamed watches against one API server. */
import { isAscii } from "node:buffer";
import type http from "node:http";
import type { Status } from "../../api/meta/v1/types.js";
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_RETRY_INITIAL_MS,
  DEFAULT_RETRY_MAX_MS,
  MEDIA_TYPE_JSON,
  MEDIA_TYPE_MERGE_PATCH,
  MEDIA_TYPE_PROTOBUF,
  type RestConfig,
} from "./config.js";
import { isStatusObject, newGenericServerResponse, StatusError } from "./errors.js";
import { rateLimiterFor, type RateLimiter } from "./rate-limiter.js";
import { scanJsonList, type RawObject } from "./json-list-scan.js";
import { readBody, Transport, TransportError, type Query } from "./transport.js";
import { defaultWarningHandler, parseWarningHeaders, warningHeaderValues, type WarningHandler } from "./warnings.js";
import {
  decodeJsonWatchEvent,
  decodeProtobufWatchEvent,
  JsonLineSplitter,
  LengthPrefixedSplitter,
  type FrameSplitter,
  type WatchEvent,
} from "./watch.js";

/** An HTTP verb the API uses. */
export type Verb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One API call. */
export interface RestRequest {
  method: Verb;
  /** The path below the server URL, such as `/api/v1/namespaces`. */
  path: string;
  query?: Query;
  /** An object (encoded as the content type says), or bytes / a string sent as is. */
  body?: unknown;
  /** The body's media type; the config's (JSON by default), or a JSON merge patch for PATCH. */
  contentType?: string;
  /** The Accept header; by default the config's content type, with JSON as fallback for protobuf. */
  accept?: string;
  signal?: AbortSignal;
  /** Deadline for this call, retries included; the config's `timeoutMs` when absent. */
  timeoutMs?: number;
  /** More headers. */
  headers?: Readonly<Record<string, string>>;
  /** Told the first chunk of a successful response's body (and its media type) as it arrives. */
  onBodyStart?: (head: Uint8Array, contentType: string) => void;
  /**
   * Also opens a second pooled connection now, unless two are idle already, so that a request
   * sent while this one still answers (a pipelined list's next page) finds its TLS handshake done.
   */
  warmConnection?: boolean;
  /**
   * Asks for a JSON list's items undecoded: they are handed here (see {@link scanJsonList}) and
   * the body returned is the list without them (`items: []`). Not called for a protobuf answer
   * or a body without items, which decode as usual.
   */
  onRawItems?: (items: RawObject[]) => void;
}

/** One watch: a GET with `watch=1` whose response streams events. */
export interface WatchRequest {
  /** The collection's path, such as `/api/v1/namespaces`. */
  path: string;
  /** List options: resourceVersion, labelSelector, allowWatchBookmarks, timeoutSeconds... */
  query?: Query;
  /** Aborting ends the iteration quietly. */
  signal?: AbortSignal;
  /** The Accept header; as for {@link RestRequest.accept}. */
  accept?: string;
}

/** A decoded successful response with its status and headers, for callers that need them. */
export interface RestResponse<T> {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: T;
}

const IDEMPOTENT_RETRY_CODES: ReadonlySet<string> = new Set(["ECONNRESET", "EPIPE"]);
const MAX_ERROR_TEXT = 2048;

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

function isJsonMedia(media: string): boolean {
  return media === MEDIA_TYPE_JSON || media.endsWith("+json");
}

/**
 * The text of a JSON body. ASCII (all of it, unless a value holds other characters) is decoded
 * as Latin-1, which reads those bytes alike and which Node does several times faster than UTF-8
 * for a large body (a 7 MB list: ~0.6 ms against ~3 ms).
 */
function jsonText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

function retryAfterSeconds(res: http.IncomingMessage): number | undefined {
  const h = res.headers["retry-after"];
  return typeof h === "string" && /^\s*\d+\s*$/.test(h) ? Number(h) : undefined;
}

/** Sleeps, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A signal that aborts with the caller's signal or, with a TimeoutError, after `timeoutMs`. */
function callSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): { signal: AbortSignal; done: () => void } {
  if (timeoutMs === undefined && signal !== undefined) return { signal, done: () => {} };
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal!.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => controller.abort(new DOMException(`the request timed out after ${timeoutMs} ms`, "TimeoutError")), timeoutMs);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * A client of one API server (client-go's RESTClient). Every attempt first waits on the
 * token bucket. Throttled (429) responses, and 5xx responses that carry Retry-After, are
 * retried for any verb after the delay the server asks for; a 5xx without Retry-After, and a
 * connection reset, are retried only for GET (a POST may have taken effect), with doubling
 * backoff; a reset on a reused keep-alive socket is retried at once for any verb, since the
 * request never reached a live connection. Other failures throw at once: a
 * {@link StatusError} for an HTTP error, a TransportError below HTTP, the signal's reason on
 * abort, a DOMException named TimeoutError when the deadline passes.
 */
export class RestClient {
  private readonly transport: Transport;
  private readonly limiter: RateLimiter;
  private readonly maxRetries: number;
  private readonly warningHandler: WarningHandler;

  constructor(readonly config: RestConfig) {
    this.transport = new Transport(config);
    this.limiter = rateLimiterFor(config);
    this.maxRetries = Math.max(0, config.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.warningHandler = config.warningHandler ?? defaultWarningHandler;
  }

  /** The namespace for namespaced calls that name none: the config's (kubeconfig context, pod), else "default". */
  get defaultNamespace(): string {
    return this.config.namespace || "default";
  }

  /** Sends a request and returns the decoded body (undefined for an empty one). */
  async request<T>(req: RestRequest): Promise<T> {
    return (await this.requestWithResponse<T>(req)).body;
  }

  /** Like {@link RestClient.request}, with the status code and headers too. */
  async requestWithResponse<T>(req: RestRequest): Promise<RestResponse<T>> {
    const { signal, done } = callSignal(req.signal, req.timeoutMs ?? this.config.timeoutMs);
    if (req.warmConnection) this.transport.warmConnection();
    try {
      const res = await this.open(req.method, req.path, req.query, this.headers(req), this.encode(req), signal);
      const reading = readBody(res, signal);
      const onBodyStart = req.onBodyStart;
      // After readBody's listener, so the chunk is still collected whatever the callback does.
      if (onBodyStart) {
        res.once("data", (chunk: Buffer) => {
          try {
            onBodyStart(chunk, mediaType(res.headers["content-type"]));
          } catch {
            // A hint only: a failing one must not break the read.
          }
        });
      }
      const bytes = await reading;
      const body = req.onRawItems ? this.decodeList(res, bytes, req.onRawItems) : this.decode(res, bytes);
      // A Status reporting failure is an error even under a 2xx code, as in client-go.
      if (isStatusObject(body) && body.status === "Failure") throw this.statusError(body, res.statusCode ?? 0);
      return { statusCode: res.statusCode ?? 0, headers: res.headers, body: body as T };
    } finally {
      done();
    }
  }

  /**
   * Watches a collection: sends `watch=1` and yields events as they arrive, decoded from
   * JSON lines or protobuf frames by the response's content type. ERROR events are yielded
   * (their object is a Status) for the consumer to act on. The iteration ends when the server
   * closes the stream or the signal aborts; a broken connection throws.
   */
  async *watch<T>(req: WatchRequest): AsyncGenerator<WatchEvent<T>, void, undefined> {
    const { signal, done } = callSignal(req.signal, undefined);
    let res: http.IncomingMessage | undefined;
    try {
      try {
        const headers = this.headers({ method: "GET", path: req.path, ...(req.accept !== undefined && { accept: req.accept }) });
        res = await this.open("GET", req.path, { ...req.query, watch: 1 }, headers, undefined, signal, true);
      } catch (err) {
        if (signal.aborted) return;
        throw err;
      }
      const media = mediaType(res.headers["content-type"]);
      const protobuf = media === MEDIA_TYPE_PROTOBUF;
      const splitter: FrameSplitter = protobuf ? new LengthPrefixedSplitter() : new JsonLineSplitter();
      const decodeFrame = (frame: Uint8Array): WatchEvent<T> =>
        protobuf ? decodeProtobufWatchEvent<T>(frame, this.config.protobufCodec) : decodeJsonWatchEvent<T>(frame);
      const stream = res;
      const onAbort = () => stream.destroy();
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          for (const frame of splitter.push(chunk)) yield decodeFrame(frame);
        }
        if (!stream.complete && !signal.aborted) throw new Error("the watch connection closed before the server ended the stream");
        for (const frame of splitter.end()) yield decodeFrame(frame);
      } catch (err) {
        if (signal.aborted) return;
        throw err;
      } finally {
        signal.removeEventListener("abort", onAbort);
      }
    } finally {
      res?.destroy();
      done();
    }
  }

  /** Closes the client's connections, open watches included. */
  close(): void {
    this.transport.close();
  }

  private headers(
    req: Pick<RestRequest, "method" | "path" | "accept" | "contentType" | "body" | "headers">,
  ): Record<string, string | string[]> {
    const protobuf = this.config.contentType === MEDIA_TYPE_PROTOBUF;
    const headers = this.transport.defaultHeaders();
    headers["Accept"] = req.accept ?? (protobuf ? `${MEDIA_TYPE_PROTOBUF}, ${MEDIA_TYPE_JSON}` : MEDIA_TYPE_JSON);
    if (req.body !== undefined) headers["Content-Type"] = this.contentType(req);
    return { ...headers, ...req.headers };
  }

  private contentType(req: Pick<RestRequest, "method" | "contentType">): string {
    return req.contentType ?? (req.method === "PATCH" ? MEDIA_TYPE_MERGE_PATCH : (this.config.contentType ?? MEDIA_TYPE_JSON));
  }

  private encode(req: RestRequest): Uint8Array | undefined {
    const { body } = req;
    if (body === undefined) return undefined;
    if (body instanceof Uint8Array) return body;
    if (typeof body === "string") return Buffer.from(body, "utf8");
    if (mediaType(this.contentType(req)) === MEDIA_TYPE_PROTOBUF) {
      if (this.config.protobufCodec === undefined) throw new Error("protobuf was requested but the client config has no protobufCodec");
      return this.config.protobufCodec.encode(body);
    }
    return Buffer.from(JSON.stringify(body), "utf8");
  }

  private decode(res: http.IncomingMessage, bytes: Buffer): unknown {
    const media = mediaType(res.headers["content-type"]);
    if (media === MEDIA_TYPE_PROTOBUF) {
      if (this.config.protobufCodec === undefined)
        throw new Error("the server answered in protobuf but the client config has no protobufCodec");
      return this.config.protobufCodec.decode(bytes);
    }
    if (bytes.length === 0) return undefined;
    if (isJsonMedia(media) || media === "") return JSON.parse(jsonText(bytes));
    return bytes.toString("utf8");
  }

  /** {@link RestClient.decode}, a JSON list's items split out undecoded to `onRawItems`. */
  private decodeList(res: http.IncomingMessage, bytes: Buffer, onRawItems: (items: RawObject[]) => void): unknown {
    const media = mediaType(res.headers["content-type"]);
    if (bytes.length === 0 || !(isJsonMedia(media) || media === "")) return this.decode(res, bytes);
    const { head, items } = scanJsonList(jsonText(bytes));
    if (items === undefined || isStatusObject(head)) return head;
    onRawItems(items);
    return Object.assign(head, { items: [] });
  }

  /**
   * Sends with rate limiting and retries until a 2xx response, whose body is left unread.
   * Warning headers of every response go to the warning handler. A 401 to credentials from an
   * auth plugin drops them and is retried once with new ones (it was not processed).
   * Throws the StatusError of the last failed response.
   */
  private async open(
    method: Verb,
    path: string,
    query: Query | undefined,
    headers: Record<string, string | string[]>,
    body: Uint8Array | undefined,
    signal: AbortSignal,
    stream = false,
  ): Promise<http.IncomingMessage> {
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      await this.limiter.wait(signal);
      // Only with a plugin: a request without one does not pay for the await.
      const creds = this.transport.hasCredentialPlugin ? await this.transport.credentials() : undefined;
      // A plugin's token only where the caller set no Authorization of its own, as client-go.
      const sent =
        creds?.token !== undefined && headers["Authorization"] === undefined
          ? { ...headers, Authorization: `Bearer ${creds.token}` }
          : headers;
      let res: http.IncomingMessage;
      try {
        res = await this.transport.send({ method, path, query, headers: sent, body, signal, stream });
      } catch (err) {
        const delay = signal.aborted || attempt >= this.maxRetries ? undefined : this.delayAfterError(method, err, attempt);
        if (delay === undefined) throw err;
        await sleep(delay, signal);
        continue;
      }
      this.handleWarnings(res);
      const code = res.statusCode ?? 0;
      if (code >= 200 && code < 300) return res;
      const bytes = await readBody(res, signal);
      if (code === 401 && creds !== undefined && !refreshed && this.transport.unauthorized(creds)) {
        refreshed = true;
        attempt--;
        continue;
      }
      const retryAfter = retryAfterSeconds(res);
      const delay = attempt >= this.maxRetries ? undefined : this.delayAfterResponse(method, code, retryAfter, attempt);
      if (delay === undefined) throw this.errorFromResponse(method, res, bytes, retryAfter);
      await sleep(delay, signal);
    }
  }

  private handleWarnings(res: http.IncomingMessage): void {
    const values = warningHeaderValues(res.rawHeaders);
    if (values.length === 0) return;
    for (const w of parseWarningHeaders(values)) this.warningHandler(w);
  }

  private backoff(attempt: number): number {
    const initial = this.config.retryInitialMs ?? DEFAULT_RETRY_INITIAL_MS;
    const max = this.config.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
    const base = Math.min(max, initial * 2 ** attempt);
    // Up to 20% jitter, so that clients throttled together do not return together.
    return Math.round(base * (1 + Math.random() * 0.2));
  }

  private delayAfterResponse(method: Verb, code: number, retryAfter: number | undefined, attempt: number): number | undefined {
    if (code !== 429 && code < 500) return undefined;
    if (retryAfter !== undefined) return retryAfter * 1000;
    // Without Retry-After a 429 still means "not processed"; other 5xx may have been.
    return code === 429 || method === "GET" ? this.backoff(attempt) : undefined;
  }

  private delayAfterError(method: Verb, err: unknown, attempt: number): number | undefined {
    if (!(err instanceof TransportError)) return undefined;
    if (err.reusedSocket && err.code === "ECONNRESET") return 0;
    return method === "GET" && IDEMPOTENT_RETRY_CODES.has(err.code) ? this.backoff(attempt) : undefined;
  }

  private statusError(status: Status, httpCode: number): StatusError {
    return new StatusError({ ...status, code: status.code || httpCode });
  }

  /** The Status the server sent, or one synthesised from the code and a text body as client-go does. */
  private errorFromResponse(method: Verb, res: http.IncomingMessage, bytes: Buffer, retryAfter: number | undefined): StatusError {
    const code = res.statusCode ?? 0;
    const media = mediaType(res.headers["content-type"]);
    try {
      const body = this.decode(res, bytes);
      if (isStatusObject(body)) return this.statusError(body, code);
    } catch {
      // Not a decodable Status: fall through to a synthesised one.
    }
    const text = media === "" || media.startsWith("text/") ? bytes.subarray(0, MAX_ERROR_TEXT).toString("utf8").trim() : "unknown";
    return newGenericServerResponse(code, method, { group: "", resource: "" }, "", text, retryAfter ?? 0, true);
  }
}
