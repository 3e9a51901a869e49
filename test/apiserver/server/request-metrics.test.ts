/**
 * The apiserver's own per-request metric types (apiserver/server/request-metrics.ts) write the
 * same exposition text as prom-client's Counter and Histogram given the same observations, and
 * the in-flight gauge reports the highest count since the last scrape; a started apiserver on
 * SQLite exports its group commit's writes per transaction
 * (apiserver_storage_sqlite_commit_batch_size): every write counted once, one observation per commit.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Counter, Histogram, Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIRequest } from "../../../apiserver/endpoints/request-context.js";
import { clearTargetCache, parseRequestTarget } from "../../../apiserver/endpoints/request-info.js";
import type { ResponseWriter } from "../../../apiserver/endpoints/response-writer.js";
import { APIServerMetrics } from "../../../apiserver/server/metrics.js";
import { FixedLabelCounter, FixedLabelHistogram } from "../../../apiserver/server/request-metrics.js";
import { runAPIServer, type RunningAPIServer } from "../../../apiserver/server/run.js";
import { AdminClient } from "../../support/apiserver-process.js";

const BUCKETS = [0.005, 0.025, 0.1, 1, 5];

describe("request metrics", () => {
  it("a counter and a histogram export exactly what prom-client's would", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const counter = new FixedLabelCounter("req_total", "Requests.", ours);
    const histogram = new FixedLabelHistogram("req_seconds", "Latency.", BUCKETS, ours);
    const pc = new Counter({ name: "req_total", help: "Requests.", labelNames: ["verb", "resource", "code"], registers: [theirs] });
    const ph = new Histogram({
      name: "req_seconds",
      help: "Latency.",
      labelNames: ["verb", "resource"],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const observations: [string, string, string, number][] = [
      ["GET", "pods", "200", 0.001],
      ["GET", "pods", "200", 0.005], // on a bucket's bound: counted in it (le)
      ["GET", "pods", "404", 0.03],
      ["POST", "configmaps", "201", 2],
      ["POST", "configmaps", "201", 60], // past the last bound: only +Inf
      ["GET", 'we"ird\\name', "200", 0.2],
    ];
    for (const [verb, resource, code, seconds] of observations) {
      const key = `${verb}\0${resource}`;
      counter.inc(`${key}\0${code}`, { verb, resource, code });
      histogram.observe(key, { verb, resource }, seconds);
      pc.inc({ verb, resource, code });
      ph.observe({ verb, resource }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it("the in-flight gauge shows each kind's highest count since the last scrape", async () => {
    const m = new APIServerMetrics();
    const scrape = async (): Promise<string[]> =>
      (await m.registry.metrics()).split("\n").filter((l) => l.startsWith("apiserver_current_inflight_requests{"));
    for (const n of [1, 2, 3, 2, 1]) m.inflight.set("readOnly", n);
    m.inflight.set("mutating", 1);
    m.inflight.set("mutating", 0);
    expect(await scrape()).toEqual([
      'apiserver_current_inflight_requests{request_kind="readOnly"} 3',
      'apiserver_current_inflight_requests{request_kind="mutating"} 1',
    ]);
    // Nothing moved since: the next period starts from the current counts.
    expect(await scrape()).toEqual([
      'apiserver_current_inflight_requests{request_kind="readOnly"} 1',
      'apiserver_current_inflight_requests{request_kind="mutating"} 0',
    ]);
  });

  it("requests to targets parsed afresh and to one shared target count in their own series", async () => {
    const m = new APIServerMetrics();
    const record = (method: string, url: string, status: number, contentType?: string): void => {
      const target = parseRequestTarget(method, url);
      const req = {
        ...target,
        raw: { method, headers: contentType ? { "content-type": contentType } : {} },
        startTime: performance.now(),
      } as unknown as APIRequest;
      m.record(req, { status } as ResponseWriter);
    };
    // GETs of different objects: a new info each (the target cache dropped in between too).
    record("GET", "/api/v1/namespaces/a/configmaps/x", 200);
    clearTargetCache();
    record("GET", "/api/v1/namespaces/a/configmaps/y", 200);
    record("GET", "/api/v1/namespaces/b/configmaps/z", 404);
    record("GET", "/api/v1/namespaces/b/configmaps", 200);
    // One target (one shared info), by method and by apply or not.
    for (const [method, type] of [
      ["PATCH", "application/apply-patch+yaml"],
      ["PATCH", "application/merge-patch+json"],
      ["PATCH", "application/apply-patch+yaml"],
      ["DELETE", undefined],
    ] as const)
      record(method, "/api/v1/namespaces/a/configmaps/x", 200, type);
    const lines = (await m.registry.metrics())
      .split("\n")
      .filter((l) => l.startsWith("apiserver_request_total{"))
      .map((l) => l.replace(/,?(dry_run|group|version|subresource|component)="[^"]*"/g, ""));
    expect(lines.sort()).toEqual(
      [
        'apiserver_request_total{verb="GET",resource="configmaps",scope="resource",code="200"} 2',
        'apiserver_request_total{verb="GET",resource="configmaps",scope="resource",code="404"} 1',
        'apiserver_request_total{verb="LIST",resource="configmaps",scope="namespace",code="200"} 1',
        'apiserver_request_total{verb="APPLY",resource="configmaps",scope="resource",code="200"} 2',
        'apiserver_request_total{verb="PATCH",resource="configmaps",scope="resource",code="200"} 1',
        'apiserver_request_total{verb="DELETE",resource="configmaps",scope="resource",code="200"} 1',
      ].sort(),
    );
  });

  it("exports a SQLite backend's writes per commit as a histogram, and nothing for a backend without group commit", async () => {
    const m = new APIServerMetrics();
    m.observeCommitBatches({});
    expect(await m.registry.metrics()).not.toContain("apiserver_storage_sqlite_commit_batch_size");
    let observer: ((writes: number) => void) | undefined;
    m.observeCommitBatches({ observeCommitBatches: (o) => (observer = o) });
    for (const n of [1, 3, 8, 9, 300]) observer!(n);
    const lines = (await m.registry.metrics()).split("\n").filter((l) => l.startsWith("apiserver_storage_sqlite_commit_batch_size"));
    expect(lines).toEqual([
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="1"} 1',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="2"} 1',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="4"} 2',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="8"} 3',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="16"} 4',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="32"} 4',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="64"} 4',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="128"} 4',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="256"} 4',
      'apiserver_storage_sqlite_commit_batch_size_bucket{le="+Inf"} 5',
      "apiserver_storage_sqlite_commit_batch_size_sum 321",
      "apiserver_storage_sqlite_commit_batch_size_count 5",
    ]);
  });
});

/** A started apiserver on SQLite: its group commit's writes per transaction on /metrics. */
let dataDir: string;
let server: RunningAPIServer;
let client: AdminClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-commit-metric-"));
  server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", endpointReconcilerType: "none", log: () => {} });
  client = new AdminClient(server.url, server.kubeconfig, 16);
}, 30_000);

afterAll(async () => {
  client?.agent.destroy();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The histogram's _count and _sum, and its cumulative buckets by bound. */
async function scrape(): Promise<{ count: number; sum: number; buckets: Map<string, number> }> {
  const text = (await client.request("GET", "/metrics")).body;
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(text)?.[1] ?? NaN);
  const buckets = new Map<string, number>();
  for (const m of text.matchAll(/^apiserver_storage_sqlite_commit_batch_size_bucket\{le="([^"]+)"\} (\d+)$/gm))
    buckets.set(m[1]!, Number(m[2]));
  return {
    count: value("apiserver_storage_sqlite_commit_batch_size_count"),
    sum: value("apiserver_storage_sqlite_commit_batch_size_sum"),
    buckets,
  };
}

describe("apiserver_storage_sqlite_commit_batch_size", () => {
  it("counts every write once and one observation per commit", async () => {
    const before = await scrape();
    expect(before.buckets.get("+Inf")).toBe(before.count);
    const creates = 32;
    const results = await Promise.all(
      Array.from({ length: creates }, (_, i) =>
        client.request("POST", "/api/v1/namespaces/default/configmaps", { metadata: { name: `cm-${i}` }, data: { k: "v" } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array<number>(creates).fill(201));
    const after = await scrape();
    // Other writers (the server's own loops) may commit meanwhile: at least our creates were added.
    expect(after.sum - before.sum).toBeGreaterThanOrEqual(creates);
    expect(after.count - before.count).toBeGreaterThanOrEqual(1);
    expect(after.count - before.count).toBeLessThanOrEqual(after.sum - before.sum);
    expect(after.buckets.get("+Inf")).toBe(after.count);
    expect([...after.buckets.keys()]).toEqual(["1", "2", "4", "8", "16", "32", "64", "128", "256", "+Inf"]);
  });
});
