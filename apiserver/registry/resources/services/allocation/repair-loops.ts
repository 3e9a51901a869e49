/**
 * The `start-service-ip-repair-controllers` post-start hook: runs the ClusterIP and NodePort
 * repairs once (the hook finishes only when both succeeded, so the allocations match the Services
 * before the apiserver reports ready), then every interval (upstream: 3 minutes) until shutdown,
 * recording their findings as core/v1 Events. ClusterIPs allocated as IPAddresses are repaired
 * by the IPAddress repair (which also follows every change); otherwise by the bitmap repairs.
 */
import type { Scheme } from "../../../../../runtime/scheme.js";
import type { Storage } from "../../../../storage/interface.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../../../rest.js";
import { formatTime } from "../../../system-fields.js";
import { SECONDARY_SERVICE_IPS_KEY, SERVICE_IPS_KEY, SERVICE_NODE_PORTS_KEY, serviceCIDRs, type ServiceRanges } from "./index.js";
import { PortRange, serviceIPRange } from "./ranges.js";
import type { IPAddressAllocation } from "./ip-address-allocator.js";
import { clusterIPRepair, nodePortRepair, type RangeRepair, type RepairEvent } from "./repair.js";
import { IPAddressRepair } from "./repair-ip.js";

export const SERVICE_REPAIR_HOOK = "start-service-ip-repair-controllers";

/** upstream's repair interval. */
export const DEFAULT_REPAIR_INTERVAL_MS = 3 * 60_000;

export interface ServiceRepairOptions {
  storage: Storage;
  scheme: Scheme;
  ranges: ServiceRanges;
  /** The Services REST storage (listed cluster-wide). */
  services: RESTStorage;
  /** The core/v1 Events REST storage; without it findings are only logged. */
  events?: RESTStorage;
  /** ClusterIPs are IPAddresses (with their storage): repaired by the IPAddress repair, not the bitmaps. */
  ipAddresses?: { allocation: IPAddressAllocation; storage: RESTStorage };
  intervalMs?: number;
  /** How long the hook keeps retrying the first passes before failing (default one minute). */
  initialTimeoutMs?: number;
  log?: (line: string) => void;
  now?: () => Date;
}

let eventCounter = 0n;

/** A Warning Event as client-go's recorder writes it (name: the object's name and a hex timestamp). */
export function repairEventObject(e: RepairEvent, now: Date): KubeObject {
  const meta = e.service.metadata ?? {};
  const stamp = BigInt(now.getTime()) * 1_000_000n + (eventCounter++ % 1_000_000n);
  const time = formatTime(now);
  return {
    apiVersion: "v1",
    kind: "Event",
    metadata: { name: `${meta.name ?? ""}.${stamp.toString(16)}`, namespace: meta.namespace ?? "default" },
    involvedObject: {
      kind: e.service.kind ?? "Service",
      namespace: meta.namespace ?? "",
      name: meta.name ?? "",
      uid: meta.uid ?? "",
      apiVersion: e.service.apiVersion ?? "v1",
      resourceVersion: meta.resourceVersion ?? "",
    },
    reason: e.reason,
    message: e.message,
    source: { component: e.component },
    firstTimestamp: time,
    lastTimestamp: time,
    count: 1,
    type: "Warning",
    action: e.action,
    reportingComponent: e.component,
    reportingInstance: "",
  };
}

/** How many recorded events are remembered for aggregation. */
const MAX_RECORDED_EVENTS = 4096;

/** Adds one to a recorded event's count; false when it is gone (expired or deleted). */
async function bumpEvent(events: RESTStorage, at: { namespace: string; name: string }, now: Date, signal: AbortSignal): Promise<boolean> {
  if (!events.get || !events.update) return false;
  const c = apiserverContext(signal, at.namespace);
  let existing: KubeObject;
  try {
    existing = await events.get.call(events, c, at.name, {});
  } catch (err) {
    if ((err as { status?: { code?: number } }).status?.code === 404) return false;
    throw err;
  }
  const count = typeof existing.count === "number" ? existing.count : 1;
  await events.update.call(events, c, at.name, { ...existing, count: count + 1, lastTimestamp: formatTime(now) }, {});
  return true;
}

/** The repairs over one storage (a ClusterIP one per family, the NodePort one), sharing the Service listing and the Event recorder. */
export function serviceRepairs(
  options: ServiceRepairOptions,
  signal: AbortSignal = new AbortController().signal,
): {
  ips: RangeRepair<string>;
  secondaryIPs?: RangeRepair<string>;
  ports: RangeRepair<number>;
  recordEvent: (e: RepairEvent) => Promise<void>;
} {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const list = options.services.list?.bind(options.services);
  if (!list) throw new Error("the services storage cannot list");
  const listServices = async (): Promise<KubeObject[]> => (await list(apiserverContext(signal), {})).items;
  // Repeats of an event (every pass while a duplicate lasts) bump its count, as client-go's correlator does.
  const recorded = new Map<string, { namespace: string; name: string }>();
  const recordEvent = async (e: RepairEvent): Promise<void> => {
    log(`Event(${e.service.metadata?.namespace}/${e.service.metadata?.name}): type: 'Warning' reason: '${e.reason}' ${e.message}`);
    const events = options.events;
    if (!events?.create) return;
    const key = `${e.service.metadata?.uid ?? ""}\0${e.reason}\0${e.message}`;
    try {
      const seen = recorded.get(key);
      if (seen && (await bumpEvent(events, seen, now(), signal))) return;
      const obj = repairEventObject(e, now());
      await events.create.call(events, apiserverContext(signal, obj.metadata?.namespace), obj, {});
      recorded.set(key, { namespace: obj.metadata!.namespace!, name: obj.metadata!.name! });
      if (recorded.size > MAX_RECORDED_EVENTS) recorded.delete(recorded.keys().next().value!);
    } catch (err) {
      log(
        `unable to record event ${e.reason} for service ${e.service.metadata?.namespace}/${e.service.metadata?.name}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };
  const base = { storage: options.storage, scheme: options.scheme, listServices, recordEvent, log };
  const ranges = serviceCIDRs(options.ranges).map((c) => serviceIPRange(c));
  const families = ranges.map((r) => r.family);
  return {
    ips: clusterIPRepair(SERVICE_IPS_KEY, ranges[0]!, base, true, families),
    ...(ranges[1] && { secondaryIPs: clusterIPRepair(SECONDARY_SERVICE_IPS_KEY, ranges[1], base, false, families) }),
    ports: nodePortRepair(SERVICE_NODE_PORTS_KEY, PortRange.parse(options.ranges.serviceNodePortRange), base),
    recordEvent,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Runs `pass` every interval until the signal aborts, logging failures (upstream's wait.Until). */
async function loop(pass: () => Promise<void>, intervalMs: number, signal: AbortSignal, log: (line: string) => void): Promise<void> {
  while (!signal.aborted) {
    await sleep(intervalMs, signal);
    if (signal.aborted) return;
    try {
      await pass();
    } catch (err) {
      log(err instanceof Error ? err.message : String(err));
    }
  }
}

/** The post-start hook: first passes (retried each second until initialTimeoutMs), then the loops. */
export function serviceRepairHook(options: ServiceRepairOptions): (ctx: { signal: AbortSignal }) => Promise<void> {
  return async ({ signal }) => {
    const log = options.log ?? (() => {});
    const repairs = serviceRepairs(options, signal);
    const deadline = Date.now() + (options.initialTimeoutMs ?? 60_000);
    const ipAddresses = options.ipAddresses;
    const all: { runOnce(): Promise<void> }[] = ipAddresses
      ? [repairs.ports]
      : [repairs.ips, ...(repairs.secondaryIPs ? [repairs.secondaryIPs] : []), repairs.ports];
    if (ipAddresses) {
      signal.addEventListener("abort", () => ipAddresses.allocation.stop(), { once: true });
      const repair = new IPAddressRepair({
        allocation: ipAddresses.allocation,
        services: options.services,
        ipAddresses: ipAddresses.storage,
        recordEvent: repairs.recordEvent,
        log,
        ...(options.now && { now: options.now }),
      });
      if (!(await repair.ready(signal))) return;
      all.unshift(repair);
      repair.watchChanges(signal);
    }
    for (const repair of all) {
      for (;;) {
        try {
          await repair.runOnce();
          break;
        } catch (err) {
          if (signal.aborted) return;
          const why = err instanceof Error ? err.message : String(err);
          if (Date.now() >= deadline) throw new Error(`unable to perform initial IP and Port allocation check: ${why}`, { cause: err });
          log(why);
          await sleep(1000, signal);
        }
      }
    }
    const interval = options.intervalMs ?? DEFAULT_REPAIR_INTERVAL_MS;
    for (const repair of all) void loop(() => repair.runOnce(), interval, signal, log);
  };
}
