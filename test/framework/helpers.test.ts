/**
 * The framework's helpers: conditions, owner references, finalizers, predicates, merge patches,
 * and create-or-update / create-or-patch / handleFinalizer against the generated fake clientset.
 */
import { describe, expect, it } from "vitest";
import type { ConfigMap } from "../../api/core/v1/config.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import {
  addFinalizer,
  AlreadyOwnedError,
  annotationsChanged,
  ConfigMapKind,
  containsFinalizer,
  createMergePatch,
  createOrPatch,
  createOrUpdate,
  DeploymentKind,
  findStatusCondition,
  generationChanged,
  getControllerOf,
  handleFinalizer,
  hasLabels,
  isControlledBy,
  isStatusConditionFalse,
  isStatusConditionTrue,
  labelsChanged,
  not,
  or,
  removeFinalizer,
  removeOwnerReference,
  removeStatusCondition,
  setControllerReference,
  setOwnerReference,
  setStatusCondition,
  type HasConditions,
  type KubeObject,
} from "../../framework/index.js";

describe("conditions", () => {
  it("adds, updates in place, moves lastTransitionTime only on a status change, and removes", () => {
    const status: HasConditions = {};
    expect(
      setStatusCondition(status, {
        type: "Ready",
        status: "False",
        reason: "Waiting",
        message: "",
        observedGeneration: 1,
        lastTransitionTime: "2020-01-01T00:00:00Z",
      }),
    ).toBe(true);
    expect(setStatusCondition(status, { type: "Ready", status: "False", reason: "Waiting", message: "", observedGeneration: 1 })).toBe(
      false,
    );
    // Same status, new reason and generation: changed, but the transition time stays.
    expect(setStatusCondition(status, { type: "Ready", status: "False", reason: "Still", message: "m", observedGeneration: 2 })).toBe(true);
    expect(findStatusCondition(status.conditions, "Ready")).toEqual({
      type: "Ready",
      status: "False",
      reason: "Still",
      message: "m",
      observedGeneration: 2,
      lastTransitionTime: "2020-01-01T00:00:00Z",
    });
    expect(setStatusCondition(status, { type: "Ready", status: "True", reason: "Done", message: "", observedGeneration: 2 })).toBe(true);
    const ready = findStatusCondition(status.conditions, "Ready")!;
    expect(ready.lastTransitionTime).not.toBe("2020-01-01T00:00:00Z");
    expect(ready.lastTransitionTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(isStatusConditionTrue(status.conditions, "Ready")).toBe(true);
    expect(isStatusConditionFalse(status.conditions, "Ready")).toBe(false);
    setStatusCondition(status, { type: "Degraded", status: "False", reason: "No", message: "" });
    expect(status.conditions!.map((c) => c.type)).toEqual(["Ready", "Degraded"]);
    expect(removeStatusCondition(status, "Ready")).toBe(true);
    expect(removeStatusCondition(status, "Ready")).toBe(false);
    expect(findStatusCondition(status.conditions, "Ready")).toBeUndefined();
  });
});

describe("owner references", () => {
  const owner = { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "web", namespace: "ns", uid: "u1" } };

  it("sets a controller reference, refreshes it, refuses a second controller, and allows plain owners", () => {
    const cm: KubeObject = { metadata: { name: "c", namespace: "ns" } };
    setControllerReference(owner, cm);
    setControllerReference(owner, cm);
    expect(cm.metadata?.ownerReferences).toEqual([
      { apiVersion: "apps/v1", kind: "Deployment", name: "web", uid: "u1", controller: true, blockOwnerDeletion: true },
    ]);
    expect(isControlledBy(cm, owner)).toBe(true);
    const other = { metadata: { name: "other", namespace: "ns", uid: "u2" } };
    expect(() => setControllerReference(other, cm, { kind: DeploymentKind })).toThrow(AlreadyOwnedError);
    setOwnerReference(other, cm, { kind: ConfigMapKind });
    expect(cm.metadata?.ownerReferences?.map((r) => [r.kind, r.name, r.controller])).toEqual([
      ["Deployment", "web", true],
      ["ConfigMap", "other", undefined],
    ]);
    expect(getControllerOf(cm)?.name).toBe("web");
    expect(removeOwnerReference(other, cm, { kind: ConfigMapKind })).toBe(true);
    expect(cm.metadata?.ownerReferences).toHaveLength(1);
  });

  it("refuses owners in another namespace, owners without a kind, and owners not yet stored", () => {
    expect(() => setControllerReference(owner, { metadata: { name: "c", namespace: "elsewhere" } })).toThrow(/cross-namespace/);
    expect(() =>
      setControllerReference({ metadata: { name: "x", namespace: "ns", uid: "u" } }, { metadata: { name: "c", namespace: "ns" } }),
    ).toThrow(/apiVersion and kind/);
    expect(() =>
      setControllerReference(
        { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x", namespace: "ns" } },
        { metadata: { name: "c", namespace: "ns" } },
      ),
    ).toThrow(/uid/);
  });
});

describe("finalizers and predicates", () => {
  it("adds and removes finalizers once", () => {
    const o: KubeObject = { metadata: { name: "a" } };
    expect(addFinalizer(o, "x/y")).toBe(true);
    expect(addFinalizer(o, "x/y")).toBe(false);
    expect(containsFinalizer(o, "x/y")).toBe(true);
    expect(removeFinalizer(o, "x/y")).toBe(true);
    expect(removeFinalizer(o, "x/y")).toBe(false);
    expect(o.metadata?.finalizers).toEqual([]);
  });

  it("filters updates by generation, labels and annotations; combines with or/not", () => {
    const a: KubeObject = { metadata: { generation: 1, labels: { a: "1" }, annotations: { n: "1" } } };
    const b: KubeObject = { metadata: { generation: 1, labels: { a: "2" }, annotations: { n: "1" } } };
    const c: KubeObject = { metadata: { generation: 2, labels: { a: "1" }, annotations: { n: "1" } } };
    expect(generationChanged().update!(a, b)).toBe(false);
    expect(generationChanged().update!(a, c)).toBe(true);
    expect(labelsChanged().update!(a, b)).toBe(true);
    expect(labelsChanged().update!(a, c)).toBe(false);
    expect(annotationsChanged().update!(a, b)).toBe(false);
    expect(or(generationChanged(), labelsChanged()).update!(a, b)).toBe(true);
    expect(not(generationChanged()).update!(a, c)).toBe(false);
    expect(hasLabels({ a: "1" }).create!(a)).toBe(true);
    expect(hasLabels({ a: "1" }).create!(b)).toBe(false);
  });

  it("computes RFC 7386 merge patches: changes set, removals null, lists whole", () => {
    expect(createMergePatch({ a: 1, b: { c: 1, d: 2 }, l: [1, 2] }, { a: 1, b: { c: 3 }, l: [1], e: "x" })).toEqual({
      b: { c: 3, d: null },
      l: [1],
      e: "x",
    });
    expect(createMergePatch({ a: 1 }, { a: 1 })).toEqual({});
  });
});

describe("create-or-update, create-or-patch, finalizer handling", () => {
  const cm = (data: Record<string, string>): ConfigMap => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "c", namespace: "ns" },
    data,
  });

  it("creates, then updates only when the mutation changed something", async () => {
    const cs = new FakeClientset();
    const client = cs.coreV1().configMaps("ns");
    const set = (v: string) => (o: ConfigMap) => void (o.data = { k: v });
    expect((await createOrUpdate(client, cm({}), set("1"))).result).toBe("created");
    expect((await createOrUpdate(client, cm({}), set("1"))).result).toBe("unchanged");
    const { result, object } = await createOrUpdate(client, cm({}), set("2"));
    expect(result).toBe("updated");
    expect(object.data).toEqual({ k: "2" });
    expect(
      cs
        .actions()
        .filter((a) => a.verb !== "get" && a.verb !== "list" && a.verb !== "watch")
        .map((a) => a.verb),
    ).toEqual(["create", "update"]);
    await expect(createOrUpdate(client, cm({}), (o) => void (o.metadata!.name = "renamed"))).rejects.toThrow(/cannot mutate object name/);
  });

  it("patches only what changed", async () => {
    const cs = new FakeClientset(cm({ keep: "1", k: "1" }));
    const client = cs.coreV1().configMaps("ns");
    const { result, object } = await createOrPatch(client, cm({}), (o) => void (o.data = { ...o.data, k: "2" }));
    expect(result).toBe("updated");
    expect(object.data).toEqual({ keep: "1", k: "2" });
    const patch = cs.actions().find((a) => a.verb === "patch");
    expect(patch?.patchType).toBe("application/merge-patch+json");
    expect(patch?.patch).toEqual({ data: { k: "2" } });
    expect((await createOrPatch(client, cm({}), (o) => void (o.data = { ...o.data }))).result).toBe("unchanged");
  });

  it("adds the finalizer, then on deletion runs cleanup and removes it", async () => {
    const cs = new FakeClientset(cm({}));
    const client = cs.coreV1().configMaps("ns");
    const first = await handleFinalizer(client, await client.get("c"), "ex/f", () => {});
    expect(first.outcome).toBe("added");
    expect((await client.get("c")).metadata?.finalizers).toEqual(["ex/f"]);
    expect((await handleFinalizer(client, await client.get("c"), "ex/f", () => {})).outcome).toBe("present");
    const deleting = { ...(await client.get("c")) };
    deleting.metadata = { ...deleting.metadata, deletionTimestamp: "2024-01-01T00:00:00Z" };
    const cleaned: string[] = [];
    await expect(handleFinalizer(client, structuredClone(deleting), "ex/f", () => Promise.reject(new Error("busy")))).rejects.toThrow(
      "busy",
    );
    const done = await handleFinalizer(client, structuredClone(deleting), "ex/f", (o) => void cleaned.push(o.metadata!.name!));
    expect(done.outcome).toBe("finalized");
    expect(cleaned).toEqual(["c"]);
    expect(done.object.metadata?.finalizers ?? []).toEqual([]);
  });
});
