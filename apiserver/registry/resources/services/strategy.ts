/**
 * Services: upstream's defaults (type ClusterIP, sessionAffinity None, port protocol TCP,
 * targetPort = port, traffic policies Cluster, single-stack IPv4 families), clusterIP and
 * clusterIPs kept in step, status changed only through the status subresource; selectable by
 * spec.clusterIP and spec.type.
 */
import type { KubeObject } from "../../rest.js";
import { keepStatus, statusUpdateStrategy, type Strategy, type UpdateStrategy } from "../../strategy.js";
import { validateService, validateServiceUpdate } from "../../validation/core.js";
import { validateObjectMetaUpdate } from "../../validation/object-meta.js";
import { serviceWarnings, validateLoadBalancerClass } from "../../validation/service-warnings.js";
import { parseIP } from "../../../../runtime/validation/strings.js";
import { defaultLoadBalancerIPMode, validateServiceLoadBalancerStatus } from "../../validation/load-balancer-status.js";

interface ServicePort {
  port?: number;
  protocol?: string;
  targetPort?: number | string;
  nodePort?: number;
}

interface ServiceSpec {
  type?: string;
  ports?: ServicePort[];
  sessionAffinity?: string;
  sessionAffinityConfig?: { clientIP?: { timeoutSeconds?: number } };
  clusterIP?: string;
  clusterIPs?: string[];
  externalIPs?: string[];
  externalTrafficPolicy?: string;
  internalTrafficPolicy?: string;
  allocateLoadBalancerNodePorts?: boolean;
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  healthCheckNodePort?: number;
  loadBalancerClass?: string | null;
}

/** upstream's default client-IP affinity timeout: three hours. */
const DEFAULT_AFFINITY_SECONDS = 10800;

function specOf(obj: KubeObject): ServiceSpec {
  if (typeof obj.spec !== "object" || obj.spec === null) obj.spec = {};
  return obj.spec as ServiceSpec;
}

/** upstream's SetDefaults_Service. */
export function defaultService(obj: KubeObject): void {
  const spec = specOf(obj);
  spec.sessionAffinity ||= "None";
  if (spec.sessionAffinity === "None") delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === "ClientIP" && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds === undefined) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_AFFINITY_SECONDS } };
  }
  spec.type ||= "ClusterIP";
  for (const p of spec.ports ?? []) {
    p.protocol ||= "TCP";
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === "") p.targetPort = p.port ?? 0;
  }
  const externallyAccessible =
    spec.type === "LoadBalancer" || spec.type === "NodePort" || (spec.type === "ClusterIP" && (spec.externalIPs ?? []).length > 0);
  if (externallyAccessible && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = "Cluster";
  if (spec.internalTrafficPolicy === undefined && spec.type !== "ExternalName") spec.internalTrafficPolicy = "Cluster";
  if (spec.type === "LoadBalancer" && spec.allocateLoadBalancerNodePorts === undefined) spec.allocateLoadBalancerNodePorts = true;
}

/** clusterIP and clusterIPs name the same first address; a set one fills the other. */
function normalizeClusterIPs(spec: ServiceSpec, old?: ServiceSpec): void {
  if (spec.type === "ExternalName") return;
  const ips = spec.clusterIPs ?? [];
  if (spec.clusterIP && ips.length === 0) spec.clusterIPs = [spec.clusterIP];
  else if (!spec.clusterIP && ips.length > 0 && !(old && old.clusterIP)) spec.clusterIP = ips[0];
  if (old && !spec.clusterIP && old.clusterIP && ips.length === 0) {
    // An update that omits the address keeps the allocated one, as upstream's strategy does.
    spec.clusterIP = old.clusterIP;
    spec.clusterIPs = old.clusterIPs ? [...old.clusterIPs] : [old.clusterIP];
  }
}

function externallyAccessible(spec: ServiceSpec): boolean {
  return spec.type === "LoadBalancer" || spec.type === "NodePort" || (spec.type === "ClusterIP" && (spec.externalIPs ?? []).length > 0);
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * upstream's dropTypeDependentFields: a type change clears the fields the new type cannot have
 * (clusterIPs for ExternalName, nodePorts for ClusterIP...) when the request left them as they
 * were, so `kubectl edit` of the type alone works; the allocations go when the update is stored.
 */
function dropTypeDependentFields(spec: ServiceSpec, old: ServiceSpec): void {
  if (old.type !== "ExternalName" && spec.type === "ExternalName") {
    if (sameJSON(spec.clusterIPs, old.clusterIPs) && (spec.clusterIP ?? "") === (old.clusterIP ?? "")) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameJSON(spec.ipFamilies, old.ipFamilies)) delete spec.ipFamilies;
    if (spec.ipFamilyPolicy === old.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  const nodePorts = (s: ServiceSpec) => (s.ports ?? []).map((p) => p.nodePort ?? 0);
  const needsNodePorts = (s: ServiceSpec) => s.type === "NodePort" || s.type === "LoadBalancer";
  if (needsNodePorts(old) && !needsNodePorts(spec) && sameJSON(nodePorts(spec), nodePorts(old))) {
    for (const p of spec.ports ?? []) delete p.nodePort;
  }
  const needsHealthCheck = (s: ServiceSpec) => s.type === "LoadBalancer" && s.externalTrafficPolicy === "Local";
  if (needsHealthCheck(old) && !needsHealthCheck(spec) && spec.healthCheckNodePort === old.healthCheckNodePort)
    delete spec.healthCheckNodePort;
  if (spec.type !== "LoadBalancer") delete spec.allocateLoadBalancerNodePorts;
  // Leaving LoadBalancer with the class untouched drops it, as upstream's strategy does.
  if (old.type === "LoadBalancer" && spec.type !== "LoadBalancer" && spec.loadBalancerClass === old.loadBalancerClass)
    delete spec.loadBalancerClass;
  if (externallyAccessible(old) && !externallyAccessible(spec) && spec.externalTrafficPolicy === old.externalTrafficPolicy)
    delete spec.externalTrafficPolicy;
}

/**
 * Single-stack families unless the request chose otherwise, for a Service store without
 * allocators; with them the allocator defaults the families from the cluster's ranges.
 */
function defaultFamilies(spec: ServiceSpec): void {
  if (spec.type === "ExternalName") return;
  spec.ipFamilyPolicy ||= "SingleStack";
  if (!spec.ipFamilies || spec.ipFamilies.length === 0) {
    const first = (spec.clusterIPs ?? []).find((ip) => ip !== "None");
    spec.ipFamilies = [first && parseIP(first)?.family === 6 ? "IPv6" : "IPv4"];
  }
}

/** The strategy of a Service store whose allocators default the IP families (upstream's initIPFamilyFields). */
export const allocatedServiceStrategy: Strategy = {
  defaults: defaultService,
  prepareForCreate(obj) {
    obj.status = { loadBalancer: {} };
    normalizeClusterIPs(specOf(obj));
  },
  prepareForUpdate(obj, old) {
    keepStatus(obj, old);
    const spec = specOf(obj);
    const oldSpec = (old.spec ?? {}) as ServiceSpec;
    dropTypeDependentFields(spec, oldSpec);
    normalizeClusterIPs(spec, oldSpec);
  },
  validate: (obj) => [...validateService(obj), ...validateLoadBalancerClass(obj)],
  validateUpdate: (obj, old) => [
    ...validateServiceUpdate(obj, old),
    ...validateLoadBalancerClass(obj, old),
    ...validateLoadBalancerClass(obj),
  ],
  warningsOnCreate: serviceWarnings,
  warningsOnUpdate: (obj) => serviceWarnings(obj),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
  fieldLabels: ["metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"],
  selectableFields: (obj) => {
    const spec = (obj.spec ?? {}) as ServiceSpec;
    return { "spec.clusterIP": spec.clusterIP ?? "", "spec.type": spec.type ?? "" };
  },
};

/** Without allocators: families defaulted single-stack here. */
export const serviceStrategy: Strategy = {
  ...allocatedServiceStrategy,
  prepareForCreate(obj) {
    allocatedServiceStrategy.prepareForCreate!(obj);
    defaultFamilies(specOf(obj));
  },
  prepareForUpdate(obj, old) {
    allocatedServiceStrategy.prepareForUpdate!(obj, old);
    const spec = specOf(obj);
    const oldSpec = (old.spec ?? {}) as ServiceSpec;
    if (spec.type !== "ExternalName") {
      if (!spec.ipFamilyPolicy && oldSpec.ipFamilyPolicy) spec.ipFamilyPolicy = oldSpec.ipFamilyPolicy;
      if ((!spec.ipFamilies || spec.ipFamilies.length === 0) && oldSpec.ipFamilies) spec.ipFamilies = [...oldSpec.ipFamilies];
    }
    defaultFamilies(spec);
  },
};

const statusBase = statusUpdateStrategy((obj, old) => [
  ...validateObjectMetaUpdate(obj.metadata, old.metadata),
  ...validateServiceLoadBalancerStatus(obj),
]);

/** upstream's ValidateServiceStatusUpdate, after the status defaults (ipMode VIP for a LoadBalancer's IPs). */
export const serviceStatusStrategy: UpdateStrategy = {
  ...statusBase,
  prepareForUpdate(obj, old) {
    statusBase.prepareForUpdate?.(obj, old);
    defaultLoadBalancerIPMode(obj);
  },
};
