/**
 * The ClusterIP and NodePort repair passes against a corrupted stored bitmap: a value a Service
 * holds but the bitmap lacks is re-allocated (ClusterIPNotAllocated / PortNotAllocated), a value
 * two Services share and one outside the range are reported (AlreadyAllocated, OutOfRange) as
 * Warning Events on the Service, and a leaked value is freed on the third pass that finds it, not
 * before. The post-start hook runs both passes before it finishes.
 */
import { describe, expect, it } from "vitest";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { SERVICE_IPS_KEY, SERVICE_NODE_PORTS_KEY } from "../../../apiserver/registry/resources/services/allocation/index.js";
import { serviceRepairHook, serviceRepairs } from "../../../apiserver/registry/resources/services/allocation/repair-loops.js";
import { NUM_REPAIRS_BEFORE_LEAK_CLEANUP } from "../../../apiserver/registry/resources/services/allocation/repair.js";
import type { ServiceStore } from "../../../apiserver/registry/resources/services/storage.js";
import {
  decodeRangeAllocation,
  encodeRangeAllocation,
} from "../../../apiserver/registry/resources/services/allocation/stored-allocator.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, scheme, storeFor } from "../registry/helpers.js";

const RANGES = { serviceClusterIPRange: "10.96.0.0/24", serviceNodePortRange: "30000-30099" };

function setup() {
  const storage = new MemoryStorage();
  // A store that allocates, and a plain one standing for writes that bypassed allocation.
  const services = storeFor(storage, "", "services", { serviceRanges: RANGES }) as ServiceStore;
  const raw = storeFor(storage, "", "services");
  const events = storeFor(storage, "", "events");
  const logs: string[] = [];
  const opts = {
    storage,
    scheme,
    ranges: RANGES,
    services: services as RESTStorage,
    events: events as RESTStorage,
    log: (l: string) => logs.push(l),
  };
  const repairs = serviceRepairs(opts);
  const eventList = async () =>
    (await events.list(ctx(), {})).items.map((e) => ({
      ns: e.metadata?.namespace,
      service: (e.involvedObject as { name: string }).name,
      reason: e.reason,
      message: e.message,
      type: e.type,
      component: (e.source as { component: string }).component,
    }));
  return { storage, services, raw, events, repairs, logs, eventList, opts };
}

function svc(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: "v1", kind: "Service", metadata: { name }, spec: { ports: [{ port: 80 }], ...spec } };
}

async function writeSnapshot(storage: MemoryStorage, key: string, range: string, data: number[]): Promise<void> {
  const bytes = encodeRangeAllocation(scheme, { range, data: new Uint8Array(data) });
  await storage.guaranteedUpdate(key, () => bytes, { ignoreNotFound: true });
}

describe("ClusterIP repair", () => {
  it("re-allocates an IP missing from the bitmap, reports duplicates and out-of-range IPs as Events", async () => {
    const { services, raw, repairs, eventList, storage, logs } = setup();
    const a = await services.create(ctx("default"), svc("a", { clusterIP: "10.96.0.10" }));
    expect(a.spec).toMatchObject({ clusterIP: "10.96.0.10" });
    // Written around the allocator: the same IP again, one out of range, one never allocated.
    await raw.create(ctx("default"), svc("dup", { clusterIP: "10.96.0.10" }));
    await raw.create(ctx("default"), svc("out", { clusterIP: "192.168.9.9" }));
    await raw.create(ctx("kube-system"), svc("lost", { clusterIP: "10.96.0.77" }));
    await repairs.ips.runOnce();
    const events = await eventList();
    expect(events).toEqual(
      expect.arrayContaining([
        {
          ns: "default",
          service: "dup",
          reason: "ClusterIPAlreadyAllocated",
          message: "Cluster IP [IPv4]:10.96.0.10 was assigned to multiple services; please recreate service",
          type: "Warning",
          component: "ipallocator-repair-controller",
        },
        {
          ns: "default",
          service: "out",
          reason: "ClusterIPOutOfRange",
          message: "Cluster IP [IPv4]:192.168.9.9 is not within the service CIDR 10.96.0.0/24; please recreate service",
          type: "Warning",
          component: "ipallocator-repair-controller",
        },
        {
          ns: "kube-system",
          service: "lost",
          reason: "ClusterIPNotAllocated",
          message: "Cluster IP [IPv4]:10.96.0.77 is not allocated; repairing",
          type: "Warning",
          component: "ipallocator-repair-controller",
        },
      ]),
    );
    expect(events).toHaveLength(3);
    expect(logs).toContain("the cluster IP [IPv4]:10.96.0.77 for service kube-system/lost is not allocated; repairing");
    expect((await services.allocators.ips.allocated()).sort()).toEqual(["10.96.0.10", "10.96.0.77"]);
    // Repaired: asking for the lost IP is refused now.
    const taken = await services
      .create(ctx("default"), svc("again", { clusterIP: "10.96.0.77" }))
      .catch((e: { status: { message: string } }) => e.status.message);
    expect(taken).toContain("provided IP is already allocated");
    // Stored with the range, in upstream's form.
    const snap = decodeRangeAllocation(scheme, (await storage.get(SERVICE_IPS_KEY))!);
    expect(snap.range).toBe("10.96.0.0/24");
  });

  it("a problem found again on the next pass bumps its Event's count instead of adding Events", async () => {
    const { services, raw, repairs, events } = setup();
    await services.create(ctx("default"), svc("a", { clusterIP: "10.96.0.10" }));
    await raw.create(ctx("default"), svc("dup", { clusterIP: "10.96.0.10" }));
    await repairs.ips.runOnce();
    await repairs.ips.runOnce();
    const list = (await events.list(ctx(), {})).items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      reason: "ClusterIPAlreadyAllocated",
      count: 2,
      involvedObject: { kind: "Service", name: "dup", namespace: "default" },
    });
  });

  it("frees a leaked IP only on the third pass that finds it", async () => {
    const { services, repairs, logs, storage } = setup();
    await services.create(ctx("default"), svc("a", { clusterIP: "10.96.0.5" }));
    // 10.96.0.9 (item 8) is allocated in the bitmap but no Service holds it; 10.96.0.5 is item 4.
    await writeSnapshot(storage, SERVICE_IPS_KEY, "10.96.0.0/24", [0x01, 0x10]);
    expect((await services.allocators.ips.allocated()).sort()).toEqual(["10.96.0.5", "10.96.0.9"]);
    for (let pass = 1; pass < NUM_REPAIRS_BEFORE_LEAK_CLEANUP; pass++) {
      await repairs.ips.runOnce();
      expect(await services.allocators.ips.has("10.96.0.9")).toBe(true);
    }
    expect(logs).toContain("the cluster IP 10.96.0.9 may have leaked: flagging for later clean up");
    await repairs.ips.runOnce();
    expect(logs).toContain("the cluster IP 10.96.0.9 appears to have leaked: cleaning up");
    expect(await services.allocators.ips.allocated()).toEqual(["10.96.0.5"]);
  });

  it("a leak that a Service takes up in the meantime is not freed", async () => {
    const { services, raw, repairs, storage } = setup();
    await writeSnapshot(storage, SERVICE_IPS_KEY, "10.96.0.0/24", [0x10]);
    await repairs.ips.runOnce();
    await raw.create(ctx("default"), svc("late", { clusterIP: "10.96.0.5" }));
    for (let pass = 0; pass < NUM_REPAIRS_BEFORE_LEAK_CLEANUP + 1; pass++) await repairs.ips.runOnce();
    expect(await services.allocators.ips.allocated()).toEqual(["10.96.0.5"]);
  });

  it("rewrites a bitmap of another range (the CIDR changed) from the Services", async () => {
    const { services, raw, repairs, storage } = setup();
    await writeSnapshot(storage, SERVICE_IPS_KEY, "10.0.0.0/24", [0xff]);
    await raw.create(ctx("default"), svc("a", { clusterIP: "10.96.0.3" }));
    const refused = await services
      .create(ctx("default"), svc("b", {}))
      .catch((e: { status: { code: number; message: string } }) => e.status);
    expect(refused).toMatchObject({
      code: 500,
      message: "Internal error occurred: failed to allocate a serviceIP: the provided range does not match the current range",
    });
    await repairs.ips.runOnce();
    const snap = decodeRangeAllocation(scheme, (await storage.get(SERVICE_IPS_KEY))!);
    expect(snap.range).toBe("10.96.0.0/24");
    expect(await services.allocators.ips.has("10.96.0.3")).toBe(true);
    expect((await services.create(ctx("default"), svc("b", {}))).spec).toMatchObject({ clusterIP: expect.stringMatching(/^10\.96\.0\./) });
  });
});

describe("NodePort repair", () => {
  it("re-allocates, reports duplicates and out-of-range ports, and frees leaks after three passes", async () => {
    const { services, raw, repairs, eventList, storage } = setup();
    await services.create(ctx("default"), svc("a", { type: "NodePort", ports: [{ port: 80, nodePort: 30010 }] }));
    await raw.create(ctx("default"), svc("dup", { type: "NodePort", ports: [{ port: 80, nodePort: 30010 }] }));
    await raw.create(ctx("default"), svc("out", { type: "NodePort", ports: [{ port: 80, nodePort: 31000 }] }));
    await raw.create(ctx("default"), svc("lost", { type: "NodePort", ports: [{ port: 80, nodePort: 30020 }] }));
    // And one leaked port: 30050 (item 50) is set in the bitmap besides 30010.
    const bytes = new Uint8Array(7);
    bytes[bytes.length - 1 - (10 >> 3)]! |= 1 << (10 & 7);
    bytes[bytes.length - 1 - (50 >> 3)]! |= 1 << (50 & 7);
    await writeSnapshot(storage, SERVICE_NODE_PORTS_KEY, "30000-30099", [...bytes]);
    expect(await services.allocators.ports.allocated()).toEqual([30010, 30050]);

    await repairs.ports.runOnce();
    const events = (await eventList()).filter((e) => e.component === "portallocator-repair-controller");
    expect(events.map((e) => [e.service, e.reason, e.message]).sort()).toEqual([
      ["dup", "PortAlreadyAllocated", "Port 30010 was assigned to multiple services; please recreate service"],
      ["lost", "PortNotAllocated", "Port 30020 is not allocated; repairing"],
      ["out", "PortOutOfRange", "Port 31000 is not within the port range 30000-30099; please recreate service"],
    ]);
    expect(await services.allocators.ports.allocated()).toEqual([30010, 30020, 30050]);
    await repairs.ports.runOnce();
    expect(await services.allocators.ports.has(30050)).toBe(true);
    await repairs.ports.runOnce();
    expect(await services.allocators.ports.allocated()).toEqual([30010, 30020]);
  });

  it("the post-start hook runs both repairs before it finishes and stops its loops on shutdown", async () => {
    const { raw, opts, storage } = setup();
    await raw.create(ctx("default"), svc("a", { type: "NodePort", clusterIP: "10.96.0.4", ports: [{ port: 80, nodePort: 30004 }] }));
    const stop = new AbortController();
    await serviceRepairHook({ ...opts, intervalMs: 20 })({ signal: stop.signal });
    expect(decodeRangeAllocation(scheme, (await storage.get(SERVICE_IPS_KEY))!).data).toEqual(new Uint8Array([0x08]));
    expect(decodeRangeAllocation(scheme, (await storage.get(SERVICE_NODE_PORTS_KEY))!).data).toEqual(new Uint8Array([0x10]));
    // The loops keep running every interval: a Service written around the allocator is picked up.
    await raw.create(ctx("default"), svc("b", { type: "NodePort", clusterIP: "10.96.0.6", ports: [{ port: 80, nodePort: 30006 }] }));
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const ip = decodeRangeAllocation(scheme, (await storage.get(SERVICE_IPS_KEY))!).data;
      const port = decodeRangeAllocation(scheme, (await storage.get(SERVICE_NODE_PORTS_KEY))!).data;
      if (ip[0] === 0x28 && port[0] === 0x50) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(decodeRangeAllocation(scheme, (await storage.get(SERVICE_IPS_KEY))!).data).toEqual(new Uint8Array([0x28]));
    expect(decodeRangeAllocation(scheme, (await storage.get(SERVICE_NODE_PORTS_KEY))!).data).toEqual(new Uint8Array([0x50]));
    stop.abort();
  });
});
