/**
 * Generated informers and listers over the FakeClientset: the factory shares one informer per
 * type, syncs, delivers add/update/delete to handlers and listers, and honours the namespace
 * filter and tweakListOptions. Shapes follow seed 001: NamespaceInformer with informer() and lister().
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigMap, Namespace } from "../../generated/apis/core/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory, type coreV1 } from "../../generated/informers/index.js";
import { newNamespaceLister, type NamespaceLister } from "../../generated/listers/core/v1/index.js";
import { cache } from "../../runtime/index.js";
import { isNotFound } from "../../runtime/rest/index.js";
import { LabelsSelector } from "../../runtime/selectors/index.js";
import { until } from "../support/wait.js";

const factories: SharedInformerFactory[] = [];
afterEach(async () => {
  await Promise.all(factories.splice(0).map((f) => f.shutdown()));
});

function factoryFor(cs: FakeClientset, options: ConstructorParameters<typeof SharedInformerFactory>[1] = {}): SharedInformerFactory {
  const f = new SharedInformerFactory(cs, { reflector: { onError: () => {} }, ...options });
  factories.push(f);
  return f;
}

const namespace = (name: string, labels: Record<string, string> = {}): Namespace => ({
  apiVersion: "v1",
  kind: "Namespace",
  metadata: { name, labels },
});
const cm = (ns: string, name: string, labels: Record<string, string> = {}): ConfigMap => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { namespace: ns, name, labels },
});

describe("SharedInformerFactory", () => {
  it("shares one informer per type and syncs the initial list into the lister", async () => {
    const cs = new FakeClientset(namespace("a", { team: "x" }), namespace("b"), namespace("c", { team: "x" }));
    const factory = factoryFor(cs);
    const nsInformer: coreV1.NamespaceInformer = factory.coreV1().namespaces();
    expect(nsInformer.informer()).toBe(factory.coreV1().namespaces().informer());
    const lister: NamespaceLister = nsInformer.lister();
    const ctl = new AbortController();
    factory.start(ctl.signal);
    const synced = await factory.waitForCacheSync(AbortSignal.timeout(2000));
    expect([...synced]).toEqual([["v1/Namespace", true]]);
    expect(
      lister
        .list()
        .map((n) => n.metadata?.name)
        .sort(),
    ).toEqual(["a", "b", "c"]);
    expect(
      lister
        .list("team=x")
        .map((n) => n.metadata?.name)
        .sort(),
    ).toEqual(["a", "c"]);
    expect(lister.list(LabelsSelector.parse("team!=x")).map((n) => n.metadata?.name)).toEqual(["b"]);
    expect(lister.get("b").metadata?.name).toBe("b");
    let err: unknown;
    try {
      lister.get("nope");
    } catch (e) {
      err = e;
    }
    expect(isNotFound(err)).toBe(true);
    expect((err as Error).message).toBe('namespace "nope" not found');
    // One list and one watch, however many times the informer was asked for.
    expect(cs.actions().map((a) => a.verb)).toEqual(["list", "watch"]);
  });

  it("delivers add, update and delete to handlers and the lister", async () => {
    const cs = new FakeClientset(cm("a", "one"));
    const factory = factoryFor(cs);
    const inf = factory.coreV1().configMaps();
    const seen: string[] = [];
    inf.informer().addEventHandler({
      onAdd: (obj, initial) => void seen.push(`add ${obj.metadata?.name}${initial ? " (initial)" : ""}`),
      onUpdate: (_old, obj) => void seen.push(`update ${obj.metadata?.name} ${obj.data?.["v"] ?? ""}`),
      onDelete: (obj) => void seen.push(`delete ${(obj instanceof cache.DeletedFinalStateUnknown ? obj.obj : obj).metadata?.name}`),
    });
    factory.start();
    await factory.waitForCacheSync(AbortSignal.timeout(2000));
    const cms = cs.coreV1().configMaps("a");
    await cms.create(cm("a", "two"));
    const two = await cms.get("two");
    await cms.update({ ...two, data: { v: "2" } });
    await cms.delete("one");
    await until(() => seen.length === 4);
    expect(seen).toEqual(["add one (initial)", "add two", "update two 2", "delete one"]);
    const lister = inf.lister();
    expect(lister.list().map((c) => c.metadata?.name)).toEqual(["two"]);
    expect(lister.configMaps("a").get("two").data).toEqual({ v: "2" });
    expect(lister.configMaps("b").list()).toEqual([]);
  });

  it("a namespace-filtered factory lists and watches namespaced kinds in that namespace only", async () => {
    const cs = new FakeClientset(cm("a", "in"), cm("b", "out"), namespace("a"), namespace("b"));
    const factory = factoryFor(cs, { namespace: "a" });
    const cms = factory.coreV1().configMaps();
    const nss = factory.coreV1().namespaces();
    cms.informer();
    nss.informer();
    factory.start();
    const synced = await factory.waitForCacheSync(AbortSignal.timeout(2000));
    expect(Object.fromEntries(synced)).toEqual({ "v1/ConfigMap": true, "v1/Namespace": true });
    await cs.coreV1().configMaps("b").create(cm("b", "out2"));
    await cs.coreV1().configMaps("a").create(cm("a", "in2"));
    await until(() => cms.lister().list().length === 2);
    expect(
      cms
        .lister()
        .list()
        .map((c) => c.metadata?.name)
        .sort(),
    ).toEqual(["in", "in2"]);
    // Cluster-scoped kinds ignore the namespace filter.
    expect(nss.lister().list().length).toBe(2);
    const cmActions = cs.actions().filter((a) => a.resource.resource === "configmaps" && a.verb !== "create");
    expect(cmActions.map((a) => `${a.verb} ${a.namespace}`)).toEqual(["list a", "watch a"]);
  });

  it("applies tweakListOptions to every list and watch", async () => {
    const cs = new FakeClientset(namespace("keep", { managed: "yes" }), namespace("skip"));
    const factory = factoryFor(cs, {
      tweakListOptions: (o) => {
        o.labelSelector = "managed=yes";
      },
    });
    const nss = factory.coreV1().namespaces();
    nss.informer();
    factory.start();
    await factory.waitForCacheSync(AbortSignal.timeout(2000));
    expect(
      nss
        .lister()
        .list()
        .map((n) => n.metadata?.name),
    ).toEqual(["keep"]);
    await cs.coreV1().namespaces().create(namespace("skip2"));
    await cs
      .coreV1()
      .namespaces()
      .create(namespace("keep2", { managed: "yes" }));
    await until(() => nss.lister().list().length === 2);
    expect(
      cs
        .actions()
        .filter((a) => a.verb === "list" || a.verb === "watch")
        .map((a) => a.listOptions?.labelSelector),
    ).toEqual(["managed=yes", "managed=yes"]);
  });

  it("informers asked for after start need another start; shutdown stops them all", async () => {
    const cs = new FakeClientset(namespace("a"), cm("a", "x"));
    const factory = factoryFor(cs);
    factory.coreV1().namespaces().informer();
    factory.start();
    await factory.waitForCacheSync(AbortSignal.timeout(2000));
    const late = factory.coreV1().configMaps().informer();
    expect(late.hasSynced()).toBe(false);
    factory.start();
    const synced = await factory.waitForCacheSync(AbortSignal.timeout(2000));
    expect(synced.get("v1/ConfigMap")).toBe(true);
    await factory.shutdown();
    expect(late.isStopped()).toBe(true);
    expect(cs.tracker().watchCount()).toBe(0);
  });

  it("a factory of more than ten kinds starts them without Node's listener-leak warning", async () => {
    const cs = new FakeClientset(namespace("a"));
    const factory = factoryFor(cs);
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const core = factory.coreV1() as unknown as Record<string, () => { informer(): unknown }>;
      const kinds = Object.getOwnPropertyNames(Object.getPrototypeOf(core)).filter((m) => m !== "constructor");
      expect(kinds.length).toBeGreaterThan(10);
      for (const kind of kinds) core[kind]!.call(core).informer();
      const stop = new AbortController();
      factory.start(stop.signal);
      const synced = await factory.waitForCacheSync(AbortSignal.timeout(5000));
      expect([...synced.values()].every(Boolean)).toBe(true);
      // Warnings are emitted on a later tick.
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
      stop.abort();
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("a lister works over any indexer, as client-go's NewNamespaceLister", () => {
    const indexer = cache.newIndexer<Namespace>({});
    indexer.add(namespace("solo", { a: "b" }));
    expect(
      newNamespaceLister(indexer)
        .list("a=b")
        .map((n) => n.metadata?.name),
    ).toEqual(["solo"]);
  });
});
