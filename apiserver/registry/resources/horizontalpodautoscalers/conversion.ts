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

/**
 * Which half of a metric: a spec's target or a status's current value. v1's shapes name their
 * fields after it (targetValue, currentAverageValue, ...), v2's hold it under that key.
 */
type Side = "target" | "current";

/**
 * v1's status quantities are Go values, "0" when unset; the spec's Resource and External ones are
 * pointers, absent when unset.
 */
const sideQuantity = (side: Side, v: unknown): unknown => (side === "current" ? q(v) : v);

/** A v2 metric (a MetricSpec or a MetricStatus, as `side` says) in v1's shape. */
function metricToV1(m: Obj, side: Side): Obj {
  const out: Obj = { type: m.type };
  if (m.object) {
    const s = obj(m.object);
    const v = obj(s[side]);
    out.object = clean({
      target: obj(s.describedObject),
      metricName: obj(s.metric).name ?? "",
      [`${side}Value`]: q(v.value),
      selector: obj(s.metric).selector,
      averageValue: v.averageValue,
    });
  }
  if (m.pods) {
    const s = obj(m.pods);
    out.pods = clean({
      metricName: obj(s.metric).name ?? "",
      [`${side}AverageValue`]: q(obj(s[side]).averageValue),
      selector: obj(s.metric).selector,
    });
  }
  for (const key of ["resource", "containerResource"] as const) {
    if (!m[key]) continue;
    const s = obj(m[key]);
    const v = obj(s[side]);
    out[key] = clean({
      name: s.name,
      [`${side}AverageUtilization`]: v.averageUtilization,
      [`${side}AverageValue`]: sideQuantity(side, v.averageValue),
      container: key === "containerResource" ? (s.container ?? "") : undefined,
    });
  }
  if (m.external) {
    const s = obj(m.external);
    const v = obj(s[side]);
    out.external = clean({
      metricName: obj(s.metric).name ?? "",
      metricSelector: obj(s.metric).selector,
      [`${side}Value`]: sideQuantity(side, v.value),
      [`${side}AverageValue`]: v.averageValue,
    });
  }
  return out;
}

/** A v1 metric in v2's shape: a spec's target carries its type, a status's current value none. */
function metricToV2(m: Obj, side: Side): Obj {
  const out: Obj = { type: m.type };
  const value = (type: string, fields: Obj): Obj => clean(side === "target" ? { type, ...fields } : fields);
  if (m.object) {
    const s = obj(m.object);
    const metric = clean({ name: s.metricName ?? "", selector: s.selector });
    const v = value(s.averageValue === undefined ? "Value" : "AverageValue", { value: q(s[`${side}Value`]), averageValue: s.averageValue });
    // In the field order of upstream's ObjectMetricSource and ObjectMetricStatus.
    out.object =
      side === "target" ? { describedObject: obj(s.target), target: v, metric } : { metric, current: v, describedObject: obj(s.target) };
  }
  if (m.pods) {
    const s = obj(m.pods);
    out.pods = {
      metric: clean({ name: s.metricName ?? "", selector: s.selector }),
      [side]: value("AverageValue", { averageValue: q(s[`${side}AverageValue`]) }),
    };
  }
  for (const key of ["resource", "containerResource"] as const) {
    if (!m[key]) continue;
    const s = obj(m[key]);
    const averageValue = s[`${side}AverageValue`];
    const averageUtilization = s[`${side}AverageUtilization`];
    out[key] = clean({
      name: s.name,
      [side]: value(averageUtilization === undefined ? "AverageValue" : "Utilization", {
        averageValue: sideQuantity(side, averageValue),
        averageUtilization,
      }),
      container: key === "containerResource" ? (s.container ?? "") : undefined,
    });
  }
  if (m.external) {
    const s = obj(m.external);
    const plain = s[`${side}Value`];
    const averageValue = s[`${side}AverageValue`];
    out.external = {
      metric: clean({ name: s.metricName ?? "", selector: s.metricSelector }),
      [side]: value(plain === undefined ? "AverageValue" : "Value", { value: sideQuantity(side, plain), averageValue }),
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
  const other = metrics.filter((m) => !isCPUUtilization(m)).map((m) => metricToV1(m, "target"));
  if (other.length > 0) annotations[METRICS_ANNOTATION] = JSON.stringify(other);
  const current = arr(status?.currentMetrics);
  if (current.length > 0) annotations[CURRENT_METRICS_ANNOTATION] = JSON.stringify(current.map((m) => metricToV1(m, "current")));
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
  const out = convertHPAToV2(v1);
  defaultHPAv2(out);
  return out;
}

/**
 * autoscaling/v1 to autoscaling/v2 as upstream converts to its internal type, which is what its
 * validation sees: no v2 defaults (the annotation's behavior as written). `v1` is not modified.
 */
export function convertHPAToV2(v1: KubeObject): KubeObject {
  const spec = obj(v1.spec);
  const status = v1.status === undefined ? undefined : obj(v1.status);
  const given = v1.metadata?.annotations ?? {};
  const metrics: Obj[] = [];
  const other = parse(given[METRICS_ANNOTATION]);
  if (Array.isArray(other)) metrics.push(...arr(other).map((m) => metricToV2(m, "target")));
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
    if (Array.isArray(fromAnnotation)) current = arr(fromAnnotation).map((m) => metricToV2(m, "current"));
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
