/**
 * The Manager and the builder on the generated fake clientset: what queues a request (for, owns,
 * watches, predicates), what a reconcile result does (requeueAfter, throw -> retry with backoff),
 * the worker limit, the probe and metrics endpoints, and a stop that waits for reconciles in flight.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigMap } from "../../api/core/v1/config.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import {
  builtinAPI,
  ConfigMapKind,
  controllerManagedBy,
  DeploymentKind,
  hasLabels,
  Manager,
  SecretKind,
  type Request,
} from "../../framework/index.js";
import { until } from "../support/wait.js";

const cm = (name: string, extra: Partial<ConfigMap["metadata"]> = {}): ConfigMap => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, namespace: "ns", ...extra },
});

const stops: AbortController[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s.abort();
});

function managerOn(
  cs: FakeClientset,
  options: ConstructorParameters<typeof Manager>[0] = {},
): { mgr: Manager; run: () => Promise<void>; stop: AbortController } {
  const mgr = new Manager({ onError: () => {}, ...options });
  mgr.setClientset(builtinAPI, cs);
  const stop = new AbortController();
  stops.push(stop);
  return { mgr, stop, run: () => mgr.start(stop.signal) };
}

const key = (r: Request): string => `${r.namespace}/${r.name}`;

describe("builder watches", () => {
  it("queues the for-object, the controller owner of an owned object, and what a map function names; predicates filter", async () => {
    const deployOwner = { apiVersion: "apps/v1", kind: "Deployment", name: "web", uid: "u1", controller: true };
    const otherOwner = { apiVersion: "batch/v1", kind: "Job", name: "j", uid: "u2", controller: true };
    const cs = new FakeClientset(
      { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "ns", labels: { app: "web" } } },
      { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "unlabelled", namespace: "ns" } },
      cm("owned", { ownerReferences: [deployOwner] }),
      cm("not-mine", { ownerReferences: [otherOwner] }),
    );
    const { mgr, run } = managerOn(cs);
    const seen: string[] = [];
    controllerManagedBy(mgr)
      .for(DeploymentKind, hasLabels({ app: "web" }))
      .owns(ConfigMapKind)
      .watches(SecretKind, (s) => ({ namespace: s.metadata?.namespace ?? "", name: s.metadata?.annotations?.["for"] ?? "" }))
      .complete((req) => void seen.push(key(req)));
    void run();
    await mgr.elected();
    await until(() => seen.length >= 1, 10_000, "initial reconciles");
    await new Promise((r) => setTimeout(r, 100));
    // web (for + owned ConfigMap, collapsed while queued or reconciled twice); never unlabelled or the Job's.
    expect(new Set(seen)).toEqual(new Set(["ns/web"]));
    seen.length = 0;
    await cs
      .coreV1()
      .secrets("ns")
      .create({ apiVersion: "v1", kind: "Secret", metadata: { name: "s", namespace: "ns", annotations: { for: "mapped" } } });
    await until(() => seen.includes("ns/mapped"), 10_000, "mapped");
    await cs.coreV1().configMaps("ns").delete("owned");
    await until(() => seen.includes("ns/web"), 10_000, "owner of the deleted ConfigMap");
    expect(seen).not.toContain("ns/unlabelled");
    expect(seen).not.toContain("ns/j");
  });

  it("refuses a second for(), a missing for() and a duplicate controller name", () => {
    const { mgr } = managerOn(new FakeClientset());
    expect(() =>
      controllerManagedBy(mgr)
        .for(ConfigMapKind)
        .for(SecretKind as never),
    ).toThrow(/only be called once/);
    expect(() =>
      controllerManagedBy(mgr)
        .owns(ConfigMapKind)
        .complete(() => {}),
    ).toThrow(/must provide an object/);
    controllerManagedBy(mgr)
      .for(ConfigMapKind)
      .complete(() => {});
    expect(() =>
      controllerManagedBy(mgr)
        .for(ConfigMapKind)
        .complete(() => {}),
    ).toThrow(/already exists/);
  });
});

describe("reconcile results", () => {
  it("calls again after requeueAfter, and retries a throwing reconcile until it succeeds", async () => {
    const cs = new FakeClientset(cm("later"), cm("flaky"));
    const { mgr, run } = managerOn(cs);
    const calls: Record<string, number[]> = { later: [], flaky: [] };
    const retries: number[] = [];
    controllerManagedBy(mgr)
      .for(ConfigMapKind)
      .complete((req, ctx) => {
        calls[req.name]!.push(Date.now());
        if (req.name === "later") return calls["later"]!.length < 3 ? { requeueAfter: 30 } : undefined;
        retries.push(ctx.retries);
        if (retries.length < 4) throw new Error("not yet");
        return undefined;
      });
    void run();
    await until(() => calls["later"]!.length === 3, 10_000, "three calls of later");
    await until(() => retries.length === 4, 10_000, "flaky succeeds");
    expect(retries).toEqual([0, 1, 2, 3]);
    const gaps = calls["later"]!.slice(1).map((t, i) => t - calls["later"]![i]!);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(25);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls["later"]).toHaveLength(3);
    expect(retries).toHaveLength(4);
    const metrics = await mgr.metrics.registry.getSingleMetricAsString("controller_runtime_reconcile_total");
    expect(metrics).toMatch(/controller_runtime_reconcile_total\{controller="configmap",result="requeue_after"\} 2/);
    expect(metrics).toMatch(/controller_runtime_reconcile_total\{controller="configmap",result="error"\} 3/);
  });

  it("runs at most maxConcurrentReconciles at once, and stop waits for the ones in flight", async () => {
    const cs = new FakeClientset(...["a", "b", "c", "d", "e"].map((n) => cm(n)));
    const { mgr, run, stop } = managerOn(cs);
    let inFlight = 0;
    let most = 0;
    let finished = 0;
    const release: (() => void)[] = [];
    controllerManagedBy(mgr)
      .for(ConfigMapKind)
      .withOptions({ maxConcurrentReconciles: 2 })
      .complete(async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((r) => release.push(r));
        inFlight--;
        finished++;
      });
    const running = run();
    await until(() => release.length === 2, 10_000, "two in flight");
    await new Promise((r) => setTimeout(r, 50));
    expect(inFlight).toBe(2);
    release.shift()!();
    await until(() => release.length === 2, 10_000, "third starts");
    expect(most).toBe(2);
    stop.abort();
    let ended = false;
    void running.then(() => (ended = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(ended).toBe(false);
    for (const r of release.splice(0)) r();
    await running;
    expect(finished).toBe(3);
  });
});

describe("endpoints", () => {
  it("serves /healthz, /readyz once the caches synced, and /metrics", async () => {
    const cs = new FakeClientset(cm("x"));
    const { mgr, run } = managerOn(cs, { healthProbeBindAddress: "127.0.0.1:0", metricsBindAddress: "127.0.0.1:0" });
    let done = 0;
    controllerManagedBy(mgr)
      .named("probe-test")
      .for(ConfigMapKind)
      .complete(() => void done++);
    void run();
    await until(() => done > 0, 10_000, "reconciled");
    const health = await fetch(`${mgr.healthProbeURL}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, "ok"]);
    const ready = await fetch(`${mgr.healthProbeURL}/readyz?verbose`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toContain("[+]informers ok");
    mgr.addReadyzCheck("db", () => {
      throw new Error("no connection");
    });
    const notReady = await fetch(`${mgr.healthProbeURL}/readyz`);
    expect(notReady.status).toBe(500);
    expect(await notReady.text()).toContain("[-]db failed: no connection");
    const metrics = await (await fetch(`${mgr.metricsURL}/metrics`)).text();
    expect(metrics).toContain('controller_runtime_reconcile_total{controller="probe-test",result="success"}');
    expect(metrics).toContain('controller_runtime_max_concurrent_reconciles{controller="probe-test"} 1');
    expect((await fetch(`${mgr.metricsURL}/nope`)).status).toBe(404);
  });
});
