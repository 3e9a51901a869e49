/**
 * The apiserver's Prometheus metrics (upstream's names): requests by verb, resource and code,
 * their latency, and the requests in flight. Each server has its own registry so that several
 * can run in one process.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { RequestInfo } from "../endpoints/request-info.js";
import type { Handler } from "../endpoints/request-context.js";

/** Upstream's metric verb: LIST/WATCH/APPLY where the method alone would mislead. */
export function metricVerb(method: string, info: RequestInfo, contentType: string | undefined): string {
  if (info.isResourceRequest) {
    if (info.verb === "list") return "LIST";
    if (info.verb === "watch") return "WATCH";
    if (method === "PATCH" && (contentType ?? "").startsWith("application/apply-patch")) return "APPLY";
  }
  const m = method.toUpperCase();
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT"].includes(m) ? m : "other";
}

function scopeOf(info: RequestInfo): string {
  if (!info.isResourceRequest) return "";
  if (info.pathName !== "") return "resource";
  return info.namespace !== "" ? "namespace" : "cluster";
}

export class APIServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<string>;
  private readonly duration: Histogram<string>;
  readonly inflight: Gauge<string>;

  constructor() {
    const registers = [this.registry];
    this.requests = new Counter({
      name: "apiserver_request_total",
      help: "Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.",
      labelNames: ["verb", "dry_run", "group", "version", "resource", "subresource", "scope", "component", "code"],
      registers,
    });
    this.duration = new Histogram({
      name: "apiserver_request_duration_seconds",
      help: "Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.",
      labelNames: ["verb", "dry_run", "group", "version", "resource", "subresource", "scope", "component"],
      buckets: [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60],
      registers,
    });
    this.inflight = new Gauge({
      name: "apiserver_current_inflight_requests",
      help: "Maximal number of currently used inflight request limit of this apiserver per request kind in last second.",
      labelNames: ["request_kind"],
      registers,
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** The outermost filter but one: records every request once its response has finished. */
  filter(next: Handler): Handler {
    return async (req, res) => {
      res.raw.once("close", () => {
        const info = req.info;
        const labels = {
          verb: metricVerb(req.raw.method ?? "GET", info, req.raw.headers["content-type"]),
          dry_run: req.url.searchParams.has("dryRun") ? "All" : "",
          group: info.apiGroup,
          version: info.apiVersion,
          resource: info.resource,
          subresource: info.subresource,
          scope: scopeOf(info),
          component: "apiserver",
        };
        this.requests.inc({ ...labels, code: String(res.status || 0) });
        this.duration.observe(labels, (performance.now() - req.startTime) / 1000);
      });
      await next(req, res);
    };
  }

  handler(): Handler {
    return async (_req, res) => {
      const text = await this.registry.metrics();
      res.send(200, this.registry.contentType, text);
    };
  }
}
