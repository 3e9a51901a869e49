/**
 * What a Service write asks of the allocators (upstream's service REST allocation, alloc.go):
 * IP families and policy defaulted from the cluster's ranges (initIPFamilyFields), a ClusterIP
 * per family unless headless or ExternalName, upgrades to and downgrades from dual-stack,
 * NodePorts for NodePort and LoadBalancer Services, a health check NodePort for LoadBalancers
 * with externalTrafficPolicy Local; type changes allocate and release. Each write gets a
 * transaction: revert frees what it allocated (the object was not stored), commit frees what it
 * gave up (the object was stored).
 */
import { newInternalError } from "../../../../../runtime/rest/errors.js";
import { isIPv4Mapped } from "../../../../../runtime/validation/cidr.js";
import { formatIP, parseIP } from "../../../../../runtime/validation/strings.js";
import type { KubeObject } from "../../../rest.js";
import { validateServiceClusterIPsRelatedFields } from "../../../validation/core.js";
import { fieldErrors, FieldPath, invalidError, type FieldError } from "../../../validation/field.js";
import type { IPRange } from "./ranges.js";
import { AllocationError, type StoredAllocator } from "./stored-allocator.js";

export type { IPFamily } from "../../../../../runtime/net/cidr-range.js";
import type { IPFamily } from "../../../../../runtime/net/cidr-range.js";

/** The Service an address is allocated to (an IPAddress's parentRef). */
export interface ServiceRef {
  namespace: string;
  name: string;
}

/**
 * One family's ClusterIP allocator: the `--service-cluster-ip-range` bitmap (a store built on
 * its own) or IPAddress objects over every ServiceCIDR (the apiserver's, see ip-address-allocator.ts).
 */
export interface ClusterIPAllocator {
  readonly family: IPFamily;
  /** Reserves `ip` for `owner`; a dry run only checks. */
  allocate(ip: string, owner: ServiceRef, dryRun: boolean): Promise<void>;
  /** Reserves a free address for `owner`; a dry run picks one without reserving it. */
  allocateNext(owner: ServiceRef, dryRun: boolean): Promise<string>;
  /** Frees `ip`; an address not held is left alone. */
  release(ip: string): Promise<void>;
}

/** The bitmap allocator of one range as a ClusterIPAllocator. */
export function bitmapIPAllocator(stored: StoredAllocator<string>): ClusterIPAllocator {
  return {
    family: rangeFamily(stored),
    allocate: (ip, _owner, dryRun) => stored.allocate(ip, dryRun),
    allocateNext: (_owner, dryRun) => stored.allocateNext(dryRun),
    release: (ip) => stored.release(ip),
  };
}

function ownerOf(svc: KubeObject): ServiceRef {
  return { namespace: svc.metadata?.namespace ?? "", name: svc.metadata?.name ?? "" };
}

/** The family of an address as Go's netutils sees it (IPv4-mapped IPv6 is IPv4); undefined when it is no IP. */
export function familyOf(ip: string): IPFamily | undefined {
  const parsed = parseIP(ip);
  if (!parsed) return undefined;
  return parsed.family === 4 || isIPv4Mapped(parsed) ? "IPv4" : "IPv6";
}

export interface ServicePortFields {
  port?: number;
  protocol?: string;
  nodePort?: number;
}

export interface ServiceSpecFields {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  selector?: Record<string, string>;
  ports?: ServicePortFields[];
  allocateLoadBalancerNodePorts?: boolean;
  externalTrafficPolicy?: string;
  healthCheckNodePort?: number;
}

export function serviceSpec(svc: KubeObject): ServiceSpecFields {
  return typeof svc.spec === "object" && svc.spec !== null ? svc.spec : {};
}

/** What a write did to the allocators, undone or completed once the object is (not) stored. */
export interface AllocationTransaction {
  /** The object was stored: free what the write gave up. */
  commit(): Promise<void>;
  /** The object was not stored: free what the write allocated. */
  revert(): Promise<void>;
}

const SERVICE = { group: "", kind: "Service" };

/** Needs a ClusterIP: not ExternalName, not headless. */
export function needsClusterIP(spec: ServiceSpecFields): boolean {
  return spec.type !== "ExternalName" && (spec.clusterIPs?.[0] ?? spec.clusterIP) !== "None";
}

/** The ClusterIPs it holds, one per family (none for headless and ExternalName Services). */
export function allocatedClusterIPs(spec: ServiceSpecFields): string[] {
  if (spec.type === "ExternalName") return [];
  const ips = spec.clusterIPs && spec.clusterIPs.length > 0 ? spec.clusterIPs : spec.clusterIP ? [spec.clusterIP] : [];
  return ips[0] === "None" ? [] : ips.filter((ip) => ip !== "");
}

function needsNodePorts(spec: ServiceSpecFields): boolean {
  return spec.type === "NodePort" || spec.type === "LoadBalancer";
}

/** Whether ports without a nodePort get one (LoadBalancers may opt out). */
function shouldAllocateNodePorts(spec: ServiceSpecFields): boolean {
  if (spec.type === "NodePort") return true;
  if (spec.type === "LoadBalancer") return spec.allocateLoadBalancerNodePorts !== false;
  return false;
}

/** upstream's NeedsHealthCheck: a LoadBalancer that keeps traffic on local endpoints. */
export function needsHealthCheck(spec: ServiceSpecFields): boolean {
  return spec.type === "LoadBalancer" && spec.externalTrafficPolicy === "Local";
}

/**
 * The node ports a Service holds (upstream's collectServiceNodePorts): one per port, the same
 * number under two protocols counted once, plus the health check port.
 */
export function collectServiceNodePorts(spec: ServiceSpecFields): number[] {
  const out: number[] = [];
  const seen = new Map<number, Set<string>>();
  for (const p of spec.ports ?? []) {
    const np = p.nodePort ?? 0;
    if (np === 0) continue;
    const proto = p.protocol ?? "TCP";
    const protos = seen.get(np);
    if (!protos) {
      seen.set(np, new Set([proto]));
      out.push(np);
    } else if (protos.has(proto)) {
      out.push(np);
    } else {
      protos.add(proto);
    }
  }
  const health = spec.healthCheckNodePort ?? 0;
  if (health !== 0) {
    const protos = seen.get(health);
    if (!protos || protos.has("TCP")) out.push(health);
  }
  return out;
}

/** One write's allocations and deferred releases. */
class Operation implements AllocationTransaction {
  readonly ips: string[] = [];
  readonly ports: number[] = [];
  /** Addresses the write gives up once stored (upstream's deferred release). */
  readonly releaseIPs: string[] = [];
  readonly releasePorts: number[] = [];
  private done = false;

  constructor(
    private readonly alloc: ServiceAllocators,
    readonly dryRun: boolean,
    private readonly owner: ServiceRef,
  ) {}

  async allocateIP(family: IPFamily, ip: string): Promise<void> {
    await this.alloc.clusterIPAllocator(family)!.allocate(ip, this.owner, this.dryRun);
    this.ips.push(ip);
  }

  async allocateNextIP(family: IPFamily): Promise<string> {
    const ip = await this.alloc.clusterIPAllocator(family)!.allocateNext(this.owner, this.dryRun);
    this.ips.push(ip);
    return ip;
  }

  async allocatePort(port: number): Promise<void> {
    await this.alloc.ports.allocate(port, this.dryRun);
    this.ports.push(port);
  }

  async allocateNextPort(): Promise<number> {
    const port = await this.alloc.ports.allocateNext(this.dryRun);
    this.ports.push(port);
    return port;
  }

  async commit(): Promise<void> {
    if (this.done) return;
    this.done = true;
    if (this.dryRun) return;
    await releaseAll(this.alloc, this.releaseIPs, this.releasePorts);
  }

  async revert(): Promise<void> {
    if (this.done) return;
    this.done = true;
    if (this.dryRun) return;
    await releaseAll(this.alloc, this.ips, this.ports);
  }
}

async function releaseAll(alloc: ServiceAllocators, ips: readonly string[], ports: readonly number[]): Promise<void> {
  for (const ip of ips) await alloc.releaseIP(ip);
  for (const port of ports) await alloc.ports.release(port);
}

function invalid(svc: KubeObject, errs: FieldError[]): Error {
  return invalidError(SERVICE, svc.metadata?.name ?? "", errs);
}

/** The IPv4 text of an address (Go prints IPv4-mapped and zero-padded forms canonically). */
function canonicalIP(ip: string): string | undefined {
  const parsed = parseIP(ip);
  return parsed ? formatIP(parsed) : undefined;
}

function rangeFamily(alloc: StoredAllocator<string>): IPFamily {
  return (alloc.range as Partial<IPRange>).family ?? "IPv4";
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

const POLICY = FieldPath.of("spec", "ipFamilyPolicy");

/** upstream's isMatchingPreferDualStackClusterIPFields: a PreferDualStack Service left as it was is neither upgraded nor downgraded. */
function isMatchingPreferDualStack(spec: ServiceSpecFields, oldSpec: ServiceSpecFields | undefined): boolean {
  if (!oldSpec || spec.ipFamilyPolicy === undefined) return false;
  if (oldSpec.type !== spec.type) return false;
  if (spec.type !== "ClusterIP" && spec.type !== "NodePort" && spec.type !== "LoadBalancer") return false;
  if (spec.ipFamilyPolicy !== "PreferDualStack") return false;
  if (oldSpec.ipFamilyPolicy !== undefined && oldSpec.ipFamilyPolicy !== "PreferDualStack") return false;
  return sameList(oldSpec.clusterIPs, spec.clusterIPs) && sameList(oldSpec.ipFamilies, spec.ipFamilies);
}

function otherFamily(f: string): IPFamily {
  return f === "IPv4" ? "IPv6" : "IPv4";
}

/** The Service allocators of one apiserver: a ClusterIP range per family and the NodePort range. */
export class ServiceAllocators {
  /** By family; the first is the primary range (`--service-cluster-ip-range[0]`). */
  private readonly ipsByFamily = new Map<IPFamily, StoredAllocator<string>>();
  /** What allocates each family's ClusterIPs: the bitmaps, unless {@link useClusterIPAllocators} replaced them. */
  private readonly clusterIPsByFamily = new Map<IPFamily, ClusterIPAllocator>();

  constructor(
    /** The primary range's allocator. */
    readonly ips: StoredAllocator<string>,
    readonly ports: StoredAllocator<number>,
    /** The secondary range's allocator, of the other family (dual-stack clusters). */
    readonly secondaryIPs?: StoredAllocator<string>,
  ) {
    this.ipsByFamily.set(rangeFamily(ips), ips);
    if (secondaryIPs) {
      if (rangeFamily(secondaryIPs) === rangeFamily(ips)) throw new Error("the secondary service IP range must be of the other IP family");
      this.ipsByFamily.set(rangeFamily(secondaryIPs), secondaryIPs);
    }
    for (const [family, stored] of this.ipsByFamily) this.clusterIPsByFamily.set(family, bitmapIPAllocator(stored));
  }

  /**
   * Allocates ClusterIPs with `allocatorOf(family)` for each family the flag configures (upstream's
   * MultiCIDRServiceAllocator: IPAddress objects instead of the bitmaps, which stay unused).
   */
  useClusterIPAllocators(allocatorOf: (family: IPFamily) => ClusterIPAllocator): void {
    for (const family of this.ipsByFamily.keys()) this.clusterIPsByFamily.set(family, allocatorOf(family));
  }

  /** The ClusterIP allocator of a family, when the cluster serves it. */
  clusterIPAllocator(family: IPFamily): ClusterIPAllocator | undefined {
    return this.clusterIPsByFamily.get(family);
  }

  /** The family of the primary range, what single-stack Services get. */
  get defaultFamily(): IPFamily {
    return rangeFamily(this.ips);
  }

  /** The bitmap allocator of a family, when the cluster has a range of it. */
  ipAllocator(family: IPFamily): StoredAllocator<string> | undefined {
    return this.ipsByFamily.get(family);
  }

  /** Frees an address in the range of its family (left alone when no range of it is configured). */
  async releaseIP(ip: string): Promise<void> {
    const family = familyOf(ip);
    const alloc = family && this.clusterIPsByFamily.get(family);
    if (!alloc) return;
    await alloc.release(canonicalIP(ip) ?? ip);
  }

  /** Allocates what a new Service needs, filling spec.clusterIP(s), ipFamilies, ipFamilyPolicy and nodePorts. */
  async allocateCreate(svc: KubeObject, dryRun: boolean): Promise<AllocationTransaction> {
    const op = new Operation(this, dryRun, ownerOf(svc));
    try {
      const spec = serviceSpec(svc);
      this.initIPFamilyFields(svc, spec, undefined);
      await this.allocClusterIPs(svc, spec, op);
      if (needsNodePorts(spec)) await this.initNodePorts(svc, spec, op, []);
      if (needsHealthCheck(spec)) await this.allocHealthCheckNodePort(spec, op);
      return op;
    } catch (err) {
      await op.revert();
      throw err;
    }
  }

  /** Allocates and releases what an update changes (type changes, dual-stack upgrades and downgrades, new node ports). */
  async allocateUpdate(svc: KubeObject, old: KubeObject, dryRun: boolean): Promise<AllocationTransaction> {
    const op = new Operation(this, dryRun, ownerOf(svc));
    try {
      const spec = serviceSpec(svc);
      const oldSpec = serviceSpec(old);
      patchAllocatedValues(spec, oldSpec);
      this.initIPFamilyFields(svc, spec, oldSpec);
      await this.updateClusterIPs(svc, spec, oldSpec, op);
      // NodePorts.
      const oldPorts = collectServiceNodePorts({ ...oldSpec, healthCheckNodePort: 0 });
      if (needsNodePorts(oldSpec) && !needsNodePorts(spec)) op.releasePorts.push(...oldPorts);
      if (needsNodePorts(spec)) {
        await this.initNodePorts(svc, spec, op, oldPorts);
        const kept = collectServiceNodePorts({ ...spec, healthCheckNodePort: 0 });
        for (const p of oldPorts) if (!kept.includes(p)) op.releasePorts.push(p);
      }
      await this.updateHealthCheckNodePort(spec, oldSpec, op);
      return op;
    } catch (err) {
      await op.revert();
      throw err;
    }
  }

  /** Frees everything a deleted Service held. */
  async releaseService(svc: KubeObject): Promise<void> {
    const spec = serviceSpec(svc);
    for (const ip of allocatedClusterIPs(spec)) await this.releaseIP(ip);
    for (const port of collectServiceNodePorts(spec)) await this.ports.release(port);
  }

  /**
   * upstream's initIPFamilyFields: defaults ipFamilyPolicy (the old one on update; RequireDualStack
   * for headless Services without selector; else SingleStack) and ipFamilies (inferred from the
   * addresses, the primary range's family, plus the other family for dual-stack policies on a
   * dual-stack cluster), and refuses families and policies the cluster cannot serve.
   */
  private initIPFamilyFields(svc: KubeObject, spec: ServiceSpecFields, oldSpec: ServiceSpecFields | undefined): void {
    if (spec.type === "ExternalName") return;
    if (isMatchingPreferDualStack(spec, oldSpec)) return;
    const selectorless = Object.keys(spec.selector ?? {}).length === 0;
    if (spec.ipFamilyPolicy === undefined) {
      if (oldSpec?.ipFamilyPolicy !== undefined) spec.ipFamilyPolicy = oldSpec.ipFamilyPolicy;
      else if (spec.clusterIP === "None" && selectorless) spec.ipFamilyPolicy = "RequireDualStack";
      else spec.ipFamilyPolicy = "SingleStack";
    }
    const loose = validateServiceClusterIPsRelatedFields(spec as Record<string, unknown>);
    if (loose.length > 0) throw invalid(svc, loose);
    const errs: FieldError[] = [];
    if (oldSpec) {
      if (spec.ipFamilyPolicy === "SingleStack") {
        // Dropping to SingleStack with the lists left as they were releases the secondary.
        if (sameList(oldSpec.clusterIPs, spec.clusterIPs) && (spec.clusterIPs ?? []).length > 1)
          spec.clusterIPs = spec.clusterIPs!.slice(0, 1);
        if (sameList(oldSpec.ipFamilies, spec.ipFamilies) && (spec.ipFamilies ?? []).length > 1)
          spec.ipFamilies = spec.ipFamilies!.slice(0, 1);
      } else {
        const ips = spec.clusterIPs ?? [];
        const families = spec.ipFamilies ?? [];
        if (ips.length > 0 && ips.length < (oldSpec.clusterIPs ?? []).length)
          errs.push(fieldErrors.invalid(POLICY, spec.ipFamilyPolicy, "must be 'SingleStack' to release the secondary cluster IP"));
        if (families.length > 0 && families.length < (oldSpec.ipFamilies ?? []).length)
          errs.push(fieldErrors.invalid(POLICY, spec.ipFamilyPolicy, "must be 'SingleStack' to release the secondary IP family"));
      }
    }
    if (spec.ipFamilyPolicy === "SingleStack") {
      if ((spec.clusterIPs ?? []).length === 2)
        errs.push(
          fieldErrors.invalid(
            POLICY,
            spec.ipFamilyPolicy,
            "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
          ),
        );
      if ((spec.ipFamilies ?? []).length === 2)
        errs.push(
          fieldErrors.invalid(
            POLICY,
            spec.ipFamilyPolicy,
            "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
          ),
        );
    }
    // Families inferred from the addresses given.
    const ips = spec.clusterIPs ?? [];
    for (let i = 0; i < ips.length; i++) {
      if (ips[i] === "None") break;
      const family = familyOf(ips[i]!);
      if (!family || i < (spec.ipFamilies ?? []).length) continue;
      if (!this.ipsByFamily.has(family))
        errs.push(fieldErrors.invalid(FieldPath.of("spec", "clusterIPs").index(i), ips, `${family} is not configured on this cluster`));
      else spec.ipFamilies = [...(spec.ipFamilies ?? []), family];
    }
    if (errs.length > 0) throw invalid(svc, errs);
    // Headless without selector: any families, both unless SingleStack.
    if (spec.clusterIP === "None" && selectorless) {
      if ((spec.ipFamilies ?? []).length === 0) spec.ipFamilies = [this.defaultFamily];
      if (spec.ipFamilies!.length < 2 && spec.ipFamilyPolicy !== "SingleStack")
        spec.ipFamilies = [spec.ipFamilies![0]!, otherFamily(spec.ipFamilies![0]!)];
      return;
    }
    if (spec.ipFamilyPolicy === "RequireDualStack" && this.ipsByFamily.size < 2)
      errs.push(fieldErrors.invalid(POLICY, spec.ipFamilyPolicy, "this cluster is not configured for dual-stack services"));
    (spec.ipFamilies ?? []).forEach((family, i) => {
      if (!this.ipsByFamily.has(family as IPFamily))
        errs.push(fieldErrors.invalid(FieldPath.of("spec", "ipFamilies").index(i), family, "not configured on this cluster"));
    });
    if (errs.length > 0) throw invalid(svc, errs);
    if ((spec.ipFamilies ?? []).length === 0) spec.ipFamilies = [this.defaultFamily];
    if (spec.ipFamilyPolicy !== "SingleStack" && spec.ipFamilies!.length === 1 && this.ipsByFamily.size === 2)
      spec.ipFamilies = [spec.ipFamilies![0]!, otherFamily(spec.ipFamilies![0]!)];
  }

  /** upstream's allocClusterIPs: an address per family, the ones named and the rest picked. */
  private async allocClusterIPs(svc: KubeObject, spec: ServiceSpecFields, op: Operation): Promise<void> {
    if (spec.type === "ExternalName") return;
    if ((spec.clusterIPs ?? [])[0] === "None") return;
    const families = (spec.ipFamilies ?? []) as IPFamily[];
    const ips = [...(spec.clusterIPs ?? [])];
    while (ips.length < families.length) ips.push("");
    for (let i = 0; i < families.length; i++) ips[i] = await this.allocIP(svc, spec, families[i]!, ips[i]!, op);
    spec.clusterIPs = ips;
    if (ips.length > 0) spec.clusterIP = ips[0];
  }

  /** One address of a family: the requested one (422 when taken or outside the range) or the next free one. */
  private async allocIP(svc: KubeObject, spec: ServiceSpecFields, family: IPFamily, requested: string, op: Operation): Promise<string> {
    if (requested === "") {
      try {
        return await op.allocateNextIP(family);
      } catch (err) {
        if (err instanceof AllocationError) throw newInternalError(`failed to allocate a serviceIP: ${err.message}`);
        throw err;
      }
    }
    const ip = canonicalIP(requested) ?? requested;
    try {
      await op.allocateIP(family, ip);
    } catch (err) {
      if (err instanceof AllocationError && err.reason !== "RangeMismatch") {
        // Every reason, a network no ServiceCIDR holds included, is the client's (upstream's allocIPs).
        const shown = spec.clusterIPs && spec.clusterIPs.length > 0 ? spec.clusterIPs : [requested];
        throw invalid(svc, [
          fieldErrors.invalid(FieldPath.of("spec", "clusterIPs"), shown, `failed to allocate IP ${requested}: ${err.message}`),
        ]);
      }
      if (err instanceof AllocationError) throw newInternalError(err.message);
      throw err;
    }
    return requested;
  }

  /** upstream's updateClusterIPs: type changes to and from ExternalName, dual-stack upgrades and downgrades. */
  private async updateClusterIPs(svc: KubeObject, spec: ServiceSpecFields, oldSpec: ServiceSpecFields, op: Operation): Promise<void> {
    if (isMatchingPreferDualStack(spec, oldSpec)) return;
    if (oldSpec.type === "ExternalName" && spec.type !== "ExternalName") return this.allocClusterIPs(svc, spec, op);
    if ((oldSpec.clusterIPs ?? [])[0] === "None") return;
    if (oldSpec.type !== "ExternalName" && spec.type === "ExternalName") {
      op.releaseIPs.push(...allocatedClusterIPs(oldSpec));
      return;
    }
    const oldFamilies = oldSpec.ipFamilies ?? [];
    const families = spec.ipFamilies ?? [];
    if (oldFamilies.length === 1 && families.length === 2) {
      const ips = [...(spec.clusterIPs ?? [])];
      if (ips.length < 2) ips.push("");
      ips[1] = await this.allocIP(svc, spec, families[1] as IPFamily, ips[1]!, op);
      spec.clusterIPs = ips;
    } else if (oldFamilies.length === 2 && families.length === 1) {
      const second = (oldSpec.clusterIPs ?? [])[1];
      if (second) op.releaseIPs.push(second);
    }
  }

  /** upstream's initNodePorts / updateNodePorts: ports sharing a port number share a node port. */
  private async initNodePorts(svc: KubeObject, spec: ServiceSpecFields, op: Operation, held: readonly number[]): Promise<void> {
    const ports = spec.ports ?? [];
    const byServicePort = new Map<number, number>();
    const allocateSpecific = async (np: number, i: number): Promise<void> => {
      if (held.includes(np) || op.ports.includes(np)) return;
      try {
        await op.allocatePort(np);
      } catch (err) {
        if (err instanceof AllocationError && err.reason !== "RangeMismatch") {
          throw invalid(svc, [fieldErrors.invalid(FieldPath.of("spec", "ports").index(i).child("nodePort"), np, err.message)]);
        }
        if (err instanceof AllocationError) throw newInternalError(err.message);
        throw err;
      }
    };
    for (let i = 0; i < ports.length; i++) {
      const sp = ports[i]!;
      const requested = sp.nodePort ?? 0;
      if (requested === 0 && !shouldAllocateNodePorts(spec)) continue;
      const already = byServicePort.get(sp.port ?? 0);
      if (already === undefined) {
        // A later port with the same number may name the node port they share.
        const np = requested !== 0 ? requested : (ports.find((p) => p.port === sp.port && (p.nodePort ?? 0) !== 0)?.nodePort ?? 0);
        if (np !== 0) {
          await allocateSpecific(np, i);
          sp.nodePort = np;
          byServicePort.set(sp.port ?? 0, np);
        } else {
          let next: number;
          try {
            next = await op.allocateNextPort();
          } catch (err) {
            if (err instanceof AllocationError) throw newInternalError(`failed to allocate a nodePort: ${err.message}`);
            throw err;
          }
          sp.nodePort = next;
          byServicePort.set(sp.port ?? 0, next);
        }
      } else if (requested !== already) {
        if (requested === 0) sp.nodePort = already;
        else await allocateSpecific(requested, i);
      }
    }
  }

  private async allocHealthCheckNodePort(spec: ServiceSpecFields, op: Operation): Promise<void> {
    const requested = spec.healthCheckNodePort ?? 0;
    try {
      if (requested !== 0) await op.allocatePort(requested);
      else spec.healthCheckNodePort = await op.allocateNextPort();
    } catch (err) {
      if (!(err instanceof AllocationError)) throw err;
      if (requested !== 0) throw newInternalError(`failed to allocate requested HealthCheck NodePort ${requested}: ${err.message}`);
      throw newInternalError(`failed to allocate a HealthCheck NodePort 0: ${err.message}`);
    }
  }

  private async updateHealthCheckNodePort(spec: ServiceSpecFields, oldSpec: ServiceSpecFields, op: Operation): Promise<void> {
    const needed = needsHealthCheck(oldSpec);
    const needs = needsHealthCheck(spec);
    const old = oldSpec.healthCheckNodePort ?? 0;
    if (!needed && needs) {
      await this.allocHealthCheckNodePort(spec, op);
    } else if (needed && !needs) {
      if (old !== 0) op.releasePorts.push(old);
      delete spec.healthCheckNodePort;
    } else if (needed && needs && (spec.healthCheckNodePort ?? 0) === 0) {
      spec.healthCheckNodePort = old;
    }
  }
}

/**
 * upstream's patchAllocatedValues: an update that leaves out allocated values (a PUT of a
 * manifest, an apply) keeps them rather than getting new ones.
 */
function patchAllocatedValues(spec: ServiceSpecFields, oldSpec: ServiceSpecFields): void {
  if (needsClusterIP(oldSpec) && needsClusterIP(spec) && !spec.clusterIP && (spec.clusterIPs ?? []).length === 0 && oldSpec.clusterIP) {
    spec.clusterIP = oldSpec.clusterIP;
    spec.clusterIPs = oldSpec.clusterIPs ? [...oldSpec.clusterIPs] : [oldSpec.clusterIP];
  }
  if (needsNodePorts(oldSpec) && needsNodePorts(spec)) {
    const used = new Map<string, number>();
    for (const p of oldSpec.ports ?? []) if (p.nodePort) used.set(`${p.port}/${p.protocol ?? "TCP"}`, p.nodePort);
    for (const p of spec.ports ?? []) {
      if (p.nodePort) continue;
      const np = used.get(`${p.port}/${p.protocol ?? "TCP"}`);
      if (np) p.nodePort = np;
    }
  }
  if (needsHealthCheck(oldSpec) && needsHealthCheck(spec) && !spec.healthCheckNodePort && oldSpec.healthCheckNodePort) {
    spec.healthCheckNodePort = oldSpec.healthCheckNodePort;
  }
}
