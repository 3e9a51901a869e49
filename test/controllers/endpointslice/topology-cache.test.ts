/**
 * Topology-aware hints (controllers/endpointslice/topology-cache.ts) through the reconciler's
 * plan, as upstream's topologycache: shares by the zones' allocatable CPU, the surplus of
 * over-served zones given to under-served ones, slices whose hints still fit left alone, every
 * reason hints are removed (upstream's TopologyAwareHints events), and the Services re-synced
 * when Nodes move the shares.
 */
import { describe, expect, it } from "vitest";
import { planSlices, type PlanInput } from "../../../controllers/endpointslice/reconciler.js";
import { TopologyCache } from "../../../controllers/endpointslice/topology-cache.js";
import type { Node, Pod, Service } from "../../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../../generated/apis/discovery/v1/index.js";
import { pod, service } from "../endpoint/fixtures.js";

const node = (
  name: string,
  zone: string | undefined,
  cpu = "4",
  extra: { ready?: boolean; labels?: Record<string, string> } = {},
): Node => ({
  metadata: { name, labels: { ...(zone && { "topology.kubernetes.io/zone": zone }), ...extra.labels } },
  status: { allocatable: { cpu }, conditions: [{ type: "Ready", status: extra.ready === false ? "False" : "True" }] },
});

const auto = (): Service => {
  const svc = service("web");
  svc.metadata!.annotations = { "service.kubernetes.io/topology-mode": "Auto" };
  return svc;
};

function plan(topology: TopologyCache, nodes: Node[], svc: Service, pods: Pod[], existing: EndpointSlice[] = []) {
  const byName = new Map(nodes.map((n) => [n.metadata!.name!, n]));
  const input: PlanInput = {
    service: svc,
    pods,
    existing,
    node: (n) => byName.get(n),
    maxEndpointsPerSlice: 100,
    controllerName: "endpointslice-controller.k8s.io",
    topology,
  };
  return planSlices(input);
}

/** Pods spread over nodes: `counts[i]` Pods on `nodes[i]`. */
const podsOn = (names: string[], counts: number[]): Pod[] =>
  names.flatMap((n, i) => Array.from({ length: counts[i]! }, (_, k) => pod(`${n}-${k}`, "web", { ip: `10.${i}.0.${k + 1}`, nodeName: n })));

const hintedZones = (slices: EndpointSlice[]) => {
  const out: Record<string, number> = {};
  for (const ep of slices.flatMap((s) => s.endpoints)) for (const z of ep.hints?.forZones ?? []) out[z.name] = (out[z.name] ?? 0) + 1;
  return out;
};

const stored = (slices: EndpointSlice[]) => slices.map((s, i) => ({ ...s, metadata: { ...s.metadata, name: `web-${i}` } }));

describe("topology-aware hints", () => {
  const nodes = [node("a", "zone-a"), node("b", "zone-b"), node("c", "zone-c")];

  it("gives each zone its CPU share, moving the surplus of over-served zones", () => {
    const topology = new TopologyCache();
    topology.setNodes(nodes);
    const first = plan(topology, nodes, auto(), podsOn(["a", "b", "c"], [3, 2, 1]));
    expect(first.events).toEqual([
      { type: "Normal", reason: "TopologyAwareHintsEnabled", message: "Topology Aware Hints has been enabled, addressType: IPv4" },
    ]);
    expect(hintedZones(first.create)).toEqual({ "zone-a": 2, "zone-b": 2, "zone-c": 2 });
    // One zone-a endpoint serves zone-c; the others their own zone.
    const crossing = first.create[0]!.endpoints.filter((e) => e.hints!.forZones![0]!.name !== e.zone);
    expect(crossing.map((e) => [e.zone, e.hints!.forZones![0]!.name])).toEqual([["zone-a", "zone-c"]]);
    expect(topology.hasPopulatedHints("ns/web")).toBe(true);

    // Nothing changed: the stored slice's hints still fit, nothing is written.
    const again = plan(topology, nodes, auto(), podsOn(["a", "b", "c"], [3, 2, 1]), stored(first.create));
    expect(again.update).toEqual([]);
    expect(again.create).toEqual([]);
    // Enabled is said once, not on every sync.
    expect(again.events).toBeUndefined();
  });

  it("follows unequal CPU", () => {
    const topology = new TopologyCache();
    const unequal = [node("a", "zone-a", "6"), node("b", "zone-b", "2")];
    topology.setNodes(unequal);
    const p = plan(topology, unequal, auto(), podsOn(["a", "b"], [4, 4]));
    expect(hintedZones(p.create)).toEqual({ "zone-a": 6, "zone-b": 2 });
  });

  it("ignores control-plane and not-ready Nodes when sharing", () => {
    const topology = new TopologyCache();
    const withExtra = [
      ...nodes.slice(0, 2),
      node("cp", "zone-c", "64", { labels: { "node-role.kubernetes.io/control-plane": "" } }),
      node("down", "zone-c", "64", { ready: false }),
    ];
    topology.setNodes(withExtra);
    const p = plan(topology, withExtra, auto(), podsOn(["a", "b"], [2, 2]));
    expect(hintedZones(p.create)).toEqual({ "zone-a": 2, "zone-b": 2 });
  });

  it("removes every hint, saying why, when it cannot share", () => {
    const cases: [Node[], number[], string][] = [
      [
        [node("a", "zone-a"), node("b", undefined)],
        [2, 2],
        "Insufficient Node information: allocatable CPU or zone not specified on one or more nodes",
      ],
      // Upstream drops the shares of a one-zone cluster with the others: its "Nodes only ready in one zone" never shows.
      [
        [node("a", "zone-a"), node("b", "zone-a")],
        [2, 2],
        "Insufficient Node information: allocatable CPU or zone not specified on one or more nodes",
      ],
      [nodes, [1, 1, 0], "Insufficient number of endpoints (2 endpoints, 3 zones)"],
      [
        [node("a", "zone-a", "100"), node("b", "zone-b", "1"), node("c", "zone-c", "1")],
        [1, 1, 1],
        "Unable to allocate minimum required endpoints to each zone without exceeding overload threshold (3 endpoints, 3 zones)",
      ],
    ];
    for (const [ns, counts, why] of cases) {
      const topology = new TopologyCache();
      topology.setNodes(ns);
      const names = ns.map((n) => n.metadata!.name!);
      // Slices hinted earlier lose their hints.
      const hinted = stored(plan(topology, ns, service("web", { trafficDistribution: "PreferSameZone" }), podsOn(names, counts)).create);
      const p = plan(topology, ns, auto(), podsOn(names, counts), hinted);
      expect(p.events, why).toEqual([{ type: "Warning", reason: "TopologyAwareHintsDisabled", message: `${why}, addressType: IPv4` }]);
      expect(p.update.flatMap((s) => s.endpoints).every((e) => e.hints === undefined)).toBe(true);
      expect(topology.hasPopulatedHints("ns/web")).toBe(false);
    }
  });

  it("removes hints when a ready endpoint has no zone", () => {
    const topology = new TopologyCache();
    topology.setNodes(nodes);
    const zoneless = [...nodes, node("z", undefined)];
    // The zoneless Node joins after the shares were set: its Pod's endpoint has no zone.
    const p = plan(topology, zoneless, auto(), podsOn(["a", "b", "c", "z"], [2, 2, 2, 1]));
    expect(p.events).toEqual([
      {
        type: "Warning",
        reason: "TopologyAwareHintsDisabled",
        message: "One or more endpoints do not have a zone specified, addressType: IPv4",
      },
    ]);
    expect(p.create.flatMap((s) => s.endpoints).every((e) => e.hints === undefined)).toBe(true);
  });

  it("names the Services whose zones fall under their minimum once Nodes change", () => {
    const topology = new TopologyCache();
    topology.setNodes(nodes);
    plan(topology, nodes, auto(), podsOn(["a", "b", "c"], [2, 2, 2]));
    expect(topology.overloadedServices()).toEqual([]);
    topology.setNodes([node("a", "zone-a", "40"), node("b", "zone-b"), node("c", "zone-c")]);
    expect(topology.overloadedServices()).toEqual(["ns/web"]);
    topology.removeService("ns/web");
    expect(topology.overloadedServices()).toEqual([]);
  });

  it("without the annotation, drops the Service from the cache and follows trafficDistribution", () => {
    const topology = new TopologyCache();
    topology.setNodes(nodes);
    const hinted = stored(plan(topology, nodes, auto(), podsOn(["a", "b", "c"], [3, 2, 1])).create);
    const p = plan(topology, nodes, service("web"), podsOn(["a", "b", "c"], [3, 2, 1]), hinted);
    expect(topology.hasPopulatedHints("ns/web")).toBe(false);
    expect(p.update.flatMap((s) => s.endpoints).every((e) => e.hints === undefined)).toBe(true);
    expect(p.events).toEqual([
      { type: "Warning", reason: "TopologyAwareHintsDisabled", message: "Topology Aware Hints has been disabled, addressType: IPv4" },
    ]);
    // Said once: the next sync has nothing to disable.
    expect(plan(topology, nodes, service("web"), podsOn(["a", "b", "c"], [3, 2, 1]), hinted).events).toBeUndefined();
  });

  it("says Enabled once per Service across address types, and again after hints were removed", () => {
    const topology = new TopologyCache();
    topology.setNodes(nodes);
    const dual = auto();
    dual.spec!.ipFamilies = ["IPv4", "IPv6"];
    const pods = ["a", "b", "c"].flatMap((n, i) =>
      [0, 1].map((k) => pod(`${n}-${k}`, "web", { ip: [`10.${i}.0.${k + 1}`, `fd00::${i}:${k + 1}`], nodeName: n })),
    );
    const p = plan(topology, nodes, dual, pods);
    expect(p.events).toEqual([
      { type: "Normal", reason: "TopologyAwareHintsEnabled", message: "Topology Aware Hints has been enabled, addressType: IPv4" },
    ]);
    // Too few endpoints: disabled; once there are enough again, enabled again.
    expect(plan(topology, nodes, auto(), pods.slice(0, 2)).events?.[0]?.reason).toBe("TopologyAwareHintsDisabled");
    expect(plan(topology, nodes, auto(), pods).events?.map((e) => e.reason)).toEqual(["TopologyAwareHintsEnabled"]);
  });
});
