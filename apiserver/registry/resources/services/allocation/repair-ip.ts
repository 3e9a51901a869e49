/**
 * The ClusterIP repair over IPAddress objects (upstream's ipallocator/controller/repairip.go,
 * `ipallocator-repair-controller`): every ClusterIP of a Service has an IPAddress referencing it
 * (a missing one is created, a wrong one recreated, each reported as a Warning Event); an
 * IPAddress the allocator made whose Service is gone is deleted once it is older than the grace
 * period (a create may still be on its way), one referencing another object or a Service that
 * does not hold it is deleted. A full pass first, then every Service and IPAddress change.
 */
import { serviceCIDRsContaining, type ServiceCIDRLike } from "../../../../../runtime/net/cidr-range.js";
import { isNotFound } from "../../../../../runtime/rest/errors.js";
import { formatIP, parseIP } from "../../../../../runtime/validation/strings.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../../../rest.js";
import {
  DEFAULT_SERVICE_CIDR_NAME,
  IP_ALLOCATOR_MANAGER,
  IP_FAMILY_LABEL,
  ipAddressObject,
  MANAGED_BY_LABEL,
  type IPAddressAllocation,
} from "./ip-address-allocator.js";
import { ObjectCache, objectKey } from "./object-cache.js";
import type { RepairEvent } from "./repair.js";
import { allocatedClusterIPs, familyOf, serviceSpec } from "./service-allocator.js";

const COMPONENT = "ipallocator-repair-controller";
/** upstream's grace before an IPAddress without its Service is deleted (the apiserver's request timeout). */
export const LEAK_GRACE_PERIOD_MS = 60_000;

export interface IPAddressRepairOptions {
  allocation: IPAddressAllocation;
  services: RESTStorage;
  ipAddresses: RESTStorage;
  recordEvent: (event: RepairEvent) => Promise<void>;
  log?: (line: string) => void;
  now?: () => Date;
  gracePeriodMs?: number;
}

interface ParentRef {
  group?: string;
  resource?: string;
  namespace?: string;
  name?: string;
}

function parentRefOf(ip: KubeObject): ParentRef {
  return (ip.spec as { parentRef?: ParentRef } | undefined)?.parentRef ?? {};
}

function managedByAllocator(ip: KubeObject): boolean {
  return ip.metadata?.labels?.[MANAGED_BY_LABEL] === IP_ALLOCATOR_MANAGER;
}

/** Go's %v of a ParentReference value: `{group resource namespace name}`. */
function formatRef(ref: ParentRef): string {
  return `{${ref.group ?? ""} ${ref.resource ?? ""} ${ref.namespace ?? ""} ${ref.name ?? ""}}`;
}

export class IPAddressRepair {
  readonly services: ObjectCache;
  private readonly log: (line: string) => void;
  private readonly now: () => Date;
  private readonly grace: number;
  private readonly pending = new Set<string>();
  private draining = false;
  private signal: AbortSignal = new AbortController().signal;

  constructor(private readonly options: IPAddressRepairOptions) {
    this.log = options.log ?? (() => {});
    this.now = options.now ?? (() => new Date());
    this.grace = options.gracePeriodMs ?? LEAK_GRACE_PERIOD_MS;
    this.services = new ObjectCache(options.services, this.log);
  }

  private get addresses(): ObjectCache {
    return this.options.allocation.addresses;
  }

  private ctx() {
    return apiserverContext(this.signal);
  }

  /** Caches synced and the `kubernetes` ServiceCIDR seen (as upstream waits for it). */
  async ready(signal: AbortSignal): Promise<boolean> {
    this.signal = signal;
    await Promise.all([this.services.synced(), this.addresses.synced(), this.options.allocation.serviceCIDRs.synced()]);
    while (!this.options.allocation.serviceCIDRs.has(DEFAULT_SERVICE_CIDR_NAME)) {
      if (signal.aborted) return false;
      await new Promise((r) => setTimeout(r, 100).unref());
    }
    return true;
  }

  /** Every Service, then every IPAddress the allocator made. */
  async runOnce(): Promise<void> {
    for (const svc of [...this.services.values()]) await this.syncService(objectKey(svc));
    for (const ip of [...this.addresses.values()]) if (managedByAllocator(ip)) await this.syncIPAddress(ip.metadata?.name ?? "");
  }

  /** After the first pass: every change of a Service or an IPAddress is checked (queued, one at a time). */
  watchChanges(signal: AbortSignal): void {
    const offServices = this.services.onChange((_t, svc) => this.enqueue(`svc:${objectKey(svc)}`));
    const offAddresses = this.addresses.onChange((_t, ip) => this.enqueue(`ip:${ip.metadata?.name ?? ""}`));
    signal.addEventListener(
      "abort",
      () => {
        offServices();
        offAddresses();
        this.services.stop();
      },
      { once: true },
    );
  }

  private enqueue(item: string, afterMs = 0): void {
    if (afterMs > 0) {
      setTimeout(() => this.enqueue(item), afterMs).unref();
      return;
    }
    this.pending.add(item);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.size > 0 && !this.signal.aborted) {
        const item = this.pending.values().next().value!;
        this.pending.delete(item);
        try {
          if (item.startsWith("svc:")) await this.syncService(item.slice(4));
          else await this.syncIPAddress(item.slice(3));
        } catch (err) {
          if (this.signal.aborted) return;
          this.log(`Error syncing ${item}, retrying: ${err instanceof Error ? err.message : String(err)}`);
          this.enqueue(item, 1000);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private event(involved: KubeObject, reason: string, message: string): Promise<void> {
    const isService = involved.metadata?.namespace !== undefined && involved.metadata.namespace !== "";
    const typed = isService
      ? { ...involved, apiVersion: "v1", kind: "Service" }
      : { ...involved, apiVersion: "networking.k8s.io/v1", kind: "IPAddress" };
    return this.options.recordEvent({ service: typed, reason, message, component: COMPONENT, action: actionOf(typed) });
  }

  /** A Service's ClusterIPs each have an IPAddress referencing it. */
  async syncService(key: string): Promise<void> {
    const svc = this.services.get(key);
    if (!svc) return;
    const ns = svc.metadata?.namespace ?? "";
    const name = svc.metadata?.name ?? "";
    for (const clusterIP of allocatedClusterIPs(serviceSpec(svc))) {
      const parsed = parseIP(clusterIP);
      if (!parsed) {
        await this.event(svc, "ClusterIPNotValid", `Cluster IP ${clusterIP} is not a valid IP; please recreate Service`);
        this.log(`the ClusterIP ${clusterIP} for Service ${ns}/${name} is not a valid IP; please recreate Service`);
        continue;
      }
      const ip = formatIP(parsed);
      const family = familyOf(ip);
      if (serviceCIDRsContaining([...this.options.allocation.serviceCIDRs.values()] as ServiceCIDRLike[], ip).length === 0) {
        await this.event(
          svc,
          "ClusterIPOutOfRange",
          `Cluster IP [${family}]: ${ip} is not within any configured Service CIDR; please recreate service`,
        );
        this.log(`the ClusterIP [${family}]: ${ip} for Service ${ns}/${name} is not within any service CIDR; please recreate`);
        continue;
      }
      const address = this.addresses.get(ip);
      if (!address) {
        await this.event(svc, "ClusterIPNotAllocated", `Cluster IP [${family}]: ${ip} is not allocated; repairing`);
        this.log(`the ClusterIP [${family}]: ${ip} for Service ${ns}/${name} is not allocated; repairing`);
        await this.create(ip, svc);
        continue;
      }
      const ref = parentRefOf(address);
      const wrongKind = (ref.group ?? "") !== "" || ref.resource !== "services";
      const otherService = !wrongKind && ((ref.namespace ?? "") !== ns || ref.name !== name);
      const holder = otherService ? this.services.get(ref.namespace ? `${ref.namespace}/${ref.name ?? ""}` : (ref.name ?? "")) : undefined;
      // Not a Service's, or a Service's that is gone: the address is this one's again.
      if (wrongKind || (otherService && !holder)) {
        await this.event(
          svc,
          "ClusterIPNotAllocated",
          `the ClusterIP [${family}]: ${ip} for Service ${ns}/${name} has a wrong reference; repairing`,
        );
        await this.recreate(ip, svc);
        continue;
      }
      if (holder) {
        // Two Services hold the address: reported, the IPAddress left to the one it names.
        if (allocatedClusterIPs(serviceSpec(holder)).includes(ip)) {
          await this.event(
            svc,
            "ClusterIPAlreadyAllocated",
            `Cluster IP [${family}]:${ip} was assigned to multiple services; please recreate service`,
          );
          this.log(
            `the cluster IP [${family}]:${ip} for service ${ns}/${name} was assigned to other services ${ref.namespace ?? ""}/${ref.name ?? ""}; please recreate`,
          );
        }
      }
      const labels = address.metadata?.labels ?? {};
      if (labels[IP_FAMILY_LABEL] !== family || labels[MANAGED_BY_LABEL] !== IP_ALLOCATOR_MANAGER) await this.recreate(ip, svc);
    }
  }

  /** An IPAddress the allocator made references a live Service that holds it. */
  async syncIPAddress(name: string): Promise<void> {
    const address = this.addresses.get(name);
    if (!address || !managedByAllocator(address)) return;
    const ref = parentRefOf(address);
    if ((ref.group ?? "") !== "" || ref.resource !== "services") {
      const message = `IPAddress ${name} appears to have been modified, not referencing a Service ${formatRef(ref)}: cleaning up`;
      this.log(message);
      await this.event(address, "IPAddressNotAllocated", message);
      await this.delete(name);
      return;
    }
    const svc = this.services.get(ref.namespace ? `${ref.namespace}/${ref.name ?? ""}` : (ref.name ?? ""));
    const created = Date.parse(address.metadata?.creationTimestamp ?? "");
    const lifetime = this.now().getTime() - (Number.isNaN(created) ? 0 : created);
    if (!svc) {
      if (lifetime > this.grace) {
        this.log(`IPAddress ${name} appears to have leaked: cleaning up`);
        await this.event(
          address,
          "IPAddressNotAllocated",
          `IPAddress: ${name} for Service ${ref.namespace ?? ""}/${ref.name ?? ""} appears to have leaked: cleaning up`,
        );
        await this.delete(name);
        return;
      }
      this.enqueue(`ip:${name}`, this.grace - lifetime + 1);
      return;
    }
    if (allocatedClusterIPs(serviceSpec(svc)).includes(name)) return;
    // An update allocates before it stores the Service (a dual-stack upgrade): a young IPAddress
    // gets the same grace as one whose Service is still being created.
    if (lifetime <= this.grace) {
      this.enqueue(`ip:${name}`, this.grace - lifetime + 1);
      return;
    }
    this.log(
      `the IPAddress: ${name} for Service ${svc.metadata?.name ?? ""}/${svc.metadata?.namespace ?? ""} has a wrong reference ${formatRef(ref)}; cleaning up`,
    );
    await this.event(
      address,
      "IPAddressWrongReference",
      `IPAddress: ${name} for Service ${svc.metadata?.namespace ?? ""}/${svc.metadata?.name ?? ""} has a wrong reference; cleaning up`,
    );
    await this.delete(name);
  }

  private async create(ip: string, svc: KubeObject): Promise<void> {
    const storage = this.options.ipAddresses;
    const obj = ipAddressObject(ip, familyOf(ip) ?? "IPv4", { namespace: svc.metadata?.namespace ?? "", name: svc.metadata?.name ?? "" });
    const created = await storage.create!.call(storage, this.ctx(), obj, {});
    this.addresses.observe("ADDED", created);
  }

  private async delete(name: string): Promise<void> {
    const storage = this.options.ipAddresses;
    try {
      await storage.delete!.call(storage, this.ctx(), name, {});
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    this.addresses.observe("DELETED", { metadata: { name } });
  }

  private async recreate(ip: string, svc: KubeObject): Promise<void> {
    await this.delete(ip);
    await this.create(ip, svc);
  }
}

function actionOf(involved: KubeObject): string {
  return involved.kind === "IPAddress" ? "IPAddressAllocation" : "ClusterIPAllocation";
}
