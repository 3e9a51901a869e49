/**
 * The real kubectl against `kubegen apiserver` for resource.k8s.io/v1 (issue #16): upstream's
 * columns (ResourceClaim STATE, ResourceSlice NODE DRIVER POOL), the spec.nodeName field
 * selector, a claim allocated and reserved through /status, and upstream's messages for a bad
 * request, a bad CEL selector and a slice without node selection; admin access only in a namespace
 * labelled for it.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

const UID = "0b5c3c5e-1f2a-4c3d-9e8f-a1b2c3d4e5f6";

describeWithTools(["kubectl"], "kubectl: resource.k8s.io", () => {
  const { kubectl, ok, file } = kubectlServer("kubegen-e2e-resource-");
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));
  const slice = (name: string, spec: Record<string, unknown>) => ({
    apiVersion: "resource.k8s.io/v1",
    kind: "ResourceSlice",
    metadata: { name },
    spec: {
      driver: "gpu.example.com",
      pool: { name: "pool-a", generation: 1, resourceSliceCount: 1 },
      devices: [{ name: "gpu-0" }],
      ...spec,
    },
  });
  const rows = (out: string) =>
    out
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/\s+/));

  it("lists ResourceSlices with NODE, DRIVER and POOL, by spec.nodeName", async () => {
    await ok("create", "-f", manifest("s1", slice("s1", { nodeName: "node-1" })));
    await ok("create", "-f", manifest("s2", slice("s2", { allNodes: true })));
    const table = rows(await ok("get", "resourceslices"));
    expect(table[0]).toEqual(["NAME", "NODE", "DRIVER", "POOL", "AGE"]);
    expect(table[1]!.slice(0, 4)).toEqual(["s1", "node-1", "gpu.example.com", "pool-a"]);
    expect(table[2]!.slice(0, 3)).toEqual(["s2", "gpu.example.com", "pool-a"]);
    expect(await ok("get", "resourceslices", "--field-selector", "spec.nodeName=node-1", "-o", "name")).toBe(
      "resourceslice.resource.k8s.io/s1\n",
    );
    const none = await kubectl("create", "-f", manifest("s3", slice("s3", {})));
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain(
      'The ResourceSlice "s3" is invalid: spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required',
    );
  });

  it("shows a claim's STATE from pending to allocated,reserved through /status", async () => {
    const claim = {
      apiVersion: "resource.k8s.io/v1",
      kind: "ResourceClaim",
      metadata: { name: "c1", namespace: "default" },
      spec: { devices: { requests: [{ name: "gpu", exactly: { deviceClassName: "gpu.example.com" } }] } },
    };
    await ok("create", "-f", manifest("c1", claim));
    expect(rows(await ok("get", "resourceclaims"))).toEqual([
      ["NAME", "STATE", "AGE"],
      ["c1", "pending", expect.any(String)],
    ]);
    const status = {
      status: {
        allocation: { devices: { results: [{ request: "gpu", driver: "gpu.example.com", pool: "pool-a", device: "gpu-0" }] } },
        reservedFor: [{ resource: "pods", name: "p", uid: UID }],
      },
    };
    await ok("patch", "resourceclaim", "c1", "--subresource=status", "--type=merge", "-p", JSON.stringify(status));
    expect(rows(await ok("get", "resourceclaim", "c1"))[1]!.slice(0, 2)).toEqual(["c1", "allocated,reserved"]);
    const immutable = await kubectl(
      "patch",
      "resourceclaim",
      "c1",
      "--type=merge",
      "-p",
      '{"spec":{"devices":{"requests":[{"name":"x","exactly":{"deviceClassName":"y"}}]}}}',
    );
    expect(immutable.code).not.toBe(0);
    expect(immutable.stderr).toContain('The ResourceClaim "c1" is invalid: spec: Invalid value:');
    expect(immutable.stderr).toContain("field is immutable");
  });

  it("refuses a bad request and a selector that does not compile, with upstream's messages", async () => {
    const bad = {
      apiVersion: "resource.k8s.io/v1",
      kind: "ResourceClaim",
      metadata: { name: "c2", namespace: "default" },
      spec: {
        devices: {
          requests: [
            {
              name: "gpu",
              exactly: {
                deviceClassName: "gpu.example.com",
                allocationMode: "All",
                count: 2,
                selectors: [{ cel: { expression: "device.nope" } }],
              },
            },
          ],
        },
      },
    };
    const res = await kubectl("create", "-f", manifest("c2", bad));
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(
      "spec.devices.requests[0].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'",
    );
    expect(res.stderr).toContain(
      `spec.devices.requests[0].exactly.selectors[0].cel.expression: Invalid value: "device.nope": compilation failed: ERROR: <input>:1:7: undefined field 'nope'`,
    );
  });

  it("takes admin access only in a namespace labelled resource.kubernetes.io/admin-access", async () => {
    await ok("create", "namespace", "gpu-admins");
    const adminClaim = {
      apiVersion: "resource.k8s.io/v1",
      kind: "ResourceClaim",
      metadata: { name: "debug", namespace: "gpu-admins" },
      spec: { devices: { requests: [{ name: "gpu", exactly: { deviceClassName: "gpu.example.com", adminAccess: true } }] } },
    };
    const refused = await kubectl("create", "-f", manifest("admin-claim", adminClaim));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      'The ResourceClaim "debug" is invalid: spec.devices.requests[0].adminAccess: Forbidden: admin access to devices requires the `resource.kubernetes.io/admin-access: true` label on the containing namespace',
    );
    await ok("label", "namespace", "gpu-admins", "resource.kubernetes.io/admin-access=true");
    await ok("create", "-f", manifest("admin-claim", adminClaim));
  });

  it("lists DeviceClasses and ResourceClaimTemplates by name and age", async () => {
    await ok(
      "create",
      "-f",
      manifest("dc", { apiVersion: "resource.k8s.io/v1", kind: "DeviceClass", metadata: { name: "gpu.example.com" }, spec: {} }),
    );
    expect(rows(await ok("get", "deviceclasses"))[0]).toEqual(["NAME", "AGE"]);
    const template = {
      apiVersion: "resource.k8s.io/v1",
      kind: "ResourceClaimTemplate",
      metadata: { name: "t", namespace: "default" },
      spec: { spec: { devices: { requests: [{ name: "gpu", exactly: { deviceClassName: "gpu.example.com" } }] } } },
    };
    await ok("create", "-f", manifest("t", template));
    expect(rows(await ok("get", "resourceclaimtemplates"))[0]).toEqual(["NAME", "AGE"]);
  });
});
