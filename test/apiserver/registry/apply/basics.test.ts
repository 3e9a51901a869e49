/**
 * Server-side apply in the registry: create by apply, no-op re-apply, pruning fields no longer
 * applied, list-map merging by key, managedFields in upstream's FieldsV1 format, 409 conflicts
 * with upstream's causes and message, force, and conflicts with kubectl-style updates.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../../apiserver/storage/memory.js";
import { FieldSet, pathString } from "../../../../apiserver/registry/apply/field-set.js";
import { managerFromUserAgent, managerOrUserAgent } from "../../../../apiserver/registry/apply/manager-name.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { cm, ctx, statusOf, storeFor, utf8 } from "../helpers.js";

function setup() {
  const storage = new MemoryStorage();
  return { storage, configmaps: storeFor(storage, "", "configmaps"), services: storeFor(storage, "", "services") };
}

type Store = ReturnType<typeof setup>["configmaps"];

function applyTo(store: Store, name: string, config: unknown, fieldManager: string, force?: boolean) {
  return store.patch(ctx("default"), name, "apply", utf8(config), { fieldManager, ...(force !== undefined ? { force } : {}) });
}

function managers(obj: KubeObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of (obj.metadata?.managedFields ?? []) as { manager: string; operation: string; fieldsV1: unknown }[])
    out[`${e.manager}/${e.operation}`] = e.fieldsV1;
  return out;
}

const svc = (ports: unknown[], extra: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Service",
  metadata: { name: "web" },
  spec: { ports, ...extra },
});

describe("apply", () => {
  it("creates a missing object (created) and records the applier's fields", async () => {
    const { configmaps } = setup();
    const { object, created } = await applyTo(configmaps, "a", { ...cm("a", { key: "v" }, { app: "x" }) }, "kubectl");
    expect(created).toBe(true);
    expect(object.data).toEqual({ key: "v" });
    expect(object.metadata?.uid).toBeTruthy();
    expect(object.metadata?.managedFields).toEqual([
      {
        manager: "kubectl",
        operation: "Apply",
        apiVersion: "v1",
        time: expect.stringMatching(/Z$/),
        fieldsType: "FieldsV1",
        fieldsV1: { "f:data": { "f:key": {} }, "f:metadata": { "f:labels": { "f:app": {} } } },
      },
    ]);
  });

  it("re-applying the same configuration changes nothing (same resourceVersion)", async () => {
    const { configmaps } = setup();
    const first = await applyTo(configmaps, "a", cm("a", { key: "v" }), "kubectl");
    const second = await applyTo(configmaps, "a", cm("a", { key: "v" }), "kubectl");
    expect(second.created).toBe(false);
    expect(second.object.metadata?.resourceVersion).toBe(first.object.metadata?.resourceVersion);
  });

  it("removes fields the applier no longer applies, unless another manager owns them", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { a: "1", b: "2" }, { x: "1" }), "one");
    await applyTo(configmaps, "a", cm("a", { b: "2" }), "two");
    const { object } = await applyTo(configmaps, "a", cm("a", {}), "one");
    expect(object.data).toEqual({ b: "2" });
    expect(object.metadata?.labels).toBeUndefined();
    expect(managers(object)).toEqual({ "two/Apply": { "f:data": { "f:b": {} } } });
  });

  it("merges list-map items by their keys and owns them as k:{...}", async () => {
    const { services } = setup();
    await applyTo(services, "web", svc([{ name: "http", port: 80, targetPort: 8080 }]), "one");
    const { object } = await applyTo(services, "web", svc([{ name: "https", port: 443, protocol: "TCP" }]), "two");
    const ports = (object.spec as { ports: { port: number; targetPort?: number }[] }).ports;
    expect(ports.map((p) => [p.port, p.targetPort])).toEqual([
      [80, 8080],
      [443, 443],
    ]);
    expect(managers(object)["two/Apply"]).toEqual({
      "f:spec": { "f:ports": { 'k:{"port":443,"protocol":"TCP"}': { ".": {}, "f:name": {}, "f:port": {}, "f:protocol": {} } } },
    });
    expect(managers(object)["one/Apply"]).toEqual({
      "f:spec": { "f:ports": { 'k:{"port":80,"protocol":"TCP"}': { ".": {}, "f:name": {}, "f:port": {}, "f:targetPort": {} } } },
    });
  });

  it("answers 409 with upstream's cause and message for a field another manager owns", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { key: "v" }), "one");
    expect(await statusOf(applyTo(configmaps, "a", cm("a", { key: "w" }), "two"))).toMatchObject({
      code: 409,
      reason: "Conflict",
      message: 'Apply failed with 1 conflict: conflict with "one": .data.key',
      details: { causes: [{ reason: "FieldManagerConflict", message: 'conflict with "one"', field: ".data.key" }] },
    });
    // The same value is no conflict: both own it.
    const { object } = await applyTo(configmaps, "a", cm("a", { key: "v" }), "two");
    expect(Object.keys(managers(object)).sort()).toEqual(["one/Apply", "two/Apply"]);
  });

  it("force takes ownership", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { key: "v", other: "o" }), "one");
    const { object } = await applyTo(configmaps, "a", cm("a", { key: "w" }), "two", true);
    expect(object.data).toEqual({ key: "w", other: "o" });
    expect(managers(object)).toEqual({ "one/Apply": { "f:data": { "f:other": {} } }, "two/Apply": { "f:data": { "f:key": {} } } });
  });

  it("conflicts with a kubectl-style update, naming it with its apiVersion", async () => {
    const { configmaps } = setup();
    const created = await configmaps.create(ctx("default"), cm("a", { key: "v" }), { fieldManager: "kubectl-client-side-apply" });
    expect(managers(created)).toEqual({ "kubectl-client-side-apply/Update": { "f:data": { ".": {}, "f:key": {} } } });
    const status = await statusOf(applyTo(configmaps, "a", cm("a", { key: "w" }), "kubectl"));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.key');
    expect(status.details?.causes).toEqual([
      { reason: "FieldManagerConflict", message: 'conflict with "kubectl-client-side-apply" using v1', field: ".data.key" },
    ]);
  });

  it("updates and patches record their manager (from the user agent when none is given) and take changed fields", async () => {
    const { configmaps } = setup();
    await applyTo(configmaps, "a", cm("a", { key: "v" }), "kubectl");
    const agent = { ...ctx("default"), userAgent: "kubectl-edit/v1.32.0 (linux/amd64) kubernetes/abc" };
    const { object } = await configmaps.patch(agent, "a", "merge", utf8({ data: { key: "w" }, metadata: { labels: { l: "1" } } }), {});
    expect(managers(object)).toEqual({
      "kubectl-edit/Update": { "f:data": { "f:key": {} }, "f:metadata": { "f:labels": { ".": {}, "f:l": {} } } },
    });
    // The applier lost the field: applying its old value again is a conflict.
    expect((await statusOf(applyTo(configmaps, "a", cm("a", { key: "v" }), "kubectl"))).code).toBe(409);
  });

  it('a request that names no manager and sends no user agent writes as "unknown"; a write inside the server names none', async () => {
    const { configmaps } = setup();
    const created = await configmaps.create({ ...ctx("default"), userAgent: "" }, cm("anon", { key: "v" }));
    expect(
      (created.metadata?.managedFields as { manager?: string; operation?: string }[] | undefined)?.map((e) => [e.manager, e.operation]),
    ).toEqual([["unknown", "Update"]]);
    const internal = await configmaps.create(ctx("default"), cm("internal", { key: "v" }));
    expect(internal.metadata?.managedFields).toBeUndefined();
  });

  it("asks for the resource's apiVersion and kind, a field manager, and rejects managedFields in the configuration", async () => {
    const { configmaps } = setup();
    expect(await statusOf(applyTo(configmaps, "a", { ...cm("a"), apiVersion: "v2" }, "m"))).toMatchObject({
      code: 400,
      message: "invalid object type: /v2, Kind=ConfigMap",
    });
    expect((await statusOf(applyTo(configmaps, "a", cm("a"), ""))).code).toBe(400);
    expect((await statusOf(applyTo(configmaps, "a", { ...cm("a"), metadata: { name: "a", managedFields: [{}] } }, "m"))).message).toBe(
      "metadata.managedFields must be nil",
    );
  });
});

describe("field sets", () => {
  it("round-trip FieldsV1 and print paths as upstream", () => {
    const raw = {
      "f:data": { ".": {}, "f:key": {} },
      "f:spec": { "f:ports": { 'k:{"port":80,"protocol":"TCP"}': { ".": {}, "f:port": {} } } },
    };
    expect(FieldSet.fromFieldsV1(raw).toFieldsV1()).toEqual(raw);
    expect(pathString(["f:spec", "f:ports", 'k:{"port":80,"protocol":"TCP"}', "f:name"])).toBe('.spec.ports[port=80,protocol="TCP"].name');
    expect(pathString(["f:metadata", "f:finalizers", 'v:"x"'])).toBe('.metadata.finalizers[="x"]');
  });

  it("derive default managers from user agents", () => {
    expect(managerFromUserAgent("kubectl/v1.32.0 (linux/amd64) kubernetes/abc")).toBe("kubectl");
    expect(managerFromUserAgent("OpenAPI-Generator/31.0.0/python")).toBe("OpenAPI-Generator");
    expect(managerFromUserAgent(undefined)).toBe("");
    expect(managerOrUserAgent("mine", "kubectl/v1.32.0")).toBe("mine");
    expect(managerOrUserAgent(undefined, "kubectl/v1.32.0")).toBe("kubectl");
    expect(managerOrUserAgent(undefined, "")).toBe("unknown");
    expect(managerOrUserAgent(undefined, "/v1")).toBe("unknown");
    expect(managerOrUserAgent(undefined, undefined)).toBe("");
  });
});
