/**
 * The EndpointSlice reconciler's plan: endpoints with conditions, zone and targetRef; slices of
 * at most maxEndpointsPerSlice; the placeholder of a Service without endpoints (kept, not
 * rewritten); stale endpoints dropped in place and emptied slices deleted; new ports making new
 * slices; address types and owners the Service no longer has; Pods on unknown Nodes.
 */
import { describe, expect, it } from "vitest";
import { planSlices, reuseDeletedSlices, type PlanInput } from "../../../controllers/endpointslice/reconciler.js";
import type { Node, Pod, Service } from "../../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../../generated/apis/discovery/v1/index.js";
import { NS, pod, service } from "../endpoint/fixtures.js";

const MANAGER = "endpointslice-controller.k8s.io";
const node = (name: string, zone?: string): Node => ({
  metadata: { name, ...(zone && { labels: { "topology.kubernetes.io/zone": zone } }) },
});
const nodes = new Map([
  ["n1", node("n1", "zone-a")],
  ["n2", node("n2")],
]);

function input(svc: Service, pods: Pod[], existing: EndpointSlice[] = [], max = 100): PlanInput {
  return { service: svc, pods, existing, node: (n) => nodes.get(n), maxEndpointsPerSlice: max, controllerName: MANAGER };
}

/** The plan's writes applied, as the server would store them (names given to new slices). */
function apply(existing: EndpointSlice[], plan: ReturnType<typeof planSlices>): EndpointSlice[] {
  let n = existing.length;
  const out = new Map(existing.map((s) => [s.metadata!.name!, s]));
  for (const s of plan.delete) out.delete(s.metadata!.name!);
  for (const s of plan.update) out.set(s.metadata!.name!, s);
  for (const s of plan.create) {
    const name = `${s.metadata!.generateName}${n++}`;
    out.set(name, { ...s, metadata: { ...s.metadata, name } });
  }
  return [...out.values()];
}

const ips = (slices: EndpointSlice[]) => slices.flatMap((s) => s.endpoints.flatMap((e) => e.addresses)).sort();

describe("EndpointSlice reconciler", () => {
  it("makes one slice for the Service with labels, owner, ports and endpoints as upstream", () => {
    const svc = service("web", {}, { tier: "front", "kubernetes.io/service-name": "ignored" });
    const plan = planSlices(
      input(svc, [
        pod("a", "web", { ip: "10.1.0.1", nodeName: "n1", hostname: "a", subdomain: "web" }),
        pod("b", "web", { ip: "10.1.0.2", nodeName: "n2", ready: false }),
        pod("c", "web", { ip: "10.1.0.3", nodeName: "n2", deleting: true }),
        pod("d", "web", { ip: "10.1.0.4", nodeName: "n2", phase: "Failed" }),
      ]),
    );
    expect(plan.update).toEqual([]);
    expect(plan.delete).toEqual([]);
    expect(plan.errors).toEqual([]);
    expect(plan.create).toEqual([
      {
        apiVersion: "discovery.k8s.io/v1",
        kind: "EndpointSlice",
        metadata: {
          generateName: "web-",
          namespace: NS,
          labels: { tier: "front", "kubernetes.io/service-name": "web", "endpointslice.kubernetes.io/managed-by": MANAGER },
          ownerReferences: [{ apiVersion: "v1", kind: "Service", name: "web", uid: "svc-web", controller: true, blockOwnerDeletion: true }],
        },
        addressType: "IPv4",
        ports: [{ name: "http", port: 8080, protocol: "TCP" }],
        endpoints: [
          {
            addresses: ["10.1.0.1"],
            conditions: { ready: true, serving: true, terminating: false },
            targetRef: { kind: "Pod", namespace: NS, name: "a", uid: "uid-a" },
            nodeName: "n1",
            zone: "zone-a",
            hostname: "a",
          },
          {
            addresses: ["10.1.0.2"],
            conditions: { ready: false, serving: false, terminating: false },
            targetRef: { kind: "Pod", namespace: NS, name: "b", uid: "uid-b" },
            nodeName: "n2",
          },
          {
            // Terminating Pods stay, serving but not ready.
            addresses: ["10.1.0.3"],
            conditions: { ready: false, serving: true, terminating: true },
            targetRef: { kind: "Pod", namespace: NS, name: "c", uid: "uid-c" },
            nodeName: "n2",
          },
        ],
      },
    ]);
  });

  it("marks every endpoint ready when the Service publishes not-ready addresses, and labels headless Services", () => {
    const svc = service("web", { publishNotReadyAddresses: true, clusterIP: "None" });
    const [slice] = planSlices(input(svc, [pod("b", "web", { ip: "10.1.0.2", nodeName: "n2", ready: false })])).create;
    expect(slice!.endpoints[0]!.conditions).toEqual({ ready: true, serving: false, terminating: false });
    expect(slice!.metadata?.labels?.["service.kubernetes.io/headless"]).toBe("");
  });

  it("splits endpoints into slices of at most maxEndpointsPerSlice and changes only what changed", () => {
    const svc = service("web");
    const pods = Array.from({ length: 25 }, (_, i) => pod(`p${i}`, "web", { ip: `10.1.0.${i + 1}`, nodeName: "n2" }));
    const first = planSlices(input(svc, pods, [], 10));
    expect(first.create.map((s) => s.endpoints.length)).toEqual([10, 10, 5]);
    const stored = apply([], first);

    // Nothing changed: nothing written.
    expect(planSlices(input(svc, pods, stored, 10))).toEqual({ create: [], update: [], delete: [], errors: [] });

    // Two Pods gone from the first slice, one added: that slice is updated, and refilled with the new one.
    const next = [...pods.slice(2), pod("new", "web", { ip: "10.1.0.100", nodeName: "n2" })];
    const plan = planSlices(input(svc, next, stored, 10));
    expect(plan.create).toEqual([]);
    expect(plan.delete).toEqual([]);
    expect(plan.update).toHaveLength(1);
    expect(plan.update[0]!.endpoints).toHaveLength(9);
    expect(ips(apply(stored, plan))).toEqual(next.map((p) => p.status!.podIP!).sort());
  });

  it("deletes a slice left empty and, with no endpoints at all, keeps one placeholder", () => {
    const svc = service("web");
    const stored = apply([], planSlices(input(svc, [pod("a", "web", { ip: "10.1.0.1", nodeName: "n2" })])));
    const plan = planSlices(input(svc, [], stored));
    expect(plan.delete.map((s) => s.metadata?.name)).toEqual([stored[0]!.metadata?.name]);
    expect(plan.create).toHaveLength(1);
    expect(plan.create[0]!.endpoints).toEqual([]);
    expect(plan.create[0]!.ports).toEqual([]);
    // The create reuses the slice being deleted.
    const reused = reuseDeletedSlices(svc, plan);
    expect(reused.delete).toEqual([]);
    expect(reused.update.map((s) => s.metadata?.name)).toEqual([stored[0]!.metadata?.name]);

    const placeholder = apply(stored, reused);
    expect(planSlices(input(svc, [], placeholder))).toEqual({ create: [], update: [], delete: [], errors: [] });
  });

  it("moves endpoints to new slices when the ports change, and deletes slices of other address types or owners", () => {
    const svc = service("web");
    const pods = [pod("a", "web", { ip: "10.1.0.1", nodeName: "n2" })];
    const stored = apply([], planSlices(input(svc, pods)));
    const moved = service("web", { ports: [{ name: "http", port: 80, targetPort: 9090, protocol: "TCP" }] });
    const plan = planSlices(input(moved, pods, stored));
    expect(plan.create[0]!.ports).toEqual([{ name: "http", port: 9090, protocol: "TCP" }]);
    expect(plan.delete.map((s) => s.metadata?.name)).toEqual([stored[0]!.metadata?.name]);

    const v6 = service("web", { ipFamilies: ["IPv6"], clusterIP: "fd00::10" });
    const v6plan = planSlices(input(v6, [pod("a", "web", { ip: ["10.1.0.1", "fd00:1::1"], nodeName: "n2" })], stored));
    expect(v6plan.create.map((s) => [s.addressType, s.endpoints.flatMap((e) => e.addresses)])).toEqual([["IPv6", ["fd00:1::1"]]]);
    expect(v6plan.delete).toHaveLength(1);

    // The same name, another Service (deleted and created again): the old one's slice goes.
    const recreated = { ...svc, metadata: { ...svc.metadata, uid: "svc-web-2" } };
    const replan = planSlices(input(recreated, pods, stored));
    expect(replan.delete).toHaveLength(1);
    expect(replan.create[0]!.metadata?.ownerReferences?.[0]?.uid).toBe("svc-web-2");
    // A slice of another owner is not reused for the new one.
    expect(reuseDeletedSlices(recreated, replan).create).toHaveLength(1);
  });

  it("hints ready endpoints to their zone (and node) for spec.trafficDistribution, and clears hints without it", () => {
    const pods = [
      pod("a", "web", { ip: "10.1.0.1", nodeName: "n1" }),
      pod("b", "web", { ip: "10.1.0.2", nodeName: "n2" }),
      pod("c", "web", { ip: "10.1.0.3", nodeName: "n1", ready: false }),
    ];
    const hintsOf = (slices: EndpointSlice[]) => slices.flatMap((s) => s.endpoints.map((e) => [e.addresses[0], e.hints]));
    const zone = service("web", { trafficDistribution: "PreferSameZone" });
    const first = planSlices(input(zone, pods));
    // n2 has no zone: no hint; the not-ready endpoint is left alone.
    expect(hintsOf(first.create)).toEqual([
      ["10.1.0.1", { forZones: [{ name: "zone-a" }] }],
      ["10.1.0.2", undefined],
      ["10.1.0.3", undefined],
    ]);
    const stored = apply([], first);
    expect(planSlices(input(zone, pods, stored))).toEqual({ create: [], update: [], delete: [], errors: [] });

    // Same endpoints, another distribution: the unchanged slice is rewritten for its hints.
    const node = planSlices(input(service("web", { trafficDistribution: "PreferSameNode" }), pods, stored));
    expect(node.update).toHaveLength(1);
    expect(hintsOf(node.update)).toEqual([
      ["10.1.0.1", { forZones: [{ name: "zone-a" }], forNodes: [{ name: "n1" }] }],
      ["10.1.0.2", { forNodes: [{ name: "n2" }] }],
      ["10.1.0.3", undefined],
    ]);
    expect(stored[0]!.endpoints[1]!.hints).toBeUndefined();

    const cleared = planSlices(input(service("web"), pods, apply(stored, node)));
    expect(hintsOf(cleared.update)).toEqual([
      ["10.1.0.1", undefined],
      ["10.1.0.2", undefined],
      ["10.1.0.3", undefined],
    ]);
    // The topology-mode annotation asks for topology-aware hints instead, which need the zones' CPU
    // shares (topology-cache.test.ts): without them, hints are removed whatever trafficDistribution says.
    const auto = service("web", { trafficDistribution: "PreferSameZone" });
    auto.metadata!.annotations = { "service.kubernetes.io/topology-mode": "Auto" };
    expect(hintsOf(planSlices(input(auto, pods, apply(stored, node))).update).every(([, h]) => h === undefined)).toBe(true);
  });

  it("leaves out Pods on unknown Nodes, reporting them so that the sync is retried", () => {
    const svc = service("web");
    const plan = planSlices(
      input(svc, [pod("a", "web", { ip: "10.1.0.1", nodeName: "gone" }), pod("b", "web", { ip: "10.1.0.2", nodeName: "n1" })]),
    );
    expect(ips(plan.create)).toEqual(["10.1.0.2"]);
    expect(plan.errors).toEqual(["skipping Pod a for Service ns/web: Node gone Not Found"]);
    const published = planSlices(
      input(service("web", { publishNotReadyAddresses: true }), [pod("a", "web", { ip: "10.1.0.1", nodeName: "gone" })]),
    );
    expect(ips(published.create)).toEqual(["10.1.0.1"]);
  });
});
