/**
 * kube-apiserver's httplog: one line per request at V(3), written when the response is done,
 * with the verb, URI, latency, user agent, audit ID (when the client sent one), source IP and
 * status. Outermost, so it sees the status the inner filters settled on.
 */
import type { Logger } from "../../../runtime/logger.js";
import type { Filter, Handler } from "../../endpoints/request-context.js";

/** The verbosity at which every request is logged (upstream's `-v=3`). */
export const HTTP_LOG_LEVEL = 3;

/** Go's time.Duration text for a latency in milliseconds (what upstream's latency field shows). */
export function formatLatency(ms: number): string {
  if (ms < 1e-3) return `${Math.round(ms * 1e6)}ns`;
  if (ms < 1) return `${+(ms * 1e3).toFixed(3)}µs`;
  if (ms < 1000) return `${+ms.toFixed(6)}ms`;
  return `${+(ms / 1000).toFixed(9)}s`;
}

export function withHTTPLog(logger: Logger, now: () => number = () => performance.now()): Filter {
  return (next) => {
    const logged: Handler = async (req, res) => {
      try {
        await next(req, res);
      } finally {
        const auditID = req.raw.headers["audit-id"];
        logger.info(
          "HTTP",
          {
            verb: req.raw.method ?? "",
            URI: req.raw.url ?? "",
            latency: formatLatency(now() - req.startTime),
            userAgent: req.raw.headers["user-agent"] ?? "",
            ...(typeof auditID === "string" && auditID !== "" && { "audit-ID": auditID }),
            srcIP: `${req.raw.socket.remoteAddress ?? ""}:${req.raw.socket.remotePort ?? ""}`,
            resp: res.raw.statusCode,
          },
          HTTP_LOG_LEVEL,
        );
      }
    };
    // The level is asked per request (it may change); below it, no wrapper promise either.
    return (req, res) => ((logger.enabled?.(HTTP_LOG_LEVEL) ?? true) ? logged(req, res) : next(req, res));
  };
}
