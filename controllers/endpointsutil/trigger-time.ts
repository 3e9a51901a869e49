/**
 * The `endpoints.kubernetes.io/last-change-trigger-time` value (upstream's TriggerTimeTracker):
 * the earliest change since the last sync that the written object reflects, from the Pods' Ready
 * transitions and the Service's creation. Remembered per Service between syncs.
 */
import type { Pod, Service } from "../../generated/apis/core/v1/index.js";
import { podTriggerTime } from "./pods.js";

export const LAST_CHANGE_TRIGGER_TIME = "endpoints.kubernetes.io/last-change-trigger-time";

interface ServiceState {
  serviceTime: string | undefined;
  podTimes: Map<string, string | undefined>;
}

/** Earliest of two RFC 3339 times; an absent one does not count. */
function earliest(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) < Date.parse(a) ? b : a;
}

export class TriggerTimeTracker {
  readonly #states = new Map<string, ServiceState>();

  /** The trigger time to write (undefined: none, remove the annotation); records the state seen. */
  compute(namespace: string, service: Service, pods: Pod[]): string | undefined {
    const key = `${namespace}/${service.metadata?.name ?? ""}`;
    const state = this.#states.get(key);
    let min: string | undefined;
    const podTimes = new Map<string, string | undefined>();
    for (const pod of pods) {
      const t = podTriggerTime(pod);
      const name = pod.metadata?.name ?? "";
      podTimes.set(name, t);
      if (!state || !state.podTimes.has(name) || state.podTimes.get(name) !== t) min = earliest(min, t);
    }
    const serviceTime = service.metadata?.creationTimestamp;
    if (!state || state.serviceTime !== serviceTime) min = earliest(min, serviceTime);
    this.#states.set(key, { serviceTime, podTimes });
    return min;
  }

  deleteService(namespace: string, name: string): void {
    this.#states.delete(`${namespace}/${name}`);
  }
}

/** Go's RFC3339Nano rendering of a stored timestamp (UTC, trailing zeros of the fraction dropped). */
export function formatTriggerTime(t: string): string {
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) return t;
  return new Date(ms)
    .toISOString()
    .replace(/\.?0+Z$/, "Z")
    .replace(/\.Z$/, "Z");
}
