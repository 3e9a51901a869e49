/**
 * A dual-stack apiserver (two --service-cluster-ip-range CIDRs) over HTTPS: the `kubernetes`
 * ServiceCIDR holds both ranges and is marked Ready, the `kubernetes` Service takes the first
 * family's first address, Services of each ipFamilyPolicy get their families and addresses,
 * a merge patch upgrades a Service to dual-stack and another downgrades it; an IPv6-primary
 * server puts the `kubernetes` Service in IPv6. The flag's messages as upstream's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeOptions } from "../../../apiserver/server/options.js";
import { startRunningServer, type TestAPIServer } from "../../support/running-server.js";
import { eventually } from "../../support/wait.js";

const V4 = /^10\.96\.\d+\.\d+$/;
const V6 = /^fd00:10:96::[0-9a-f]+$/;

function svc(name: string, spec: Record<string, unknown>) {
  return { apiVersion: "v1", kind: "Service", metadata: { name }, spec: { ports: [{ port: 80 }], selector: { app: name }, ...spec } };
}

describe("dual-stack apiserver", () => {
  let t: TestAPIServer;
  beforeAll(async () => {
    t = await startRunningServer({ serviceClusterIPRange: "10.96.0.0/16,fd00:10:96::/112" });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("creates the kubernetes ServiceCIDR from both ranges and marks it Ready", async () => {
    const cidr = await eventually("the kubernetes ServiceCIDR is Ready", async () => {
      const r = await t.call("GET", "/apis/networking.k8s.io/v1/servicecidrs/kubernetes");
      const ready = (r.body.status?.conditions ?? []).find((c: { type: string }) => c.type === "Ready");
      return r.status === 200 && ready?.status === "True" ? r.body : undefined;
    });
    expect(cidr.spec).toEqual({ cidrs: ["10.96.0.0/16", "fd00:10:96::/112"] });
    expect(cidr.status.conditions[0]).toMatchObject({ type: "Ready", status: "True", message: "Kubernetes default Service CIDR is ready" });
    const managers = (cidr.metadata.managedFields as { manager: string; subresource?: string }[]).map((m) => [m.manager, m.subresource]);
    expect(managers).toContainEqual(["kubernetes-service-cidr-controller", "status"]);
  });

  it("the kubernetes Service is single-stack in the first family", async () => {
    const k = await eventually("the kubernetes Service", async () => {
      const r = await t.call("GET", "/api/v1/namespaces/default/services/kubernetes");
      return r.status === 200 ? r.body : undefined;
    });
    expect(k.spec).toMatchObject({
      clusterIP: "10.96.0.1",
      clusterIPs: ["10.96.0.1"],
      ipFamilies: ["IPv4"],
      ipFamilyPolicy: "SingleStack",
    });
  });

  it.each([
    ["single", {}, ["IPv4"], [V4]],
    ["prefer", { ipFamilyPolicy: "PreferDualStack" }, ["IPv4", "IPv6"], [V4, V6]],
    ["require-v6", { ipFamilyPolicy: "RequireDualStack", ipFamilies: ["IPv6", "IPv4"] }, ["IPv6", "IPv4"], [V6, V4]],
    ["only-v6", { ipFamilies: ["IPv6"] }, ["IPv6"], [V6]],
  ] as const)("a %s Service gets its families and addresses", async (name, spec, families, patterns) => {
    const r = await t.call("POST", "/api/v1/namespaces/default/services", svc(name, spec));
    expect(r.status).toBe(201);
    expect(r.body.spec.ipFamilies).toEqual(families);
    expect(r.body.spec.clusterIPs).toHaveLength(patterns.length);
    patterns.forEach((p, i) => expect(r.body.spec.clusterIPs[i]).toMatch(p));
    expect(r.body.spec.clusterIP).toBe(r.body.spec.clusterIPs[0]);
  });

  it("a merge patch upgrades a Service to dual-stack, another downgrades it and frees the address", async () => {
    const created = await t.call("POST", "/api/v1/namespaces/default/services", svc("updown", {}));
    expect(created.status).toBe(201);
    const merge = { "content-type": "application/merge-patch+json" };
    const up = await t.call("PATCH", "/api/v1/namespaces/default/services/updown", { spec: { ipFamilyPolicy: "RequireDualStack" } }, merge);
    expect(up.status).toBe(200);
    expect(up.body.spec.ipFamilies).toEqual(["IPv4", "IPv6"]);
    expect(up.body.spec.clusterIPs[0]).toBe(created.body.spec.clusterIP);
    const v6 = up.body.spec.clusterIPs[1] as string;
    expect(v6).toMatch(V6);
    const down = await t.call("PATCH", "/api/v1/namespaces/default/services/updown", { spec: { ipFamilyPolicy: "SingleStack" } }, merge);
    expect(down.status).toBe(200);
    expect(down.body.spec).toMatchObject({
      ipFamilies: ["IPv4"],
      clusterIPs: [created.body.spec.clusterIP],
      ipFamilyPolicy: "SingleStack",
    });
    // The released address can be asked for again.
    const again = await t.call(
      "POST",
      "/api/v1/namespaces/default/services",
      svc("again", { ipFamilies: ["IPv6"], clusterIP: v6, clusterIPs: [v6] }),
    );
    expect(again.status).toBe(201);
    expect(again.body.spec.clusterIPs).toEqual([v6]);
  });

  it("a ServiceCIDR of the wrong shape is refused with upstream's message", async () => {
    const r = await t.call("POST", "/apis/networking.k8s.io/v1/servicecidrs", {
      apiVersion: "networking.k8s.io/v1",
      kind: "ServiceCIDR",
      metadata: { name: "extra" },
      spec: { cidrs: ["10.200.0.0/16", "10.201.0.0/16"] },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'ServiceCIDR.networking.k8s.io "extra" is invalid: spec.cidrs: Invalid value: {"CIDRs":["10.200.0.0/16","10.201.0.0/16"]}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
    );
  });
});

describe("IPv6-primary apiserver", () => {
  it("puts the kubernetes Service and single-stack Services in IPv6", async () => {
    const t = await startRunningServer({ serviceClusterIPRange: "fd00:10:96::/112,10.96.0.0/16" });
    try {
      const k = await eventually("the kubernetes Service", async () => {
        const r = await t.call("GET", "/api/v1/namespaces/default/services/kubernetes");
        return r.status === 200 ? r.body : undefined;
      });
      expect(k.spec).toMatchObject({ clusterIP: "fd00:10:96::1", ipFamilies: ["IPv6"], ipFamilyPolicy: "SingleStack" });
      const r = await t.call("POST", "/api/v1/namespaces/default/services", svc("plain", {}));
      expect(r.body.spec.ipFamilies).toEqual(["IPv6"]);
      expect(r.body.spec.clusterIP).toMatch(V6);
    } finally {
      await t.stop();
    }
  });
});

describe("--service-cluster-ip-range", () => {
  it.each([
    ["10.0.0.0/16,fd00::/108,10.1.0.0/16", "--service-cluster-ip-range must not contain more than two entries"],
    ["10.0.0.0/16,10.1.0.0/16", "--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family"],
    ["nonsense", "service-cluster-ip-range[0] is not a valid cidr"],
    ["10.0.0.0/16,nonsense", "service-cluster-ip-range[1] is not an ip net"],
    ["10.0.0.0/30", "the service cluster IP range must be at least 8 IP addresses"],
  ])("%s: %s", (value, message) => {
    expect(() => completeOptions({ dataDir: "/tmp/unused", serviceClusterIPRange: value, log: () => {} })).toThrow(message);
  });

  it("takes two ranges, primary first", () => {
    const { settings } = completeOptions({ dataDir: "/tmp/unused", serviceClusterIPRange: "fd00::/108,10.96.0.0/12", log: () => {} });
    expect(settings.serviceClusterIPRange).toEqual({ network: "fd00::", prefix: 108, firstIP: "fd00::1", family: "IPv6" });
    expect(settings.secondaryServiceClusterIPRange).toEqual({ network: "10.96.0.0", prefix: 12, firstIP: "10.96.0.1", family: "IPv4" });
  });
});
