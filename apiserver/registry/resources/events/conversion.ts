/**
 * events.k8s.io/v1 Events are core Events seen through other field names (upstream's
 * events/v1 conversion): note is message, regarding is involvedObject, reportingController is
 * reportingComponent, and the deprecated* fields are source, firstTimestamp, lastTimestamp
 * and count. They are stored as core/v1 Events, under the core Events' keys.
 */
import type { KindConversion } from "../../converting-store.js";
import type { KubeObject } from "../../rest.js";

/** [events.k8s.io/v1 name, core/v1 name] of every field that is renamed. */
const RENAMED: readonly (readonly [string, string])[] = [
  ["regarding", "involvedObject"],
  ["note", "message"],
  ["reportingController", "reportingComponent"],
  ["deprecatedSource", "source"],
  ["deprecatedFirstTimestamp", "firstTimestamp"],
  ["deprecatedLastTimestamp", "lastTimestamp"],
  ["deprecatedCount", "count"],
];

function rename(o: KubeObject, apiVersion: string, from: 0 | 1): KubeObject {
  const to = from === 0 ? 1 : 0;
  const out: KubeObject = { ...o, apiVersion };
  for (const pair of RENAMED) {
    const value = out[pair[from]];
    delete out[pair[from]];
    if (value !== undefined) out[pair[to]] = value;
  }
  return out;
}

/** An events.k8s.io/v1 Event as the core/v1 Event it is stored as. */
export const eventToCore = (e: KubeObject): KubeObject => rename(e, "v1", 0);
/** A core/v1 Event as events.k8s.io/v1 shows it. */
export const eventToEventsV1 = (e: KubeObject): KubeObject => rename(e, "events.k8s.io/v1", 1);

export const eventConversion: KindConversion = {
  storageAPIVersion: "v1",
  storageGroup: "",
  convert(o, apiVersion) {
    if (o.apiVersion === apiVersion) return o;
    return apiVersion === "v1" ? eventToCore(o) : eventToEventsV1(o);
  },
};
