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
  /** `kind` is the gauge's request_kind label. */
  set(kind: string, value: number): void;
}

export interface InFlightLimits {
  /** 0 disables the limit. */
  readOnly: number;
  mutating: number;
}

export function withMaxInFlight(limits: InFlightLimits, gauge?: InFlightRecorder): Filter {
  const current = { readOnly: 0, mutating: 0 };
  const enter = (kind: Kind): void => {
    current[kind]++;
    gauge?.set(kind, current[kind]);
  };
  // One function per kind, made once: a request's end needs no closure of its own.
  const leaveReadOnly = (): void => {
    current.readOnly--;
    gauge?.set("readOnly", current.readOnly);
  };
  const leaveMutating = (): void => {
    current.mutating--;
    gauge?.set("mutating", current.mutating);
  };
  return (next) => {
    /**
     * Counted while the handler runs; its promise is the request's, passed on as is (an async
     * wrapper cost a promise and two microtask hops per request). A handler that throws at once
     * (no promise) is uncounted and becomes a rejection, as an async wrapper made it.
     */
    const counted = (req: APIRequest, res: ResponseWriter, kind: Kind): Promise<void> => {
      enter(kind);
      const leave = kind === "readOnly" ? leaveReadOnly : leaveMutating;
      let p: Promise<void>;
      try {
        p = next(req, res);
      } catch (err) {
        leave();
        return Promise.reject(err);
      }
      // Its rejection goes to the caller through `p`; this branch only uncounts.
      p.then(leave, leave);
      return p;
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
