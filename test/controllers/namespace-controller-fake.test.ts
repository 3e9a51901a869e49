/**
 * The namespace controller and its deleter against the generated FAKE clientset, asserting the
 * actions taken as sample-controller's tests do: only deleting namespaces are synced; the
 * namespace is marked Terminating, every deletable namespaced resource is emptied (deletecollection,
 * or list and delete where that is not served, remembered after a 405), conditions are written
 * with upstream's reasons and messages, and the `kubernetes` finalizer is removed last.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { APIResource, APIResourceList } from "../../api/meta/v1/types.js";
import {
  estimateGracefulTerminationForPods,
  NamespacedResourcesDeleter,
  ResourcesRemainingError,
} from "../../controllers/namespace/deleter.js";
import { NamespaceController } from "../../controllers/namespace/namespace-controller.js";
import type { Namespace, Pod } from "../../generated/apis/core/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { GroupDiscoveryFailedError } from "../../runtime/discovery/index.js";
import type { testing } from "../../runtime/testing/entry.js";
import { newMethodNotSupported } from "../../runtime/rest/errors.js";
import { FakeMetadataClient } from "./support/fake-metadata.js";
import { until } from "../support/wait.js";

const ALL_VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
const res = (name: string, kind: string, verbs = ALL_VERBS): APIResource => ({
  name,
  singularName: kind.toLowerCase(),
  namespaced: true,
  kind,
  verbs,
});

/** What discovery reports: events serve no deletecollection, bindings cannot be deleted at all. */
const DISCOVERY: APIResourceList[] = [
  {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion: "v1",
    resources: [
      res("configmaps", "ConfigMap"),
      res("secrets", "Secret"),
      res("events", "Event", ["create", "delete", "get", "list"]),
      res("bindings", "Binding", ["create"]),
    ],
  },
  { kind: "APIResourceList", apiVersion: "v1", groupVersion: "rbac.authorization.k8s.io/v1", resources: [res("roles", "Role")] },
];

const terminating = (name: string): Namespace => ({
  apiVersion: "v1",
  kind: "Namespace",
  metadata: { name, uid: `uid-${name}`, deletionTimestamp: "2026-01-01T00:00:00Z" },
  spec: { finalizers: ["kubernetes"] },
  status: { phase: "Active" },
});
const active = (name: string): Namespace => ({
  apiVersion: "v1",
  kind: "Namespace",
  metadata: { name, uid: `uid-${name}` },
  spec: { finalizers: ["kubernetes"] },
  status: { phase: "Active" },
});
const cm = (ns: string, name: string, finalizers?: string[]) => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { namespace: ns, name, ...(finalizers && { finalizers }) },
});
const secret = (ns: string, name: string) => ({ apiVersion: "v1", kind: "Secret", metadata: { namespace: ns, name } });
const event = (ns: string, name: string) => ({ apiVersion: "v1", kind: "Event", metadata: { namespace: ns, name }, involvedObject: {} });

const describeAction = (a: testing.Action): string =>
  [a.verb, a.resource.resource + (a.subresource ? `/${a.subresource}` : ""), a.namespace, a.name ?? ""].filter((s) => s !== "").join(" ");

function newDeleter(cs: FakeClientset, discover: () => Promise<APIResourceList[]> = async () => structuredClone(DISCOVERY)) {
  return new NamespacedResourcesDeleter({
    nsClient: cs.coreV1().namespaces(),
    metadataClient: new FakeMetadataClient(cs.fake),
    discoverResources: discover,
    finalizerToken: "kubernetes",
  });
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

function startController(cs: FakeClientset, graceMs = 0): NamespaceController {
  const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
  const errors: unknown[] = [];
  const controller = new NamespaceController({
    nsClient: cs.coreV1().namespaces(),
    metadataClient: new FakeMetadataClient(cs.fake),
    discoverResources: async () => structuredClone(DISCOVERY),
    informer: factory.coreV1().namespaces(),
    resyncPeriodMs: 0,
    deletionGracePeriodMs: graceMs,
    onError: (err) => errors.push(err),
  });
  const ctl = new AbortController();
  const running = controller.run(3, ctl.signal);
  factory.start(ctl.signal);
  stops.push(async () => {
    ctl.abort();
    await running;
    await factory.shutdown();
  });
  return controller;
}

describe("namespace controller (fake clientset)", () => {
  it("empties a deleting namespace, then removes the kubernetes finalizer", async () => {
    const cs = new FakeClientset(
      terminating("team"),
      active("other"),
      cm("team", "a"),
      cm("team", "b"),
      secret("team", "s"),
      event("team", "e1"),
      event("team", "e2"),
      cm("other", "keep"),
    );
    startController(cs);
    // Read through the tracker: the test's own calls must not show up as actions.
    const NS = { group: "", version: "v1", resource: "namespaces" };
    await until(() => (cs.tracker().get<Namespace>(NS, "", "team").spec?.finalizers ?? ["x"]).length === 0);

    // The informer's own list and watch aside, every action of the pass concerns "team".
    const all = cs.actions().filter((a) => !(a.resource.resource === "namespaces" && (a.verb === "list" || a.verb === "watch")));
    const actions = all.slice(0, all.findIndex((a) => a.subresource === "finalize") + 1);
    const seen = actions.map(describeAction);
    expect(seen[0]).toBe("get namespaces team");
    expect(seen[1]).toBe("update namespaces/status team");
    expect((actions[1]!.object as Namespace).status?.phase).toBe("Terminating");
    expect(seen.slice(-2)).toEqual(["update namespaces/status team", "update namespaces/finalize team"]);
    expect((actions.at(-1)!.object as Namespace).spec?.finalizers).toEqual([]);
    // deletecollection where served (with Background propagation), list + delete for events, nothing for bindings.
    expect(seen).toEqual(
      expect.arrayContaining([
        "delete-collection configmaps team",
        "delete-collection secrets team",
        "delete-collection roles team",
        "list events team",
        "delete events team e1",
        "delete events team e2",
      ]),
    );
    expect(seen).not.toContain("delete-collection events team");
    expect(seen.some((s) => s.includes("bindings"))).toBe(false);
    expect(actions.find((a) => a.verb === "delete-collection")!.deleteOptions).toEqual({ propagationPolicy: "Background" });

    // The conditions say all went well, in upstream's words.
    const conditions = (actions.at(-2)!.object as Namespace).status?.conditions ?? [];
    expect(conditions.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ["NamespaceDeletionDiscoveryFailure", "False", "ResourcesDiscovered", "All resources successfully discovered"],
      ["NamespaceDeletionGroupVersionParsingFailure", "False", "ParsedGroupVersions", "All legacy kube types successfully parsed"],
      ["NamespaceDeletionContentFailure", "False", "ContentDeleted", "All content successfully deleted, may be waiting on finalization"],
      ["NamespaceContentRemaining", "False", "ContentRemoved", "All content successfully removed"],
      ["NamespaceFinalizersRemaining", "False", "ContentRemoved", "All content successfully removed"],
    ]);
    expect((await cs.coreV1().configMaps("team").list()).items).toEqual([]);
    expect((await cs.coreV1().secrets("team").list()).items).toEqual([]);
    expect((await cs.coreV1().configMaps("other").list()).items.map((c) => c.metadata?.name)).toEqual(["keep"]);
  });

  it("leaves namespaces that are not being deleted alone", async () => {
    const cs = new FakeClientset(active("quiet"), cm("quiet", "a"));
    const controller = startController(cs);
    await new Promise((r) => setTimeout(r, 100));
    expect(cs.actions().filter((a) => a.resource.resource !== "namespaces" || (a.verb !== "list" && a.verb !== "watch"))).toEqual([]);
    expect(controller.queue.len()).toBe(0);
  });

  it("waits out the grace period before the first pass", async () => {
    const cs = new FakeClientset(terminating("slow"));
    const controller = startController(cs, 300);
    await new Promise((r) => setTimeout(r, 150));
    expect(cs.actions().some((a) => a.verb === "get")).toBe(false);
    expect(controller.queue.waitingLen()).toBe(1);
    await until(() => cs.actions().some((a) => a.subresource === "finalize"));
  });
});

describe("namespaced resources deleter (fake clientset)", () => {
  it("reports content held by finalizers and asks to be called again (estimate 15 s)", async () => {
    const cs = new FakeClientset(terminating("held"), cm("held", "pinned", ["example.com/hold"]));
    // As the apiserver does for an object with finalizers: deletecollection leaves it in place.
    cs.prependReactor("delete-collection", "configmaps", () => ({ handled: true, ret: {} }));
    const deleter = newDeleter(cs);
    const err = await deleter.delete("held").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResourcesRemainingError);
    expect((err as ResourcesRemainingError).estimate).toBe(15);
    expect((err as Error).message).toBe("some content remains in the namespace, estimate 15 seconds before it is removed");
    const ns = await cs.coreV1().namespaces().get("held");
    const byType = new Map((ns.status?.conditions ?? []).map((c) => [c.type, c]));
    expect(byType.get("NamespaceContentRemaining")).toMatchObject({
      status: "True",
      reason: "SomeResourcesRemain",
      message: "Some resources are remaining: configmaps. has 1 resource instances",
    });
    expect(byType.get("NamespaceFinalizersRemaining")).toMatchObject({
      status: "True",
      reason: "SomeFinalizerRemain",
      message: "Some finalizers are remaining: example.com/hold in 1 resource instances",
    });
    expect(ns.spec?.finalizers).toEqual(["kubernetes"]);
    expect(cs.actions().some((a) => a.subresource === "finalize")).toBe(false);
  });

  it("waits out the Pods' grace period (the longest of those not terminal), then counts them as leftovers", async () => {
    const pod = (name: string, grace: number, phase: "Running" | "Succeeded") => ({
      apiVersion: "v1",
      kind: "Pod",
      metadata: { namespace: "p", name },
      spec: { terminationGracePeriodSeconds: grace, containers: [] },
      status: { phase },
    });
    const discovery = [{ kind: "APIResourceList", apiVersion: "v1", groupVersion: "v1", resources: [res("pods", "Pod")] }];
    const podsNs = (deletedAt: string) => {
      const cs = new FakeClientset({ ...terminating("p"), metadata: { ...terminating("p").metadata, deletionTimestamp: deletedAt } });
      for (const p of [pod("a", 30, "Running"), pod("b", 90, "Succeeded"), pod("c", 10, "Running")]) cs.tracker().add(p);
      // As the apiserver does for scheduled Pods: deletecollection only marks them.
      cs.prependReactor("delete-collection", "pods", () => ({ handled: true, ret: {} }));
      return new NamespacedResourcesDeleter({
        nsClient: cs.coreV1().namespaces(),
        metadataClient: new FakeMetadataClient(cs.fake),
        discoverResources: async () => structuredClone(discovery),
        listPods: async (ns) => (await cs.coreV1().pods(ns).list()).items,
        finalizerToken: "kubernetes",
      });
    };
    expect(estimateGracefulTerminationForPods([pod("a", 30, "Running"), pod("b", 90, "Succeeded")] as Pod[])).toBe(30);
    const fresh = await podsNs(new Date().toISOString())
      .delete("p")
      .catch((e: unknown) => e);
    expect(fresh).toBeInstanceOf(ResourcesRemainingError);
    expect((fresh as ResourcesRemainingError).estimate).toBe(30);
    // Deleted longer ago than that: a Pod still there is unexpected.
    const late = await podsNs("2026-01-01T00:00:00Z")
      .delete("p")
      .catch((e: unknown) => e);
    expect(String(late)).toContain("unexpected items still remain in namespace: p for gvr: { v1 pods}");
  });

  it("falls back to list and delete after a 405, and remembers it", async () => {
    const cs = new FakeClientset(terminating("t"), secret("t", "s1"), secret("t", "s2"));
    let refused = 0;
    cs.prependReactor("delete-collection", "secrets", () => {
      refused++;
      return { handled: true, err: newMethodNotSupported({ group: "", resource: "secrets" }, "deletecollection") };
    });
    const deleter = newDeleter(cs);
    await deleter.delete("t");
    const seen = cs.actions().map(describeAction);
    expect(seen).toEqual(
      expect.arrayContaining(["delete-collection secrets t", "list secrets t", "delete secrets t s1", "delete secrets t s2"]),
    );
    expect((await cs.coreV1().secrets("t").list()).items).toEqual([]);

    // A second namespace: deletecollection is no longer tried on secrets.
    await cs.coreV1().namespaces().create(terminating("t2"));
    await deleter.delete("t2");
    expect(refused).toBe(1);
  });

  it("discovers once per pass: the resources' unsupported operations come from that same discovery", async () => {
    const cs = new FakeClientset(terminating("once"), cm("once", "a"), event("once", "e1"), secret("once", "s1"));
    let discoveries = 0;
    const deleter = newDeleter(cs, async () => {
      discoveries++;
      // Answered later than the resources' own questions are asked, as over the network.
      await new Promise((r) => setTimeout(r, 5));
      return structuredClone(DISCOVERY);
    });
    await deleter.delete("once");
    expect(discoveries).toBe(1);
    const seen = cs.actions().map(describeAction);
    // Events serve no deletecollection (discovery says so): listed and deleted one by one.
    expect(seen).not.toContain("delete-collection events once");
    expect(seen).toEqual(expect.arrayContaining(["list events once", "delete events once e1", "delete-collection configmaps once"]));
    expect((await cs.coreV1().events("once").list()).items).toEqual([]);

    // The next pass discovers again (for what to delete); the operation cache is kept.
    await cs.coreV1().namespaces().create(terminating("twice"));
    await deleter.delete("twice");
    expect(discoveries).toBe(2);
  });

  it("keeps deleting what was discovered when some groups fail discovery, and says so", async () => {
    const cs = new FakeClientset(terminating("d"), cm("d", "a"));
    const failure = new GroupDiscoveryFailedError(
      new Map([["broken.example.com/v1", new Error("the server is currently unable to handle the request")]]),
      structuredClone(DISCOVERY),
    );
    const deleter = newDeleter(cs, async () => {
      throw failure;
    });
    await expect(deleter.delete("d")).rejects.toThrow("unable to retrieve the complete list of server APIs");
    expect((await cs.coreV1().configMaps("d").list()).items).toEqual([]);
    const ns = await cs.coreV1().namespaces().get("d");
    const c = ns.status?.conditions?.find((x) => x.type === "NamespaceDeletionDiscoveryFailure");
    expect(c).toMatchObject({
      status: "True",
      reason: "DiscoveryFailed",
      message:
        "Discovery failed for some groups, 1 failing: unable to retrieve the complete list of server APIs: broken.example.com/v1: the server is currently unable to handle the request",
    });
    expect(ns.spec?.finalizers).toEqual(["kubernetes"]);
  });

  it("reports a bad group version and an unexpected leftover as content failures", async () => {
    const cs = new FakeClientset(terminating("p"), cm("p", "stuck"));
    cs.prependReactor("delete-collection", "configmaps", () => ({ handled: true, ret: {} }));
    const deleter = newDeleter(cs);
    await expect(deleter.delete("p")).rejects.toThrow("unexpected items still remain in namespace: p for gvr: { v1 configmaps}");
    let ns = await cs.coreV1().namespaces().get("p");
    expect(ns.status?.conditions?.find((x) => x.type === "NamespaceDeletionContentFailure")).toMatchObject({
      status: "True",
      reason: "ContentDeletionFailed",
      message: "Failed to delete all resource types, 1 remaining: unexpected items still remain in namespace: p for gvr: { v1 configmaps}",
    });

    const bad = newDeleter(cs, async () => [
      { kind: "APIResourceList", apiVersion: "v1", groupVersion: "a/b/c", resources: [res("things", "Thing")] },
    ]);
    await expect(bad.delete("p")).rejects.toThrow("unexpected GroupVersion string: a/b/c");
    ns = await cs.coreV1().namespaces().get("p");
    expect(ns.status?.conditions?.find((x) => x.type === "NamespaceDeletionGroupVersionParsingFailure")).toMatchObject({
      status: "True",
      reason: "GroupVersionParsingFailed",
      message: "unexpected GroupVersion string: a/b/c",
    });
    // The content failure recovered: nothing was attempted, so nothing failed.
    expect(ns.status?.conditions?.find((x) => x.type === "NamespaceDeletionContentFailure")?.status).toBe("False");
  });

  it("does nothing for a namespace that is gone or not being deleted", async () => {
    const cs = new FakeClientset(active("live"));
    const deleter = newDeleter(cs);
    await deleter.delete("gone");
    await deleter.delete("live");
    expect(cs.actions().map(describeAction)).toEqual(["get namespaces gone", "get namespaces live"]);
  });
});
