/** Helpers the per-group printers share: tolerant readers and upstream's small formatters. */
import type { KubeObject } from "../../../registry/rest.js";
import { text } from "../../../registry/validation/shape.js";
import { ageOf } from "../human-duration.js";

export type Obj = Record<string, unknown>;

export function get(obj: unknown, ...path: string[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Obj)[p];
  }
  return cur;
}

export const str = (v: unknown): string => (typeof v === "string" ? v : "");
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const num = (v: unknown): number => (typeof v === "number" ? v : 0);
export const name = (o: KubeObject): string => o.metadata?.name ?? "";
export const age = (o: KubeObject, now: number): string => ageOf(o.metadata?.creationTimestamp, now);

/** metav1.FormatLabelSelector: `<none>` for an empty selector, `<error>` for a bad one. */
export function formatLabelSelector(sel: unknown): string {
  if (!sel || typeof sel !== "object") return "<none>";
  const s = sel as Obj;
  const parts: string[] = [];
  for (const [k, v] of Object.entries((s.matchLabels as Obj | undefined) ?? {})) parts.push(`${k}=${String(v)}`);
  for (const e of arr(s.matchExpressions)) {
    const key = str(get(e, "key"));
    const values = arr(get(e, "values")).map(String);
    switch (str(get(e, "operator"))) {
      case "In":
        parts.push(`${key} in (${values.join(",")})`);
        break;
      case "NotIn":
        parts.push(`${key} notin (${values.join(",")})`);
        break;
      case "Exists":
        parts.push(key);
        break;
      case "DoesNotExist":
        parts.push(`!${key}`);
        break;
    }
  }
  return parts.length === 0 ? "<none>" : parts.join(",");
}

/** The containers and images columns of workloads: names and images joined by commas. */
export function containersAndImages(podSpec: unknown): [string, string] {
  const containers = arr(get(podSpec, "containers"));
  return [containers.map((c) => str(get(c, "name"))).join(","), containers.map((c) => str(get(c, "image"))).join(",")];
}

/** printBoolPtr / an int-or-string that may be unset. */
export function orNA(v: unknown): string {
  return text(v, "N/A");
}

/** Upstream's labels.FormatLabels: sorted `k=v` pairs, or `<none>`. */
export function formatLabels(labels: unknown): string {
  if (!labels || typeof labels !== "object") return "<none>";
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return "<none>";
  return keys.map((k) => `${k}=${String((labels as Obj)[k])}`).join(",");
}
