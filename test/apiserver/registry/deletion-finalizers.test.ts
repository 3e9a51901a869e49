/**
 * DELETE and garbage collection in the registry, as upstream's store: the propagation policy
 * (or a finalizer already there, or the resource's default) decides the orphan and
 * foregroundDeletion finalizers; an object keeping finalizers stays, marked for deletion, and
 * goes when an update removes the last one.
 */
import { describe, expect, it } from "vitest";
import {
  defaultGarbageCollectionPolicy,
  deletionFinalizersForGarbageCollection,
  shouldDeleteDependents,
  shouldOrphanDependents,
} from "../../../apiserver/registry/deletion-finalizers.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { cm, ctx, statusOf, storeFor, utf8 } from "./helpers.js";

describe("deletion finalizers for garbage collection", () => {
  it("an explicit policy decides; without one a finalizer already there does; else the resource's default", () => {
    expect(shouldOrphanDependents([], { propagationPolicy: "Orphan" }, "DeleteDependents")).toBe(true);
    expect(shouldOrphanDependents(["orphan"], { propagationPolicy: "Background" }, "OrphanDependents")).toBe(false);
    expect(shouldOrphanDependents(["orphan"], {}, "DeleteDependents")).toBe(true);
    expect(shouldOrphanDependents(["foregroundDeletion"], {}, "OrphanDependents")).toBe(false);
    expect(shouldOrphanDependents([], {}, "OrphanDependents")).toBe(true);
    expect(shouldOrphanDependents([], { propagationPolicy: "Orphan" }, "Unsupported")).toBe(false);
    expect(shouldDeleteDependents([], { propagationPolicy: "Foreground" }, "DeleteDependents")).toBe(true);
    expect(shouldDeleteDependents(["foregroundDeletion"], {}, "DeleteDependents")).toBe(true);
    expect(shouldDeleteDependents(["foregroundDeletion"], { propagationPolicy: "Orphan" }, "DeleteDependents")).toBe(false);
    expect(shouldDeleteDependents([], {}, "DeleteDependents")).toBe(false);
  });

  it("the GC finalizers are replaced, others kept; undefined when nothing changes", () => {
    expect(deletionFinalizersForGarbageCollection(["a", "orphan"], { propagationPolicy: "Foreground" }, "DeleteDependents")).toEqual([
      "a",
      "foregroundDeletion",
    ]);
    expect(deletionFinalizersForGarbageCollection(["a"], { propagationPolicy: "Background" }, "DeleteDependents")).toBeUndefined();
    expect(deletionFinalizersForGarbageCollection(["foregroundDeletion"], {}, "DeleteDependents")).toBeUndefined();
    expect(deletionFinalizersForGarbageCollection([], {}, "OrphanDependents")).toEqual(["orphan"]);
  });

  it("core/v1 ReplicationControllers orphan by default; the kinds kubegen serves delete dependents", () => {
    expect(defaultGarbageCollectionPolicy("", "v1", "replicationcontrollers")).toBe("OrphanDependents");
    expect(defaultGarbageCollectionPolicy("apps", "v1beta2", "deployments")).toBe("OrphanDependents");
    expect(defaultGarbageCollectionPolicy("apps", "v1", "deployments")).toBe("DeleteDependents");
    expect(defaultGarbageCollectionPolicy("", "v1", "configmaps")).toBe("DeleteDependents");
  });
});

describe("DELETE with a propagation policy in the generic store", () => {
  it("Foreground keeps the object, marked, with foregroundDeletion; removing it deletes the object", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: false });
    await configmaps.create(ctx("default"), cm("a"));
    const res = await configmaps.delete(ctx("default"), "a", { propagationPolicy: "Foreground" });
    expect(res.deleted).toBe(false);
    expect(res.object.metadata).toMatchObject({ finalizers: ["foregroundDeletion"], deletionGracePeriodSeconds: 0 });
    expect(res.object.metadata?.deletionTimestamp).toBeDefined();
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { finalizers: null } }));
    expect((await statusOf(configmaps.get(ctx("default"), "a"))).code).toBe(404);
  });

  it("Orphan adds orphan; a second DELETE may switch the policy while other finalizers stay", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: false });
    await configmaps.create(ctx("default"), { ...cm("a"), metadata: { name: "a", finalizers: ["example.com/x"] } });
    const first = await configmaps.delete(ctx("default"), "a", { propagationPolicy: "Orphan" });
    expect(first.object.metadata?.finalizers).toEqual(["example.com/x", "orphan"]);
    const second = await configmaps.delete(ctx("default"), "a", { propagationPolicy: "Foreground" });
    expect(second.object.metadata?.finalizers).toEqual(["example.com/x", "foregroundDeletion"]);
    // A delete naming no policy keeps what is there.
    const third = await configmaps.delete(ctx("default"), "a", {});
    expect(third.object.metadata?.finalizers).toEqual(["example.com/x", "foregroundDeletion"]);
  });

  it("Background (or no policy) deletes at once; with garbage collection off, policies add nothing", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: false });
    await configmaps.create(ctx("default"), cm("a"));
    expect((await configmaps.delete(ctx("default"), "a", { propagationPolicy: "Background" })).deleted).toBe(true);
    const off = storeFor(storage, "", "configmaps", { watchCache: false, garbageCollection: false });
    await off.create(ctx("default"), cm("b"));
    expect((await off.delete(ctx("default"), "b", { propagationPolicy: "Foreground" })).deleted).toBe(true);
  });

  it("a dry run reports the marked object and stores nothing", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: false });
    await configmaps.create(ctx("default"), cm("a"));
    const res = await configmaps.delete(ctx("default"), "a", { propagationPolicy: "Orphan", dryRun: true });
    expect(res.object.metadata?.finalizers).toEqual(["orphan"]);
    const stored = await configmaps.get(ctx("default"), "a");
    expect(stored.metadata?.finalizers).toBeUndefined();
    expect(stored.metadata?.deletionTimestamp).toBeUndefined();
  });
});
