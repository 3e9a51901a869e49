/**
 * Dual-stack Services through the Service REST storage, as upstream's alloc.go
 * (initIPFamilyFields, allocClusterIPs, updateClusterIPs) and ValidateService's family rules:
 * ipFamilyPolicy and ipFamilies defaulted for each policy on single-stack, dual-stack and
 * IPv6-primary clusters, headless with and without selector, ExternalName; addresses allocated
 * per family; upgrades and downgrades on update with their releases; the refusals' messages;
 * the ClusterIP repair of the secondary range.
 */
import { describe, expect, it } from "vitest";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { serviceRepairs } from "../../../apiserver/registry/resources/services/allocation/repair-loops.js";
import { IPv6Range } from "../../../apiserver/registry/resources/services/allocation/ranges.js";
import type { ServiceStore } from "../../../apiserver/registry/resources/services/storage.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, scheme, statusOf, storeFor } from "../registry/helpers.js";

const DUAL = "10.0.0.0/16,fd00:10:96::/112";
const V4 = "10.0.0.0/16";
const V6_FIRST = "fd00:10:96::/112,10.0.0.0/16";

type Spec = {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  selector?: Record<string, string>;
  externalName?: string;
  ports?: { port: number }[];
};

function svc(name: string, spec: Spec = {}): KubeObject {
  return { apiVersion: "v1", kind: "Service", metadata: { name }, spec: { ports: [{ port: 80 }], selector: { app: name }, ...spec } };
}

const specOf = (o: KubeObject): Spec => o.spec as Spec;

/** PUT of a Service; the stored object. */
async function put(services: ServiceStore, obj: KubeObject): Promise<KubeObject> {
  return (await services.update(ctx("default"), obj.metadata!.name!, obj, {})).object;
}

function setup(cidrs: string) {
  const storage = new MemoryStorage();
  const ranges = { serviceClusterIPRange: cidrs, serviceNodePortRange: "30000-30099" };
  const services = storeFor(storage, "", "services", { serviceRanges: ranges }) as ServiceStore;
  const raw = storeFor(storage, "", "services");
  const events = storeFor(storage, "", "events");
  return { storage, services, raw, events, ranges, alloc: services.allocators };
}

const isV4 = (ip: string | undefined) => /^10\.0\.\d+\.\d+$/.test(ip ?? "");
const isV6 = (ip: string | undefined) => (ip ?? "").startsWith("fd00:10:96::");

describe("dual-stack Service creation (initIPFamilyFields)", () => {
  const cases: { name: string; cluster: string; spec: Spec; policy?: string; families?: string[]; ips?: ("v4" | "v6" | "None")[] }[] = [
    { name: "no policy: single-stack, primary family", cluster: DUAL, spec: {}, policy: "SingleStack", families: ["IPv4"], ips: ["v4"] },
    {
      name: "PreferDualStack: both",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "PreferDualStack" },
      policy: "PreferDualStack",
      families: ["IPv4", "IPv6"],
      ips: ["v4", "v6"],
    },
    {
      name: "RequireDualStack: both",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "RequireDualStack" },
      policy: "RequireDualStack",
      families: ["IPv4", "IPv6"],
      ips: ["v4", "v6"],
    },
    {
      name: "RequireDualStack, IPv6 first",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "RequireDualStack", ipFamilies: ["IPv6"] },
      policy: "RequireDualStack",
      families: ["IPv6", "IPv4"],
      ips: ["v6", "v4"],
    },
    {
      name: "SingleStack IPv6 on a dual cluster",
      cluster: DUAL,
      spec: { ipFamilies: ["IPv6"] },
      policy: "SingleStack",
      families: ["IPv6"],
      ips: ["v6"],
    },
    {
      name: "families inferred from the addresses",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "PreferDualStack", clusterIP: "fd00:10:96::20", clusterIPs: ["fd00:10:96::20", "10.0.0.20"] },
      policy: "PreferDualStack",
      families: ["IPv6", "IPv4"],
      ips: ["v6", "v4"],
    },
    {
      name: "headless with selector: single-stack",
      cluster: DUAL,
      spec: { clusterIP: "None" },
      policy: "SingleStack",
      families: ["IPv4"],
      ips: ["None"],
    },
    {
      name: "headless without selector: RequireDualStack",
      cluster: DUAL,
      spec: { clusterIP: "None", selector: {} },
      policy: "RequireDualStack",
      families: ["IPv4", "IPv6"],
      ips: ["None"],
    },
    {
      name: "headless without selector, SingleStack",
      cluster: DUAL,
      spec: { clusterIP: "None", selector: {}, ipFamilyPolicy: "SingleStack" },
      policy: "SingleStack",
      families: ["IPv4"],
      ips: ["None"],
    },
    {
      name: "PreferDualStack on a single-stack cluster: one",
      cluster: V4,
      spec: { ipFamilyPolicy: "PreferDualStack" },
      policy: "PreferDualStack",
      families: ["IPv4"],
      ips: ["v4"],
    },
    {
      name: "headless without selector on a single-stack cluster: both families",
      cluster: V4,
      spec: { clusterIP: "None", selector: {} },
      policy: "RequireDualStack",
      families: ["IPv4", "IPv6"],
      ips: ["None"],
    },
    { name: "IPv6-primary cluster: IPv6 by default", cluster: V6_FIRST, spec: {}, policy: "SingleStack", families: ["IPv6"], ips: ["v6"] },
    {
      name: "IPv6-primary cluster, PreferDualStack",
      cluster: V6_FIRST,
      spec: { ipFamilyPolicy: "PreferDualStack" },
      policy: "PreferDualStack",
      families: ["IPv6", "IPv4"],
      ips: ["v6", "v4"],
    },
  ];
  it.each(cases)("$name", async ({ cluster, spec, policy, families, ips }) => {
    const { services } = setup(cluster);
    const out = specOf(await services.create(ctx("default"), svc("s", spec)));
    expect(out.ipFamilyPolicy).toBe(policy);
    expect(out.ipFamilies).toEqual(families);
    expect(out.clusterIPs).toHaveLength(ips!.length);
    ips!.forEach((kind, i) => {
      const ip = out.clusterIPs![i];
      if (kind === "None") expect(ip).toBe("None");
      else expect(kind === "v4" ? isV4(ip) : isV6(ip)).toBe(true);
    });
    expect(out.clusterIP).toBe(out.clusterIPs![0]);
  });

  it("ExternalName Services get no families, policy or addresses", async () => {
    const { services } = setup(DUAL);
    const out = specOf(await services.create(ctx("default"), svc("x", { type: "ExternalName", externalName: "example.com", ports: [] })));
    expect(out).not.toHaveProperty("ipFamilies");
    expect(out).not.toHaveProperty("ipFamilyPolicy");
    expect(out).not.toHaveProperty("clusterIPs");
  });

  const refusals: { name: string; cluster: string; spec: Spec; message: string }[] = [
    {
      name: "RequireDualStack on a single-stack cluster",
      cluster: V4,
      spec: { ipFamilyPolicy: "RequireDualStack" },
      message:
        'Service "s" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    },
    {
      name: "SingleStack with two families",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "SingleStack", ipFamilies: ["IPv4", "IPv6"] },
      message:
        "Service \"s\" is invalid: spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
    },
    {
      name: "SingleStack with two addresses",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "SingleStack", clusterIP: "10.0.0.5", clusterIPs: ["10.0.0.5", "fd00:10:96::5"] },
      message:
        "Service \"s\" is invalid: spec.ipFamilyPolicy: Invalid value: \"SingleStack\": must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
    },
    {
      name: "two addresses of one family",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "PreferDualStack", clusterIP: "10.0.0.5", clusterIPs: ["10.0.0.5", "10.0.0.6"] },
      message:
        'Service "s" is invalid: spec.clusterIPs: Invalid value: ["10.0.0.5","10.0.0.6"]: may specify no more than one IP for each IP family',
    },
    {
      name: "a family the cluster lacks",
      cluster: V4,
      spec: { ipFamilyPolicy: "PreferDualStack", ipFamilies: ["IPv4", "IPv6"] },
      message: 'Service "s" is invalid: spec.ipFamilies[1]: Invalid value: "IPv6": not configured on this cluster',
    },
    {
      name: "an address of the other family than named",
      cluster: DUAL,
      spec: { ipFamilies: ["IPv6"], clusterIP: "10.0.0.5", clusterIPs: ["10.0.0.5"] },
      message:
        'Service "s" is invalid: spec.clusterIPs[0]: Invalid value: "10.0.0.5": expected an IPv6 value as indicated by `ipFamilies[0]`',
    },
    {
      name: "a secondary address outside its range",
      cluster: DUAL,
      spec: { ipFamilyPolicy: "RequireDualStack", clusterIP: "10.0.0.5", clusterIPs: ["10.0.0.5", "fd00:99::5"] },
      message:
        'Service "s" is invalid: spec.clusterIPs: Invalid value: ["10.0.0.5","fd00:99::5"]: failed to allocate IP fd00:99::5: the provided IP (fd00:99::5) is not in the valid range. The range of valid IPs is fd00:10:96::/112',
    },
  ];
  it.each(refusals)("refuses $name with upstream's message", async ({ cluster, spec, message }) => {
    const { services, alloc } = setup(cluster);
    const status = await statusOf(services.create(ctx("default"), svc("s", spec)));
    expect(status.code).toBe(422);
    expect(status.message).toBe(message);
    // Nothing stays allocated after a refused create.
    expect(await alloc.ips.allocated()).toEqual([]);
  });
});

describe("dual-stack Service updates", () => {
  it("upgrades a single-stack Service to PreferDualStack: the second family's address is allocated", async () => {
    const { services, alloc } = setup(DUAL);
    const a = await services.create(ctx("default"), svc("a"));
    const up = specOf(await put(services, { ...a, spec: { ...specOf(a), ipFamilyPolicy: "PreferDualStack" } }));
    expect(up.ipFamilies).toEqual(["IPv4", "IPv6"]);
    expect(up.clusterIPs![0]).toBe(specOf(a).clusterIP);
    expect(isV6(up.clusterIPs![1])).toBe(true);
    expect(await alloc.ipAllocator("IPv6")!.allocated()).toEqual([up.clusterIPs![1]]);
  });

  it("downgrades to SingleStack when the lists are left as they were, releasing the secondary address", async () => {
    const { services, alloc } = setup(DUAL);
    const a = await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "RequireDualStack" }));
    const v6 = specOf(a).clusterIPs![1]!;
    expect(await alloc.ipAllocator("IPv6")!.has(v6)).toBe(true);
    const down = specOf(await put(services, { ...a, spec: { ...specOf(a), ipFamilyPolicy: "SingleStack" } }));
    expect(down.ipFamilies).toEqual(["IPv4"]);
    expect(down.clusterIPs).toEqual([specOf(a).clusterIP]);
    expect(await alloc.ipAllocator("IPv6")!.has(v6)).toBe(false);
  });

  it("refuses to drop the secondary address unless the policy is SingleStack", async () => {
    const { services } = setup(DUAL);
    const a = await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "PreferDualStack" }));
    const spec = specOf(a);
    const status = await statusOf(
      services.update(ctx("default"), "a", { ...a, spec: { ...spec, clusterIPs: spec.clusterIPs!.slice(0, 1), ipFamilies: ["IPv4"] } }, {}),
    );
    expect(status.code).toBe(422);
    expect(status.details?.causes).toEqual([
      {
        reason: "FieldValueInvalid",
        field: "spec.ipFamilyPolicy",
        message: "Invalid value: \"PreferDualStack\": must be 'SingleStack' to release the secondary cluster IP",
      },
      {
        reason: "FieldValueInvalid",
        field: "spec.ipFamilyPolicy",
        message: "Invalid value: \"PreferDualStack\": must be 'SingleStack' to release the secondary IP family",
      },
    ]);
  });

  it("refuses to change the primary family", async () => {
    const { services } = setup(DUAL);
    const a = await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "RequireDualStack" }));
    const spec = specOf(a);
    const status = await statusOf(
      services.update(
        ctx("default"),
        "a",
        {
          ...a,
          spec: {
            ...spec,
            ipFamilies: ["IPv6", "IPv4"],
            clusterIP: spec.clusterIPs![1],
            clusterIPs: [spec.clusterIPs![1]!, spec.clusterIPs![0]!],
          },
        },
        {},
      ),
    );
    expect(status.code).toBe(422);
    expect(status.details?.causes?.map((c) => `${c.field}: ${c.message}`)).toContain(
      `spec.clusterIPs[0]: Invalid value: ${JSON.stringify([spec.clusterIPs![1], spec.clusterIPs![0]])}: may not change once set`,
    );
  });

  it("leaves a PreferDualStack Service as it is when its fields are unchanged", async () => {
    const { services } = setup(V4);
    const a = await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "PreferDualStack" }));
    const again = specOf(await put(services, { ...a, metadata: { ...a.metadata, labels: { x: "y" } } }));
    expect(again.ipFamilies).toEqual(["IPv4"]);
    expect(again.clusterIPs).toEqual(specOf(a).clusterIPs);
  });

  it("ExternalName and back: both addresses released, then both allocated", async () => {
    const { services, alloc } = setup(DUAL);
    const a = await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "RequireDualStack" }));
    const ext = await put(services, { ...a, spec: { type: "ExternalName", externalName: "example.com" } });
    expect(specOf(ext).clusterIPs).toBeUndefined();
    expect(await alloc.ips.allocated()).toEqual([]);
    expect(await alloc.ipAllocator("IPv6")!.allocated()).toEqual([]);
    const back = specOf(
      await put(services, { ...ext, spec: { type: "ClusterIP", ports: [{ port: 80 }], ipFamilyPolicy: "PreferDualStack" } }),
    );
    expect(back.ipFamilies).toEqual(["IPv4", "IPv6"]);
    expect(await alloc.ips.allocated()).toEqual([back.clusterIPs![0]]);
    expect(await alloc.ipAllocator("IPv6")!.allocated()).toEqual([back.clusterIPs![1]]);
  });

  it("delete releases both families' addresses", async () => {
    const { services, alloc } = setup(DUAL);
    await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "RequireDualStack" }));
    await services.delete(ctx("default"), "a");
    expect(await alloc.ips.allocated()).toEqual([]);
    expect(await alloc.ipAllocator("IPv6")!.allocated()).toEqual([]);
  });
});

describe("IPv6 ranges and the secondary repair", () => {
  it("an IPv6 range skips its network address and keeps at most 65535 addresses", () => {
    const small = new IPv6Range("fd00:10:96::/112");
    expect(small.spec).toBe("fd00:10:96::/112");
    expect(small.size).toBe(65535);
    expect(small.valueAt(0)).toBe("fd00:10:96::1");
    expect(small.indexOf("fd00:10:96::ffff")).toBe(65534);
    expect(small.indexOf("fd00:10:96::")).toBeUndefined();
    const big = new IPv6Range("fd00::/64");
    expect(big.size).toBe(65535);
    expect(big.offset).toBe(256);
    expect(new IPv6Range("fd00::/124").size).toBe(15);
  });

  it("re-allocates an IPv6 address missing from the secondary bitmap and reports it", async () => {
    const { storage, services, raw, events, ranges, alloc } = setup(DUAL);
    await services.create(ctx("default"), svc("a", { ipFamilyPolicy: "RequireDualStack" }));
    await raw.create(
      ctx("default"),
      svc("lost", {
        ipFamilyPolicy: "RequireDualStack",
        ipFamilies: ["IPv4", "IPv6"],
        clusterIP: "10.0.0.77",
        clusterIPs: ["10.0.0.77", "fd00:10:96::77"],
      }),
    );
    const repairs = serviceRepairs({ storage, scheme, ranges, services: services, events: events });
    expect(repairs.secondaryIPs).toBeDefined();
    await repairs.ips.runOnce();
    await repairs.secondaryIPs!.runOnce();
    expect(await alloc.ipAllocator("IPv6")!.has("fd00:10:96::77")).toBe(true);
    expect(await alloc.ips.has("10.0.0.77")).toBe(true);
    const messages = (await events.list(ctx(), {})).items.map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Cluster IP [IPv4]:10.0.0.77 is not allocated; repairing",
        "Cluster IP [IPv6]:fd00:10:96::77 is not allocated; repairing",
      ]),
    );
  });

  it("reports an address of a family the cluster no longer serves", async () => {
    const { storage, services, raw, events } = setup(V4);
    await raw.create(
      ctx("default"),
      svc("old", {
        ipFamilyPolicy: "RequireDualStack",
        ipFamilies: ["IPv4", "IPv6"],
        clusterIP: "10.0.0.9",
        clusterIPs: ["10.0.0.9", "fd00::9"],
      }),
    );
    const repairs = serviceRepairs({
      storage,
      scheme,
      ranges: { serviceClusterIPRange: V4, serviceNodePortRange: "30000-30099" },
      services: services,
      events: events,
    });
    await repairs.ips.runOnce();
    const messages = (await events.list(ctx(), {})).items.map((e) => e.message);
    expect(messages).toContain("Cluster IP fd00::9(IPv6) is of ip family that is no longer configured on cluster; please recreate service");
  });
});
