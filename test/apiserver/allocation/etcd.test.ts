/**
 * Two apiservers on one etcd (two storage clients, two Service stores): Services created through
 * both at once never share a ClusterIP or a NodePort, since every allocation is a compare-and-swap
 * of the one RangeAllocation key; the bitmap is stored as upstream stores it (enveloped protobuf).
 * Skipped without /usr/bin/etcd.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { SERVICE_IPS_KEY } from "../../../apiserver/registry/resources/services/allocation/index.js";
import { decodeRangeAllocation } from "../../../apiserver/registry/resources/services/allocation/stored-allocator.js";
import type { ServiceStore } from "../../../apiserver/registry/resources/services/storage.js";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { type EtcdServer, startEtcd } from "../storage/etcd-server.js";
import { buildStore } from "../../../apiserver/registry/builtin.js";
import { ctx, scheme } from "../registry/helpers.js";
import { describeWithTools } from "../../support/tools.js";

const RANGES = { serviceClusterIPRange: "10.100.0.0/26", serviceNodePortRange: "30000-30099" };

describeWithTools(["etcd"], "Service allocation on etcd", () => {
  let server: EtcdServer;
  const clients: EtcdStorage[] = [];
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await server?.stop();
  });

  it("two apiservers allocating at once never hand out the same IP or port", async () => {
    const stores = [0, 1].map(() => {
      const storage = new EtcdStorage({ endpoints: [server.endpoint] });
      clients.push(storage);
      const gv = { group: "", version: "v1" };
      const info = scheme.resourcesFor(gv).find((r) => r.plural === "services")!;
      return buildStore(storage, scheme, gv, info, { serviceRanges: RANGES }) as ServiceStore;
    });
    const svc = (i: number): KubeObject => ({ metadata: { name: `s${i}` }, spec: { type: "NodePort", ports: [{ port: 80 }] } });
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.create(ctx("default"), svc(i))));
    const ips = made.map((o) => (o.spec as { clusterIP: string }).clusterIP);
    const ports = made.map((o) => (o.spec as { ports: { nodePort: number }[] }).ports[0]!.nodePort);
    expect(new Set(ips).size).toBe(40);
    expect(new Set(ports).size).toBe(40);
    expect((await stores[0]!.allocators.ips.allocated()).sort()).toEqual([...ips].sort());
    expect((await stores[1]!.allocators.ports.allocated()).sort()).toEqual([...ports].sort());
    const kv = (await clients[0]!.get(SERVICE_IPS_KEY))!;
    expect(Buffer.from(kv.value.subarray(0, 4)).toString("latin1")).toBe("k8s\0");
    expect(decodeRangeAllocation(scheme, kv).range).toBe("10.100.0.0/26");
  });
});
