/** One request as every filter and handler sees it: the raw message plus what the chain learned. */
import type { IncomingMessage } from "node:http";
import type { UserInfo } from "../auth/user.js";
import type { RequestInfo } from "./request-info.js";
import type { ResponseWriter } from "./response-writer.js";

export interface APIRequest {
  raw: IncomingMessage;
  url: URL;
  info: RequestInfo;
  /** Set by the authentication filter; anonymous until then. */
  user: UserInfo;
  /**
   * Aborts when the client goes away, the request times out or the server shuts down. Made on
   * first read (an AbortSignal costs microseconds; most requests never need one).
   */
  readonly signal: AbortSignal;
  /** Aborts `signal`; filters call it (timeout, shutdown). */
  abort(reason?: unknown): void;
  /** Warnings to send as `Warning: 299` headers (added before the response starts). */
  warnings: string[];
  /** performance.now() at arrival. */
  startTime: number;
}

export type Handler = (req: APIRequest, res: ResponseWriter) => Promise<void>;
export type Filter = (next: Handler) => Handler;

/**
 * A filter that gives non-resource requests to `serve` (which passes on to `next` what it does
 * not serve); resource requests, nearly all, go straight on without an async frame of its own.
 */
export function nonResourceFilter(serve: (next: Handler) => Handler): Filter {
  return (next) => {
    const handle = serve(next);
    return (req, res) => (req.info.isResourceRequest ? next(req, res) : handle(req, res));
  };
}
