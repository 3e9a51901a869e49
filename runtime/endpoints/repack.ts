/**
 * Upstream's RepackSubsets: expands subsets to (address, port) pairs and regroups them so that
 * each subset holds the addresses serving exactly one set of ports. An address is keyed by IP and
 * targetRef uid; one not ready for a port stays not ready there. Addresses sort by IP then uid.
 * Upstream orders ports and subsets by an md5 of Go's memory dump of them, which nothing outside
 * Go can reproduce; here they sort by a stable rendering instead, so equal inputs still repack
 * to equal outputs, which is what the controller's no-op check needs.
 */
import type { EndpointAddress, EndpointPort, EndpointSubset } from "../../api/core/v1/endpoints.js";

const addressKey = (a: EndpointAddress): string => `${a.ip}\u0000${a.targetRef?.uid ?? ""}`;
const portKey = (p: EndpointPort): string => JSON.stringify([p.name ?? "", p.port, p.protocol ?? "", p.appProtocol ?? null]);

/** Upstream's LessEndpointAddress: by IP bytes, then an address without targetRef first, then by uid. */
export function compareEndpointAddresses(a: EndpointAddress, b: EndpointAddress): number {
  if (a.ip !== b.ip) return a.ip < b.ip ? -1 : 1;
  if (!b.targetRef) return a.targetRef ? 1 : 0;
  if (!a.targetRef) return -1;
  const ua = a.targetRef.uid ?? "";
  const ub = b.targetRef.uid ?? "";
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

const NO_PORT: EndpointPort = { port: -1 };

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  const addresses = new Map<string, EndpointAddress>();
  // port key -> (address key -> ready)
  const byPort = new Map<string, { port: EndpointPort; ready: Map<string, boolean> }>();
  const record = (addr: EndpointAddress, port: EndpointPort, ready: boolean): void => {
    const ak = addressKey(addr);
    if (!addresses.has(ak)) addresses.set(ak, { ...addr });
    const pk = portKey(port);
    let entry = byPort.get(pk);
    if (!entry) byPort.set(pk, (entry = { port: { ...port }, ready: new Map() }));
    // Not ready wins over ready.
    if (entry.ready.get(ak) !== false) entry.ready.set(ak, ready);
  };
  for (const ss of subsets) {
    // A subset without ports (a headless Service's) keeps its addresses under a sentinel port.
    const ports = ss.ports?.length ? ss.ports : [NO_PORT];
    for (const port of ports) {
      for (const a of ss.addresses ?? []) record(a, port, true);
      for (const a of ss.notReadyAddresses ?? []) record(a, port, false);
    }
  }
  // Ports that share the same (address, readiness) set make one subset.
  const groups = new Map<string, { ready: Map<string, boolean>; ports: EndpointPort[] }>();
  for (const { port, ready } of byPort.values()) {
    const key = JSON.stringify([...ready.entries()].sort(([a], [b]) => byString(a, b)));
    const group = groups.get(key);
    if (group) group.ports.push(port);
    else groups.set(key, { ready, ports: [port] });
  }
  const result: EndpointSubset[] = [];
  for (const { ready, ports } of groups.values()) {
    const subset: EndpointSubset = {};
    const readyAddrs: EndpointAddress[] = [];
    const notReady: EndpointAddress[] = [];
    for (const [ak, isReady] of ready) (isReady ? readyAddrs : notReady).push(addresses.get(ak)!);
    if (readyAddrs.length) subset.addresses = readyAddrs;
    if (notReady.length) subset.notReadyAddresses = notReady;
    if (!(ports.length === 1 && ports[0]!.port === NO_PORT.port)) subset.ports = ports;
    result.push(subset);
  }
  return sortSubsets(result);
}

/** Sorts addresses and ports inside each subset, then the subsets, all in place; returns `subsets`. */
export function sortSubsets(subsets: EndpointSubset[]): EndpointSubset[] {
  for (const ss of subsets) {
    ss.addresses?.sort(compareEndpointAddresses);
    ss.notReadyAddresses?.sort(compareEndpointAddresses);
    ss.ports?.sort((a, b) => byString(portKey(a), portKey(b)));
  }
  const keys = new Map(subsets.map((ss) => [ss, JSON.stringify(ss)]));
  return subsets.sort((a, b) => byString(keys.get(a)!, keys.get(b)!));
}
