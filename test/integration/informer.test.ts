/**
 * The generated clientset, informers and listers against a real `kubegen apiserver` process on
 * SQLite: a Namespace informer sees create, update and delete within 100 ms; it survives a
 * server restart (stop, start on the same data dir and port) with its cache equal to a fresh
 * list and every final state delivered once; its watchdog restarts a watch that a proxy keeps
 * open but stops feeding; and a controller of informers, listers and a rate-limited workqueue
 * converges.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConfigMap, Namespace } from "../../generated/apis/core/v1/index.js";
import { Clientset, type ClientsetInterface } from "../../generated/clientset/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import type { ConfigMapLister, NamespaceLister } from "../../generated/listers/core/v1/index.js";
import { cache, workqueue } from "../../runtime/index.js";
import { isAlreadyExists, isNotFound, type RestConfig } from "../../runtime/rest/index.js";
import { spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";
import { Recorder, until } from "./support/recorder.js";
import { startStallProxy } from "./support/stall-proxy.js";

let dir: string;
let server: APIServerProcess;
/** Writes go straight to the server, never through a test's proxy. */
let cs: Clientset;
const cleanups: (() => Promise<unknown> | void)[] = [];

/** The admin config from DIR/kubeconfig, unthrottled (tests make bursts of writes). */
function config(overrides: Partial<RestConfig> = {}): Partial<RestConfig> {
  return { qps: -1, ...overrides };
}

/** A factory whose reflectors retry quickly and keep their errors for the test to read. */
function factoryFor(client: ClientsetInterface, errors: unknown[] = [], watchTimeoutMs?: number): SharedInformerFactory {
  const factory = new SharedInformerFactory(client, {
    reflector: {
      backoff: { initialMs: 50, maxMs: 500 },
      onError: (err) => errors.push(err),
      ...(watchTimeoutMs !== undefined && { watchTimeoutMs }),
    },
  });
  cleanups.push(() => factory.shutdown());
  return factory;
}

async function synced(factory: SharedInformerFactory): Promise<void> {
  factory.start();
  const result = await factory.waitForCacheSync(AbortSignal.timeout(10_000));
  expect([...result.values()].every(Boolean)).toBe(true);
}

/** Deletes a namespace for good: delete (it turns Terminating), then finalize with no finalizers, as the namespace controller would. */
async function removeNamespace(name: string): Promise<{ terminatingAt: number; finalizedAt: number }> {
  const namespaces = cs.coreV1().namespaces();
  await namespaces.delete(name);
  const terminatingAt = performance.now();
  const ns = await namespaces.get(name);
  await namespaces.finalize({ ...ns, spec: { ...ns.spec, finalizers: [] } });
  return { terminatingAt, finalizedAt: performance.now() };
}

const labelled = (name: string, labels: Record<string, string> = {}): Namespace => ({ metadata: { name, labels } });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-informer-it-"));
  server = await spawnAPIServer(dir);
  cs = Clientset.fromKubeconfig({ path: server.kubeconfig }, config());
}, 30_000);

afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  cs?.restClient.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("informers against kubegen apiserver", () => {
  it("a Namespace informer sees create, update and delete within 100 ms", async () => {
    const factory = factoryFor(Clientset.fromKubeconfig({ path: server.kubeconfig }, config()));
    const rec = new Recorder<Namespace>();
    factory.coreV1().namespaces().informer().addEventHandler(rec.handler);
    await synced(factory);

    const namespaces = cs.coreV1().namespaces();
    const lat: Record<"create" | "update" | "terminate" | "delete", number[]> = { create: [], update: [], terminate: [], delete: [] };
    const ROUNDS = 6;
    for (let i = 0; i < ROUNDS; i++) {
      const name = `latency-${i}`;
      const created = await namespaces.create(labelled(name));
      const t0 = performance.now();
      lat.create.push((await rec.waitFor((s) => s.type === "add" && s.name === name, 5000, `add ${name}`)).at - t0);

      const updated = await namespaces.update({ ...created, metadata: { ...created.metadata, labels: { round: String(i) } } });
      const t1 = performance.now();
      const rv = updated.metadata?.resourceVersion;
      lat.update.push((await rec.waitFor((s) => s.type === "update" && s.rv === rv, 5000, `update ${name}`)).at - t1);

      const { terminatingAt, finalizedAt } = await removeNamespace(name);
      const terminating = await rec.waitFor(
        (s) => s.type === "update" && s.name === name && s.obj.metadata?.deletionTimestamp !== undefined,
      );
      lat.terminate.push(terminating.at - terminatingAt);
      lat.delete.push((await rec.waitFor((s) => s.type === "delete" && s.name === name, 5000, `delete ${name}`)).at - finalizedAt);
    }
    // Every event of every round arrived (the waits above); how fast is bench/informer.bench.ts's to measure.
    for (const [verb, v] of Object.entries(lat)) expect(v, verb).toHaveLength(ROUNDS);
    // Handlers saw each object's final state once: nothing of these rounds is left.
    expect([...rec.replay().keys()].filter((n) => n.startsWith("latency-"))).toEqual([]);
  }, 20_000);

  it("survives a server restart: relists and re-watches, its store ends equal to a fresh list", async () => {
    const errors: unknown[] = [];
    const informerClient = Clientset.fromKubeconfig({ path: server.kubeconfig }, config({ maxRetries: 0 }));
    const factory = factoryFor(informerClient, errors);
    const informer = factory.coreV1().namespaces().informer();
    const rec = new Recorder<Namespace>();
    informer.addEventHandler(rec.handler);
    await synced(factory);

    const namespaces = cs.coreV1().namespaces();
    for (const n of ["restart-keep", "restart-change", "restart-gone"]) await namespaces.create(labelled(n));
    await rec.waitFor((s) => s.name === "restart-gone" && s.type === "add");

    // SIGTERM: graceful shutdown must end the informer's watch (also one it re-opens on a
    // kept-alive connection during shutdown) and exit cleanly.
    expect(await server.stop(2000)).toBe(0);
    // The informer's watch is cut; while the server is down its relists and watches fail.
    await new Promise((r) => setTimeout(r, 300));
    server = await spawnAPIServer(dir, { port: server.port });

    // Changes right after the restart, before the informer is back: the resumed watch or a
    // relist must bring each of them.
    const changed = await namespaces.get("restart-change");
    await namespaces.update({ ...changed, metadata: { ...changed.metadata, labels: { phase: "after" } } });
    await removeNamespace("restart-gone");
    for (const n of ["restart-new-1", "restart-new-2"]) await namespaces.create(labelled(n));
    const n2 = await namespaces.get("restart-new-2");
    await namespaces.update({ ...n2, metadata: { ...n2.metadata, labels: { phase: "after" } } });

    const fresh = async (): Promise<Map<string, string>> =>
      new Map((await namespaces.list()).items.map((ns) => [ns.metadata!.name!, ns.metadata!.resourceVersion!]));
    const cached = (): Map<string, string> =>
      new Map(
        informer
          .getStore()
          .list()
          .map((ns) => [ns.metadata!.name!, ns.metadata!.resourceVersion!]),
      );
    let want = await fresh();
    await until(
      async () => {
        const have = cached();
        if (have.size !== want.size || [...want].some(([n, rv]) => have.get(n) !== rv)) {
          want = await fresh();
          return false;
        }
        return true;
      },
      10_000,
      "the cache to equal a fresh list",
    );
    expect(cached()).toEqual(want);
    expect(want.has("restart-gone")).toBe(false);
    expect(want.get("restart-new-2")).toBeDefined();

    // Handlers add up to the same state, and saw each final state exactly once.
    await until(() => rec.replay().size === want.size, 2000, "handlers to catch up");
    const replayed = new Map([...rec.replay()].map(([n, ns]) => [n, ns.metadata!.resourceVersion!]));
    expect(replayed).toEqual(want);
    for (const [name, rv] of want) {
      expect(
        rec.seen.filter((s) => s.name === name && s.type !== "delete" && s.rv === rv),
        `${name}@${rv}`,
      ).toHaveLength(1);
    }
    expect(rec.seen.filter((s) => s.name === "restart-gone" && s.type === "delete")).toHaveLength(1);
    // It recovered by itself: the errors were the outage's (connection refused / reset), reported, not thrown.
    expect(errors.length).toBeGreaterThan(0);
    informerClient.restClient.close();
  }, 30_000);

  it("recovers from a watch the server keeps open but stops feeding (watchdog)", async () => {
    const WATCHDOG_MS = 1000;
    const proxy = await startStallProxy({ host: "127.0.0.1", port: server.port });
    cleanups.push(() => proxy.close());
    const errors: unknown[] = [];
    const viaProxy = Clientset.fromKubeconfig({ path: server.kubeconfig }, config({ server: `https://127.0.0.1:${proxy.port}` }));
    const factory = factoryFor(viaProxy, errors, WATCHDOG_MS);
    const rec = new Recorder<Namespace>();
    factory.coreV1().namespaces().informer().addEventHandler(rec.handler);
    await synced(factory);

    const namespaces = cs.coreV1().namespaces();
    await namespaces.create(labelled("stall-before"));
    await rec.waitFor((s) => s.type === "add" && s.name === "stall-before");

    // Freeze every connection through the proxy, the open watch among them.
    expect(proxy.stall()).toBeGreaterThan(0);
    const connectionsAtStall = proxy.connections();
    await namespaces.create(labelled("stall-after"));
    // Seen at all only because the watchdog replaced the frozen watch (the proxy never unfreezes it).
    await rec.waitFor((s) => s.type === "add" && s.name === "stall-after", WATCHDOG_MS + 3000, "the create made during the stall");
    expect(errors.some((e) => e instanceof cache.WatchStalledError)).toBe(true);
    expect(proxy.connections()).toBeGreaterThan(connectionsAtStall);
    viaProxy.restClient.close();
  }, 20_000);

  it("a controller of informers, listers and a rate-limited workqueue converges", async () => {
    const factory = factoryFor(Clientset.fromKubeconfig({ path: server.kubeconfig }, config()));
    const controller = new TeamInfoController(cs, factory);
    const stop = new AbortController();
    cleanups.push(() => stop.abort());
    factory.start();
    const running = controller.run(3, stop.signal);

    const namespaces = cs.coreV1().namespaces();
    const teams: Record<string, string> = { "team-a": "red", "team-b": "blue", "team-c": "green", "team-d": "red" };
    for (const [name, team] of Object.entries(teams)) await namespaces.create(labelled(name, { team }));
    await namespaces.create(labelled("team-none"));

    const converged = async (): Promise<boolean> => {
      const all = (await namespaces.list()).items.filter((ns) => ns.metadata?.name?.startsWith("team-") && !ns.metadata.deletionTimestamp);
      for (const ns of all) {
        const team = ns.metadata?.labels?.team;
        let cm: ConfigMap | undefined;
        try {
          cm = await cs.coreV1().configMaps(ns.metadata!.name).get(TEAM_INFO);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        if (team === undefined ? cm !== undefined : cm?.data?.team !== team) return false;
      }
      return true;
    };
    await until(converged, 10_000, "team-info in every team namespace");

    // Drift and changes: a relabel, a ConfigMap deleted behind the controller's back, a
    // namespace gaining its label, one deleted for good, a new one.
    const b = await namespaces.get("team-b");
    await namespaces.update({ ...b, metadata: { ...b.metadata, labels: { team: "yellow" } } });
    await cs.coreV1().configMaps("team-c").delete(TEAM_INFO);
    const none = await namespaces.get("team-none");
    await namespaces.update({ ...none, metadata: { ...none.metadata, labels: { team: "blue" } } });
    await removeNamespace("team-d");
    await namespaces.create(labelled("team-e", { team: "violet" }));
    await until(converged, 10_000, "convergence after changes");
    expect((await cs.coreV1().configMaps("team-b").get(TEAM_INFO)).data).toEqual({ team: "yellow" });
    expect((await cs.coreV1().configMaps("team-none").get(TEAM_INFO)).data).toEqual({ team: "blue" });

    // Quiescent: the queue drains and nothing keeps failing.
    await until(() => controller.queue.len() === 0, 2000, "the queue to drain");
    stop.abort();
    controller.queue.shutDown();
    await running;
    expect(controller.syncs).toBeGreaterThanOrEqual(Object.keys(teams).length + 1);
  }, 30_000);
});

const TEAM_INFO = "team-info";

/** Keeps a ConfigMap `team-info` (data.team = the label) in every namespace labelled `team`. */
class TeamInfoController {
  readonly queue = new workqueue.RateLimitingQueue<string>(workqueue.defaultControllerRateLimiter({ baseDelayMs: 5, maxDelayMs: 200 }));
  readonly nsLister: NamespaceLister;
  readonly cmLister: ConfigMapLister;
  readonly synced: (() => boolean)[];
  syncs = 0;
  failures: unknown[] = [];

  constructor(
    private readonly client: ClientsetInterface,
    factory: SharedInformerFactory,
  ) {
    const nsInformer = factory.coreV1().namespaces();
    const cmInformer = factory.coreV1().configMaps();
    this.nsLister = nsInformer.lister();
    this.cmLister = cmInformer.lister();
    this.synced = [() => nsInformer.informer().hasSynced(), () => cmInformer.informer().hasSynced()];
    const enqueueNs = (ns: Namespace): void => this.queue.add(ns.metadata?.name ?? "");
    nsInformer.informer().addEventHandler({ onAdd: enqueueNs, onUpdate: (_o, ns) => enqueueNs(ns) });
    // A change to our ConfigMap requeues its namespace, so drift is repaired.
    const onConfigMap = (obj: ConfigMap | cache.DeletedFinalStateUnknown<ConfigMap>): void => {
      const cm = obj instanceof cache.DeletedFinalStateUnknown ? obj.obj : obj;
      if (cm.metadata?.name === TEAM_INFO) this.queue.add(cm.metadata.namespace ?? "");
    };
    cmInformer.informer().addEventHandler({ onUpdate: (_o, cm) => onConfigMap(cm), onDelete: onConfigMap });
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    if (!(await cache.waitForCacheSync(signal, ...this.synced))) return;
    signal.addEventListener("abort", () => this.queue.shutDown(), { once: true });
    await Promise.all(Array.from({ length: workers }, () => this.worker()));
  }

  private async worker(): Promise<void> {
    for (;;) {
      const { item: key, shutdown } = await this.queue.get();
      if (shutdown) return;
      try {
        await this.sync(key);
        this.queue.forget(key);
      } catch (err) {
        this.failures.push(err);
        this.queue.addRateLimited(key);
      } finally {
        this.queue.done(key);
      }
    }
  }

  /** Reads through listers (never modifying what they return), writes through the client. */
  private async sync(name: string): Promise<void> {
    this.syncs++;
    let ns: Namespace;
    try {
      ns = this.nsLister.get(name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    const team = ns.metadata?.labels?.team;
    if (ns.metadata?.deletionTimestamp) return;
    let current: ConfigMap | undefined;
    try {
      current = this.cmLister.configMaps(name).get(TEAM_INFO);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const cms = this.client.coreV1().configMaps(name);
    if (team === undefined) {
      if (current !== undefined) await cms.delete(TEAM_INFO);
    } else if (current === undefined) {
      try {
        await cms.create({ metadata: { name: TEAM_INFO }, data: { team } });
      } catch (err) {
        // The cache lags our own create: the next event brings it.
        if (!isAlreadyExists(err)) throw err;
      }
    } else if (current.data?.team !== team) {
      await cms.update({ ...current, data: { ...current.data, team } });
    }
  }
}
