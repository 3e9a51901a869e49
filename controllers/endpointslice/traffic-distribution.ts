/**
 * Hints for `spec.trafficDistribution`, as upstream's k8s.io/endpointslice trafficdist:
 * PreferSameZone (and the deprecated PreferClose) hint each ready endpoint to its own zone,
 * PreferSameNode to its zone and node; any other value, or none, clears every hint. Slices the
 * reconciler leaves unchanged are rewritten only when a hint is missing, wrong or stale.
 */
import type { Endpoint, EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import { copyJSON } from "../../runtime/deepcopy.js";

const CLOSE = new Set(["PreferClose", "PreferSameZone", "PreferSameNode"]);

/** The hints one endpoint should carry, or undefined for none. */
type Want = (ep: Endpoint) => Endpoint["hints"];

const ready = (ep: Endpoint): boolean => ep.conditions?.ready === true;

function sameHints(a: Endpoint["hints"], b: Endpoint["hints"]): boolean {
  const names = (list: { name: string }[] | undefined): string => (list ?? []).map((x) => x.name).join("\u0000");
  return (a === undefined) === (b === undefined) && names(a?.forZones) === names(b?.forZones) && names(a?.forNodes) === names(b?.forNodes);
}

function wantFor(trafficDistribution: string | undefined): { want: Want; readyOnly: boolean } {
  if (trafficDistribution === undefined || !CLOSE.has(trafficDistribution)) return { want: () => undefined, readyOnly: false };
  const nodes = trafficDistribution === "PreferSameNode";
  return {
    readyOnly: true,
    want: (ep) => {
      const forZones = ep.zone !== undefined ? [{ name: ep.zone }] : undefined;
      const forNodes = nodes && ep.nodeName !== undefined ? [{ name: ep.nodeName }] : undefined;
      return forZones || forNodes ? { ...(forZones && { forZones }), ...(forNodes && { forNodes }) } : undefined;
    },
  };
}

/** Whether some endpoint the heuristic looks at carries other hints than it wants. */
function needsUpdate(slice: EndpointSlice, want: Want, readyOnly: boolean): boolean {
  return (slice.endpoints ?? []).some((ep) => (!readyOnly || ready(ep)) && !sameHints(ep.hints, want(ep)));
}

function setHints(slice: EndpointSlice, want: Want, readyOnly: boolean): void {
  for (const ep of slice.endpoints ?? []) {
    if (readyOnly && !ready(ep)) continue;
    const hints = want(ep);
    if (hints) ep.hints = hints;
    else delete ep.hints;
  }
}

/**
 * Sets the hints on the slices to create and update (in place), and moves unchanged slices whose
 * hints are out of date into the updates (as copies: those are the informer's objects).
 */
export function reconcileHints(
  trafficDistribution: string | undefined,
  create: EndpointSlice[],
  update: EndpointSlice[],
  unchanged: readonly EndpointSlice[],
): void {
  const { want, readyOnly } = wantFor(trafficDistribution);
  for (const slice of unchanged) if (needsUpdate(slice, want, readyOnly)) update.push(copyJSON(slice));
  for (const slice of [...create, ...update]) setHints(slice, want, readyOnly);
}

/** Drops every hint (the default heuristic): slices to write in place, unchanged ones holding a hint moved into the updates. */
export function clearHints(create: EndpointSlice[], update: EndpointSlice[], unchanged: readonly EndpointSlice[]): void {
  reconcileHints(undefined, create, update, unchanged);
}
