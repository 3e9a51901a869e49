/**
 * Server-side apply of a custom resource merges by its structural schema, as upstream's CRD type
 * converter reads it: list-map items and set values belong to whoever applied them (two managers'
 * items both survive, and either can take its own away), atomic lists, atomic maps and atomic
 * structs are one field (a second manager changing them conflicts), granular maps merge per key,
 * preserved unknown fields merge by their shape, and what the schema does not declare is refused.
 */
import { describe, expect, it } from "vitest";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { applyTo, ctx, managers, setup, statusOf, widget } from "./support.js";

type Cond = { type: string; status: string; reason?: string };
const specOf = (o: KubeObject) => o.spec as Record<string, unknown>;

describe("custom resources: list-map", () => {
  it("keeps both managers' conditions and records each one's item by key", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { conditions: [{ type: "Ready", status: "True" }] }), "controller-a");
    const { object } = await applyTo(
      widgets,
      "w",
      widget("w", { conditions: [{ type: "Synced", status: "False", reason: "Waiting" }] }),
      "controller-b",
    );
    expect((specOf(object).conditions as Cond[]).map((c) => c.type)).toEqual(["Ready", "Synced"]);
    expect(managers(object)).toEqual({
      "controller-a/Apply": { "f:spec": { "f:conditions": { 'k:{"type":"Ready"}': { ".": {}, "f:status": {}, "f:type": {} } } } },
      "controller-b/Apply": {
        "f:spec": { "f:conditions": { 'k:{"type":"Synced"}': { ".": {}, "f:reason": {}, "f:status": {}, "f:type": {} } } },
      },
    });
  });

  it("conflicts on a field of another manager's item, naming it by key", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { conditions: [{ type: "Ready", status: "True" }] }), "controller-a");
    const status = await statusOf(applyTo(widgets, "w", widget("w", { conditions: [{ type: "Ready", status: "False" }] }), "controller-b"));
    expect(status).toMatchObject({
      code: 409,
      message: 'Apply failed with 1 conflict: conflict with "controller-a": .spec.conditions[type="Ready"].status',
    });
  });

  it("removes only the item its manager stops applying", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { conditions: [{ type: "Ready", status: "True" }] }), "controller-a");
    await applyTo(widgets, "w", widget("w", { conditions: [{ type: "Synced", status: "True" }] }), "controller-b");
    const { object } = await applyTo(widgets, "w", widget("w", {}), "controller-a");
    expect(specOf(object).conditions).toEqual([{ type: "Synced", status: "True" }]);
    expect(Object.keys(managers(object))).toEqual(["controller-b/Apply"]);
  });

  it("matches items by key defaults: a port applied without protocol is the TCP one", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { ports: [{ port: 80, protocol: "TCP", name: "http" }] }), "a");
    const status = await statusOf(applyTo(widgets, "w", widget("w", { ports: [{ port: 80, name: "web" }] }), "b"));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "a": .spec.ports[port=80,protocol="TCP"].name');
  });

  it("refuses an item without its key and duplicate items", async () => {
    const { widgets } = setup();
    expect((await statusOf(applyTo(widgets, "w", widget("w", { conditions: [{ status: "True" }] }), "a"))).message).toBe(
      'failed to create typed patch object (/w; example.com/v1, Kind=Widget): .spec.conditions: associative list with keys has an element that omits key field "type" (and doesn\'t have default value)',
    );
    expect((await statusOf(applyTo(widgets, "w", widget("w", { conditions: [{ type: "A" }, { type: "A" }] }), "a"))).message).toBe(
      'failed to create typed patch object (/w; example.com/v1, Kind=Widget): .spec.conditions: duplicate entries for key [type="A"]',
    );
  });

  it("merges status conditions of two managers through the status subresource", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", {}), "creator");
    const status = widgets.subresources!.status!;
    const body = (conds: Cond[]) => ({
      apiVersion: "example.com/v1",
      kind: "Widget",
      metadata: { name: "w" },
      status: { conditions: conds },
    });
    await applyTo(status, "w", body([{ type: "A", status: "True" }]), "a");
    const { object } = await applyTo(status, "w", body([{ type: "B", status: "True" }]), "b");
    expect((object.status as { conditions: Cond[] }).conditions.map((c) => c.type)).toEqual(["A", "B"]);
  });
});

describe("custom resources: sets, atomic lists and maps", () => {
  it("unions set values of two managers (v: elements)", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { tags: ["a", "b"] }), "one");
    const { object } = await applyTo(widgets, "w", widget("w", { tags: ["b", "c"] }), "two");
    expect(specOf(object).tags).toEqual(["a", "b", "c"]);
    expect(managers(object)["two/Apply"]).toEqual({ "f:spec": { "f:tags": { 'v:"b"': {}, 'v:"c"': {} } } });
  });

  it("treats lists without a list type, and atomic ones, as one field", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { args: ["a"], explicitAtomic: ["x"] }), "one");
    const status = await statusOf(applyTo(widgets, "w", widget("w", { args: ["a", "b"], explicitAtomic: ["y"] }), "two"));
    expect(status.message).toBe('Apply failed with 2 conflicts: conflicts with "one":\n- .spec.args\n- .spec.explicitAtomic');
  });

  it("conflicts on an atomic map and an atomic struct, but merges a granular map and struct per key", async () => {
    const { widgets } = setup();
    await applyTo(
      widgets,
      "w",
      widget("w", { selector: { app: "a" }, template: { image: "i" }, labels: { x: "1" }, config: { image: "i" } }),
      "one",
    );
    const status = await statusOf(applyTo(widgets, "w", widget("w", { selector: { tier: "t" }, template: { command: "c" } }), "two"));
    expect(status.message).toBe('Apply failed with 2 conflicts: conflicts with "one":\n- .spec.selector\n- .spec.template');
    const { object } = await applyTo(widgets, "w", widget("w", { labels: { y: "2" }, config: { command: "c" } }), "two");
    expect(specOf(object).labels).toEqual({ x: "1", y: "2" });
    expect(specOf(object).config).toEqual({ image: "i", command: "c" });
    expect(managers(object)["one/Apply"]).toMatchObject({ "f:spec": { "f:selector": {}, "f:template": {} } });
  });

  it("merges preserved unknown fields by their shape and takes int-or-string values of either kind", async () => {
    const { widgets } = setup();
    await applyTo(widgets, "w", widget("w", { extra: { a: { x: 1 } }, port: 80 }), "one");
    const { object } = await applyTo(widgets, "w", widget("w", { extra: { a: { y: 2 }, b: [1] }, port: "http" }), "two", { force: true });
    expect(specOf(object).extra).toEqual({ a: { x: 1, y: 2 }, b: [1] });
    expect(specOf(object).port).toBe("http");
  });

  it("types an embedded resource's metadata as ObjectMeta", async () => {
    const { widgets } = setup();
    const ok = await applyTo(
      widgets,
      "w",
      widget("w", { embedded: { apiVersion: "v1", kind: "Pod", metadata: { name: "p", labels: { a: "b" } }, spec: {} } }),
      "one",
    );
    expect(managers(ok.object)["one/Apply"]).toMatchObject({ "f:spec": { "f:embedded": { "f:metadata": { "f:labels": { "f:a": {} } } } } });
    const bad = await statusOf(
      applyTo(widgets, "w", widget("w", { embedded: { apiVersion: "v1", kind: "Pod", metadata: { bogus: 1 } } }), "one"),
    );
    expect(bad.message).toBe(
      "failed to create typed patch object (/w; example.com/v1, Kind=Widget): .spec.embedded.metadata.bogus: field not declared in schema",
    );
  });
});

describe("custom resources: decoding", () => {
  it("refuses fields the schema does not declare whatever fieldValidation says, and stores nothing", async () => {
    const { widgets } = setup();
    for (const fieldValidation of ["Strict", "Warn", "Ignore"] as const) {
      const status = await statusOf(
        applyTo(widgets, "w", widget("w", { foo: 1, conditions: [{ type: "A", bar: 2 }] }), "one", { fieldValidation }),
      );
      expect(status).toMatchObject({
        code: 400,
        message:
          'failed to create typed patch object (/w; example.com/v1, Kind=Widget): errors:\n  .spec.foo: field not declared in schema\n  .spec.conditions[type="A"].bar: field not declared in schema',
      });
    }
    expect(await statusOf(widgets.get!(ctx("default"), "w", {}))).toMatchObject({ code: 404 });
  });

  it("refuses another kind or version of the group", async () => {
    const { widgets } = setup();
    expect((await statusOf(applyTo(widgets, "w", { ...widget("w", {}), kind: "Gadget" }, "one"))).message).toBe(
      "invalid object type: example.com/v1, Kind=Gadget",
    );
    expect((await statusOf(applyTo(widgets, "w", { ...widget("w", {}), apiVersion: "example.com/v2" }, "one"))).message).toBe(
      "invalid object type: example.com/v2, Kind=Widget",
    );
  });
});
