/**
 * Topology-aware hints for Services annotated `service.kubernetes.io/topology-mode: Auto`, as
 * upstream's k8s.io/endpointslice topologycache: each zone gets a share of a Service's ready
 * endpoints in proportion to the allocatable CPU of its ready Nodes (control-plane Nodes aside),
 * within a 20% overload threshold; endpoints are hinted to their own zone, then the surplus of
 * over-served zones is hinted to under-served ones. When that is impossible (a Node without a
 * zone or CPU, Nodes ready in one zone only, fewer endpoints than zones, an endpoint without a
 * zone) every hint is removed. Each outcome is returned as upstream's event for the Service:
 * TopologyAwareHintsDisabled (Warning) with the reason, TopologyAwareHintsEnabled (Normal) when a
 * Service's hints are first given.
 */
import type { Node } from "../../generated/apis/core/v1/index.js";
import type { AddressType, Endpoint, EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import { copyJSON } from "../../runtime/deepcopy.js";
import { parseQuantity } from "../../runtime/quantity.js";
import { clearHints } from "./traffic-distribution.js";

/** The most overload any one endpoint should see. */
const OVERLOAD_THRESHOLD = 0.2;
const ZONE_LABEL = "topology.kubernetes.io/zone";
const EXCLUDED_LABELS = ["node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master"];

/** Why hints were (not, or no longer) given: upstream's event messages. */
export const TOPOLOGY_MESSAGES = {
  enabled: "Topology Aware Hints has been enabled",
  disabled: "Topology Aware Hints has been disabled",
  insufficientNodeInfo: "Insufficient Node information: allocatable CPU or zone not specified on one or more nodes",
  insufficientNumberOfEndpoints: "Insufficient number of endpoints",
  minAllocationExceedsOverloadThreshold: "Unable to allocate minimum required endpoints to each zone without exceeding overload threshold",
  noZoneSpecified: "One or more endpoints do not have a zone specified",
  noAllocatedHintsForZones: "No hints allocated for zones",
} as const;

/** An event for the Service, as upstream's topologycache EventBuilder. */
export interface TopologyEvent {
  type: "Normal" | "Warning";
  reason: "TopologyAwareHintsEnabled" | "TopologyAwareHintsDisabled";
  message: string;
}

/** Upstream's FormatWithAddressType. */
export const withAddressType = (message: string, addressType: AddressType): string => `${message}, addressType: ${addressType}`;

/** The Warning that hints were removed, and why. */
export const hintsDisabled = (why: string, addressType: AddressType): TopologyEvent => ({
  type: "Warning",
  reason: "TopologyAwareHintsDisabled",
  message: withAddressType(why, addressType),
});

interface Allocation {
  minimum: number;
  maximum: number;
  desired: number;
}

/** Endpoints hinted to each zone. */
type ZoneCounts = Map<string, number>;

const ready = (ep: Endpoint): boolean => ep.conditions?.ready === true;

function nodeReady(node: Node): boolean {
  return node.status?.conditions?.find((c) => c.type === "Ready")?.status === "True";
}

/** Allocatable CPU in millicores (0 when unset or unparsable). */
function allocatableMilliCPU(node: Node): number {
  const cpu = parseQuantity(node.status?.allocatable?.cpu);
  return cpu === undefined || cpu <= 0 ? 0 : Math.ceil(cpu * 1000);
}

/** The zone with the largest positive value, as upstream's getMost ("" for none). */
function most(values: Map<string, number>): [string, number] {
  let zone = "";
  let n = 0;
  for (const [z, v] of values) {
    if (v > n) {
      zone = z;
      n = v;
    }
  }
  return [zone, n];
}

export class TopologyCache {
  /** Each zone's share of the ready Nodes' CPU; undefined without sufficient Node information. */
  #ratios: Map<string, number> | undefined;
  /** Per Service, per address type: endpoints hinted to each zone. */
  readonly #hinted = new Map<string, Map<AddressType, ZoneCounts>>();
  /** Services whose hints were given and not removed since (upstream's hintsPopulatedByService): for the Enabled event. */
  readonly #populated = new Set<string>();

  /** Recomputes the zones' CPU shares from every Node (upstream's SetNodes). */
  setNodes(nodes: readonly Node[]): void {
    const byZone = new Map<string, number>();
    let total = 0;
    let sufficient = true;
    for (const node of nodes) {
      const labels = node.metadata?.labels ?? {};
      if (EXCLUDED_LABELS.some((l) => l in labels) || !nodeReady(node)) continue;
      const zone = labels[ZONE_LABEL];
      const cpu = allocatableMilliCPU(node);
      if (!zone || cpu === 0) {
        sufficient = false;
        break;
      }
      total += cpu;
      byZone.set(zone, (byZone.get(zone) ?? 0) + cpu);
    }
    if (!sufficient || total === 0 || byZone.size < 2) {
      this.#ratios = undefined;
      return;
    }
    this.#ratios = new Map([...byZone].map(([zone, cpu]) => [zone, cpu / total]));
  }

  hasPopulatedHints(serviceKey: string): boolean {
    return this.#populated.has(serviceKey);
  }

  /** Forgets the Service's hints of one address type (or all); as upstream, it no longer counts as hinted at all. */
  removeService(serviceKey: string, addressType?: AddressType): void {
    this.#populated.delete(serviceKey);
    const byType = this.#hinted.get(serviceKey);
    if (!byType) return;
    if (addressType === undefined) byType.clear();
    else byType.delete(addressType);
    if (byType.size === 0) this.#hinted.delete(serviceKey);
  }

  /** Services some zone of which now gets fewer endpoints than its minimum: their hints are recomputed. */
  overloadedServices(): string[] {
    const out: string[] = [];
    for (const [key, byType] of this.#hinted) {
      if ([...byType.values()].some((counts) => this.#overloaded(counts))) out.push(key);
    }
    return out;
  }

  #overloaded(counts: ZoneCounts): boolean {
    if (counts.size === 0) return false;
    const ratios = this.#ratios;
    if (!ratios || ratios.size === 0) return true;
    let total = 0;
    for (const n of counts.values()) total += n;
    for (const [zone, ratio] of ratios) {
      const have = counts.get(zone);
      if (have === undefined || have < Math.ceil(total * ratio * (1 / (1 + OVERLOAD_THRESHOLD)))) return true;
    }
    return false;
  }

  /** Each zone's minimum, desired and maximum share of `endpoints`, or why there is none. */
  #allocations(endpoints: number): Map<string, Allocation> | string {
    const ratios = this.#ratios;
    // Fewer than two zones leave no shares at all (setNodes), as upstream: its one-zone message never shows.
    if (!ratios) return TOPOLOGY_MESSAGES.insufficientNodeInfo;
    if (ratios.size > endpoints) return `${TOPOLOGY_MESSAGES.insufficientNumberOfEndpoints} (${endpoints} endpoints, ${ratios.size} zones)`;
    const out = new Map<string, Allocation>();
    let remaining = endpoints;
    let minTotal = 0;
    for (const [zone, ratio] of ratios) {
      const desired = ratio * endpoints;
      const minimum = Math.ceil(desired * (1 / (1 + OVERLOAD_THRESHOLD)));
      out.set(zone, { minimum, maximum: 0, desired: Math.max(desired, minimum) });
      minTotal += minimum;
      remaining -= minimum;
      if (remaining < 0) {
        return `${TOPOLOGY_MESSAGES.minAllocationExceedsOverloadThreshold} (${endpoints} endpoints, ${ratios.size} zones)`;
      }
    }
    for (const a of out.values()) a.maximum = a.minimum + endpoints - minTotal;
    return out;
  }

  /**
   * Hints the Service's slices of one address type (upstream's AddHints): `create` and `update`
   * are changed in place, and unchanged slices whose hints no longer fit move into `update`.
   * Returns upstream's events: why hints were removed instead, or that they were first given.
   */
  addHints(
    serviceKey: string,
    addressType: AddressType,
    create: EndpointSlice[],
    update: EndpointSlice[],
    unchanged: readonly EndpointSlice[],
  ): TopologyEvent[] {
    let total = 0;
    for (const slice of [...create, ...update, ...unchanged]) for (const ep of slice.endpoints ?? []) if (ready(ep)) total++;
    const allocations = this.#allocations(total);
    const disable = (why: string): TopologyEvent[] => {
      this.removeService(serviceKey, addressType);
      clearHints(create, update, unchanged);
      return [hintsDisabled(why, addressType)];
    };
    if (typeof allocations === "string") return disable(allocations);

    // Hints already in unchanged slices count, as long as they still fit the allocations.
    const allocated: ZoneCounts = new Map();
    const still: EndpointSlice[] = [];
    for (const slice of unchanged) {
      const counts = this.#hintsByZone(slice, allocated, allocations);
      if (counts === undefined) update.push(copyJSON(slice));
      else {
        still.push(slice);
        for (const [zone, n] of counts) allocated.set(zone, (allocated.get(zone) ?? 0) + n);
      }
    }

    // 1. Every ready endpoint of the slices to write is hinted to its own zone.
    const writable = [...create, ...update];
    for (const slice of writable) {
      for (const ep of slice.endpoints ?? []) {
        if (!ready(ep)) {
          delete ep.hints;
          continue;
        }
        if (!ep.zone) return disable(TOPOLOGY_MESSAGES.noZoneSpecified);
        allocated.set(ep.zone, (allocated.get(ep.zone) ?? 0) + 1);
        ep.hints = { forZones: [{ name: ep.zone }] };
      }
    }
    // 2 and 3. Zones over their share give endpoints to zones under theirs.
    const [giving, receiving] = this.#givingAndReceiving(allocations, allocated);
    for (const [zone, diff] of redistribute(writable, giving, receiving)) allocated.set(zone, (allocated.get(zone) ?? 0) + diff);
    if (allocated.size === 0) return disable(TOPOLOGY_MESSAGES.noAllocatedHintsForZones);
    let byType = this.#hinted.get(serviceKey);
    if (!byType) this.#hinted.set(serviceKey, (byType = new Map()));
    byType.set(addressType, allocated);
    if (this.#populated.has(serviceKey)) return [];
    this.#populated.add(serviceKey);
    return [{ type: "Normal", reason: "TopologyAwareHintsEnabled", message: withAddressType(TOPOLOGY_MESSAGES.enabled, addressType) }];
  }

  /** The zones a slice's ready endpoints are hinted to, or undefined when the slice must be rewritten. */
  #hintsByZone(slice: EndpointSlice, allocated: ZoneCounts, allocations: Map<string, Allocation>): ZoneCounts | undefined {
    const counts: ZoneCounts = new Map();
    for (const ep of slice.endpoints ?? []) {
      if (!ready(ep)) continue;
      const zones = ep.hints?.forZones ?? [];
      if (zones.length === 0) return undefined;
      for (const { name } of zones) {
        if (!allocations.has(name)) return undefined;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    for (const [zone, n] of counts) if (n + (allocated.get(zone) ?? 0) > allocations.get(zone)!.maximum) return undefined;
    return counts;
  }

  /** Whole endpoints each zone gives and receives, from the exact shares (upstream's getGivingAndReceivingZones). */
  #givingAndReceiving(allocations: Map<string, Allocation>, allocated: ZoneCounts): [Map<string, number>, Map<string, number>] {
    const giveExact = new Map<string, number>();
    const takeExact = new Map<string, number>();
    for (const [zone, a] of allocations) {
      const have = allocated.get(zone) ?? 0;
      if (have > a.desired) giveExact.set(zone, have - a.desired);
      else if (have < a.desired) takeExact.set(zone, a.desired - have);
    }
    const giving = new Map<string, number>();
    const receiving = new Map<string, number>();
    for (;;) {
      const [from, give] = most(giveExact);
      const [to, take] = most(takeExact);
      if (from === "" || to === "" || (give < 1 && take < 1) || give < 0.5 || take < 0.5) break;
      giving.set(from, (giving.get(from) ?? 0) + 1);
      giveExact.set(from, give - 1);
      receiving.set(to, (receiving.get(to) ?? 0) + 1);
      takeExact.set(to, take - 1);
    }
    return [giving, receiving];
  }
}

/** Re-hints endpoints of giving zones to receiving ones; returns each zone's change in hinted endpoints. */
function redistribute(slices: readonly EndpointSlice[], giving: Map<string, number>, receiving: Map<string, number>): Map<string, number> {
  const changes = new Map<string, number>();
  for (const slice of slices) {
    for (const ep of slice.endpoints ?? []) {
      if (!ready(ep)) continue;
      if (giving.size === 0 || receiving.size === 0) return changes;
      const from = ep.zone;
      if (!from || !(giving.get(from)! > 0)) continue;
      for (const [to, n] of receiving) {
        if (n <= 0) continue;
        ep.hints = { forZones: [{ name: to }] };
        if (giving.get(from) === 1) giving.delete(from);
        else giving.set(from, giving.get(from)! - 1);
        if (n === 1) receiving.delete(to);
        else receiving.set(to, n - 1);
        changes.set(to, (changes.get(to) ?? 0) + 1);
        changes.set(from, (changes.get(from) ?? 0) - 1);
        break;
      }
    }
  }
  return changes;
}
