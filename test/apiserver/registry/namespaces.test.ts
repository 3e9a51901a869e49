/**
 * The namespace store as upstream's namespace REST storage: Active with the kubernetes
 * finalizer on create, Terminating on delete, gone once finalized (spec and metadata
 * finalizers empty); the finalize and status subresources change only their part.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, ns, statusOf, storeFor, utf8 } from "./helpers.js";

function setup() {
  const storage = new MemoryStorage();
  return { storage, namespaces: storeFor(storage, "", "namespaces") };
}

describe("namespaces", () => {
  it("starts Active with the kubernetes finalizer and the name label, ignoring status on create", async () => {
    const { namespaces } = setup();
    const created = await namespaces.create(
      ctx(),
      ns("demo", { status: { phase: "Terminating" }, spec: { finalizers: ["example.com/x"] } }),
    );
    expect(created).toMatchObject({
      metadata: { name: "demo", labels: { "kubernetes.io/metadata.name": "demo" } },
      spec: { finalizers: ["example.com/x", "kubernetes"] },
      status: { phase: "Active" },
    });
    expect(created.metadata?.namespace).toBeUndefined();
    expect(created.metadata?.generation).toBeUndefined();
    const generated = await namespaces.create(ctx(), { metadata: { generateName: "tmp-" } });
    expect(generated.metadata?.labels?.["kubernetes.io/metadata.name"]).toBe(generated.metadata?.name);
  });

  it("clears a namespace sent on a cluster-scoped object and rejects invalid names", async () => {
    const { namespaces } = setup();
    const created = await namespaces.create(ctx(), { metadata: { name: "a", namespace: "x" } });
    expect(created.metadata?.namespace).toBeUndefined();
    const bad = await statusOf(namespaces.create(ctx(), ns("a.b")));
    expect(bad.message).toBe('Namespace "a.b" is invalid: metadata.name: Invalid value: "a.b": must not contain dots');
  });

  it("keeps spec.finalizers and status on main updates", async () => {
    const { namespaces } = setup();
    const created = await namespaces.create(ctx(), ns("demo"));
    const { object } = await namespaces.update(ctx(), "demo", {
      ...created,
      spec: { finalizers: [] },
      status: { phase: "Terminating" },
      metadata: { ...created.metadata, labels: { a: "b" } },
    });
    expect(object.spec).toEqual({ finalizers: ["kubernetes"] });
    expect(object.status).toEqual({ phase: "Active" });
    expect(object.metadata?.labels).toEqual({ a: "b", "kubernetes.io/metadata.name": "demo" });
  });

  it("terminates, then goes once finalized", async () => {
    const { namespaces, storage } = setup();
    await namespaces.create(ctx(), ns("demo"));
    const first = await namespaces.delete(ctx(), "demo");
    expect(first.deleted).toBe(false);
    expect(first.object).toMatchObject({ status: { phase: "Terminating" }, spec: { finalizers: ["kubernetes"] } });
    expect(first.object.metadata?.deletionTimestamp).toBeDefined();
    expect(first.object.metadata?.deletionGracePeriodSeconds).toBeUndefined();
    // Deleting again while the controller works returns it unchanged.
    const second = await namespaces.delete(ctx(), "demo");
    expect(second).toEqual({ object: first.object, deleted: false });
    // The status subresource keeps phase consistent with deletionTimestamp.
    const badPhase = await statusOf(
      namespaces.subresources.status!.update!(ctx(), "demo", { ...first.object, status: { phase: "Active" } }, {}),
    );
    expect(badPhase.message).toBe(
      'Namespace "demo" is invalid: status.Phase: Invalid value: "Active": may only be \'Terminating\' if `deletionTimestamp` is not empty',
    );
    const finalized = await namespaces.subresources.finalize!.update!(
      ctx(),
      "demo",
      { ...first.object, spec: { finalizers: [] }, metadata: { ...first.object.metadata, labels: { x: "y" } } },
      {},
    );
    expect(finalized.object.spec).toEqual({ finalizers: [] });
    expect(await storage.get("/registry/core/namespaces/demo")).toBeUndefined();
    expect((await statusOf(namespaces.get(ctx(), "demo"))).message).toBe('namespaces "demo" not found');
  });

  it("waits for metadata finalizers too", async () => {
    const { namespaces } = setup();
    await namespaces.create(ctx(), ns("demo", { metadata: { name: "demo", finalizers: ["example.com/hold"] } }));
    const first = await namespaces.delete(ctx(), "demo");
    await namespaces.subresources.finalize!.update!(ctx(), "demo", { ...first.object, spec: { finalizers: [] } }, {});
    const still = await namespaces.get(ctx(), "demo");
    expect(still.metadata?.finalizers).toEqual(["example.com/hold"]);
    // With spec finalizers gone, a delete goes through the generic finalizer path.
    const again = await namespaces.delete(ctx(), "demo");
    expect(again.deleted).toBe(false);
    await namespaces.patch(ctx(), "demo", "merge", utf8({ metadata: { finalizers: null } }));
    expect((await statusOf(namespaces.get(ctx(), "demo"))).code).toBe(404);
  });

  it("deletes a finalized namespace returning the object", async () => {
    const { namespaces } = setup();
    await namespaces.create(ctx(), ns("demo"));
    const first = await namespaces.delete(ctx(), "demo");
    // A finalize that keeps a finalizer leaves it terminating.
    await namespaces.subresources.finalize!.update!(ctx(), "demo", { ...first.object, spec: { finalizers: ["example.com/last"] } }, {});
    const fin = await namespaces.get(ctx(), "demo");
    expect(fin.spec).toEqual({ finalizers: ["example.com/last"] });
    await namespaces.subresources.finalize!.update!(ctx(), "demo", { ...fin, spec: {} }, {});
    expect((await statusOf(namespaces.get(ctx(), "demo"))).reason).toBe("NotFound");
  });

  it("checks delete preconditions with the namespace store's messages", async () => {
    const { namespaces } = setup();
    const created = await namespaces.create(ctx(), ns("demo"));
    expect((await statusOf(namespaces.delete(ctx(), "demo", { preconditions: { uid: "nope" } }))).message).toBe(
      `Operation cannot be fulfilled on namespaces "demo": Precondition failed: UID in precondition: nope, UID in object meta: ${created.metadata?.uid}`,
    );
  });

  it("selects by status.phase and rejects metadata.namespace", async () => {
    const { namespaces } = setup();
    await namespaces.create(ctx(), ns("a"));
    await namespaces.create(ctx(), ns("b"));
    await namespaces.delete(ctx(), "b");
    const terminating = await namespaces.list(ctx(), { fieldSelector: "status.phase=Terminating" });
    expect(terminating.items.map((i) => i.metadata?.name)).toEqual(["b"]);
    expect((await statusOf(namespaces.list(ctx(), { fieldSelector: "metadata.namespace=x" }))).message).toBe(
      "field label not supported: metadata.namespace",
    );
  });

  it("validates finalizer names", async () => {
    const { namespaces } = setup();
    const status = await statusOf(namespaces.create(ctx(), ns("a", { spec: { finalizers: ["custom"] } })));
    expect(status.message).toBe(
      'Namespace "a" is invalid: spec.finalizers: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
    );
    expect(status.details?.causes).toEqual([
      {
        reason: "FieldValueInvalid",
        message: 'Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
        field: "spec.finalizers",
      },
    ]);
  });
});
