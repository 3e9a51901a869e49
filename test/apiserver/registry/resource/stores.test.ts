/**
 * The resource.k8s.io stores with their strategies (issue #16): a claim's status cleared on
 * create and written only through /status, its spec immutable; generation on DeviceClasses and
 * ResourceSlices; 422s with upstream's messages; slices listed by spec.nodeName and spec.driver.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../../apiserver/storage/memory.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { ctx, statusOf, storeFor } from "../helpers.js";

const UID = "0b5c3c5e-1f2a-4c3d-9e8f-a1b2c3d4e5f6";
const GROUP = "resource.k8s.io";

const claim = (name: string, extra: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion: "resource.k8s.io/v1",
  kind: "ResourceClaim",
  metadata: { name, namespace: "ns" },
  spec: { devices: { requests: [{ name: "gpu", exactly: { deviceClassName: "gpu.example.com" } }] } },
  ...extra,
});

const slice = (name: string, nodeName: string, driver = "gpu.example.com"): KubeObject => ({
  apiVersion: "resource.k8s.io/v1",
  kind: "ResourceSlice",
  metadata: { name },
  spec: { driver, nodeName, pool: { name: nodeName, generation: 1, resourceSliceCount: 1 }, devices: [{ name: "gpu-0" }] },
});

describe("resource.k8s.io stores", () => {
  it("ResourceClaims: defaults, status only through /status, immutable spec", async () => {
    const claims = storeFor(new MemoryStorage(), GROUP, "resourceclaims");
    const created = await claims.create(ctx("ns"), claim("c", { status: { reservedFor: [{ resource: "pods", name: "p", uid: UID }] } }));
    expect(created.status ?? {}).toEqual({});
    expect(created.spec).toEqual({
      devices: { requests: [{ name: "gpu", exactly: { deviceClassName: "gpu.example.com", allocationMode: "ExactCount", count: 1 } }] },
    });
    expect(created.metadata?.generation).toBeUndefined();

    const changed = structuredClone(created);
    (changed.spec as { devices: { requests: { name: string }[] } }).devices.requests[0]!.name = "other";
    const immutable = await statusOf(claims.update(ctx("ns"), "c", changed, {}));
    expect(immutable.code).toBe(422);
    expect(immutable.message).toMatch(/^ResourceClaim.resource.k8s.io "c" is invalid: spec: Invalid value: .*: field is immutable$/);

    const allocation = { devices: { results: [{ request: "gpu", driver: "gpu.example.com", pool: "node-1", device: "gpu-0" }] } };
    const status = claims.subresources.status!;
    const allocated = await status.update!(
      ctx("ns"),
      "c",
      { ...created, status: { allocation, reservedFor: [{ resource: "pods", name: "p", uid: UID }] } },
      {},
    );
    expect(allocated.object.status).toMatchObject({ allocation, reservedFor: [{ resource: "pods", name: "p", uid: UID }] });

    const bad = await statusOf(
      status.update!(ctx("ns"), "c", { ...allocated.object, status: { reservedFor: [{ resource: "pods", name: "p", uid: UID }] } }, {}),
    );
    expect(bad.message).toBe(
      'ResourceClaim.resource.k8s.io "c" is invalid: status.reservedFor: Forbidden: may not be specified when `allocated` is not set',
    );
  });

  it("ResourceClaims: a bad request is a 422 with upstream's cause", async () => {
    const claims = storeFor(new MemoryStorage(), GROUP, "resourceclaims");
    const bad = await statusOf(claims.create(ctx("ns"), claim("c", { spec: { devices: { requests: [{ name: "gpu" }] } } })));
    expect(bad.code).toBe(422);
    expect(bad.details?.causes).toEqual([
      {
        reason: "FieldValueRequired",
        message: "Required value: exactly one of `exactly` or `firstAvailable` is required",
        field: "spec.devices.requests[0]",
      },
    ]);
  });

  it("ResourceSlices: generation grows with the spec; listed by spec.nodeName and spec.driver", async () => {
    const slices = storeFor(new MemoryStorage(), GROUP, "resourceslices");
    const a = await slices.create(ctx(), slice("a", "node-1"));
    await slices.create(ctx(), slice("b", "node-2"));
    await slices.create(ctx(), slice("c", "node-2", "net.example.com"));
    expect(a.metadata?.generation).toBe(1);
    const bumped = structuredClone(a);
    (bumped.spec as { pool: { generation: number } }).pool.generation = 2;
    expect((await slices.update(ctx(), "a", bumped, {})).object.metadata?.generation).toBe(2);
    const names = async (fieldSelector: string) => (await slices.list(ctx(), { fieldSelector })).items.map((i) => i.metadata?.name);
    expect(await names("spec.nodeName=node-2")).toEqual(["b", "c"]);
    expect(await names("spec.nodeName=node-2,spec.driver=gpu.example.com")).toEqual(["b"]);
    const unknown = await statusOf(slices.list(ctx(), { fieldSelector: "spec.pool=x" }));
    expect(unknown.code).toBe(400);
  });

  it("a bad Quantity in a device capacity or a counter is upstream's decode 400", async () => {
    const slices = storeFor(new MemoryStorage(), GROUP, "resourceslices");
    const s = slice("q", "node-1");
    (s.spec as { devices: Record<string, unknown>[] }).devices[0]!.capacity = { memory: { value: "40 gigs" } };
    const bad = await statusOf(slices.create(ctx(), s));
    expect(bad.code).toBe(400);
    expect(bad.message).toBe(
      "ResourceSlice in version \"v1\" cannot be handled as a ResourceSlice: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
    (s.spec as { devices: Record<string, unknown>[] }).devices[0]!.capacity = { memory: { value: "40Gi" } };
    await slices.create(ctx(), s);
  });

  it("DeviceClasses: generation, and CEL selectors compiled on create", async () => {
    const classes = storeFor(new MemoryStorage(), GROUP, "deviceclasses");
    const dc = (expression: string): KubeObject => ({
      apiVersion: "resource.k8s.io/v1",
      kind: "DeviceClass",
      metadata: { name: "gpu.example.com" },
      spec: { selectors: [{ cel: { expression } }] },
    });
    const bad = await statusOf(classes.create(ctx(), dc("device.driver")));
    expect(bad.message).toBe(
      'DeviceClass.resource.k8s.io "gpu.example.com" is invalid: spec.selectors[0].cel.expression: Invalid value: "device.driver": must evaluate to bool or the unknown type, not string',
    );
    const created = await classes.create(ctx(), dc('device.driver == "gpu.example.com"'));
    expect(created.metadata?.generation).toBe(1);
  });
});
