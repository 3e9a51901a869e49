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
import type { Filter } from "../../endpoints/request-context.js";
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

export function withTimeout(timeoutMs: number, scheme: Scheme, log: (line: string) => void): Filter {
  // Not async: the handler's promise, or the one below, is the request's (an async wrapper
  // around a returned promise costs two more microtask hops).
  return (next) => (req, res) => {
    if (isLongRunning(req.info)) return next(req, res);
    let limit = timeoutMs;
    try {
      // Most requests have no query at all: spare them the parameters' lookup.
      const asked = req.url.search === "" ? undefined : requestedTimeout(req.url.searchParams);
      if (asked !== undefined && (limit <= 0 || asked < limit)) limit = Math.max(asked, 1);
    } catch (err) {
      writeError(scheme, req, res, err);
      return DONE;
    }
    if (limit <= 0) return next(req, res);
    // One timer and one promise per request (no Promise.race and its wrappers): the filter
    // answers when the handler finishes or, first, when the timer fires.
    return new Promise<void>((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (!res.started) writeError(scheme, req, res, newTimeoutError("request did not complete within the allotted timeout", 0));
        res.seal();
        req.abort(new Error("request timed out"));
        resolve();
      }, limit);
      next(req, res).then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (err: unknown) => {
          clearTimeout(timer);
          // The handler may still fail after the answer went out; that is only worth a log line.
          if (timedOut)
            log(`after timeout, ${req.raw.method} ${req.url.pathname} failed: ${err instanceof Error ? err.message : String(err)}`);
          else reject(err);
        },
      );
    });
  };
}
