/**
 * The apiserver's Prometheus metrics (upstream's names): requests by verb, resource and code,
 * their latency, and the requests in flight. Each server has its own registry so that several
 * can run in one process. The two per-request metrics find their series by one string key
 * (request-metrics.ts) rather than through prom-client's per-call label hashing.
 */
import { Gauge, Registry, collectDefaultMetrics } from "prom-client";
import type { RequestInfo } from "../endpoints/request-info.js";
import type { APIRequest, Handler } from "../endpoints/request-context.js";
import type { ResponseWriter } from "../endpoints/response-writer.js";
import type { InFlightRecorder } from "./filters/max-in-flight.js";
import { FixedLabelCounter, FixedLabelHistogram } from "./request-metrics.js";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT"]);

/** Upstream's metric verb: LIST/WATCH/APPLY where the method alone would mislead. */
export function metricVerb(method: string, info: RequestInfo, contentType: string | undefined): string {
  if (info.isResourceRequest) {
    if (info.verb === "list") return "LIST";
    if (info.verb === "watch") return "WATCH";
    if (method === "PATCH" && (contentType ?? "").startsWith("application/apply-patch")) return "APPLY";
  }
  const m = method.toUpperCase();
  return METHODS.has(m) ? m : "other";
}

function scopeOf(info: RequestInfo): string {
  if (!info.isResourceRequest) return "";
  if (info.pathName !== "") return "resource";
  return info.namespace !== "" ? "namespace" : "cluster";
}

/** A request series' labels. */
function labelsOf(verb: string, dryRun: string, info: RequestInfo, scope: string): Record<string, string> {
  return {
    verb,
    dry_run: dryRun,
    group: info.apiGroup,
    version: info.apiVersion,
    resource: info.resource,
    subresource: info.subresource,
    scope,
    component: "apiserver",
  };
}

/** A request's series key and labels, and the same with each response code (made once each). */
interface SeriesKeys {
  method: string;
  apply: boolean;
  key: string;
  labels: Record<string, string>;
  byCode: Map<number, { key: string; labels: Record<string, string> }>;
}

/**
 * Series keys by RequestInfo: requests to one target share their (frozen) info, and a key
 * string made once is hashed once; a fresh one per request cost a concatenation and a hash
 * in each of two maps. The method and an apply content type can still differ: they are checked.
 */
const seriesKeys = new WeakMap<RequestInfo, SeriesKeys>();
/**
 * The same by label key, for targets parsed afresh (a GET of each of many objects misses the
 * target cache, so its info is new): the series' labels and per-code entries are made once per
 * label combination, not once per request. As many as the series the counters keep anyway.
 */
const seriesByKey = new Map<string, SeriesKeys>();

function seriesKeysOf(req: APIRequest): SeriesKeys {
  const info = req.info;
  const method = req.raw.method ?? "GET";
  const contentType = req.raw.headers["content-type"];
  const apply = method === "PATCH" && (contentType ?? "").startsWith("application/apply-patch");
  const known = seriesKeys.get(info);
  if (known !== undefined && known.method === method && known.apply === apply) return known;
  const verb = metricVerb(method, info, contentType);
  // The URL is the target's too, so dryRun is the same for every request sharing the info.
  const dryRun = req.url.search !== "" && req.url.searchParams.has("dryRun") ? "All" : "";
  const scope = scopeOf(info);
  // One string per label combination; NUL separates values (it has no business in any of them).
  const key = `${verb}\0${dryRun}\0${info.apiGroup}\0${info.apiVersion}\0${info.resource}\0${info.subresource}\0${scope}`;
  // Its labels follow from the key alone; its method and apply are another request's maybe,
  // which only makes a later request with this info take this path again.
  let keys = seriesByKey.get(key);
  if (keys === undefined) {
    keys = { method, apply, key, labels: labelsOf(verb, dryRun, info, scope), byCode: new Map() };
    seriesByKey.set(key, keys);
  }
  seriesKeys.set(info, keys);
  return keys;
}

/**
 * Requests in flight by kind, as plain numbers (a prom-client gauge hashes its labels on every
 * set, twice per request); the gauge reads the highest value since its last scrape, as
 * upstream's "maximal ... in last second" gauge does.
 */
export class InFlightCounts implements InFlightRecorder {
  private readonly current = new Map<string, number>();
  private readonly max = new Map<string, number>();

  set(kind: string, value: number): void {
    this.current.set(kind, value);
    if (value > (this.max.get(kind) ?? -1)) this.max.set(kind, value);
  }

  /** Each kind's highest value since the last call; the next period starts at the current one. */
  takeMax(): [string, number][] {
    const out = [...this.max];
    this.max.clear();
    for (const [kind, value] of this.current) this.max.set(kind, value);
    return out;
  }
}

export class APIServerMetrics {
  readonly registry = new Registry();
  private readonly requests: FixedLabelCounter;
  private readonly duration: FixedLabelHistogram;
  private commitBatches: FixedLabelHistogram | undefined;
  /** The max-in-flight filter's counts; the gauge shows each kind's highest since the last scrape. */
  readonly inflight: InFlightCounts;

  constructor() {
    const registers = [this.registry];
    this.requests = new FixedLabelCounter(
      "apiserver_request_total",
      "Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.",
      this.registry,
    );
    this.duration = new FixedLabelHistogram(
      "apiserver_request_duration_seconds",
      "Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.",
      [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60],
      this.registry,
    );
    const inflight = new InFlightCounts();
    this.inflight = inflight;
    new Gauge({
      name: "apiserver_current_inflight_requests",
      help: "Maximal number of currently used inflight request limit of this apiserver per request kind in last second.",
      labelNames: ["request_kind"],
      registers,
      collect() {
        for (const [kind, value] of inflight.takeMax()) this.set({ request_kind: kind }, value);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts a request once its response has closed (finished, or cut off: the code sent so far),
   * as the server's close listener calls it for every request.
   */
  record(req: APIRequest, res: ResponseWriter): void {
    const keys = seriesKeysOf(req);
    const code = res.status || 0;
    let withCode = keys.byCode.get(code);
    if (withCode === undefined) {
      withCode = { key: `${keys.key}\0${code}`, labels: { ...keys.labels, code: String(code) } };
      keys.byCode.set(code, withCode);
    }
    // Label objects made once per series key, not a closure per request to make them.
    this.requests.inc(withCode.key, withCode.labels);
    this.duration.observe(keys.key, keys.labels, (performance.now() - req.startTime) / 1000);
  }

  /**
   * Exports the writes per commit of a backend with group commit (SQLite) as the histogram
   * `apiserver_storage_sqlite_commit_batch_size`: how many creates and updates shared each
   * fsync'd transaction (the CPU of a durable write is mostly per commit).
   */
  observeCommitBatches(storage: { observeCommitBatches?(observer: (writes: number) => void): void }): void {
    if (storage.observeCommitBatches === undefined) return;
    const histogram = (this.commitBatches ??= new FixedLabelHistogram(
      "apiserver_storage_sqlite_commit_batch_size",
      "Number of writes committed together in one SQLite transaction (group commit), one observation per transaction.",
      [1, 2, 4, 8, 16, 32, 64, 128, 256],
      this.registry,
    ));
    const labels = {};
    storage.observeCommitBatches((writes) => histogram.observe("", labels, writes));
  }

  handler(): Handler {
    return async (_req, res) => {
      const text = await this.registry.metrics();
      res.send(200, this.registry.contentType, text);
    };
  }
}
