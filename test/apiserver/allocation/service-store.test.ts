/**
 * Service allocation through the Service REST storage, on the memory and SQLite storages:
 * create allocates a ClusterIP (not for headless or ExternalName) and NodePorts, with upstream's
 * 422 messages for taken and out-of-range values; updates allocate and release on type changes
 * and keep allocated values a PUT leaves out; delete releases; dry runs allocate nothing; a
 * create that fails to store gives its allocations back; two stores on one storage never hand
 * out the same IP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { ServiceStore } from "../../../apiserver/registry/resources/services/storage.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import { ctx, statusOf, storeFor, utf8 } from "../registry/helpers.js";

const RANGES = { serviceClusterIPRange: "10.96.0.0/12", serviceNodePortRange: "30000-32767" };

type Spec = {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ports?: { port: number; nodePort?: number; protocol?: string; name?: string }[];
  healthCheckNodePort?: number;
  externalName?: string;
};

function svc(name: string, spec: Spec = {}): KubeObject {
  return { apiVersion: "v1", kind: "Service", metadata: { name }, spec: { ports: [{ port: 80 }], ...spec } };
}

const specOf = (o: KubeObject): Spec => o.spec as Spec;

const backends: [string, () => { storage: Storage; cleanup: () => Promise<void> }][] = [
  ["memory", () => ({ storage: new MemoryStorage(), cleanup: async () => {} })],
  [
    "sqlite",
    () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-alloc-"));
      const storage = new SqliteStorage({ path: path.join(dir, "db.sqlite") });
      return {
        storage,
        cleanup: async () => {
          await storage.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(backends)("Service allocation on %s", (_name, open) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  function setup() {
    const s = open();
    cleanup = s.cleanup;
    const services = storeFor(s.storage as MemoryStorage, "", "services", { serviceRanges: RANGES }) as ServiceStore;
    expect(services).toBeInstanceOf(ServiceStore);
    return { storage: s.storage, services, ips: services.allocators.ips, ports: services.allocators.ports };
  }

  it("records the creator's fields before allocating: the ClusterIP, NodePorts and IP families are owned by no one", async () => {
    const { services } = setup();
    const a = await services.create(ctx("default"), svc("owned", { type: "NodePort" }), { fieldManager: "kubectl-create" });
    expect(specOf(a).clusterIP).toBeDefined();
    expect(specOf(a).ports![0]!.nodePort).toBeDefined();
    const [entry] = a.metadata!.managedFields! as { manager: string; fieldsV1: Record<string, Record<string, unknown>> }[];
    expect(entry!.manager).toBe("kubectl-create");
    const spec = entry!.fieldsV1["f:spec"]!;
    // Sent and defaulted: owned, as upstream's field manager runs before the registry allocates.
    expect(spec).toHaveProperty(["f:type"]);
    expect(spec).toHaveProperty(["f:sessionAffinity"]);
    for (const allocated of ["f:clusterIP", "f:clusterIPs", "f:ipFamilies", "f:ipFamilyPolicy"])
      expect(spec, allocated).not.toHaveProperty([allocated]);
    const port = (spec["f:ports"] as Record<string, Record<string, unknown>>)['k:{"port":80,"protocol":"TCP"}']!;
    expect(port).toHaveProperty(["f:port"]);
    expect(port).not.toHaveProperty(["f:nodePort"]);
  });

  it("a PUT that creates records the same fields as a POST: the allocated values are owned by no one", async () => {
    const { services, ips, ports } = setup();
    const put = await services.update(ctx("default"), "put", svc("put", { type: "NodePort" }), {
      fieldManager: "m",
      createIfMissing: true,
    });
    expect(put.created).toBe(true);
    const ip = specOf(put.object).clusterIP!;
    const nodePort = specOf(put.object).ports![0]!.nodePort!;
    expect(ip).toBeDefined();
    expect(nodePort).toBeDefined();
    const posted = await services.create(ctx("default"), svc("post", { type: "NodePort" }), { fieldManager: "m" });
    const fields = (o: KubeObject) => JSON.stringify((o.metadata!.managedFields as { fieldsV1: unknown }[])[0]!.fieldsV1);
    expect(fields(put.object)).toBe(fields(posted));
    expect(fields(put.object)).not.toContain("f:clusterIP");
    expect(fields(put.object)).not.toContain("f:nodePort");
    // The reservation was kept: the values are taken.
    expect(await ips.allocated()).toContain(ip);
    expect(await ports.allocated()).toContain(nodePort);
    // A PUT-create that fails after allocating (invalid) gives back what it took.
    const before = { ips: await ips.allocated(), ports: await ports.allocated() };
    const bad = svc("bad", { type: "NodePort", ports: [{ port: 80, name: "Not_A_Name" }] });
    expect((await statusOf(services.update(ctx("default"), "bad", bad, { fieldManager: "m", createIfMissing: true }))).code).toBe(422);
    expect(await ips.allocated()).toEqual(before.ips);
    expect(await ports.allocated()).toEqual(before.ports);
  });

  it("create allocates a ClusterIP in range from the dynamic part, and NodePorts for NodePort services", async () => {
    const { services, ips, ports } = setup();
    const a = await services.create(ctx("default"), svc("a"));
    const ip = specOf(a).clusterIP!;
    expect(specOf(a).clusterIPs).toEqual([ip]);
    const index = ips.range.indexOf(ip);
    expect(index).toBeGreaterThanOrEqual(256);
    expect(await ips.allocated()).toEqual([ip]);
    expect(specOf(a).ports![0]!.nodePort).toBeUndefined();

    const b = await services.create(
      ctx("default"),
      svc("b", {
        type: "NodePort",
        ports: [
          { port: 80, name: "http" },
          { port: 443, name: "https" },
        ],
      }),
    );
    const nps = specOf(b).ports!.map((p) => p.nodePort!);
    expect(nps).toHaveLength(2);
    for (const np of nps) expect(np >= 30000 && np <= 32767).toBe(true);
    expect(new Set(nps).size).toBe(2);
    expect((await ports.allocated()).sort()).toEqual([...nps].sort());
    // Persisted: the stored object carries them.
    expect(specOf(await services.get(ctx("default"), "b"))).toMatchObject({
      clusterIP: specOf(b).clusterIP,
      ports: [{ nodePort: nps[0] }, { nodePort: nps[1] }],
    });
  });

  it("headless and ExternalName services get no ClusterIP; a LoadBalancer with Local traffic gets a health check port", async () => {
    const { services, ips, ports } = setup();
    const h = await services.create(ctx("default"), svc("h", { clusterIP: "None" }));
    expect(specOf(h).clusterIPs).toEqual(["None"]);
    const e = await services.create(ctx("default"), { ...svc("e"), spec: { type: "ExternalName", externalName: "example.com" } });
    expect(specOf(e).clusterIP).toBeUndefined();
    expect(await ips.allocated()).toEqual([]);
    const lb = await services.create(ctx("default"), {
      ...svc("lb"),
      spec: { type: "LoadBalancer", externalTrafficPolicy: "Local", ports: [{ port: 80 }] },
    });
    expect(specOf(lb).healthCheckNodePort).toBeGreaterThanOrEqual(30000);
    expect((await ports.allocated()).sort()).toEqual([specOf(lb).ports![0]!.nodePort!, specOf(lb).healthCheckNodePort!].sort());
  });

  it("a taken or out-of-range IP or port is 422 Invalid with upstream's message", async () => {
    const { services } = setup();
    await services.create(ctx("default"), svc("a", { clusterIP: "10.96.0.10", type: "NodePort", ports: [{ port: 80, nodePort: 30080 }] }));
    const takenIP = await statusOf(services.create(ctx("default"), svc("b", { clusterIP: "10.96.0.10" })));
    expect(takenIP).toMatchObject({ code: 422, reason: "Invalid" });
    expect(takenIP.message).toBe(
      'Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated',
    );
    const outIP = await statusOf(services.create(ctx("default"), svc("c", { clusterIP: "192.168.0.1" })));
    expect(outIP.message).toBe(
      'Service "c" is invalid: spec.clusterIPs: Invalid value: ["192.168.0.1"]: failed to allocate IP 192.168.0.1: the provided IP (192.168.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    );
    const takenPort = await statusOf(
      services.create(ctx("default"), svc("d", { type: "NodePort", ports: [{ port: 80, nodePort: 30080 }] })),
    );
    expect(takenPort.message).toBe(
      'Service "d" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
    );
    expect(takenPort.details?.causes).toEqual([
      { reason: "FieldValueInvalid", field: "spec.ports[0].nodePort", message: "Invalid value: 30080: provided port is already allocated" },
    ]);
    const outPort = await statusOf(services.create(ctx("default"), svc("e", { type: "NodePort", ports: [{ port: 80, nodePort: 80 }] })));
    expect(outPort.message).toBe(
      'Service "e" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    const v6 = await statusOf(services.create(ctx("default"), svc("f", { clusterIP: "fd00::1" })));
    // The family is inferred from the address first, as upstream's initIPFamilyFields.
    expect(v6.message).toBe(
      'Service "f" is invalid: spec.clusterIPs[0]: Invalid value: ["fd00::1"]: IPv6 is not configured on this cluster',
    );
    const v6Family = await statusOf(services.create(ctx("default"), svc("g", { ipFamilies: ["IPv6"] } as Spec)));
    expect(v6Family.message).toBe('Service "g" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster');
  });

  it("failed creates give back what they allocated: the IP of a failed port, the IP of an existing name, invalid objects", async () => {
    const { services, ips, ports } = setup();
    await services.create(ctx("default"), svc("a", { type: "NodePort", ports: [{ port: 80, nodePort: 30080 }] }));
    const before = { ips: await ips.allocated(), ports: await ports.allocated() };
    await statusOf(services.create(ctx("default"), svc("b", { type: "NodePort", ports: [{ port: 80, nodePort: 30080 }] })));
    const exists = await statusOf(services.create(ctx("default"), svc("a", { type: "NodePort", ports: [{ port: 81, nodePort: 30081 }] })));
    expect(exists.reason).toBe("AlreadyExists");
    const bad = await statusOf(services.create(ctx("default"), svc("c", { type: "NodePort", ports: [{ port: 80, protocol: "XYZ" }] })));
    expect(bad.reason).toBe("Invalid");
    expect(await ips.allocated()).toEqual(before.ips);
    expect(await ports.allocated()).toEqual(before.ports);
  });

  it("dry runs check but allocate nothing", async () => {
    const { services, ips, ports } = setup();
    const dry = await services.create(ctx("default"), svc("a", { type: "NodePort" }), { dryRun: true });
    expect(specOf(dry).clusterIP).toMatch(/^10\./);
    expect(specOf(dry).ports![0]!.nodePort).toBeGreaterThanOrEqual(30000);
    expect(await ips.allocated()).toEqual([]);
    expect(await ports.allocated()).toEqual([]);
    await services.create(ctx("default"), svc("b", { clusterIP: "10.96.0.20" }));
    const taken = await statusOf(services.create(ctx("default"), svc("c", { clusterIP: "10.96.0.20" }), { dryRun: true }));
    expect(taken.message).toContain("provided IP is already allocated");
    await services.delete(ctx("default"), "b", { dryRun: true });
    expect(await ips.allocated()).toEqual(["10.96.0.20"]);
  });

  it("delete releases the IP and ports, so the same values can be asked for again", async () => {
    const { services, ips, ports } = setup();
    const a = await services.create(ctx("default"), svc("a", { type: "NodePort" }));
    await services.delete(ctx("default"), "a");
    expect(await ips.allocated()).toEqual([]);
    expect(await ports.allocated()).toEqual([]);
    const again = await services.create(
      ctx("default"),
      svc("b", { type: "NodePort", clusterIP: specOf(a).clusterIP, ports: [{ port: 80, nodePort: specOf(a).ports![0]!.nodePort }] }),
    );
    expect(specOf(again).clusterIP).toBe(specOf(a).clusterIP);
  });

  it("a Service held by a finalizer releases its allocations when the update removing the finalizer deletes it", async () => {
    const { services, ips, ports } = setup();
    await services.create(ctx("default"), { ...svc("a", { type: "NodePort" }), metadata: { name: "a", finalizers: ["example.com/hold"] } });
    const marked = await services.delete(ctx("default"), "a");
    expect(marked.deleted).toBe(false);
    expect(await ips.allocated()).toHaveLength(1);
    await services.patch(ctx("default"), "a", "merge", utf8({ metadata: { finalizers: null } }), {});
    expect(await statusOf(services.get(ctx("default"), "a"))).toMatchObject({ reason: "NotFound" });
    expect(await ips.allocated()).toEqual([]);
    expect(await ports.allocated()).toEqual([]);
  });

  it("updates: ClusterIP->NodePort allocates, NodePort->ClusterIP releases, to and from ExternalName moves the IP", async () => {
    const { services, ips, ports } = setup();
    const a = await services.create(ctx("default"), svc("a"));
    const ip = specOf(a).clusterIP!;
    const np = (await services.patch(ctx("default"), "a", "merge", utf8({ spec: { type: "NodePort" } }), {})).object;
    const port = specOf(np).ports![0]!.nodePort!;
    expect(port).toBeGreaterThanOrEqual(30000);
    expect(await ports.allocated()).toEqual([port]);
    // A PUT of the manifest without the allocated values keeps them.
    const put = (await services.update(ctx("default"), "a", svc("a", { type: "NodePort" }), {})).object;
    expect(specOf(put).clusterIP).toBe(ip);
    expect(specOf(put).ports![0]!.nodePort).toBe(port);
    expect(await ports.allocated()).toEqual([port]);

    const back = (await services.patch(ctx("default"), "a", "merge", utf8({ spec: { type: "ClusterIP" } }), {})).object;
    expect(specOf(back).ports![0]!.nodePort).toBeUndefined();
    expect(await ports.allocated()).toEqual([]);
    expect(specOf(back).clusterIP).toBe(ip);

    const changed = await statusOf(
      services.patch(ctx("default"), "a", "merge", utf8({ spec: { clusterIP: "10.96.0.99", clusterIPs: ["10.96.0.99"] } }), {}),
    );
    expect(changed.message).toContain('spec.clusterIPs[0]: Invalid value: ["10.96.0.99"]: may not change once set');
    expect(await ips.allocated()).toEqual([ip]);

    const ext = (
      await services.patch(ctx("default"), "a", "merge", utf8({ spec: { type: "ExternalName", externalName: "example.com" } }), {})
    ).object;
    expect(specOf(ext).clusterIP).toBeUndefined();
    expect(await ips.allocated()).toEqual([]);
    const fromExt = (await services.patch(ctx("default"), "a", "merge", utf8({ spec: { type: "ClusterIP", externalName: null } }), {}))
      .object;
    expect(specOf(fromExt).clusterIP).toMatch(/^10\./);
    expect(await ips.allocated()).toEqual([specOf(fromExt).clusterIP]);
  });

  it("server-side apply allocates on create, and applying the same manifest again keeps the IP and port", async () => {
    const { services, ips, ports } = setup();
    const manifest = utf8({
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "web" },
      spec: { type: "NodePort", ports: [{ port: 80 }] },
    });
    const first = (await services.patch(ctx("default"), "web", "apply", manifest, { fieldManager: "me" })).object;
    const ip = specOf(first).clusterIP!;
    const port = specOf(first).ports![0]!.nodePort!;
    expect(await ips.allocated()).toEqual([ip]);
    expect(await ports.allocated()).toEqual([port]);
    const again = (await services.patch(ctx("default"), "web", "apply", manifest, { fieldManager: "me" })).object;
    expect(specOf(again).clusterIP).toBe(ip);
    expect(specOf(again).ports![0]!.nodePort).toBe(port);
    expect(await ips.allocated()).toEqual([ip]);
    expect(await ports.allocated()).toEqual([port]);
  });

  it("an update adding a taken node port fails and allocates nothing; adding a port allocates only it", async () => {
    const { services, ports } = setup();
    await services.create(ctx("default"), svc("a", { type: "NodePort", ports: [{ port: 80, nodePort: 30001 }] }));
    const b = await services.create(ctx("default"), svc("b", { type: "NodePort", ports: [{ port: 80, nodePort: 30002 }] }));
    const bad = await statusOf(
      services.update(
        ctx("default"),
        "b",
        {
          ...b,
          spec: {
            ...specOf(b),
            ports: [
              { port: 80, nodePort: 30002, name: "a" },
              { port: 81, nodePort: 30001, name: "b" },
            ],
          },
        },
        {},
      ),
    );
    expect(bad.message).toBe('Service "b" is invalid: spec.ports[1].nodePort: Invalid value: 30001: provided port is already allocated');
    expect(await ports.allocated()).toEqual([30001, 30002]);
    const ok = (
      await services.update(
        ctx("default"),
        "b",
        {
          ...b,
          spec: {
            ...specOf(b),
            ports: [
              { port: 80, nodePort: 30002, name: "a" },
              { port: 81, name: "b" },
            ],
          },
        },
        {},
      )
    ).object;
    const added = specOf(ok).ports![1]!.nodePort!;
    expect((await ports.allocated()).sort()).toEqual([30001, 30002, added].sort());
    // Dropping a port releases its node port.
    await services.update(ctx("default"), "b", { ...ok, spec: { ...specOf(ok), ports: [{ port: 80, nodePort: 30002 }] } }, {});
    expect(await ports.allocated()).toEqual([30001, 30002]);
  });

  it("two stores on one storage (two apiservers) never hand out the same IP", async () => {
    const { storage, ips } = setup();
    const one = storeFor(storage as MemoryStorage, "", "services", { serviceRanges: { ...RANGES, serviceClusterIPRange: "10.0.0.0/27" } });
    const two = storeFor(storage as MemoryStorage, "", "services", { serviceRanges: { ...RANGES, serviceClusterIPRange: "10.0.0.0/27" } });
    void ips;
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).create(ctx("default"), svc(`s${i}`))));
    const got = made.map((o) => specOf(o).clusterIP!);
    expect(new Set(got).size).toBe(30);
    const full = await statusOf(one.create(ctx("default"), svc("full")));
    expect(full).toMatchObject({
      code: 500,
      reason: "InternalError",
      message: "Internal error occurred: failed to allocate a serviceIP: range is full",
    });
  });
});
