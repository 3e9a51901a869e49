/**
 * What a Service write asks of the allocators (upstream's service REST allocation): a ClusterIP
 * unless headless or ExternalName, NodePorts for NodePort and LoadBalancer Services, a health
 * check NodePort for LoadBalancers with externalTrafficPolicy Local; type changes allocate and
 * release. Each write gets a transaction: revert frees what it allocated (the object was not
 * stored), commit frees what it gave up (the object was stored).
 */
import { newInternalError } from "../../../../../runtime/rest/errors.js";
import { formatIP, parseIP } from "../../../../../runtime/validation/strings.js";
import type { KubeObject } from "../../../rest.js";
import { fieldErrors, FieldPath, invalidError, type FieldError } from "../../../validation/field.js";
import { AllocationError, type StoredAllocator } from "./stored-allocator.js";

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

/** The ClusterIP it holds, when it holds one. */
export function allocatedClusterIP(spec: ServiceSpecFields): string | undefined {
  if (spec.type === "ExternalName") return undefined;
  const ip = spec.clusterIPs?.[0] ?? spec.clusterIP;
  return ip && ip !== "None" ? ip : undefined;
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
  readonly releaseIPs: string[] = [];
  readonly releasePorts: number[] = [];
  private done = false;

  constructor(
    private readonly alloc: ServiceAllocators,
    readonly dryRun: boolean,
  ) {}

  async allocateIP(ip: string): Promise<void> {
    await this.alloc.ips.allocate(ip, this.dryRun);
    this.ips.push(ip);
  }

  async allocateNextIP(): Promise<string> {
    const ip = await this.alloc.ips.allocateNext(this.dryRun);
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
  for (const ip of ips) await alloc.ips.release(ip);
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

/** The Service allocators of one apiserver: the ClusterIP range and the NodePort range. */
export class ServiceAllocators {
  constructor(
    readonly ips: StoredAllocator<string>,
    readonly ports: StoredAllocator<number>,
  ) {}

  /** Allocates what a new Service needs, filling spec.clusterIP(s) and nodePorts. */
  async allocateCreate(svc: KubeObject, dryRun: boolean): Promise<AllocationTransaction> {
    const op = new Operation(this, dryRun);
    try {
      const spec = serviceSpec(svc);
      if (!this.checkFamilies(svc, spec)) return op;
      if (needsClusterIP(spec)) await this.allocClusterIP(svc, spec, op);
      if (needsNodePorts(spec)) await this.initNodePorts(svc, spec, op, []);
      if (needsHealthCheck(spec)) await this.allocHealthCheckNodePort(spec, op);
      return op;
    } catch (err) {
      await op.revert();
      throw err;
    }
  }

  /** Allocates and releases what an update changes (type changes, new node ports). */
  async allocateUpdate(svc: KubeObject, old: KubeObject, dryRun: boolean): Promise<AllocationTransaction> {
    const op = new Operation(this, dryRun);
    try {
      const spec = serviceSpec(svc);
      const oldSpec = serviceSpec(old);
      if (!this.checkFamilies(svc, spec)) return op;
      patchAllocatedValues(spec, oldSpec);
      // ClusterIPs: allocated when leaving ExternalName, released when becoming it; otherwise immutable.
      if (oldSpec.type === "ExternalName" && spec.type !== "ExternalName") {
        if (needsClusterIP(spec)) await this.allocClusterIP(svc, spec, op);
      } else if (spec.type === "ExternalName") {
        const oldIP = allocatedClusterIP(oldSpec);
        if (oldIP) op.releaseIPs.push(oldIP);
      }
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
    const ip = allocatedClusterIP(spec);
    if (ip) {
      const canonical = canonicalIP(ip);
      if (canonical) await this.ips.release(canonical);
    }
    for (const port of collectServiceNodePorts(spec)) await this.ports.release(port);
  }

  /**
   * Families this cluster cannot serve are refused (only IPv4 is configured); false when an
   * address does not parse, leaving the report to validation.
   */
  private checkFamilies(svc: KubeObject, spec: ServiceSpecFields): boolean {
    if (spec.type === "ExternalName") return true;
    const ips = spec.clusterIPs ?? (spec.clusterIP ? [spec.clusterIP] : []);
    if (ips.some((ip, i) => !(i === 0 && ip === "None") && !parseIP(ip))) return false;
    const headlessSelectorless = ips[0] === "None" && Object.keys(spec.selector ?? {}).length === 0;
    if (headlessSelectorless) return true;
    const errs: FieldError[] = [];
    if (spec.ipFamilyPolicy === "RequireDualStack") {
      errs.push(
        fieldErrors.invalid(
          FieldPath.of("spec", "ipFamilyPolicy"),
          spec.ipFamilyPolicy,
          "this cluster is not configured for dual-stack services",
        ),
      );
    }
    (spec.ipFamilies ?? []).forEach((family, i) => {
      if (family !== "IPv4")
        errs.push(fieldErrors.invalid(FieldPath.of("spec", "ipFamilies").index(i), family, "not configured on this cluster"));
    });
    if (errs.length > 0) throw invalid(svc, errs);
    return true;
  }

  private async allocClusterIP(svc: KubeObject, spec: ServiceSpecFields, op: Operation): Promise<void> {
    const requested = spec.clusterIPs?.[0] ?? spec.clusterIP ?? "";
    if (requested === "") {
      let ip: string;
      try {
        ip = await op.allocateNextIP();
      } catch (err) {
        if (err instanceof AllocationError) throw newInternalError(`failed to allocate a serviceIP: ${err.message}`);
        throw err;
      }
      spec.clusterIP = ip;
      spec.clusterIPs = [ip];
      return;
    }
    const ip = canonicalIP(requested) ?? requested;
    try {
      await op.allocateIP(ip);
    } catch (err) {
      if (err instanceof AllocationError && err.reason !== "RangeMismatch") {
        const shown = spec.clusterIPs && spec.clusterIPs.length > 0 ? spec.clusterIPs : [requested];
        throw invalid(svc, [fieldErrors.invalid(FieldPath.of("spec", "clusterIPs"), shown, `failed to allocate IP ${ip}: ${err.message}`)]);
      }
      if (err instanceof AllocationError) throw newInternalError(err.message);
      throw err;
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
