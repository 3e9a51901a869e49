/**
 * The lease endpoint reconciler over the real registry on in-memory storage: leases with a TTL
 * kept in the value, endpoints = the live leases (sorted, one subset, the apiserver port), expiry,
 * never an empty list, removal of our own address.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Endpoints } from "../../../api/core/v1/endpoints.js";
import { registryEndpointsAdapter, type EndpointsAdapter } from "../../../apiserver/controlplane/endpoints-adapter.js";
import {
  LeaseEndpointReconciler,
  NoLeasesError,
  SKIP_MIRROR_LABEL,
  type EndpointTarget,
} from "../../../apiserver/controlplane/lease-reconciler.js";
import { LEASE_EXPIRES_ANNOTATION, MASTER_LEASES_KEY, StorageLeases } from "../../../apiserver/controlplane/master-leases.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "../../../generated/apis/register.js";

const TTL = 15_000;
const ports = [{ name: "https", port: 6443, protocol: "TCP" as const }];
const target = (ip: string): EndpointTarget => ({ namespace: "default", service: "kubernetes", ip, ports });

let storage: MemoryStorage;
let adapter: EndpointsAdapter;
let clock: number;

function apiserver(): LeaseEndpointReconciler {
  return new LeaseEndpointReconciler(adapter, new StorageLeases(storage, { ttlMs: TTL, now: () => clock }));
}

async function endpoints(): Promise<Endpoints | undefined> {
  return adapter.get("default", "kubernetes");
}

const addresses = (e: Endpoints | undefined): string[] => (e?.subsets ?? []).flatMap((s) => (s.addresses ?? []).map((a) => a.ip));

beforeEach(() => {
  storage = new MemoryStorage();
  const eps = buildBuiltinStorages(storage, scheme).find((s) => s.group === "" && s.info.plural === "endpoints")!;
  adapter = registryEndpointsAdapter(eps);
  clock = Date.parse("2026-01-01T00:00:00Z");
});

describe("StorageLeases", () => {
  it("stores a lease per IP under /registry/masterleases/ with its expiry, refreshes it, and drops it once expired", async () => {
    const leases = new StorageLeases(storage, { ttlMs: TTL, now: () => clock });
    await leases.updateLease("192.0.2.10");
    const kv = await storage.get(`${MASTER_LEASES_KEY}192.0.2.10`);
    const stored = JSON.parse(new TextDecoder().decode(kv!.value)) as Endpoints;
    expect(stored).toMatchObject({ kind: "Endpoints", metadata: { name: "192.0.2.10" }, subsets: [{ addresses: [{ ip: "192.0.2.10" }] }] });
    expect(stored.metadata?.annotations?.[LEASE_EXPIRES_ANNOTATION]).toBe("2026-01-01T00:00:15.000Z");

    clock += 10_000;
    await leases.updateLease("192.0.2.10");
    clock += 10_000; // 20 s after the first write, 10 s after the refresh
    expect(await leases.listLeases()).toEqual(["192.0.2.10"]);
    clock += 5_000; // exactly at the expiry: gone
    expect(await leases.listLeases()).toEqual([]);
    expect(await storage.get(`${MASTER_LEASES_KEY}192.0.2.10`)).toBeUndefined();
  });

  it("does not delete a lease its owner refreshed after it was listed", async () => {
    const leases = new StorageLeases(storage, { ttlMs: TTL, now: () => clock });
    await leases.updateLease("192.0.2.10");
    const list = storage.list.bind(storage);
    // The owner refreshes between our list and our delete: the delete's revision precondition fails.
    storage.list = async (o) => {
      const r = await list(o);
      await new StorageLeases(storage, { ttlMs: TTL, now: () => clock }).updateLease("192.0.2.10");
      return r;
    };
    clock += TTL + 1;
    expect(await leases.listLeases()).toEqual([]);
    storage.list = list;
    expect(await storage.get(`${MASTER_LEASES_KEY}192.0.2.10`)).toBeDefined();
    expect(await leases.listLeases()).toEqual(["192.0.2.10"]);
  });

  it("removing a missing lease is fine", async () => {
    await expect(new StorageLeases(storage, { ttlMs: TTL }).removeLease("192.0.2.99")).resolves.toBeUndefined();
  });
});

describe("LeaseEndpointReconciler", () => {
  it("creates the endpoints with our address and port, labelled skip-mirror", async () => {
    await apiserver().reconcileEndpoints(target("192.0.2.10"), true);
    const e = await endpoints();
    expect(e?.metadata?.labels?.[SKIP_MIRROR_LABEL]).toBe("true");
    expect(e?.subsets).toEqual([{ addresses: [{ ip: "192.0.2.10" }], ports }]);
  });

  it("lists every live apiserver, sorted, and leaves the object alone when it is right", async () => {
    const a = apiserver();
    const b = apiserver();
    const c = apiserver();
    await b.reconcileEndpoints(target("192.0.2.11"), true);
    await c.reconcileEndpoints(target("10.0.0.5"), true);
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    const e = await endpoints();
    expect(addresses(e)).toEqual(["10.0.0.5", "192.0.2.10", "192.0.2.11"]);
    const rv = e?.metadata?.resourceVersion;
    clock += 1000;
    await b.reconcileEndpoints(target("192.0.2.11"), true);
    expect((await endpoints())?.metadata?.resourceVersion).toBe(rv);
  });

  it("drops an apiserver whose lease expired (killed without shutdown) at the next pass of another", async () => {
    const a = apiserver();
    const dead = apiserver();
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    await dead.reconcileEndpoints(target("192.0.2.11"), true);
    expect(addresses(await endpoints())).toEqual(["192.0.2.10", "192.0.2.11"]);
    for (let i = 0; i < 2; i++) {
      clock += 10_000;
      await a.reconcileEndpoints(target("192.0.2.10"), true);
    }
    expect(addresses(await endpoints())).toEqual(["192.0.2.10"]);
  });

  it("resets edited ports and addresses", async () => {
    const a = apiserver();
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    const e = (await endpoints())!;
    e.subsets = [
      { addresses: [{ ip: "198.51.100.1" }], ports: [{ name: "https", port: 1, protocol: "TCP" }] },
      { addresses: [{ ip: "198.51.100.2" }], ports },
    ];
    await adapter.update("default", e);
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    expect((await endpoints())?.subsets).toEqual([{ addresses: [{ ip: "192.0.2.10" }], ports }]);
  });

  it("never writes an empty list: the last apiserver's removal leaves the endpoints as they were", async () => {
    const a = apiserver();
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    await expect(a.removeEndpoints(target("192.0.2.10"))).rejects.toBeInstanceOf(NoLeasesError);
    expect(addresses(await endpoints())).toEqual(["192.0.2.10"]);
    expect(await storage.get(`${MASTER_LEASES_KEY}192.0.2.10`)).toBeUndefined();
  });

  it("removes our own address at shutdown and reconciles nothing after", async () => {
    const a = apiserver();
    const b = apiserver();
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    await b.reconcileEndpoints(target("192.0.2.11"), true);
    await a.removeEndpoints(target("192.0.2.10"));
    expect(addresses(await endpoints())).toEqual(["192.0.2.11"]);
    // A pass that was due after the stop does not put us back.
    await a.reconcileEndpoints(target("192.0.2.10"), true);
    expect(addresses(await endpoints())).toEqual(["192.0.2.11"]);
    expect(await new StorageLeases(storage, { ttlMs: TTL, now: () => clock }).listLeases()).toEqual(["192.0.2.11"]);
  });
});
