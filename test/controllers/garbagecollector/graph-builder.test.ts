/**
 * The graph builder fed changes directly (no server): virtual owners and their observation,
 * owner deletions queueing dependents, foreground and orphan transitions, blocking
 * dependents, owner reference diffs, namespace mismatches (and their OwnerRefInvalidNamespace
 * event), and virtual delete events; and
 * its monitors started and stopped on one signal.
 */
import { describe, expect, it } from "vitest";
import type { OwnerReference, PartialObjectMetadata } from "../../../api/meta/v1/types.js";
import { invalidOwnerRefReporter } from "../../../controllers/garbagecollector/descriptor.js";
import { GraphBuilder, referencesDiffs, type GraphEvent } from "../../../controllers/garbagecollector/graph-builder.js";
import type { GraphNode, ObjectReference } from "../../../controllers/garbagecollector/graph.js";
import { DeferredRESTMapper } from "../../../controllers/garbagecollector/rest-mapper.js";
import type { ResourceRef } from "../../../runtime/rest/paths.js";
import type { RateLimitingQueue } from "../../../runtime/workqueue/rate-limiting-queue.js";
import { recordedEvents } from "../support/events.js";

function builder(reports: string[] = []): GraphBuilder {
  const mapper = new DeferredRESTMapper({ allResources: async () => [] });
  return new GraphBuilder({
    metadataClient: { resource: () => ({ list: async () => ({ items: [] }), watch: async function* () {} }) },
    mapper,
    reportInvalidOwnerRef: (_dep, _owner, message) => reports.push(message),
  });
}

function obj(name: string, uid: string, extra: Partial<NonNullable<PartialObjectMetadata["metadata"]>> = {}): PartialObjectMetadata {
  return { metadata: { name, uid, namespace: "ns", ...extra } };
}

const cmRef = (name: string, uid: string, extra: Partial<OwnerReference> = {}): OwnerReference => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  name,
  uid,
  ...extra,
});

function ev(type: GraphEvent["type"], o: PartialObjectMetadata, oldObj?: PartialObjectMetadata): GraphEvent {
  return { type, obj: o, ...(oldObj && { oldObj }), apiVersion: "v1", kind: "ConfigMap" };
}

/** Everything queued now, by name, emptying the queue. */
async function drain(q: RateLimitingQueue<GraphNode>): Promise<string[]> {
  const out: string[] = [];
  while (q.len() > 0) {
    const { item, shutdown } = await q.get();
    if (shutdown) break;
    out.push(item.identity.name);
    q.done(item);
  }
  return out.sort();
}

describe("graph builder", () => {
  it("a dependent seen before its owner makes a virtual owner, queued for a live check; the owner's add makes it observed", async () => {
    const gb = builder();
    gb.processGraphChange(ev("add", obj("dep", "d1", { ownerReferences: [cmRef("owner", "o1")] })));
    const virtual = gb.uidToNode.read("o1")!;
    expect(virtual.virtual).toBe(true);
    expect(virtual.identity).toEqual({ apiVersion: "v1", kind: "ConfigMap", name: "owner", uid: "o1", namespace: "ns" });
    expect([...virtual.dependents].map((d) => d.identity.name)).toEqual(["dep"]);
    expect(await drain(gb.attemptToDelete)).toEqual(["owner"]);
    gb.processGraphChange(ev("add", obj("owner", "o1")));
    expect(gb.uidToNode.read("o1")!.isObserved()).toBe(true);
    expect(await drain(gb.attemptToDelete)).toEqual([]);
  });

  it("deleting an owner removes it, queues its dependents and remembers it as absent", async () => {
    const gb = builder();
    gb.processGraphChange(ev("add", obj("owner", "o1")));
    gb.processGraphChange(ev("add", obj("a", "a1", { ownerReferences: [cmRef("owner", "o1")] })));
    gb.processGraphChange(ev("add", obj("b", "b1", { ownerReferences: [cmRef("owner", "o1")] })));
    gb.processGraphChange(ev("delete", obj("owner", "o1")));
    expect(gb.uidToNode.read("o1")).toBeUndefined();
    expect(await drain(gb.attemptToDelete)).toEqual(["a", "b"]);
    expect(gb.absentOwnerCache.has({ apiVersion: "v1", kind: "ConfigMap", name: "owner", uid: "o1", namespace: "ns" })).toBe(true);
  });

  it("a deletion starting with foregroundDeletion marks the owner and queues it with every dependent; only blockOwnerDeletion ones block", async () => {
    const gb = builder();
    const owner = obj("owner", "o1");
    gb.processGraphChange(ev("add", owner));
    gb.processGraphChange(ev("add", obj("blocking", "b1", { ownerReferences: [cmRef("owner", "o1", { blockOwnerDeletion: true })] })));
    gb.processGraphChange(ev("add", obj("free", "f1", { ownerReferences: [cmRef("owner", "o1")] })));
    await drain(gb.attemptToDelete);
    const deleting = obj("owner", "o1", { deletionTimestamp: "2026-01-01T00:00:00Z", finalizers: ["foregroundDeletion"] });
    gb.processGraphChange(ev("update", deleting, owner));
    const n = gb.uidToNode.read("o1")!;
    expect(n.isDeletingDependents()).toBe(true);
    expect(await drain(gb.attemptToDelete)).toEqual(["blocking", "free", "owner"]);
    expect(n.blockingDependents().map((d) => d.identity.name)).toEqual(["blocking"]);
    // The same state again is no new transition.
    gb.processGraphChange(ev("update", deleting, deleting));
    expect(await drain(gb.attemptToDelete)).toEqual([]);
    // A blocking reference turned non-blocking frees the owner to be looked at.
    gb.processGraphChange(ev("update", obj("blocking", "b1", { ownerReferences: [cmRef("owner", "o1", { blockOwnerDeletion: false })] })));
    expect(await drain(gb.attemptToDelete)).toEqual(["owner"]);
    expect(n.blockingDependents()).toEqual([]);
    // A dependent that goes queues its owner, which deletes its dependents.
    gb.processGraphChange(ev("delete", obj("free", "f1", { ownerReferences: [cmRef("owner", "o1")] })));
    expect(await drain(gb.attemptToDelete)).toEqual(["owner"]);
  });

  it("a deletion starting with the orphan finalizer queues the owner to attemptToOrphan", async () => {
    const gb = builder();
    const owner = obj("owner", "o1");
    gb.processGraphChange(ev("add", owner));
    gb.processGraphChange(ev("update", obj("owner", "o1", { deletionTimestamp: "2026-01-01T00:00:00Z", finalizers: ["orphan"] }), owner));
    expect(await drain(gb.attemptToOrphan)).toEqual(["owner"]);
    expect(await drain(gb.attemptToDelete)).toEqual([]);
  });

  it("owner references changing move the node between owners", () => {
    const gb = builder();
    gb.processGraphChange(ev("add", obj("o1", "o1")));
    gb.processGraphChange(ev("add", obj("o2", "o2")));
    gb.processGraphChange(ev("add", obj("dep", "d1", { ownerReferences: [cmRef("o1", "o1")] })));
    gb.processGraphChange(ev("update", obj("dep", "d1", { ownerReferences: [cmRef("o2", "o2")] })));
    expect(gb.uidToNode.read("o1")!.dependents.size).toBe(0);
    expect([...gb.uidToNode.read("o2")!.dependents].map((d) => d.identity.name)).toEqual(["dep"]);
  });

  it("a dependent naming an observed owner of another namespace is reported and queued for a check", async () => {
    const reports: string[] = [];
    const gb = builder(reports);
    gb.processGraphChange(ev("add", { metadata: { name: "owner", uid: "o1", namespace: "a" } }));
    gb.processGraphChange(ev("add", { metadata: { name: "dep", uid: "d1", namespace: "b", ownerReferences: [cmRef("owner", "o1")] } }));
    expect(reports).toEqual(['ownerRef [v1/ConfigMap, namespace: b, name: owner, uid: o1] does not exist in namespace "b"']);
    expect(await drain(gb.attemptToDelete)).toEqual(["dep"]);
  });

  it("the controller manager's reporter records upstream's OwnerRefInvalidNamespace event on the dependent", async () => {
    const events = recordedEvents();
    const gb = new GraphBuilder({
      metadataClient: { resource: () => ({ list: async () => ({ items: [] }), watch: async function* () {} }) },
      mapper: new DeferredRESTMapper({ allResources: async () => [] }),
      reportInvalidOwnerRef: invalidOwnerRefReporter(events.recorder("garbage-collector-controller")),
    });
    gb.processGraphChange(ev("add", { metadata: { name: "owner", uid: "o1", namespace: "a" } }));
    gb.processGraphChange(ev("add", { metadata: { name: "dep", uid: "d1", namespace: "b", ownerReferences: [cmRef("owner", "o1")] } }));
    await events.flush();
    expect(events.created).toMatchObject([
      {
        metadata: { namespace: "b" },
        involvedObject: { kind: "ConfigMap", namespace: "b", name: "dep", uid: "d1", apiVersion: "v1" },
        type: "Warning",
        reason: "OwnerRefInvalidNamespace",
        message: 'ownerRef [v1/ConfigMap, namespace: b, name: owner, uid: o1] does not exist in namespace "b"',
        source: { component: "garbage-collector-controller" },
        reportingComponent: "garbage-collector-controller",
      },
    ]);
  });

  it("a virtual delete of a virtual owner that dependents name differently keeps the node under another identity", async () => {
    const gb = builder();
    gb.processGraphChange(ev("add", obj("d1", "d1", { ownerReferences: [cmRef("right", "o1")] })));
    gb.processGraphChange(
      ev("add", obj("d2", "d2", { ownerReferences: [{ apiVersion: "v1", kind: "Secret", name: "other", uid: "o1" }] })),
    );
    await drain(gb.attemptToDelete);
    const absent: ObjectReference = { apiVersion: "v1", kind: "ConfigMap", name: "right", uid: "o1", namespace: "ns" };
    gb.enqueueVirtualDeleteEvent(absent);
    await Promise.resolve();
    const replacement = gb.uidToNode.read("o1")!;
    expect(replacement.identity).toMatchObject({ kind: "Secret", name: "other" });
    expect(gb.absentOwnerCache.has(absent)).toBe(true);
    expect(await drain(gb.attemptToDelete)).toEqual(["d1"]);
  });

  it("referencesDiffs tells added, removed and changed references by uid", () => {
    const a = cmRef("a", "1");
    const b = cmRef("b", "2", { blockOwnerDeletion: true });
    const c = cmRef("c", "3");
    const d = referencesDiffs([a, b], [{ ...b, blockOwnerDeletion: false }, c]);
    expect(d.added).toEqual([c]);
    expect(d.removed).toEqual([a]);
    expect(d.changed).toEqual([{ oldRef: b, newRef: { ...b, blockOwnerDeletion: false } }]);
  });

  it("runs more than ten monitors on one signal without Node's listener-leak warning, and stops them all when it aborts", async () => {
    const resources = Array.from({ length: 12 }, (_, i) => ({
      name: `things${i}`,
      singularName: "",
      kind: `Thing${i}`,
      namespaced: true,
      verbs: [],
    }));
    const gb = new GraphBuilder({
      metadataClient: { resource: () => ({ list: async () => ({ items: [] }), watch: async function* () {} }) },
      mapper: new DeferredRESTMapper({ allResources: async () => [{ groupVersion: "example.com/v1", resources }] }),
    });
    const refs = new Map<string, ResourceRef>(
      resources.map((r) => [`example.com/v1/${r.name}`, { group: "example.com", version: "v1", resource: r.name }]),
    );
    expect(await gb.syncMonitors(refs)).toEqual([]);
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const stop = new AbortController();
      const running = gb.run(stop.signal);
      // Warnings are emitted on a later tick.
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
      expect(gb.monitoredResources()).toHaveLength(12);
      stop.abort();
      await running;
      expect(gb.monitoredResources()).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
