/**
 * The EndpointSlice reconciler (upstream's k8s.io/endpointslice Reconciler): given a Service,
 * its Pods and the slices it has, works out which slices to create, update and delete, per
 * address type and per set of ports, changing as few slices as it can: endpoints that stay are
 * updated in place, slices left empty are deleted, new endpoints fill slices already being
 * updated, then the unchanged slice they fit best, then new slices of at most
 * `maxEndpointsPerSlice`. A Service without endpoints keeps one empty placeholder slice.
 */
import type { Node, Pod, Service } from "../../generated/apis/core/v1/index.js";
import type { AddressType, Endpoint, EndpointPort, EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import { copyJSON } from "../../runtime/deepcopy.js";
import { shouldPodBeInEndpoints } from "../endpointsutil/pods.js";
import {
  addressTypesForService,
  endpointKey,
  endpointPorts,
  endpointSliceLabels,
  endpointsEqualBeyondKey,
  newEndpointSlice,
  ownedBy,
  portMapKey,
  podToEndpoint,
} from "./endpoints.js";
import { hintsDisabled, TOPOLOGY_MESSAGES, type TopologyCache, type TopologyEvent } from "./topology-cache.js";
import { clearHints, reconcileHints } from "./traffic-distribution.js";

export interface SlicePlan {
  create: EndpointSlice[];
  update: EndpointSlice[];
  delete: EndpointSlice[];
  /** Pods left out because their Node is unknown: the sync is retried. */
  errors: string[];
  /** Upstream's topology-aware hints events for the Service (recorded once the plan was written). */
  events?: TopologyEvent[];
}

export interface PlanInput {
  service: Service;
  pods: readonly Pod[];
  /** The Service's slices managed by this controller (already without those being deleted). */
  existing: readonly EndpointSlice[];
  /** Nodes by name (an unknown Node leaves its Pods out unless not-ready addresses are published). */
  node: (name: string) => Node | undefined;
  maxEndpointsPerSlice: number;
  controllerName: string;
  /** The zones' CPU shares, for Services asking topology-aware hints; without it they get none. */
  topology?: TopologyCache;
}

/** Endpoints in insertion order, keyed by {@link endpointKey}. */
class EndpointSet {
  readonly #items = new Map<string, Endpoint>();
  get size(): number {
    return this.#items.size;
  }
  insert(ep: Endpoint): void {
    this.#items.set(endpointKey(ep), ep);
  }
  get(ep: Endpoint): Endpoint | undefined {
    return this.#items.get(endpointKey(ep));
  }
  delete(ep: Endpoint): void {
    this.#items.delete(endpointKey(ep));
  }
  pop(): Endpoint {
    const [key, ep] = this.#items.entries().next().value as [string, Endpoint];
    this.#items.delete(key);
    return ep;
  }
}

/** The plan for every address type; slices of a type the Service no longer has are deleted. */
export function planSlices(input: PlanInput): SlicePlan {
  const plan: SlicePlan = { create: [], update: [], delete: [], errors: [] };
  const types = addressTypesForService(input.service);
  const byType = new Map<AddressType, EndpointSlice[]>();
  const unsupported: EndpointSlice[] = [];
  for (const slice of input.existing) {
    if (!types.has(slice.addressType)) unsupported.push(slice);
    else byType.set(slice.addressType, [...(byType.get(slice.addressType) ?? []), slice]);
  }
  for (const type of types) {
    const p = planByAddressType(input, byType.get(type) ?? [], type);
    plan.create.push(...p.create);
    plan.update.push(...p.update);
    plan.delete.push(...p.delete);
    plan.errors.push(...p.errors);
    if (p.events) (plan.events ??= []).push(...p.events);
  }
  plan.delete.push(...unsupported);
  return plan;
}

/** Upstream's hintsEnabled: `service.kubernetes.io/topology-mode` (or the older topology-aware-hints annotation) set to Auto. */
function topologyHintsRequested(service: Service): boolean {
  const a = service.metadata?.annotations ?? {};
  const mode = a["service.kubernetes.io/topology-mode"] ?? a["service.kubernetes.io/topology-aware-hints"];
  return mode === "Auto" || mode === "auto";
}

function isPlaceholderOf(slice: EndpointSlice, placeholder: EndpointSlice): boolean {
  const sameMap = (a: Record<string, string> = {}, b: Record<string, string> = {}): boolean =>
    Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);
  return (
    slice.addressType === placeholder.addressType &&
    (slice.endpoints ?? []).length === 0 &&
    (slice.ports ?? []).length === 0 &&
    slice.metadata?.namespace === placeholder.metadata?.namespace &&
    sameMap(slice.metadata?.labels, placeholder.metadata?.labels) &&
    JSON.stringify(slice.metadata?.ownerReferences ?? []) === JSON.stringify(placeholder.metadata?.ownerReferences ?? [])
  );
}

function planByAddressType(input: PlanInput, existing: EndpointSlice[], addressType: AddressType): SlicePlan {
  const { service } = input;
  const plan: SlicePlan = { create: [], update: [], delete: [], errors: [] };
  const existingByPorts = new Map<string, EndpointSlice[]>();
  for (const slice of existing) {
    // A slice of another Service of the same name (deleted and made again) goes.
    if (!ownedBy(slice, service)) plan.delete.push(slice);
    else {
      const key = portMapKey(slice.ports);
      existingByPorts.set(key, [...(existingByPorts.get(key) ?? []), slice]);
    }
  }

  const desired = new Map<string, { ports: EndpointPort[]; endpoints: EndpointSet }>();
  for (const pod of input.pods) {
    if (!shouldPodBeInEndpoints(pod, true)) continue;
    const ports = endpointPorts(service, pod);
    const key = portMapKey(ports);
    let group = desired.get(key);
    if (!group) desired.set(key, (group = { ports, endpoints: new EndpointSet() }));
    const nodeName = pod.spec?.nodeName ?? "";
    const node = input.node(nodeName);
    if (!node && service.spec?.publishNotReadyAddresses !== true) {
      plan.errors.push(
        `skipping Pod ${pod.metadata?.name ?? ""} for Service ${service.metadata?.namespace ?? ""}/${service.metadata?.name ?? ""}: Node ${nodeName} Not Found`,
      );
      continue;
    }
    const ep = podToEndpoint(pod, node, service, addressType);
    if (ep.addresses.length > 0) group.endpoints.insert(ep);
  }

  for (const [key, { ports, endpoints }] of desired) {
    const p = planByPortMapping(input, existingByPorts.get(key) ?? [], endpoints, ports, addressType);
    plan.create.push(...p.create);
    plan.update.push(...p.update);
    plan.delete.push(...p.delete);
  }
  for (const [key, slices] of existingByPorts) if (!desired.has(key)) plan.delete.push(...slices);

  // Hints: topology-aware ones for the topology-mode annotation, else spec.trafficDistribution's.
  const touched = new Set([...plan.update, ...plan.delete].map((s) => s.metadata?.name));
  const unchanged = existing.filter((s) => ownedBy(s, service) && !touched.has(s.metadata?.name));
  const key = `${service.metadata?.namespace ?? ""}/${service.metadata?.name ?? ""}`;
  if (topologyHintsRequested(service)) {
    if (input.topology) {
      const events = input.topology.addHints(key, addressType, plan.create, plan.update, unchanged);
      if (events.length) plan.events = events;
    } else clearHints(plan.create, plan.update, unchanged);
  } else {
    // Hints given for the annotation before: it was removed (or changed), and so are they.
    if (input.topology?.hasPopulatedHints(key)) plan.events = [hintsDisabled(TOPOLOGY_MESSAGES.disabled, addressType)];
    input.topology?.removeService(key, addressType);
    reconcileHints(service.spec?.trafficDistribution, plan.create, plan.update, unchanged);
  }

  // Nothing left to show: one empty slice says the Service has no endpoints (kept if it is there).
  if (existing.length === plan.delete.length && plan.create.length === 0) {
    const placeholder = newEndpointSlice(service, [], addressType, input.controllerName);
    if (plan.delete.length === 1 && isPlaceholderOf(plan.delete[0]!, placeholder)) plan.delete = [];
    else plan.create.push(placeholder);
  }
  return plan;
}

function planByPortMapping(
  input: PlanInput,
  existing: EndpointSlice[],
  desired: EndpointSet,
  ports: EndpointPort[],
  addressType: AddressType,
): SlicePlan {
  const max = input.maxEndpointsPerSlice;
  const byName = new Map<string, EndpointSlice>();
  const unchanged = new Set<string>();
  const toUpdate = new Set<string>();
  const toDelete = new Set<string>();

  // 1. Keep the endpoints still wanted (updated where they changed), drop the others.
  for (const slice of existing) {
    const name = slice.metadata?.name ?? "";
    byName.set(name, slice);
    const kept: Endpoint[] = [];
    let endpointUpdated = false;
    for (const ep of slice.endpoints ?? []) {
      const want = desired.get(ep);
      if (!want) continue;
      kept.push(want);
      if (!endpointsEqualBeyondKey(want, ep)) endpointUpdated = true;
      desired.delete(ep);
    }
    const [labels, labelsChanged] = endpointSliceLabels(slice, input.service, input.controllerName);
    if (endpointUpdated || kept.length !== (slice.endpoints ?? []).length) {
      if (kept.length === 0) toDelete.add(name);
      else {
        const copy = copyJSON(slice);
        copy.endpoints = kept;
        copy.metadata = { ...copy.metadata, labels };
        byName.set(name, copy);
        toUpdate.add(name);
      }
    } else if (labelsChanged) {
      const copy = copyJSON(slice);
      copy.metadata = { ...copy.metadata, labels };
      byName.set(name, copy);
      toUpdate.add(name);
    } else unchanged.add(name);
  }

  // 2. Fill the slices being updated anyway, fullest first.
  if (desired.size > 0 && toUpdate.size > 0) {
    const slices = [...toUpdate].map((n) => byName.get(n)!).sort((a, b) => (b.endpoints?.length ?? 0) - (a.endpoints?.length ?? 0));
    for (const slice of slices) {
      slice.endpoints ??= [];
      while (desired.size > 0 && slice.endpoints.length < max) slice.endpoints.push(desired.pop());
    }
  }

  // 3. What is left goes into the unchanged slice it fits best, else into new slices.
  const create: EndpointSlice[] = [];
  while (desired.size > 0) {
    let fill: EndpointSlice | undefined;
    if (desired.size < max && unchanged.size > 0) {
      const candidate = sliceToFill(
        [...unchanged].map((n) => byName.get(n)!),
        desired.size,
        max,
      );
      if (candidate) {
        fill = copyJSON(candidate);
        byName.set(fill.metadata?.name ?? "", fill);
      }
    }
    fill ??= newEndpointSlice(input.service, ports, addressType, input.controllerName);
    fill.endpoints ??= [];
    while (desired.size > 0 && fill.endpoints.length < max) fill.endpoints.push(desired.pop());
    const name = fill.metadata?.name;
    if (name) {
      toUpdate.add(name);
      unchanged.delete(name);
    } else create.push(fill);
  }
  return {
    create,
    update: [...toUpdate].map((n) => byName.get(n)!),
    delete: [...toDelete].map((n) => byName.get(n)!),
    errors: [],
  };
}

/** The slice closest to full once `count` endpoints are added, if one has room. */
function sliceToFill(slices: EndpointSlice[], count: number, max: number): EndpointSlice | undefined {
  let closestDiff = max;
  let closest: EndpointSlice | undefined;
  for (const slice of slices) {
    const diff = max - (count + (slice.endpoints?.length ?? 0));
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = slice;
      if (diff === 0) return closest;
    }
  }
  return closest;
}

/**
 * Turns creates into updates of slices otherwise deleted (same address type, owned by the
 * Service), so that churn rewrites slices instead of replacing them.
 */
export function reuseDeletedSlices(service: Service, plan: SlicePlan): SlicePlan {
  const create = [...plan.create];
  const update = [...plan.update];
  const remaining: EndpointSlice[] = [];
  for (const old of plan.delete) {
    const slice = create[create.length - 1];
    if (slice && old.addressType === slice.addressType && ownedBy(old, service)) {
      create.pop();
      slice.metadata = { ...old.metadata, labels: slice.metadata?.labels, ownerReferences: slice.metadata?.ownerReferences };
      delete slice.metadata.generateName;
      update.push(slice);
    } else remaining.push(old);
  }
  return { ...plan, create, update, delete: remaining };
}
