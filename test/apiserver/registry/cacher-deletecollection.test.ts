/**
 * deletecollection over a list the watch cache answers: items without finalizers are deleted
 * at their listed revision without being read again, and anything the full delete would treat
 * otherwise (finalizers already there, finalizers a propagation policy adds, an item changed
 * since the list) goes through the full delete, so the deletion-finalizer rules still hold.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { cm, ctx, storeFor } from "./helpers.js";

const names = (items: KubeObject[]): string[] => items.map((o) => o.metadata?.name ?? "").sort();

describe("deletecollection", () => {
  it("deletes listed items without finalizers, marks the ones with finalizers, and keeps the policy's finalizers", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: true });
    for (let i = 0; i < 20; i++) await configmaps.create(ctx("default"), cm(`plain-${i}`));
    await configmaps.create(ctx("default"), { ...cm("kept"), metadata: { name: "kept", finalizers: ["example.com/hold"] } });
    const gone = await configmaps.deleteCollection(ctx("default"), { propagationPolicy: "Background" });
    expect(gone.items).toHaveLength(21);
    const left = (await configmaps.list(ctx("default"))).items;
    expect(names(left)).toEqual(["kept"]);
    expect(left[0]!.metadata?.deletionTimestamp).toBeTruthy();
    expect(left[0]!.metadata?.finalizers).toEqual(["example.com/hold"]);

    // Foreground asks for the foregroundDeletion finalizer: nothing is deleted outright.
    await configmaps.create(ctx("other"), cm("fg"));
    await configmaps.deleteCollection(ctx("other"), { propagationPolicy: "Foreground" });
    const fg = (await configmaps.list(ctx("other"))).items;
    expect(names(fg)).toEqual(["fg"]);
    expect(fg[0]!.metadata?.finalizers).toEqual(["foregroundDeletion"]);
  });

  it("an item changed after the list is deleted by the full path, which sees its new finalizer", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: false });
    await configmaps.create(ctx("default"), cm("a"));
    await configmaps.create(ctx("default"), cm("b"));
    // Between the list and the deletes, "b" gains a finalizer.
    const list = configmaps.list.bind(configmaps);
    configmaps.list = async (c, o) => {
      const out = await list(c, o);
      const b = await configmaps.get(ctx("default"), "b");
      await configmaps.update(ctx("default"), "b", { ...b, metadata: { ...b.metadata, finalizers: ["example.com/late"] } });
      return out;
    };
    await configmaps.deleteCollection(ctx("default"));
    configmaps.list = list;
    const left = (await configmaps.list(ctx("default"))).items;
    expect(names(left)).toEqual(["b"]);
    expect(left[0]!.metadata?.finalizers).toEqual(["example.com/late"]);
    expect(left[0]!.metadata?.deletionTimestamp).toBeTruthy();
  });
});
