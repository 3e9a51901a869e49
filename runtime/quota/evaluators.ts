/**
 * What an object uses of a ResourceQuota, as upstream's quota evaluators count it (pods, services,
 * persistentvolumeclaims, and object counts for everything else), which quota resource names
 * each kind answers to, which scopes it matches, and which writes are evaluated. Shared by the
 * ResourceQuota admission plugin and the resourcequota controller.
 */
import { addInto, amountOf, amountsOf, count, type Amounts } from "./amounts.js";
import { isPodLevelResource, podLimits, podRequests, type PodLike } from "./pod-resources.js";
import { podMatchesScope, selectorMatches, type ScopeRequirement } from "./scopes.js";

/** The parts of a ResourceQuota read here. */
export interface QuotaLike {
  metadata?: { name?: string };
  spec?: {
    hard?: Record<string, string>;
    scopes?: string[];
    scopeSelector?: { matchExpressions?: ScopeRequirement[] } | null;
  };
}

/** An object as the evaluators read it. */
export type QuotaObject = Record<string, unknown> & { metadata?: { annotations?: Record<string, string> } };

const CLASS_SUFFIX = ".storageclass.storage.k8s.io/";
/** Core kinds with a legacy quota name beside `count/<resource>`. */
const LEGACY_COUNTED = new Set([
  "pods",
  "services",
  "configmaps",
  "secrets",
  "replicationcontrollers",
  "resourcequotas",
  "persistentvolumeclaims",
]);

const POD_RESOURCES = new Set([
  "count/pods",
  "cpu",
  "memory",
  "ephemeral-storage",
  "requests.cpu",
  "requests.memory",
  "requests.ephemeral-storage",
  "limits.cpu",
  "limits.memory",
  "limits.ephemeral-storage",
  "pods",
]);
const SERVICE_RESOURCES = new Set(["count/services", "services", "services.loadbalancers", "services.nodeports"]);
const CLAIM_RESOURCES = ["persistentvolumeclaims", "requests.storage"];

/** A name outside kubernetes.io's: what extended resources (`example.com/gpu`) look like. */
const isNative = (name: string): boolean => !name.includes("/") || name.includes("kubernetes.io/");
const isExtended = (name: string): boolean => !isNative(name) && !name.startsWith("requests.");

const countName = (group: string, resource: string): string => (group === "" ? `count/${resource}` : `count/${resource}.${group}`);

/** Of the quota's resource names, those this kind's usage answers to (upstream's MatchingResources). */
export function matchingResources(group: string, resource: string, names: readonly string[]): string[] {
  if (group === "" && resource === "pods")
    return names.filter(
      (n) =>
        POD_RESOURCES.has(n) ||
        n.startsWith("hugepages-") ||
        n.startsWith("requests.hugepages-") ||
        (!isNative(n) && n.startsWith("requests.")),
    );
  if (group === "" && resource === "services") return names.filter((n) => SERVICE_RESOURCES.has(n));
  if (group === "" && resource === "persistentvolumeclaims")
    return names.filter(
      (n) =>
        n === "count/persistentvolumeclaims" ||
        CLAIM_RESOURCES.includes(n) ||
        CLAIM_RESOURCES.some((r) => n.endsWith(CLASS_SUFFIX + r) && n.length > CLASS_SUFFIX.length + r.length),
    );
  const own = countName(group, resource);
  return names.filter((n) => n === own || (group === "" && LEGACY_COUNTED.has(resource) && n === resource));
}

/**
 * Whether a write is evaluated (upstream's Evaluator.Handles): creates; updates of Services and
 * claims; Pod resizes; a claim's status update that changes its allocated storage or the
 * VolumeAttributesClasses it refers to (what the expansion or modification charges).
 */
export function handles(
  group: string,
  resource: string,
  operation: string,
  subresource: string,
  obj?: QuotaObject,
  old?: QuotaObject,
): boolean {
  const core = group === "";
  if (core && resource === "pods") return subresource === "" ? operation === "CREATE" : subresource === "resize" && operation === "UPDATE";
  if (core && resource === "persistentvolumeclaims" && subresource === "status")
    return operation === "UPDATE" && obj !== undefined && old !== undefined && claimStatusCharges(obj as ClaimLike, old as ClaimLike);
  if (subresource !== "") return false;
  if (core && (resource === "services" || resource === "persistentvolumeclaims")) return operation === "CREATE" || operation === "UPDATE";
  return operation === "CREATE";
}

function claimStatusCharges(pvc: ClaimLike, old: ClaimLike): boolean {
  const storage = (c: ClaimLike) => amountOf(c.status?.allocatedResources?.storage)?.value;
  if (storage(pvc) !== storage(old)) return true;
  const a = volumeAttributesClasses(pvc);
  const b = volumeAttributesClasses(old);
  return a.size !== b.size || [...a].some((n) => !b.has(n));
}

/** The quota's scopes and scopeSelector as one list of requirements (Exists for each plain scope). */
export function scopeSelectors(q: QuotaLike): ScopeRequirement[] {
  const out: ScopeRequirement[] = (q.spec?.scopes ?? []).map((s) => ({ scopeName: s, operator: "Exists" }));
  return out.concat(q.spec?.scopeSelector?.matchExpressions ?? []);
}

/** Whether an object of this kind matches one scope requirement; kinds without scopes match none. */
export function matchesScope(group: string, resource: string, req: ScopeRequirement, obj: QuotaObject): boolean {
  if (group === "" && resource === "pods") return podMatchesScope(req, obj as PodLike);
  if (group === "" && resource === "persistentvolumeclaims") return claimMatchesScope(req, obj);
  return false;
}

/** Whether the quota governs the object: it limits something the kind uses, and every scope matches. */
export function quotaMatches(q: QuotaLike, group: string, resource: string, obj: QuotaObject): boolean {
  if (matchingResources(group, resource, Object.keys(q.spec?.hard ?? {})).length === 0) return false;
  return scopeSelectors(q).every((s) => matchesScope(group, resource, s, obj));
}

/** Whether a Pod is charged compute (upstream's QuotaV1Pod): not terminal, and not past its deletion grace. */
export function podCharged(pod: PodLike, now: number = Date.now()): boolean {
  const phase = pod.status?.phase;
  if (phase === "Succeeded" || phase === "Failed") return false;
  const at = pod.metadata?.deletionTimestamp;
  const grace = pod.metadata?.deletionGracePeriodSeconds;
  if (at !== undefined && grace !== undefined && grace !== null && now > Date.parse(at) + grace * 1000) return false;
  return true;
}

/** What a Pod's requests and limits use of the compute quota names (upstream's podComputeUsageHelper). */
export function podComputeUsage(requests: Amounts, limits: Amounts): Amounts {
  const out: Amounts = { pods: count(1) };
  for (const r of ["cpu", "memory", "ephemeral-storage"]) {
    const req = requests[r];
    if (req !== undefined) out[r] = out[`requests.${r}`] = req;
    const lim = limits[r];
    if (lim !== undefined) out[`limits.${r}`] = lim;
  }
  for (const [r, req] of Object.entries(requests)) {
    if (r.startsWith("hugepages-")) out[r] = out[`requests.${r}`] = req;
    if (isExtended(r)) out[`requests.${r}`] = req;
  }
  return out;
}

/** Everything one object uses (upstream's Evaluator.Usage). */
export function usageOf(group: string, resource: string, obj: QuotaObject, now: number = Date.now()): Amounts {
  if (group === "" && resource === "pods") {
    const pod = obj as PodLike;
    const out: Amounts = { "count/pods": count(1) };
    if (!podCharged(pod, now)) return out;
    const opts = { useStatusResources: true };
    return { ...out, ...podComputeUsage(podRequests(pod, opts), podLimits(pod, opts)) };
  }
  if (group === "" && resource === "services") return serviceUsage(obj);
  if (group === "" && resource === "persistentvolumeclaims") return claimUsage(obj);
  const out: Amounts = { [countName(group, resource)]: count(1) };
  if (group === "" && LEGACY_COUNTED.has(resource)) out[resource] = count(1);
  return out;
}

interface ServiceSpec {
  type?: string;
  ports?: { nodePort?: number }[];
  allocateLoadBalancerNodePorts?: boolean;
}

function serviceUsage(svc: QuotaObject): Amounts {
  const spec = (svc.spec ?? {}) as ServiceSpec;
  const ports = spec.ports ?? [];
  const out: Amounts = {
    "count/services": count(1),
    services: count(1),
    "services.loadbalancers": count(0),
    "services.nodeports": count(0),
  };
  if (spec.type === "NodePort") out["services.nodeports"] = count(ports.length);
  if (spec.type === "LoadBalancer") {
    // Without node ports allocated for the balancer, only the ports asking for one use one.
    const nodePorts = spec.allocateLoadBalancerNodePorts === false ? ports.filter((p) => (p.nodePort ?? 0) !== 0).length : ports.length;
    out["services.nodeports"] = count(nodePorts);
    out["services.loadbalancers"] = count(1);
  }
  return out;
}

interface ClaimLike {
  spec?: {
    storageClassName?: string | null;
    resources?: { requests?: Record<string, unknown> };
    volumeAttributesClassName?: string | null;
  };
  status?: {
    allocatedResources?: Record<string, unknown>;
    currentVolumeAttributesClassName?: string | null;
    modifyVolumeStatus?: { targetVolumeAttributesClassName?: string } | null;
  };
}

/** The claim's StorageClass: the beta annotation first, as upstream's GetPersistentVolumeClaimClass. */
function claimClass(pvc: QuotaObject): string {
  const annotated = pvc.metadata?.annotations?.["volume.beta.kubernetes.io/storage-class"];
  if (annotated !== undefined) return annotated;
  return (pvc as ClaimLike).spec?.storageClassName ?? "";
}

function claimUsage(pvc: QuotaObject): Amounts {
  const out: Amounts = { persistentvolumeclaims: count(1), "count/persistentvolumeclaims": count(1) };
  const cls = claimClass(pvc);
  if (cls !== "") out[`${cls}${CLASS_SUFFIX}persistentvolumeclaims`] = count(1);
  const c = pvc as ClaimLike;
  let storage = amountOf(c.spec?.resources?.requests?.storage);
  // An expansion under way: the larger of what is asked and what was allocated, in whole bytes.
  const allocated = amountOf(c.status?.allocatedResources?.storage);
  if (storage !== undefined && allocated !== undefined && allocated.value > storage.value) storage = allocated;
  if (storage !== undefined) {
    storage = { value: Math.ceil(storage.value), binary: storage.binary };
    out["requests.storage"] = storage;
    if (cls !== "") out[`${cls}${CLASS_SUFFIX}requests.storage`] = storage;
  }
  return out;
}

/** The VolumeAttributesClass names a claim refers to: asked, current, or the one a modification targets. */
function volumeAttributesClasses(c: ClaimLike): Set<string> {
  const names = new Set<string>();
  for (const n of [
    c.spec?.volumeAttributesClassName,
    c.status?.currentVolumeAttributesClassName,
    c.status?.modifyVolumeStatus?.targetVolumeAttributesClassName,
  ])
    if (n) names.add(n);
  return names;
}

function claimMatchesScope(req: ScopeRequirement, obj: QuotaObject): boolean {
  if (req.scopeName !== "VolumeAttributesClass") return false;
  const names = volumeAttributesClasses(obj as ClaimLike);
  if (req.operator === "Exists") return names.size > 0;
  if (names.size === 0) return selectorMatches(req, undefined);
  for (const n of names) if (selectorMatches(req, n)) return true;
  return false;
}

/**
 * Upstream's backward-compatible Pod rule: when a quota limits cpu or memory, every container
 * must state that resource; the message names what is missing and where, or undefined.
 */
export function podConstraintProblem(required: readonly string[], pod: PodLike): string | undefined {
  const validation = new Set(["cpu", "memory", "requests.cpu", "requests.memory", "limits.cpu", "limits.memory"]);
  const wanted = required.filter((r) => validation.has(r));
  // Pod-level resources make the containers' own optional (upstream, PodLevelResources on).
  const level = pod.spec?.resources;
  const podLevel = [...Object.keys(level?.requests ?? {}), ...Object.keys(level?.limits ?? {})].some(isPodLevelResource);
  if (wanted.length === 0 || podLevel) return undefined;
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const has = podComputeUsage(amountsOf(c.resources?.requests), amountsOf(c.resources?.limits));
    for (const r of wanted) if (has[r] === undefined) (missing.get(r) ?? missing.set(r, new Set()).get(r)!).add(c.name ?? "");
  }
  if (missing.size === 0) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(",")}`);
  return `must specify ${parts.join("; ")}`;
}

/** A quota's usage of some resource names, summed over the objects of one kind it governs (its scopes applied). */
export function quotaUsed(
  q: QuotaLike,
  group: string,
  resource: string,
  objects: readonly QuotaObject[],
  names: readonly string[],
  now: number = Date.now(),
): Amounts {
  const scopes = scopeSelectors(q);
  const out: Amounts = {};
  for (const o of objects) {
    if (!scopes.every((s) => matchesScope(group, resource, s, o))) continue;
    const u = usageOf(group, resource, o, now);
    const wanted: Amounts = {};
    for (const n of names) if (u[n] !== undefined) wanted[n] = u[n];
    addInto(out, wanted);
  }
  return out;
}
