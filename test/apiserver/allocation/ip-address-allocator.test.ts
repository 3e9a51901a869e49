/**
 * ClusterIP allocation through IPAddress objects, on the built-in storages over memory: a
 * Service's ClusterIP is an IPAddress named by it (family and managed-by labels, parentRef to
 * the Service), a named address taken is "already allocated", one in no ServiceCIDR is refused
 * with upstream's MetaAllocator message, deleting the Service deletes its IPAddress; ranges come
 * from every Ready ServiceCIDR not being deleted, the most specific first; a full range is
 * "range is full". The IPAddress repair creates missing IPAddresses (with an event) and deletes
 * leaked ones only past the grace period.
 */
import { describe, expect, it } from "vitest";
import { buildBuiltinStorages, ipAddressAllocationOf } from "../../../apiserver/registry/builtin.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { IPAddressRepair } from "../../../apiserver/registry/resources/services/allocation/repair-ip.js";
import type { RepairEvent } from "../../../apiserver/registry/resources/services/allocation/repair.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, scheme, statusOf } from "../registry/helpers.js";

function setup(range = "10.0.0.0/29") {
  const storages = buildBuiltinStorages(new MemoryStorage(), scheme, {
    serviceRanges: { serviceClusterIPRange: range, serviceNodePortRange: "30000-32767" },
    watchCache: false,
  });
  const find = (group: string, plural: string) => storages.find((s) => s.group === group && s.info.plural === plural)!;
  const services = find("", "services");
  const ipAddresses = find("networking.k8s.io", "ipaddresses");
  const cidrs = find("networking.k8s.io", "servicecidrs");
  const allocation = ipAddressAllocationOf(services)!;
  return { services, ipAddresses, cidrs, allocation };
}

const svc = (name: string, spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Service",
  metadata: { name, namespace: "default" },
  spec: { ports: [{ port: 80 }], ...spec },
});

const serviceCIDR = (name: string, cidrs: string[], ready?: "True" | "False"): KubeObject => ({
  apiVersion: "networking.k8s.io/v1",
  kind: "ServiceCIDR",
  metadata: { name },
  spec: { cidrs },
  ...(ready && {
    status: { conditions: [{ type: "Ready", status: ready, reason: "X", message: "m", lastTransitionTime: "2026-01-01T00:00:00Z" }] },
  }),
});

async function create(s: RESTStorage, obj: KubeObject): Promise<KubeObject> {
  return s.create!(ctx(obj.metadata?.namespace), obj, {});
}

async function names(ipAddresses: RESTStorage): Promise<string[]> {
  return (await ipAddresses.list!(ctx(), {})).items.map((i) => i.metadata!.name!).sort();
}

describe("IPAddress allocation", () => {
  it("a ClusterIP is an IPAddress with upstream's labels and parentRef; delete releases it", async () => {
    const { services, ipAddresses } = setup();
    const a = await create(services, svc("a"));
    const ip = (a.spec as { clusterIP: string }).clusterIP;
    expect(ip).toMatch(/^10\.0\.0\.[1-6]$/);
    const obj = await ipAddresses.get!(ctx(), ip, {});
    expect(obj.metadata!.labels).toEqual({
      "ipaddress.kubernetes.io/ip-family": "IPv4",
      "ipaddress.kubernetes.io/managed-by": "ipallocator.k8s.io",
    });
    expect(obj.spec).toEqual({ parentRef: { resource: "services", namespace: "default", name: "a" } });
    await services.delete!(ctx("default"), "a", {});
    expect(await names(ipAddresses)).toEqual([]);
  });

  it("a Service with generateName: its name is chosen before allocating, so the IPAddress names it", async () => {
    const { services, ipAddresses } = setup();
    const made = await create(services, { ...svc(""), metadata: { generateName: "gen-", namespace: "default" } });
    const name = made.metadata!.name!;
    expect(name).toMatch(/^gen-[a-z0-9]{5}$/);
    const ip = await ipAddresses.get!(ctx(), (made.spec as { clusterIP: string }).clusterIP, {});
    expect(ip.spec).toEqual({ parentRef: { resource: "services", namespace: "default", name } });
  });

  it("a taken address, one outside every ServiceCIDR, a full range: upstream's messages", async () => {
    const { services } = setup();
    await create(services, svc("a", { clusterIP: "10.0.0.3" }));
    const taken = await statusOf(create(services, svc("b", { clusterIP: "10.0.0.3" })));
    expect(taken.code).toBe(422);
    expect(taken.message).toContain(
      'spec.clusterIPs: Invalid value: ["10.0.0.3"]: failed to allocate IP 10.0.0.3: provided IP is already allocated',
    );
    const outside = await statusOf(create(services, svc("c", { clusterIP: "10.9.0.1" })));
    expect(outside.code).toBe(422);
    expect(outside.message).toContain("failed to allocate IP 10.9.0.1: the provided network does not match the current range");
    // The network address is no address of the range either.
    expect((await statusOf(create(services, svc("d", { clusterIP: "10.0.0.0" })))).code).toBe(422);
    for (let i = 0; i < 5; i++) await create(services, svc(`fill-${i}`));
    const full = await statusOf(create(services, svc("e")));
    expect(full.code).toBe(500);
    expect(full.message).toBe("Internal error occurred: failed to allocate a serviceIP: range is full");
  });

  it("takes addresses from every Ready ServiceCIDR, the most specific first; not Ready or deleting ones are skipped", async () => {
    const { services, cidrs, allocation } = setup("10.0.0.0/16");
    await create(cidrs, serviceCIDR("kubernetes", ["10.0.0.0/16"]));
    await create(cidrs, serviceCIDR("small", ["10.0.0.0/30"]));
    await create(cidrs, serviceCIDR("off", ["10.0.0.8/29"], "False"));
    await allocation.serviceCIDRs.synced();
    await new Promise((r) => setTimeout(r, 50));
    const ips = [];
    for (let i = 0; i < 3; i++) ips.push(((await create(services, svc(`s${i}`))).spec as { clusterIP: string }).clusterIP);
    // 10.0.0.0/30 holds .1 and .2, then the /16.
    expect(ips.slice(0, 2).sort()).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(ips[2]).toMatch(/^10\.0\./);
    expect(allocation.ranges("IPv4").map((r) => [r.range.cidr, r.ready])).toEqual([
      ["10.0.0.0/30", true],
      ["10.0.0.8/29", false],
      ["10.0.0.0/16", true],
    ]);
  });

  it("with no ServiceCIDR at all, the flag's range stands in for the kubernetes one", async () => {
    const { allocation } = setup("10.0.0.0/29");
    await allocation.serviceCIDRs.synced();
    expect(allocation.ranges("IPv4").map((r) => [r.range.cidr, r.ready])).toEqual([["10.0.0.0/29", true]]);
  });
});

describe("IPAddress repair", () => {
  it("creates a missing IPAddress (with an event) and deletes a leaked one once past the grace period", async () => {
    const { services, ipAddresses, cidrs, allocation } = setup();
    await create(cidrs, serviceCIDR("kubernetes", ["10.0.0.0/29"]));
    const a = await create(services, svc("a", { clusterIP: "10.0.0.2" }));
    const ip = (a.spec as { clusterIP: string }).clusterIP;
    await ipAddresses.delete!(ctx(), ip, {});
    // A leaked IPAddress of the allocator, and one of another owner left alone.
    await create(ipAddresses, {
      apiVersion: "networking.k8s.io/v1",
      kind: "IPAddress",
      metadata: {
        name: "10.0.0.6",
        labels: { "ipaddress.kubernetes.io/managed-by": "ipallocator.k8s.io", "ipaddress.kubernetes.io/ip-family": "IPv4" },
      },
      spec: { parentRef: { resource: "services", namespace: "default", name: "gone" } },
    });
    let now = new Date();
    const events: RepairEvent[] = [];
    const repair = new IPAddressRepair({
      allocation,
      services,
      ipAddresses,
      recordEvent: async (e) => void events.push(e),
      now: () => now,
    });
    const signal = new AbortController();
    expect(await repair.ready(signal.signal)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    await repair.runOnce();
    expect(await names(ipAddresses)).toEqual([ip, "10.0.0.6"].sort());
    expect(events.map((e) => [e.reason, e.message])).toEqual([
      ["ClusterIPNotAllocated", `Cluster IP [IPv4]: ${ip} is not allocated; repairing`],
    ]);
    now = new Date(Date.now() + 61_000);
    await repair.runOnce();
    expect(await names(ipAddresses)).toEqual([ip]);
    expect(events.at(-1)).toMatchObject({
      reason: "IPAddressNotAllocated",
      message: "IPAddress: 10.0.0.6 for Service default/gone appears to have leaked: cleaning up",
      action: "IPAddressAllocation",
    });
    expect(events.at(-1)!.service.kind).toBe("IPAddress");
    signal.abort();
    allocation.stop();
  });
});
