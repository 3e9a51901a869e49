/**
 * Times out requests that are not long-running (watches are exempt): past the limit the client
 * gets a 504 Status, the request's signal aborts, and whatever the handler writes later is
 * dropped. A shorter `?timeout=` (Go duration, as client-go sends it) tightens the limit; one
 * that does not parse is a 400.
 */
import { newBadRequest, newTimeoutError } from "../../../runtime/rest/errors.js";
import { parseGoDuration } from "../../../runtime/protobuf/go-duration.js";
import type { Scheme } from "../../../runtime/scheme.js";
import { isLongRunning } from "../../endpoints/request-info.js";
import type { APIRequest, Filter, Handler } from "../../endpoints/request-context.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";
import { writeError } from "../../endpoints/responses.js";

/** The request's own `timeout` in milliseconds; undefined when absent or not positive. */
function requestedTimeout(params: URLSearchParams): number | undefined {
  const raw = params.get("timeout");
  if (raw === null || raw === "") return undefined;
  let ns: bigint;
  try {
    ns = parseGoDuration(raw);
  } catch (err) {
    throw newBadRequest(`invalid timeout specified in the request URL - ${(err as Error).message}`);
  }
  return ns > 0n ? Number(ns / 1_000_000n) : undefined;
}

const DONE = Promise.resolve();

/**
 * One request's deadline: a node of its filter's list of requests under the default limit (or a
 * timer of its own, for a shorter `?timeout=`), and the resolvers of the promise the filter
 * returned, which settles when the handler does or, first, when the deadline passes.
 */
class Deadline {
  timedOut = false;
  prev: Deadline | undefined = undefined;
  next: Deadline | undefined = undefined;
  /** Its own timer (a `?timeout=` limit); undefined while in the list. */
  timer: NodeJS.Timeout | undefined = undefined;
  resolve!: () => void;
  reject!: (err: unknown) => void;

  constructor(
    readonly filter: TimeoutFilter,
    readonly req: APIRequest,
    readonly res: ResponseWriter,
    /** performance.now() past which the request has timed out. */
    readonly at: number,
  ) {}

  /** The handler finished first. */
  finished(): void {
    this.filter.cancel(this);
    this.resolve();
  }

  /** The handler failed: the request's error, or, after the deadline, only worth a log line. */
  failed(err: unknown): void {
    this.filter.cancel(this);
    if (!this.timedOut) {
      this.reject(err);
      return;
    }
    const { req } = this;
    this.filter.log(`after timeout, ${req.raw.method} ${req.url.pathname} failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  /** The deadline passed first: the 504 (unless an answer started), no more writes, the request aborted. */
  expire(): void {
    this.timedOut = true;
    const { req, res } = this;
    if (!res.started) writeError(this.filter.scheme, req, res, newTimeoutError("request did not complete within the allotted timeout", 0));
    res.seal();
    req.abort(new Error("request timed out"));
    this.resolve();
  }
}

/** For new Promise(): the executor is one shared function, not a closure per request. */
let making: Deadline | undefined;
function takeResolvers(resolve: () => void, reject: (err: unknown) => void): void {
  making!.resolve = resolve;
  making!.reject = reject;
}

function expireOwn(d: Deadline): void {
  d.timer = undefined;
  d.expire();
}

/**
 * The filter's state. Requests under the default limit start in order, so their deadlines come in
 * order too: they wait in one list, oldest first, under one Node timer for the oldest (a timer
 * per request, with the closures around it, was about 1 KB of garbage per request).
 */
class TimeoutFilter {
  private head: Deadline | undefined;
  private tail: Deadline | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly timeoutMs: number,
    readonly scheme: Scheme,
    readonly log: (line: string) => void,
  ) {}

  wrap(next: Handler): Handler {
    // Not async: the returned promise is the request's (no wrapper promise of an async function).
    return (req, res) => {
      if (isLongRunning(req.info)) return next(req, res);
      let limit = this.timeoutMs;
      let own = false;
      try {
        // Most requests have no query at all: spare them the parameters' lookup.
        const asked = req.url.search === "" ? undefined : requestedTimeout(req.url.searchParams);
        if (asked !== undefined && (limit <= 0 || asked < limit)) {
          limit = Math.max(asked, 1);
          own = true;
        }
      } catch (err) {
        writeError(this.scheme, req, res, err);
        return DONE;
      }
      if (limit <= 0) return next(req, res);
      const d = new Deadline(this, req, res, performance.now() + limit);
      making = d;
      const settled = new Promise<void>(takeResolvers);
      making = undefined;
      if (own) d.timer = setTimeout(expireOwn, limit, d);
      else this.append(d);
      // Once the deadline settled the promise, the handler's outcome changes nothing in it.
      next(req, res).then(
        () => d.finished(),
        (err: unknown) => d.failed(err),
      );
      return settled;
    };
  }

  private append(d: Deadline): void {
    if (this.tail === undefined) {
      this.head = this.tail = d;
      this.arm();
    } else {
      d.prev = this.tail;
      this.tail.next = d;
      this.tail = d;
    }
  }

  /** The handler finished (or failed): its deadline no longer matters. */
  cancel(d: Deadline): void {
    if (d.timer !== undefined) {
      clearTimeout(d.timer);
      d.timer = undefined;
      return;
    }
    if (d.prev === undefined && this.head !== d) return; // not in the list (expired already)
    if (d.prev !== undefined) d.prev.next = d.next;
    else this.head = d.next;
    if (d.next !== undefined) d.next.prev = d.prev;
    else this.tail = d.prev;
    d.prev = d.next = undefined;
  }

  /**
   * A timer for the oldest deadline, unless one is set (for an older deadline: it fires early,
   * and sets the next). It stays set when the list empties, as a busy server's list does between
   * nearly every two GETs (each is answered within its turn), and is not ref'd: the requests'
   * connections keep the process up, not their deadlines.
   */
  private arm(): void {
    if (this.timer !== undefined || this.head === undefined) return;
    this.timer = setTimeout(this.fire, Math.max(1, Math.ceil(this.head.at - performance.now())));
    this.timer.unref();
  }

  /** Expires every request whose deadline passed, then waits for the next one's. */
  private readonly fire = (): void => {
    this.timer = undefined;
    const now = performance.now();
    while (this.head !== undefined && this.head.at <= now) {
      const d = this.head;
      this.head = d.next;
      if (this.head !== undefined) this.head.prev = undefined;
      else this.tail = undefined;
      d.next = undefined;
      d.expire();
    }
    this.arm();
  };
}

export function withTimeout(timeoutMs: number, scheme: Scheme, log: (line: string) => void): Filter {
  const filter = new TimeoutFilter(timeoutMs, scheme, log);
  return (next) => filter.wrap(next);
}
