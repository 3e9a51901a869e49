/**
 * The ClusterIP and NodePort repair passes (upstream's ipallocator and portallocator repair
 * controllers): rebuild a range's bitmap from every Service, report Services whose value is
 * unallocated, shared or out of range as Warning Events, keep values no Service holds for
 * NUM_REPAIRS_BEFORE_LEAK_CLEANUP passes before freeing them (an allocation may be racing its
 * Service's creation), and write the rebuilt bitmap with compare-and-swap.
 */
import type { Scheme } from "../../../../../runtime/scheme.js";
import { formatIP, parseIP } from "../../../../../runtime/validation/strings.js";
import type { KeyValue, Storage } from "../../../../storage/interface.js";
import type { KubeObject } from "../../../rest.js";
import { AllocationBitmap } from "./bitmap.js";
import { PortRange, serviceIPRange, type AllocationRange, type IPRange } from "./ranges.js";
import { allocatedClusterIPs, collectServiceNodePorts, familyOf, serviceSpec } from "./service-allocator.js";
import { decodeRangeAllocation, encodeRangeAllocation } from "./stored-allocator.js";

/** How many passes must find a value leaked before it is freed (upstream's numRepairsBeforeLeakCleanup). */
export const NUM_REPAIRS_BEFORE_LEAK_CLEANUP = 3;

/** A Warning Event about a Service (or, from the IPAddress repair, an IPAddress). */
export interface RepairEvent {
  /** The involved object (its kind and apiVersion default to a core/v1 Service). */
  service: KubeObject;
  reason: string;
  message: string;
  /** The reporting component (`ipallocator-repair-controller`...). */
  component: string;
  /** What the component was doing (`ClusterIPAllocation`, `PortAllocation`). */
  action: string;
}

export interface RepairOptions {
  storage: Storage;
  scheme: Scheme;
  /** Every Service in the cluster. */
  listServices: () => Promise<KubeObject[]>;
  /** Records an Event (failures are the recorder's to log). */
  recordEvent: (event: RepairEvent) => Promise<void>;
  log?: (line: string) => void;
}

/** The bitmap was written by someone else between reading and writing: run the pass again. */
class RepairConflict extends Error {}

/** What differs between the IP and the port repair. */
interface RepairKind<T> {
  key: string;
  range: AllocationRange<T>;
  parseRange(spec: string): AllocationRange<T>;
  component: string;
  action: string;
  /** The values a Service holds; reports (and skips) ones that are not values at all. */
  valuesOf(svc: KubeObject, report: (reason: string, message: string) => void): T[];
  keyOf(value: T): string;
  notAllocated(value: T): [string, string];
  duplicate(value: T): [string, string];
  outOfRange(value: T): [string, string];
  describe: { mayHaveLeaked(v: T): string; cannotKeep(v: T, why: string): string; leaked(v: T): string };
  logs: {
    notAllocated(v: T, svc: string): string;
    duplicate(v: T, svc: string): string;
    outOfRange(v: T, svc: string): string;
    unableToRefresh: string;
  };
}

function serviceName(svc: KubeObject): string {
  return `${svc.metadata?.namespace ?? ""}/${svc.metadata?.name ?? ""}`;
}

/** One range's repair loop state (the leak counters live across passes). */
export class RangeRepair<T> {
  private readonly leaks = new Map<string, number>();
  private readonly log: (line: string) => void;

  constructor(
    private readonly kind: RepairKind<T>,
    private readonly options: RepairOptions,
  ) {
    this.log = options.log ?? (() => {});
  }

  /** One pass, retried when the bitmap changed while it ran (upstream's RetryOnConflict). */
  async runOnce(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.pass();
        return;
      } catch (err) {
        if (!(err instanceof RepairConflict) || attempt >= 5) throw err;
      }
    }
  }

  private async pass(): Promise<void> {
    const { kind, options } = this;
    // The bitmap first, then the Services: a value allocated in between shows up in a Service
    // but not in the snapshot, and the write below then fails and the pass runs again.
    let kv: KeyValue | undefined;
    try {
      kv = await options.storage.get(kind.key);
    } catch (err) {
      throw new Error(`${kind.logs.unableToRefresh}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const stored = this.storedValues(kv);
    const services = await options.listServices();
    const rebuilt = new AllocationBitmap(kind.range.size, kind.range.offset);
    const events: RepairEvent[] = [];
    const report = (svc: KubeObject, [reason, message]: [string, string]): void => {
      events.push({ service: svc, reason, message, component: kind.component, action: kind.action });
    };
    for (const svc of services) {
      const name = serviceName(svc);
      for (const value of kind.valuesOf(svc, (reason, message) => report(svc, [reason, message]))) {
        const i = kind.range.indexOf(value);
        if (i === undefined) {
          report(svc, kind.outOfRange(value));
          this.log(kind.logs.outOfRange(value, name));
          continue;
        }
        if (!rebuilt.allocate(i)) {
          report(svc, kind.duplicate(value));
          this.log(kind.logs.duplicate(value, name));
          continue;
        }
        if (stored.has(kind.keyOf(value))) {
          stored.delete(kind.keyOf(value));
        } else {
          report(svc, kind.notAllocated(value));
          this.log(kind.logs.notAllocated(value, name));
        }
        this.leaks.delete(kind.keyOf(value));
      }
    }
    // What is left of the snapshot no Service holds.
    for (const [k, value] of stored) {
      let count = this.leaks.get(k);
      if (count === undefined) {
        this.log(kind.describe.mayHaveLeaked(value));
        count = NUM_REPAIRS_BEFORE_LEAK_CLEANUP - 1;
      }
      if (count > 0) {
        // Kept as allocated until the counter runs out.
        this.leaks.set(k, count - 1);
        const i = kind.range.indexOf(value);
        if (i === undefined) this.log(kind.describe.cannotKeep(value, "not in the current range"));
        else rebuilt.allocate(i);
      } else {
        this.leaks.delete(k);
        this.log(kind.describe.leaked(value));
      }
    }
    await this.write(kv, rebuilt);
    for (const e of events) await options.recordEvent(e);
  }

  /** The snapshot's values by key (read with the snapshot's own range, which may be an older one). */
  private storedValues(kv: KeyValue | undefined): Map<string, T> {
    const out = new Map<string, T>();
    if (!kv) return out;
    const snapshot = decodeRangeAllocation(this.options.scheme, kv);
    let range: AllocationRange<T>;
    try {
      range = snapshot.range === "" ? this.kind.range : this.kind.parseRange(snapshot.range);
    } catch (err) {
      throw new Error(`unable to rebuild allocator from snapshot: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const bitmap = new AllocationBitmap(range.size, 0);
    bitmap.restore(snapshot.data);
    bitmap.forEach((i) => {
      const v = range.valueAt(i);
      out.set(this.kind.keyOf(v), v);
    });
    return out;
  }

  private async write(read: KeyValue | undefined, rebuilt: AllocationBitmap): Promise<void> {
    const bytes = encodeRangeAllocation(this.options.scheme, { range: this.kind.range.spec, data: rebuilt.toBytes() });
    await this.options.storage.guaranteedUpdate(
      this.kind.key,
      (current) => {
        if ((current?.modRevision ?? 0) !== (read?.modRevision ?? 0)) throw new RepairConflict();
        return bytes;
      },
      { ignoreNotFound: true },
    );
  }
}

/**
 * The ClusterIP repair (`ipallocator-repair-controller`) of one family's range. The primary
 * range's repair also reports addresses no range holds: invalid ones and those of a family the
 * cluster no longer serves (`configuredFamilies`).
 */
export function clusterIPRepair(
  key: string,
  range: IPRange,
  options: RepairOptions,
  primary = true,
  configuredFamilies: readonly string[] = [range.family],
): RangeRepair<string> {
  const fam = range.family;
  return new RangeRepair<string>(
    {
      key,
      range,
      parseRange: (spec) => serviceIPRange(spec),
      component: "ipallocator-repair-controller",
      action: "ClusterIPAllocation",
      valuesOf(svc, report) {
        const out: string[] = [];
        for (const ip of allocatedClusterIPs(serviceSpec(svc))) {
          const parsed = parseIP(ip);
          const family = familyOf(ip);
          if (!parsed || !family) {
            if (primary) report("ClusterIPNotValid", `Cluster IP ${ip} is not a valid IP; please recreate service`);
            continue;
          }
          if (family === fam) out.push(formatIP(parsed));
          else if (primary && !configuredFamilies.includes(family))
            report(
              "ClusterIPNotValid",
              `Cluster IP ${ip}(${family}) is of ip family that is no longer configured on cluster; please recreate service`,
            );
        }
        return out;
      },
      keyOf: (ip) => ip,
      notAllocated: (ip) => ["ClusterIPNotAllocated", `Cluster IP [${fam}]:${ip} is not allocated; repairing`],
      duplicate: (ip) => [
        "ClusterIPAlreadyAllocated",
        `Cluster IP [${fam}]:${ip} was assigned to multiple services; please recreate service`,
      ],
      outOfRange: (ip) => [
        "ClusterIPOutOfRange",
        `Cluster IP [${fam}]:${ip} is not within the service CIDR ${range.spec}; please recreate service`,
      ],
      describe: {
        mayHaveLeaked: (ip) => `the cluster IP ${ip} may have leaked: flagging for later clean up`,
        cannotKeep: (ip, why) => `the cluster IP ${ip} may have leaked, but can not be allocated: ${why}`,
        leaked: (ip) => `the cluster IP ${ip} appears to have leaked: cleaning up`,
      },
      logs: {
        notAllocated: (ip, svc) => `the cluster IP [${fam}]:${ip} for service ${svc} is not allocated; repairing`,
        duplicate: (ip, svc) => `the cluster IP [${fam}]:${ip} for service ${svc} was assigned to multiple services; please recreate`,
        outOfRange: (ip, svc) =>
          `the cluster IP [${fam}]:${ip} for service ${svc} is not within the service CIDR ${range.spec}; please recreate`,
        unableToRefresh: "unable to refresh the service IP block",
      },
    },
    options,
  );
}

/** The NodePort repair (`portallocator-repair-controller`). */
export function nodePortRepair(key: string, range: PortRange, options: RepairOptions): RangeRepair<number> {
  return new RangeRepair<number>(
    {
      key,
      range,
      parseRange: (spec) => PortRange.parse(spec),
      component: "portallocator-repair-controller",
      action: "PortAllocation",
      valuesOf: (svc) => collectServiceNodePorts(serviceSpec(svc)),
      keyOf: (port) => String(port),
      notAllocated: (port) => ["PortNotAllocated", `Port ${port} is not allocated; repairing`],
      duplicate: (port) => ["PortAlreadyAllocated", `Port ${port} was assigned to multiple services; please recreate service`],
      outOfRange: (port) => ["PortOutOfRange", `Port ${port} is not within the port range ${range.spec}; please recreate service`],
      describe: {
        mayHaveLeaked: (port) => `the node port ${port} may have leaked: flagging for later clean up`,
        cannotKeep: (port, why) => `the node port ${port} may have leaked, but can not be allocated: ${why}`,
        leaked: (port) => `the node port ${port} appears to have leaked: cleaning up`,
      },
      logs: {
        notAllocated: (port, svc) => `the node port ${port} for service ${svc} is not allocated; repairing`,
        duplicate: (port, svc) => `the node port ${port} for service ${svc} was assigned to multiple services; please recreate`,
        outOfRange: (port, svc) => `the port ${port} for service ${svc} is not within the port range ${range.spec}; please recreate`,
        unableToRefresh: "unable to refresh the port allocations",
      },
    },
    options,
  );
}
