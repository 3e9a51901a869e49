/**
 * The outermost filter: whatever any inner layer throws becomes a 500 Status (or the
 * StatusError it was), and the server carries on with the next request.
 */
import type { Scheme } from "../../../runtime/scheme.js";
import type { Filter } from "../../endpoints/request-context.js";
import { writeError } from "../../endpoints/responses.js";

export function withPanicRecovery(scheme: Scheme, log: (line: string) => void): Filter {
  return (next) => async (req, res) => {
    try {
      await next(req, res);
    } catch (err) {
      // A body cut off by the client (or by a parse error that closed the connection) is no bug.
      const clientGone = (err as NodeJS.ErrnoException | undefined)?.code === "ECONNRESET";
      if (!clientGone)
        log(
          `recovered from error serving ${req.raw.method} ${req.url.pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      try {
        if (!res.started) writeError(scheme, req, res, err);
        else res.end();
      } catch {
        res.raw.destroy();
      }
    }
  };
}
