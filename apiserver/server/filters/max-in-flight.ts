/**
 * Upstream's max-in-flight limit: separate budgets for mutating and read-only requests (200 and
 * 400 by default); past them a 429 with Retry-After. Watches are not counted, and members of
 * system:masters are never turned away.
 */
import { SYSTEM_MASTERS_GROUP } from "../../auth/user.js";
import { isLongRunning, isMutatingVerb } from "../../endpoints/request-info.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";

type Kind = "readOnly" | "mutating";
const DONE = Promise.resolve();

/** Where the filter reports the requests in flight by kind (the metrics' in-flight gauge). */
export interface InFlightRecorder {
  set(labels: { request_kind: string }, value: number): void;
}

export interface InFlightLimits {
  /** 0 disables the limit. */
  readOnly: number;
  mutating: number;
}

export function withMaxInFlight(limits: InFlightLimits, gauge?: InFlightRecorder): Filter {
  const current = { readOnly: 0, mutating: 0 };
  return (next) => {
    const counted = async (req: APIRequest, res: ResponseWriter, kind: Kind): Promise<void> => {
      current[kind]++;
      gauge?.set({ request_kind: kind }, current[kind]);
      try {
        await next(req, res);
      } finally {
        current[kind]--;
        gauge?.set({ request_kind: kind }, current[kind]);
      }
    };
    // Not async itself: watches and refusals cost no promise of this filter's.
    return (req, res) => {
      if (isLongRunning(req.info)) return next(req, res);
      const kind = isMutatingVerb(req.info.verb) ? "mutating" : "readOnly";
      const limit = limits[kind];
      if (limit > 0 && current[kind] >= limit && !req.user.groups.includes(SYSTEM_MASTERS_GROUP)) {
        res.send(429, "text/plain; charset=utf-8", "Too many requests, please try again later.\n", {
          "Retry-After": "1",
          "X-Content-Type-Options": "nosniff",
        });
        return DONE;
      }
      return counted(req, res, kind);
    };
  };
}
