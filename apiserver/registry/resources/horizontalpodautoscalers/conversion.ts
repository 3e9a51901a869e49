/**
 * HorizontalPodAutoscaler between autoscaling/v2 (stored) and autoscaling/v1, as upstream's v1
 * conversion: the CPU utilization target and status map to targetCPUUtilizationPercentage and
 * currentCPUUtilizationPercentage; what v1 cannot hold (other metrics, current metrics,
 * conditions, behavior) rides in annotations, in v1's metric shapes, and comes back out of
 * them when a v1 object is written.
 */
import { copyJSON } from "../../../../runtime/deepcopy.js";
import type { KindConversion } from "../../converting-store.js";
import { defaultHPAv2 } from "../../defaults/misc.js";
import type { KubeObject } from "../../rest.js";

export const METRICS_ANNOTATION = "autoscaling.alpha.kubernetes.io/metrics";
export const CURRENT_METRICS_ANNOTATION = "autoscaling.alpha.kubernetes.io/current-metrics";
export const CONDITIONS_ANNOTATION = "autoscaling.alpha.kubernetes.io/conditions";
export const BEHAVIOR_ANNOTATION = "autoscaling.alpha.kubernetes.io/behavior";
const TOLERANCE_DOWN_ANNOTATION = "autoscaling.alpha.kubernetes.io/scale-down-tolerance";
const TOLERANCE_UP_ANNOTATION = "autoscaling.alpha.kubernetes.io/scale-up-tolerance";
const ROUND_TRIP = [
  METRICS_ANNOTATION,
  CURRENT_METRICS_ANNOTATION,
  CONDITIONS_ANNOTATION,
  BEHAVIOR_ANNOTATION,
  TOLERANCE_DOWN_ANNOTATION,
  TOLERANCE_UP_ANNOTATION,
];
const DEFAULT_CPU_UTILIZATION = 80;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
/** Drops undefined members (what an absent Go pointer serializes as). */
const clean = (o: Obj): Obj => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
/** A Go resource.Quantity that is not a pointer: "0" when unset. */
const q = (v: unknown): unknown => v ?? "0";

const isCPUUtilization = (m: Obj): boolean =>
  m.type === "Resource" && obj(m.resource).name === "cpu" && obj(obj(m.resource).target).averageUtilization !== undefined;

// ---- v2 metric shapes to v1's (the annotations') and back ----

function targetType(value: unknown, averageValue: unknown, utilization?: unknown): string {
  if (utilization !== undefined) return "Utilization";
  return value !== undefined ? "Value" : "AverageValue";
}

function metricSpecToV1(m: Obj): Obj {
  const out: Obj = { type: m.type };
  if (m.object) {
    const s = obj(m.object);
    const t = obj(s.target);
    out.object = clean({
      target: obj(s.describedObject),
      metricName: obj(s.metric).name ?? "",
      targetValue: q(t.value),
      selector: obj(s.metric).selector,
      averageValue: t.averageValue,
    });
  }
  if (m.pods) {
    const s = obj(m.pods);
    out.pods = clean({
      metricName: obj(s.metric).name ?? "",
      targetAverageValue: q(obj(s.target).averageValue),
      selector: obj(s.metric).selector,
    });
  }
  if (m.resource) {
    const s = obj(m.resource);
    const t = obj(s.target);
    out.resource = clean({ name: s.name, targetAverageUtilization: t.averageUtilization, targetAverageValue: t.averageValue });
  }
  if (m.containerResource) {
    const s = obj(m.containerResource);
    const t = obj(s.target);
    out.containerResource = clean({
      name: s.name,
      targetAverageUtilization: t.averageUtilization,
      targetAverageValue: t.averageValue,
      container: s.container ?? "",
    });
  }
  if (m.external) {
    const s = obj(m.external);
    const t = obj(s.target);
    out.external = clean({
      metricName: obj(s.metric).name ?? "",
      metricSelector: obj(s.metric).selector,
      targetValue: t.value,
      targetAverageValue: t.averageValue,
    });
  }
  return out;
}

function metricSpecToV2(m: Obj): Obj {
  const out: Obj = { type: m.type };
  if (m.object) {
    const s = obj(m.object);
    out.object = {
      describedObject: obj(s.target),
      target: clean({
        type: s.averageValue === undefined ? "Value" : "AverageValue",
        value: q(s.targetValue),
        averageValue: s.averageValue,
      }),
      metric: clean({ name: s.metricName ?? "", selector: s.selector }),
    };
  }
  if (m.pods) {
    const s = obj(m.pods);
    out.pods = {
      metric: clean({ name: s.metricName ?? "", selector: s.selector }),
      target: { type: "AverageValue", averageValue: q(s.targetAverageValue) },
    };
  }
  for (const key of ["resource", "containerResource"] as const) {
    if (!m[key]) continue;
    const s = obj(m[key]);
    out[key] = clean({
      name: s.name,
      target: clean({
        type: targetType(undefined, s.targetAverageValue, s.targetAverageUtilization),
        averageValue: s.targetAverageValue,
        averageUtilization: s.targetAverageUtilization,
      }),
      container: key === "containerResource" ? (s.container ?? "") : undefined,
    });
  }
  if (m.external) {
    const s = obj(m.external);
    out.external = {
      metric: clean({ name: s.metricName ?? "", selector: s.metricSelector }),
      target: clean({ type: targetType(s.targetValue, s.targetAverageValue), value: s.targetValue, averageValue: s.targetAverageValue }),
    };
  }
  return out;
}

function metricStatusToV1(m: Obj): Obj {
  const out: Obj = { type: m.type };
  if (m.object) {
    const s = obj(m.object);
    const c = obj(s.current);
    out.object = clean({
      target: obj(s.describedObject),
      metricName: obj(s.metric).name ?? "",
      currentValue: q(c.value),
      selector: obj(s.metric).selector,
      averageValue: c.averageValue,
    });
  }
  if (m.pods) {
    const s = obj(m.pods);
    out.pods = clean({
      metricName: obj(s.metric).name ?? "",
      currentAverageValue: q(obj(s.current).averageValue),
      selector: obj(s.metric).selector,
    });
  }
  for (const key of ["resource", "containerResource"] as const) {
    if (!m[key]) continue;
    const s = obj(m[key]);
    const c = obj(s.current);
    out[key] = clean({
      name: s.name,
      currentAverageUtilization: c.averageUtilization,
      currentAverageValue: q(c.averageValue),
      container: key === "containerResource" ? (s.container ?? "") : undefined,
    });
  }
  if (m.external) {
    const s = obj(m.external);
    const c = obj(s.current);
    out.external = clean({
      metricName: obj(s.metric).name ?? "",
      metricSelector: obj(s.metric).selector,
      currentValue: q(c.value),
      currentAverageValue: c.averageValue,
    });
  }
  return out;
}

function metricStatusToV2(m: Obj): Obj {
  const out: Obj = { type: m.type };
  if (m.object) {
    const s = obj(m.object);
    out.object = {
      metric: clean({ name: s.metricName ?? "", selector: s.selector }),
      current: clean({ value: q(s.currentValue), averageValue: s.averageValue }),
      describedObject: obj(s.target),
    };
  }
  if (m.pods) {
    const s = obj(m.pods);
    out.pods = { metric: clean({ name: s.metricName ?? "", selector: s.selector }), current: { averageValue: q(s.currentAverageValue) } };
  }
  for (const key of ["resource", "containerResource"] as const) {
    if (!m[key]) continue;
    const s = obj(m[key]);
    out[key] = clean({
      name: s.name,
      current: clean({ averageValue: q(s.currentAverageValue), averageUtilization: s.currentAverageUtilization }),
      container: key === "containerResource" ? (s.container ?? "") : undefined,
    });
  }
  if (m.external) {
    const s = obj(m.external);
    out.external = {
      metric: clean({ name: s.metricName ?? "", selector: s.metricSelector }),
      current: clean({ value: q(s.currentValue), averageValue: s.currentAverageValue }),
    };
  }
  return out;
}

// ---- behavior: upstream writes its internal type, whose JSON keys are the Go field names ----

function rulesToAnnotation(r: unknown): unknown {
  if (r === undefined || r === null) return null;
  const o = obj(r);
  return {
    StabilizationWindowSeconds: o.stabilizationWindowSeconds ?? null,
    SelectPolicy: o.selectPolicy ?? null,
    Policies: Array.isArray(o.policies)
      ? arr(o.policies).map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds }))
      : null,
    Tolerance: o.tolerance ?? null,
  };
}

/** Go's encoding/json matches keys case-insensitively: so does this. */
function field(o: Obj, name: string): unknown {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(o)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

function rulesFromAnnotation(r: unknown): Obj | undefined {
  if (typeof r !== "object" || r === null) return undefined;
  const o = r as Obj;
  const policies = field(o, "policies");
  return clean({
    stabilizationWindowSeconds: field(o, "stabilizationWindowSeconds") ?? undefined,
    selectPolicy: field(o, "selectPolicy") ?? undefined,
    policies: Array.isArray(policies)
      ? arr(policies).map((p) => ({ type: field(p, "type"), value: field(p, "value"), periodSeconds: field(p, "periodSeconds") }))
      : undefined,
    tolerance: field(o, "tolerance") ?? undefined,
  });
}

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function withoutRoundTrip(annotations: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(annotations))) if (!ROUND_TRIP.includes(k)) out[k] = v as string;
  return out;
}

function setAnnotations(o: KubeObject, annotations: Record<string, string>): void {
  const meta = { ...o.metadata };
  if (Object.keys(annotations).length > 0) meta.annotations = annotations;
  else delete meta.annotations;
  o.metadata = meta;
}

/**
 * The status annotations (current metrics, conditions) of `old` on `obj`: what a v1 main update
 * does to v2's status, which upstream keeps whole whatever the body's annotations say.
 */
export function keepStatusAnnotations(obj: KubeObject, old: KubeObject): void {
  const annotations: Record<string, string> = { ...obj.metadata?.annotations };
  for (const key of [CURRENT_METRICS_ANNOTATION, CONDITIONS_ANNOTATION]) {
    const was = old.metadata?.annotations?.[key];
    if (was === undefined) delete annotations[key];
    else annotations[key] = was;
  }
  setAnnotations(obj, annotations);
}

/** autoscaling/v2 to autoscaling/v1. */
export function hpaToV1(v2: KubeObject): KubeObject {
  const spec = obj(v2.spec);
  const status = v2.status === undefined ? undefined : obj(v2.status);
  const metrics = arr(spec.metrics);
  const annotations = withoutRoundTrip(v2.metadata?.annotations);
  const other = metrics.filter((m) => !isCPUUtilization(m)).map(metricSpecToV1);
  if (other.length > 0) annotations[METRICS_ANNOTATION] = JSON.stringify(other);
  const current = arr(status?.currentMetrics);
  if (current.length > 0) annotations[CURRENT_METRICS_ANNOTATION] = JSON.stringify(current.map(metricStatusToV1));
  const conditions = arr(status?.conditions);
  if (conditions.length > 0) annotations[CONDITIONS_ANNOTATION] = JSON.stringify(conditions);
  if (spec.behavior) {
    const b = obj(spec.behavior);
    annotations[BEHAVIOR_ANNOTATION] = JSON.stringify({ ScaleUp: rulesToAnnotation(b.scaleUp), ScaleDown: rulesToAnnotation(b.scaleDown) });
  }
  // The first CPU Resource metric decides the v1 target, as upstream's loop does.
  const cpu = metrics.find((m) => m.type === "Resource" && obj(m.resource).name === "cpu");
  const target = cpu ? obj(obj(cpu.resource).target).averageUtilization : undefined;
  const out: KubeObject = {
    ...v2,
    apiVersion: "autoscaling/v1",
    spec: clean({
      scaleTargetRef: spec.scaleTargetRef,
      minReplicas: spec.minReplicas,
      maxReplicas: spec.maxReplicas,
      targetCPUUtilizationPercentage: target,
    }),
  };
  setAnnotations(out, annotations);
  if (status) {
    let cpuNow: unknown;
    for (const m of current) {
      const r = obj(m.resource);
      if (m.type === "Resource" && r.name === "cpu" && obj(r.current).averageUtilization !== undefined)
        cpuNow = obj(r.current).averageUtilization;
    }
    out.status = clean({
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas ?? 0,
      desiredReplicas: status.desiredReplicas ?? 0,
      currentCPUUtilizationPercentage: cpuNow,
    });
  }
  return out;
}

/** autoscaling/v1 to autoscaling/v2 (v2's defaults applied, as a read at v2 would). */
export function hpaToV2(v1: KubeObject): KubeObject {
  const spec = obj(v1.spec);
  const status = v1.status === undefined ? undefined : obj(v1.status);
  const given = v1.metadata?.annotations ?? {};
  const metrics: Obj[] = [];
  const other = parse(given[METRICS_ANNOTATION]);
  if (Array.isArray(other)) metrics.push(...arr(other).map(metricSpecToV2));
  if (spec.targetCPUUtilizationPercentage !== undefined && spec.targetCPUUtilizationPercentage !== null) {
    metrics.push({
      type: "Resource",
      resource: { name: "cpu", target: { type: "Utilization", averageUtilization: spec.targetCPUUtilizationPercentage } },
    });
  }
  // v1's implicit 80% CPU target, made explicit.
  if (metrics.length === 0) {
    metrics.push({
      type: "Resource",
      resource: { name: "cpu", target: { type: "Utilization", averageUtilization: DEFAULT_CPU_UTILIZATION } },
    });
  }
  let behavior: Obj | undefined;
  const b = parse(given[BEHAVIOR_ANNOTATION]);
  if (typeof b === "object" && b !== null && !Array.isArray(b)) {
    const up = rulesFromAnnotation(field(b as Obj, "scaleUp"));
    const down = rulesFromAnnotation(field(b as Obj, "scaleDown"));
    // Only well-formed, non-empty content moves back into the spec.
    if (up || down) behavior = clean({ scaleUp: up, scaleDown: down });
  }
  const out: KubeObject = {
    ...v1,
    apiVersion: "autoscaling/v2",
    spec: clean({ scaleTargetRef: spec.scaleTargetRef, minReplicas: spec.minReplicas, maxReplicas: spec.maxReplicas, metrics, behavior }),
  };
  setAnnotations(out, withoutRoundTrip(given));
  if (status) {
    let current: Obj[] | undefined;
    const fromAnnotation = parse(given[CURRENT_METRICS_ANNOTATION]);
    if (Array.isArray(fromAnnotation)) current = arr(fromAnnotation).map(metricStatusToV2);
    else if (status.currentCPUUtilizationPercentage !== undefined && status.currentCPUUtilizationPercentage !== null)
      current = [{ type: "Resource", resource: { name: "cpu", current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
    const conditions = parse(given[CONDITIONS_ANNOTATION]);
    out.status = clean({
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas,
      desiredReplicas: status.desiredReplicas ?? 0,
      currentMetrics: current,
      conditions: Array.isArray(conditions) ? conditions : undefined,
    });
  }
  defaultHPAv2(out);
  return out;
}

export const hpaConversion: KindConversion = {
  storageAPIVersion: "autoscaling/v2",
  storageGroup: "autoscaling",
  convert(o, apiVersion) {
    if (o.apiVersion === apiVersion) return o;
    const copy = copyJSON(o);
    return apiVersion === "autoscaling/v1" ? hpaToV1(copy) : hpaToV2(copy);
  },
};
