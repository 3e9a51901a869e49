/**
 * The REST storages of every resource registered in a scheme: a generic store per resource
 * with the resource's strategy (and subresources) when it has one, the default strategy
 * otherwise; namespaces get their own store for the termination flow, Services one that
 * allocates ClusterIPs and NodePorts when the ranges are given.
 */
import type { GroupVersion, ResourceInfo, Scheme } from "../../runtime/scheme.js";
import { scaleSubresource } from "./scale.js";
import type { Storage } from "../storage/interface.js";
import { NamespaceStore } from "./resources/namespaces/storage.js";
import { legacyBindingStorage } from "./resources/pods/subresources.js";
import { newServiceAllocators, serviceCIDRs, type ServiceRanges } from "./resources/services/allocation/index.js";
import { IPAddressAllocation } from "./resources/services/allocation/ip-address-allocator.js";
import { ServiceStore } from "./resources/services/storage.js";
import { clusterRoleBindingStrategy } from "./resources/clusterrolebindings/strategy.js";
import { clusterRoleStrategy } from "./resources/clusterroles/strategy.js";
import { configMapStrategy } from "./resources/configmaps/strategy.js";
import { CustomResourceDefinitionStore } from "./resources/customresourcedefinitions/storage.js";
import { endpointsStrategy } from "./resources/endpoints/strategy.js";
import { eventStrategy } from "./resources/events/strategy.js";
import { leaseStrategy } from "./resources/leases/strategy.js";
import { roleBindingStrategy } from "./resources/rolebindings/strategy.js";
import { roleStrategy } from "./resources/roles/strategy.js";
import { secretStrategy } from "./resources/secrets/strategy.js";
import { serviceAccountStrategy } from "./resources/serviceaccounts/strategy.js";
import { serviceStatusStrategy, serviceStrategy } from "./resources/services/strategy.js";
import type { RESTStorage } from "./rest.js";
import { KIND_REGISTRATIONS, type KindRegistration, type StoreLookup } from "./builtin-kinds.js";
import { ConvertingStore } from "./converting-store.js";
import { componentStatusStorage, defaultComponentProbes, type ComponentProbe } from "./resources/componentstatuses/storage.js";
import { GenericStore, restStorageFor, type GenericStoreOptions } from "./store.js";
import { defaultStrategy, type Strategy, type UpdateStrategy } from "./strategy.js";

interface Registration {
  strategy: Strategy;
  subresources?: Record<string, UpdateStrategy>;
}

/** The built-in resources with strategies, by `<group>/<plural>`. */
const BUILTIN: Readonly<Record<string, Registration>> = {
  "/services": { strategy: serviceStrategy, subresources: { status: serviceStatusStrategy } },
  "/endpoints": { strategy: endpointsStrategy },
  "/configmaps": { strategy: configMapStrategy },
  "/secrets": { strategy: secretStrategy },
  "/serviceaccounts": { strategy: serviceAccountStrategy },
  "/events": { strategy: eventStrategy },
  "coordination.k8s.io/leases": { strategy: leaseStrategy },
  "rbac.authorization.k8s.io/roles": { strategy: roleStrategy },
  "rbac.authorization.k8s.io/rolebindings": { strategy: roleBindingStrategy },
  "rbac.authorization.k8s.io/clusterroles": { strategy: clusterRoleStrategy },
  "rbac.authorization.k8s.io/clusterrolebindings": { strategy: clusterRoleBindingStrategy },
};

/** Options applied to every store built here. */
export type BuiltinStoreOptions = Pick<GenericStoreOptions, "bookmarkIntervalMs" | "garbageCollection" | "now" | "watchCache"> & {
  /** The Service ClusterIP and NodePort ranges: Services get allocations only when given. */
  serviceRanges?: ServiceRanges;
  /**
   * Compiled-in groups' strategy code, by `<group>/<version>/<plural>`: each gets the strategy the
   * resource would have (metadata validation, generation, status handling) and returns the one
   * to use (see registry/compiled-schema.ts).
   */
  strategies?: Readonly<Record<string, StrategyHook>>;
  /** ComponentStatuses' health checks by component (default: upstream's, see componentstatuses/storage.ts). */
  componentProbes?: Readonly<Record<string, ComponentProbe>>;
};

/** Turns a resource's default strategy into the one the store uses (see BuiltinStoreOptions.strategies). */
export type StrategyHook = (base: Strategy) => Strategy;

/** The generic store of one registered resource (namespaces get the namespace store). */
export function buildStore(
  storage: Storage,
  scheme: Scheme,
  gv: GroupVersion,
  info: ResourceInfo,
  options: BuiltinStoreOptions = {},
): GenericStore {
  const { serviceRanges, strategies, componentProbes: _probes, ...storeOptions } = options;
  // Built-in resources are served through a watch cache unless the caller turns it off.
  // A compiled-in kind with no protobuf codec (a user's group without +protobuf numbers) is
  // stored as JSON, as a custom resource is; protobuf is used only where codecs were generated.
  const json = !scheme.kind({ ...gv, kind: info.kind })?.protobuf;
  const base = {
    storage,
    scheme,
    group: gv.group,
    version: gv.version,
    info,
    ...storeOptions,
    watchCache: storeOptions.watchCache ?? true,
    ...(json && { encoding: "json" as const }),
  };
  if (gv.group === "" && info.plural === "namespaces") return new NamespaceStore(base);
  if (gv.group === "apiextensions.k8s.io" && info.plural === "customresourcedefinitions") return new CustomResourceDefinitionStore(base);
  if (gv.group === "" && info.plural === "services" && serviceRanges)
    return new ServiceStore(base, newServiceAllocators(storage, scheme, serviceRanges));
  const reg = BUILTIN[`${gv.group}/${info.plural}`] ?? kindRegistration(gv, info);
  const hasStatus = info.subresources.includes("status");
  const standard = reg?.strategy ?? defaultStrategy({ namespaced: info.namespaced, hasStatus });
  const hook = strategies?.[`${gv.group}/${gv.version}/${info.plural}`];
  const strategy = hook ? hook(standard) : standard;
  const kind: KindRegistration | undefined = reg;
  const storeOpts = {
    ...base,
    strategy,
    subresourceStrategies: reg?.subresources,
    ...(kind?.returnDeletedObject && { returnDeletedObject: true }),
  };
  if (kind?.conversion) return new ConvertingStore({ ...storeOpts, conversion: kind.conversion });
  if (kind?.store) return kind.store(storeOpts);
  return new GenericStore(storeOpts);
}

function kindRegistration(gv: GroupVersion, info: ResourceInfo): KindRegistration | undefined {
  return KIND_REGISTRATIONS[`${gv.group}/${info.plural}@${gv.version}`] ?? KIND_REGISTRATIONS[`${gv.group}/${info.plural}`];
}

/**
 * A REST storage for every resource of every group-version in `scheme`, each serving only
 * the verbs its ResourceInfo lists.
 */
export function buildBuiltinStorages(storage: Storage, scheme: Scheme, options: BuiltinStoreOptions = {}): RESTStorage[] {
  const out: RESTStorage[] = [];
  const stores = new Map<string, GenericStore>();
  // Subresources that consult other resources (eviction reads PodDisruptionBudgets) find them here once all are built.
  const lookup: StoreLookup = (group, plural) => stores.get(`${group}/${plural}`);
  for (const gv of scheme.groupVersions()) {
    for (const info of scheme.resourcesFor(gv)) {
      // core/v1 bindings stores nothing: it is the pods' binding subresource (added below).
      if (gv.group === "" && info.plural === "bindings") continue;
      // Computed on every read, never stored (get and list only).
      if (gv.group === "" && info.plural === "componentstatuses") {
        out.push(componentStatusStorage(info, options.componentProbes ?? defaultComponentProbes(storage)));
        continue;
      }
      const store = buildStore(storage, scheme, gv, info, options);
      if (!stores.has(`${gv.group}/${info.plural}`)) stores.set(`${gv.group}/${info.plural}`, store);
      let rest = restStorageFor(store);
      const extra = kindRegistration(gv, info)?.extra?.(store, lookup);
      if (extra) rest = { ...rest, subresources: { ...rest.subresources, ...extra } };
      // A compiled-in kind with `+kubebuilder:subresource:scale` serves Scale as a custom resource does.
      const scaled =
        info.scale && !rest.subresources?.scale
          ? { ...rest, subresources: { ...rest.subresources, scale: scaleSubresource(store, info.scale) } }
          : rest;
      out.push({ ...scaled, backend: storage });
    }
  }
  const pods = stores.get("/pods");
  if (pods) out.push({ ...legacyBindingStorage(pods), backend: storage });
  useIPAddressAllocation(stores, out, options);
  return out;
}

const ipAddressAllocations = new WeakMap<RESTStorage, IPAddressAllocation>();

/** The IPAddress allocation behind the Services storage of {@link buildBuiltinStorages}, when it allocates through IPAddresses. */
export function ipAddressAllocationOf(services: RESTStorage): IPAddressAllocation | undefined {
  return ipAddressAllocations.get(services);
}

/**
 * Where networking.k8s.io/v1 IPAddresses and ServiceCIDRs are served, Services allocate their
 * ClusterIPs as IPAddress objects from every ServiceCIDR (upstream's default since 1.33); a
 * Service store built on its own keeps the `--service-cluster-ip-range` bitmaps.
 */
function useIPAddressAllocation(stores: Map<string, GenericStore>, out: RESTStorage[], options: BuiltinStoreOptions): void {
  const services = stores.get("/services");
  const ipAddresses = stores.get("networking.k8s.io/ipaddresses");
  const cidrs = stores.get("networking.k8s.io/servicecidrs");
  if (!(services instanceof ServiceStore) || !ipAddresses || !cidrs || !options.serviceRanges) return;
  const allocation = new IPAddressAllocation({
    ipAddresses: restStorageFor(ipAddresses),
    serviceCIDRs: restStorageFor(cidrs),
    defaultCIDRs: serviceCIDRs(options.serviceRanges),
  });
  services.allocators.useClusterIPAllocators((family) => allocation.forFamily(family));
  const rest = out.find((s) => s.group === "" && s.info.plural === "services");
  if (rest) ipAddressAllocations.set(rest, allocation);
}
