/**
 * managedFields bookkeeping as upstream's field manager keeps it: at most ten Update managers
 * (the oldest folded into `ancient-changes`), resets by `[]` and `[{}]` through PUT, JSON patch
 * and merge patch, no tracking of updates after a reset until an apply, a later entry of the same
 * manager replacing an earlier one (renames), entries that do not decode falling back to the live
 * ones, upstream's ValidateManagedFields, and resourceVersion in ObjectMeta's order.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../../apiserver/storage/memory.js";
import { validateManagedFields } from "../../../../apiserver/registry/validation/object-meta.js";
import { FieldPath } from "../../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { storeFor } from "../helpers.js";
import { applyTo, cm, ctx, managers, setup, utf8 } from "./support.js";

type Entry = { manager: string; operation: string; apiVersion?: string; time?: string; fieldsV1?: unknown };
const entries = (o: KubeObject) => (o.metadata?.managedFields ?? []) as Entry[];

/** A ConfigMap store whose clock moves one second per call. */
function ticking() {
  let t = Date.parse("2026-01-01T00:00:00Z");
  return storeFor(new MemoryStorage(), "", "configmaps", { now: () => new Date((t += 1000)) });
}

describe("the Update-manager cap", () => {
  it("keeps ten Update managers, folding the oldest into ancient-changes", async () => {
    const store = ticking();
    await applyTo(store, "a", cm("a", { applied: "x" }), "applier");
    let obj = await store.get(ctx("default"), "a");
    const times: string[] = [];
    for (let i = 0; i < 12; i++) {
      obj = (
        await store.update(
          ctx("default"),
          "a",
          { ...obj, data: { ...(obj.data as Record<string, string>), [`k${i}`]: "v" } },
          { fieldManager: `m${i}` },
        )
      ).object;
      times.push(entries(obj).find((e) => e.manager === `m${i}`)?.time ?? "");
    }
    const updates = entries(obj).filter((e) => e.operation === "Update");
    expect(updates).toHaveLength(10);
    expect(updates.map((e) => e.manager)).toEqual(["ancient-changes", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11"]);
    expect(updates[0]!.fieldsV1).toEqual({ "f:data": { "f:k0": {}, "f:k1": {}, "f:k2": {} } });
    // The bucket takes the time of the newest update folded into it.
    expect(updates[0]!.time).toBe(times[2]);
    expect(new Set(times).size).toBe(12);
    expect(
      entries(obj)
        .filter((e) => e.operation === "Apply")
        .map((e) => e.manager),
    ).toEqual(["applier"]);
  });
});

describe("resets", () => {
  it("clears managedFields with [] through PUT, and the next updates stay untracked until an apply", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { k: "v" }), "applier");
    const live = await configmaps.get(ctx("default"), "a");
    const reset = (
      await configmaps.update(
        ctx("default"),
        "a",
        { ...live, metadata: { ...live.metadata, managedFields: [] } },
        { fieldManager: "editor" },
      )
    ).object;
    expect(reset.metadata?.managedFields).toBeUndefined();
    const { managedFields: _, ...meta } = reset.metadata!;
    const updated = (
      await configmaps.update(ctx("default"), "a", { ...reset, metadata: meta, data: { k: "w" } }, { fieldManager: "editor" })
    ).object;
    expect(updated.data).toEqual({ k: "w" });
    expect(updated.metadata?.managedFields).toBeUndefined();
    const applied = (await applyTo(configmaps, "a", cm("a", { other: "o" }), "applier")).object;
    expect(managers(applied)).toEqual({ "applier/Apply": { "f:data": { "f:other": {} } } });
  });

  it("clears managedFields with [{}] through a JSON patch and with [] through a merge patch", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { k: "v" }), "applier");
    const json = await configmaps.patch(
      ctx("default"),
      "a",
      "json",
      utf8([{ op: "replace", path: "/metadata/managedFields", value: [{}] }]),
      {},
    );
    expect(json.object.metadata?.managedFields).toBeUndefined();
    await applyTo(configmaps, "a", cm("a", { k: "v" }), "applier");
    const merge = await configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { managedFields: [] } }), {});
    expect(merge.object.metadata?.managedFields).toBeUndefined();
  });

  it("a create still tracks its manager", async () => {
    const { configmaps } = setup();
    const created = await configmaps.create(ctx("default"), cm("a", { k: "v" }), { fieldManager: "creator" });
    expect(managers(created)).toEqual({ "creator/Update": { "f:data": { ".": {}, "f:k": {} } } });
  });
});

describe("editing managedFields", () => {
  it("ignores managedFields sent through a subresource", async () => {
    const { widgets } = setup();
    const created = await applyTo(
      widgets,
      "w",
      { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" }, spec: { tags: ["a"] } },
      "applier",
    );
    const sent = {
      ...created.object,
      metadata: { ...created.object.metadata, managedFields: [] },
      status: { conditions: [{ type: "A", status: "True" }] },
    };
    const { object } = await widgets.subresources!.status!.update!(ctx("default"), "w", sent, { fieldManager: "status-writer" });
    expect(Object.keys(managers(object)).sort()).toEqual(["applier/Apply", "status-writer/Update"]);
  });

  it("renaming two appliers to one name keeps the later entry", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { x: "1" }), "first");
    await applyTo(configmaps, "a", cm("a", { y: "2" }), "second");
    const live = await configmaps.get(ctx("default"), "a");
    const renamed = entries(live).map((e) => ({ ...e, manager: "merged" }));
    const { object } = await configmaps.update(
      ctx("default"),
      "a",
      { ...live, metadata: { ...live.metadata, managedFields: renamed } },
      { fieldManager: "editor" },
    );
    expect(managers(object)).toEqual({ "merged/Apply": entries(live)[1]!.fieldsV1 });
  });

  it("entries that do not decode (operation Bogus) leave the live ones in place", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { x: "1" }), "first");
    const live = await configmaps.get(ctx("default"), "a");
    const bogus = [{ manager: "x", operation: "Bogus", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1: {} }];
    const { object } = await configmaps.update(
      ctx("default"),
      "a",
      { ...live, metadata: { ...live.metadata, managedFields: bogus } },
      { fieldManager: "editor" },
    );
    expect(managers(object)).toEqual({ "first/Apply": { "f:data": { "f:x": {} } } });
  });

  it("validates entries as upstream's ValidateManagedFields", () => {
    const errs = validateManagedFields(
      [
        { manager: "ok", operation: "Apply", fieldsType: "FieldsV1" },
        { manager: "a\u0007b", operation: "Bogus", fieldsType: "FieldsV2", subresource: "s".repeat(257) },
        { manager: "m".repeat(129), operation: "Update" },
      ],
      FieldPath.of("metadata", "managedFields"),
    );
    expect(errs.map((e) => `${e.field}: ${e.type}: ${e.detail}`)).toEqual([
      "metadata.managedFields[1].operation: FieldValueInvalid: must be `Apply` or `Update`",
      "metadata.managedFields[1].fieldsType: FieldValueInvalid: must be `FieldsV1`",
      "metadata.managedFields[1].manager: FieldValueInvalid: invalid characters at index 1",
      "metadata.managedFields[1].subresource: FieldValueTooLong: may not be more than 256 bytes",
      "metadata.managedFields[2].manager: FieldValueTooLong: may not be more than 128 bytes",
    ]);
  });

  it("checks a manager's name by bytes and characters past the printable ASCII ones", () => {
    const errs = validateManagedFields(
      [
        // Printable ASCII at the limit, and printable characters beyond ASCII: valid.
        { manager: `${" ~".repeat(63)}ab`, operation: "Update" },
        { manager: "café-manager ✓", operation: "Update" },
        // 64 characters, 128 bytes: at the limit; one more byte is over it.
        { manager: "é".repeat(64), operation: "Update" },
        { manager: `${"é".repeat(64)}x`, operation: "Update" },
        // DEL and a tab are not printable; the index counts bytes.
        { manager: "é\u007f", operation: "Update" },
        { manager: "a\tb\tc", operation: "Update" },
      ],
      FieldPath.of("metadata", "managedFields"),
    );
    expect(errs.map((e) => `${e.field}: ${e.type}: ${e.detail}`)).toEqual([
      "metadata.managedFields[3].manager: FieldValueTooLong: may not be more than 128 bytes",
      "metadata.managedFields[4].manager: FieldValueInvalid: invalid characters at index 2",
      "metadata.managedFields[5].manager: FieldValueInvalid: invalid characters at index 1",
      "metadata.managedFields[5].manager: FieldValueInvalid: invalid characters at index 3",
    ]);
  });
});

describe("responses", () => {
  it("write resourceVersion where ObjectMeta has it: before creationTimestamp and managedFields", async () => {
    const { configmaps, widgets } = setup();
    const { object } = await applyTo(configmaps, "a", cm("a", { k: "v" }), "applier");
    expect(Object.keys(object.metadata!)).toEqual(["name", "namespace", "uid", "resourceVersion", "creationTimestamp", "managedFields"]);
    const w = await applyTo(
      widgets,
      "w",
      { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" }, spec: { tags: ["a"] } },
      "applier",
    );
    const keys = Object.keys(w.object.metadata!);
    expect(keys.indexOf("resourceVersion")).toBeLessThan(keys.indexOf("managedFields"));
  });
});
