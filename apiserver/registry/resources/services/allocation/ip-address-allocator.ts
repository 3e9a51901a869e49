/**
 * ClusterIP allocation through networking.k8s.io/v1 objects (upstream's ipallocator.Allocator
 * and MetaAllocator, KEP-1880): an allocated address is an IPAddress named by it, labelled with
 * its family and `managed-by: ipallocator.k8s.io`, whose parentRef is the Service; its create
 * conflicting is "already allocated", and release deletes it. The ranges are those of every
 * ServiceCIDR (Ready and not being deleted to allocate from; any to release from), most specific
 * first. ServiceCIDRs and IPAddresses are read from in-process informers, never listed per
 * allocation. Until the `kubernetes` ServiceCIDR exists, the flag's CIDRs stand in for it (it is
 * the apiserver's own post-start hook that creates it).
 */
import { addressOf, CIDRRange, isServiceCIDRReady, type IPFamily, type ServiceCIDRLike } from "../../../../../runtime/net/cidr-range.js";
import { isAlreadyExists, isNotFound } from "../../../../../runtime/rest/errors.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../../../rest.js";
import { ObjectCache } from "./object-cache.js";
import type { ClusterIPAllocator, ServiceRef } from "./service-allocator.js";
import { AllocationError } from "./stored-allocator.js";

export const IP_FAMILY_LABEL = "ipaddress.kubernetes.io/ip-family";
export const MANAGED_BY_LABEL = "ipaddress.kubernetes.io/managed-by";
/** upstream's ipallocator.ControllerName, the managed-by value of the allocator's IPAddresses. */
export const IP_ALLOCATOR_MANAGER = "ipallocator.k8s.io";
export const DEFAULT_SERVICE_CIDR_NAME = "kubernetes";

const FULL = "range is full";
const MISMATCHED = "the provided network does not match the current range";

/** The IPAddress the allocator writes for `ip` held by `owner`. */
export function ipAddressObject(ip: string, family: IPFamily, owner: ServiceRef): KubeObject {
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "IPAddress",
    metadata: { name: ip, labels: { [IP_FAMILY_LABEL]: family, [MANAGED_BY_LABEL]: IP_ALLOCATOR_MANAGER } },
    spec: { parentRef: { group: "", resource: "services", namespace: owner.namespace, name: owner.name } },
  };
}

export interface IPAddressAllocationOptions {
  ipAddresses: RESTStorage;
  serviceCIDRs: RESTStorage;
  /** `--service-cluster-ip-range`'s CIDRs: the `kubernetes` ServiceCIDR's until it exists. */
  defaultCIDRs: readonly string[];
  log?: (line: string) => void;
  random?: () => number;
}

interface RangeState {
  range: CIDRRange;
  ready: boolean;
}

/** The allocators of both families over one apiserver's IPAddress and ServiceCIDR storages. */
export class IPAddressAllocation {
  readonly addresses: ObjectCache;
  readonly serviceCIDRs: ObjectCache;
  private readonly log: (line: string) => void;
  private readonly random: () => number;
  private view: { version: number; byFamily: Map<IPFamily, RangeState[]> } | undefined;

  constructor(private readonly options: IPAddressAllocationOptions) {
    this.log = options.log ?? (() => {});
    this.random = options.random ?? Math.random;
    this.addresses = new ObjectCache(options.ipAddresses, this.log);
    this.serviceCIDRs = new ObjectCache(options.serviceCIDRs, this.log);
  }

  forFamily(family: IPFamily): ClusterIPAllocator {
    return {
      family,
      allocate: (ip, owner, dryRun) => this.allocate(family, ip, owner, dryRun),
      allocateNext: (owner, dryRun) => this.allocateNext(family, owner, dryRun),
      release: (ip) => this.release(ip),
    };
  }

  stop(): void {
    this.addresses.stop();
    this.serviceCIDRs.stop();
  }

  private async synced(): Promise<void> {
    await Promise.all([this.addresses.synced(), this.serviceCIDRs.synced()]);
  }

  /**
   * The ranges of a family, most specific first (then by address): one per distinct CIDR,
   * ready when a ServiceCIDR holding it is Ready and not being deleted.
   */
  ranges(family: IPFamily): RangeState[] {
    const version = this.serviceCIDRs.version;
    if (this.view?.version !== version) {
      const byCIDR = new Map<string, RangeState>();
      const add = (sc: ServiceCIDRLike) => {
        const ready = isServiceCIDRReady(sc) && !sc.metadata?.deletionTimestamp;
        for (const c of sc.spec?.cidrs ?? []) {
          const range = CIDRRange.parse(c);
          if (!range) continue;
          const known = byCIDR.get(range.cidr);
          if (known) known.ready ||= ready;
          else byCIDR.set(range.cidr, { range, ready });
        }
      };
      for (const sc of this.serviceCIDRs.values()) add(sc);
      if (!this.serviceCIDRs.has(DEFAULT_SERVICE_CIDR_NAME)) add({ spec: { cidrs: [...this.options.defaultCIDRs] } });
      const byFamily = new Map<IPFamily, RangeState[]>();
      for (const s of byCIDR.values()) byFamily.set(s.range.family, [...(byFamily.get(s.range.family) ?? []), s]);
      for (const list of byFamily.values())
        list.sort(
          (a, b) => b.range.prefix - a.range.prefix || (a.range.network < b.range.network ? -1 : a.range.network > b.range.network ? 1 : 0),
        );
      this.view = { version, byFamily };
    }
    return this.view.byFamily.get(family) ?? [];
  }

  /** Reserves a named address: MismatchedNetwork when no ready range holds it, Allocated when its IPAddress exists. */
  async allocate(family: IPFamily, ip: string, owner: ServiceRef, dryRun: boolean): Promise<void> {
    await this.synced();
    const addr = addressOf(ip);
    const state = addr && this.ranges(family).find((s) => s.ready && s.range.contains(addr.family, addr.value));
    if (!addr || !state) throw new AllocationError("MismatchedNetwork", MISMATCHED);
    if (dryRun) return;
    if (!(await this.create(state.range.text(addr.value), family, owner)))
      throw new AllocationError("Allocated", "provided IP is already allocated");
  }

  /** A free address of the first ready range with one (upper part first, from a random start, as upstream). */
  async allocateNext(family: IPFamily, owner: ServiceRef, dryRun: boolean): Promise<string> {
    await this.synced();
    const ready = this.ranges(family).filter((s) => s.ready);
    // upstream's dry run does not look for a free address: it answers the range's network address.
    if (dryRun) {
      if (ready.length === 0) throw new AllocationError("Full", FULL);
      return ready[0]!.range.text(ready[0]!.range.network);
    }
    for (const { range } of ready) {
      const ip =
        (await this.allocateFrom(range, range.offsetAddress, range.last, family, owner)) ??
        (range.offsetAddress > range.first
          ? await this.allocateFrom(range, range.first, range.offsetAddress - 1n, family, owner)
          : undefined);
      if (ip !== undefined) return ip;
    }
    throw new AllocationError("Full", FULL);
  }

  /** Walks [from, to] from a random start, wrapping, trying each address the cache does not know. */
  private async allocateFrom(range: CIDRRange, from: bigint, to: bigint, family: IPFamily, owner: ServiceRef): Promise<string | undefined> {
    if (to < from) return undefined;
    const size = to - from + 1n;
    const start =
      BigInt(Math.floor(this.random() * Number(size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : size))) % size;
    for (let k = 0n; k < size; k++) {
      const ip = range.text(from + ((start + k) % size));
      if (this.addresses.has(ip)) continue;
      // Another apiserver (or a racing write) may have taken it since the cache heard: try the next.
      if (await this.create(ip, family, owner)) return ip;
      this.log(`mid-air collision trying to allocate IP ${ip} that already exists, retrying ...`);
    }
    return undefined;
  }

  /** Creates the IPAddress; false when it exists. */
  private async create(ip: string, family: IPFamily, owner: ServiceRef): Promise<boolean> {
    const storage = this.options.ipAddresses;
    try {
      const created = await storage.create!.call(
        storage,
        apiserverContext(new AbortController().signal),
        ipAddressObject(ip, family, owner),
        {},
      );
      this.addresses.observe("ADDED", created);
      return true;
    } catch (err) {
      if (isAlreadyExists(err)) return false;
      throw err;
    }
  }

  /** Deletes the address's IPAddress when a range (ready or not) holds it; failures are logged, as upstream. */
  async release(ip: string): Promise<void> {
    await this.synced();
    const addr = addressOf(ip);
    if (!addr) return;
    const range = this.ranges(addr.family).find((s) => s.range.contains(addr.family, addr.value))?.range;
    if (!range) return;
    const name = range.text(addr.value);
    const storage = this.options.ipAddresses;
    try {
      const out = await storage.delete!.call(storage, apiserverContext(new AbortController().signal), name, {});
      this.addresses.observe("DELETED", out.object.kind === "IPAddress" ? out.object : { metadata: { name } });
    } catch (err) {
      if (!isNotFound(err)) this.log(`error releasing ip ${name} : ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
