/**
 * The Available condition of APIServices, as upstream's local and remote availability
 * controllers keep it: local ones are always available; a remote one is available when its
 * Service resolves to an endpoint and GET /apis/<group>/<version> there answers 2xx or 3xx
 * (as system:kube-aggregator in system:masters), with upstream's reasons and messages otherwise.
 * Each pass writes the status only when it changed.
 */
import type { APIService } from "./apiservices.js";
import { isRemote } from "./apiservices.js";
import { authority, resolveAPIService, type Endpoint, type ServiceLookup } from "./resolve.js";

export interface AvailableCondition {
  type: "Available";
  status: "True" | "False" | "Unknown";
  reason: string;
  message: string;
  lastTransitionTime?: string;
}

/** GETs `path` at the endpoint; resolves with the status code, rejects with Go's client error text. */
export type Probe = (apiService: APIService, endpoint: Endpoint, path: string) => Promise<number>;

/** The aggregator's own identity on discovery checks, as upstream sets it. */
export const AGGREGATOR_USER = { name: "system:kube-aggregator", groups: ["system:masters"] };

export async function checkAvailability(apiService: APIService, lookup: ServiceLookup, probe: Probe): Promise<AvailableCondition> {
  if (!isRemote(apiService))
    return { type: "Available", status: "True", reason: "Local", message: "Local APIServices are always available" };
  const resolved = await resolveAPIService(apiService, lookup);
  if (!("endpoint" in resolved)) return { type: "Available", ...resolved };
  const spec = apiService.spec!;
  // Upstream checks /api/v1 for a delegated core group.
  const path = apiService.metadata?.name === "v1." ? `/api/${spec.version}` : `/apis/${spec.group}/${spec.version}`;
  const url = `https://${authority(resolved.endpoint)}${path}`;
  try {
    const code = await probe(apiService, resolved.endpoint, path);
    if (code < 200 || code >= 300) throw new Error(`bad status from ${url}: ${code}`);
  } catch (err) {
    return {
      type: "Available",
      status: "False",
      reason: "FailedDiscoveryCheck",
      message: `failing or missing response from ${url}: ${(err as Error).message}`,
    };
  }
  return { type: "Available", status: "True", reason: "Passed", message: "all checks passed" };
}

/**
 * The APIService's status with `condition` set, keeping the last transition time when the
 * status did not change (upstream's SetAPIServiceCondition); undefined when nothing changed.
 */
export function withCondition(apiService: APIService, condition: AvailableCondition, now: Date = new Date()): APIService | undefined {
  const conditions = apiService.status?.conditions ?? [];
  const old = conditions.find((c) => c.type === "Available");
  if (old && old.status === condition.status && old.reason === condition.reason && old.message === condition.message) return undefined;
  const lastTransitionTime =
    old && old.status === condition.status && old.lastTransitionTime ? old.lastTransitionTime : now.toISOString().replace(/\.\d{3}Z$/, "Z");
  const next = { ...condition, lastTransitionTime };
  return {
    ...apiService,
    status: { ...apiService.status, conditions: [...conditions.filter((c) => c.type !== "Available"), next] as never },
  };
}
