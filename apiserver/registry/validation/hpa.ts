/**
 * HorizontalPodAutoscaler specs as upstream's validation (pkg/apis/autoscaling/validation) sees
 * them. Upstream validates its internal type, whose shape is autoscaling/v2's: a v1 object is
 * validated converted, so its errors name v2's paths (`spec.metrics[0].resource.target...`).
 */
import { isDNS1123Label, isValidPathSegmentName } from "../../../runtime/validation/strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { goQuantitySyntax } from "./go-quantity.js";
import { validateContainerResourceName } from "./resource-names.js";
import type { KubeObject } from "../rest.js";
import { isObj, list, num, record, str, type Obj } from "./shape.js";

const SPEC = FieldPath.of("spec");
/** Upstream's validMetricSourceTypes, sorted as its error lists them. */
const SOURCE_TYPES = ["ContainerResource", "External", "Object", "Pods", "Resource"];
/** Each source type's member, in the order upstream looks at them. */
const SOURCE_FIELDS = ["object", "external", "pods", "resource", "containerResource"] as const;
type SourceField = (typeof SOURCE_FIELDS)[number];
const TARGET_TYPES = ["Utilization", "Value", "AverageValue"];

const has = (v: unknown): boolean => v !== undefined && v !== null;

/** upstream's ValidateCrossVersionObjectReference: kind and name set, each a path segment. */
function validateReference(ref: unknown, path: FieldPath): FieldError[] {
  const r = record(ref);
  const errs: FieldError[] = [];
  for (const key of ["kind", "name"]) {
    const value = str(r[key]);
    if (value === "") errs.push(fieldErrors.required(path.child(key)));
    else for (const msg of isValidPathSegmentName(value)) errs.push(fieldErrors.invalid(path.child(key), value, msg));
  }
  return errs;
}

/** A quantity pointer that is set: positive, else its Go struct in the error. */
function positiveQuantity(v: unknown, path: FieldPath): FieldError[] {
  if (!has(v)) return [];
  const n = parseQuantity(v);
  if (n !== undefined && n > 0) return [];
  return [fieldErrors.invalid(path, goQuantitySyntax(typeof v === "string" ? v : String(v)), "must be positive")];
}

function validateMetricTarget(target: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = str(target.type);
  if (type === "") errs.push(fieldErrors.required(path.child("type"), "must specify a metric target type"));
  if (!TARGET_TYPES.includes(type))
    errs.push(fieldErrors.invalid(path.child("type"), type, "must be either Utilization, Value, or AverageValue"));
  errs.push(...positiveQuantity(target.value, path.child("value")));
  errs.push(...positiveQuantity(target.averageValue, path.child("averageValue")));
  if (has(target.averageUtilization) && num(target.averageUtilization) < 1)
    errs.push(fieldErrors.invalid(path.child("averageUtilization"), num(target.averageUtilization), "must be greater than 0"));
  return errs;
}

function validateMetricIdentifier(metric: Obj, path: FieldPath): FieldError[] {
  const name = str(metric.name);
  if (name === "") return [fieldErrors.required(path.child("name"), "must specify a metric name")];
  return isValidPathSegmentName(name).map((msg) => fieldErrors.invalid(path.child("name"), name, msg));
}

/** Resource and ContainerResource targets: a utilization or a raw value, not both. */
function validateResourceTarget(target: Obj, path: FieldPath): FieldError[] {
  const errs = validateMetricTarget(target, path);
  if (!has(target.averageUtilization) && !has(target.averageValue))
    errs.push(fieldErrors.required(path.child("averageUtilization"), "must set either a target raw value or a target utilization"));
  if (has(target.averageUtilization) && has(target.averageValue))
    errs.push(fieldErrors.forbidden(path.child("averageValue"), "may not set both a target raw value and a target utilization"));
  return errs;
}

const SOURCES: Readonly<Record<SourceField, (src: Obj, path: FieldPath) => FieldError[]>> = {
  object(src, path) {
    const target = record(src.target);
    const errs = [
      ...validateReference(src.describedObject, path.child("describedObject")),
      ...validateMetricIdentifier(record(src.metric), path.child("metric")),
      ...validateMetricTarget(target, path.child("target")),
    ];
    if (!has(target.value) && !has(target.averageValue))
      errs.push(fieldErrors.required(path.child("target", "averageValue"), "must set either a target value or averageValue"));
    return errs;
  },
  external(src, path) {
    const target = record(src.target);
    const errs = [
      ...validateMetricIdentifier(record(src.metric), path.child("metric")),
      ...validateMetricTarget(target, path.child("target")),
    ];
    if (!has(target.value) && !has(target.averageValue))
      errs.push(
        fieldErrors.required(path.child("target", "averageValue"), "must set either a target value for metric or a per-pod target"),
      );
    if (has(target.value) && has(target.averageValue))
      errs.push(fieldErrors.forbidden(path.child("target", "value"), "may not set both a target value for metric and a per-pod target"));
    return errs;
  },
  pods(src, path) {
    const target = record(src.target);
    const errs = [
      ...validateMetricIdentifier(record(src.metric), path.child("metric")),
      ...validateMetricTarget(target, path.child("target")),
    ];
    if (!has(target.averageValue))
      errs.push(fieldErrors.required(path.child("target", "averageValue"), "must specify a positive target averageValue"));
    return errs;
  },
  resource(src, path) {
    const errs: FieldError[] = [];
    if (str(src.name) === "") errs.push(fieldErrors.required(path.child("name"), "must specify a resource name"));
    return [...errs, ...validateResourceTarget(record(src.target), path.child("target"))];
  },
  containerResource(src, path) {
    const errs: FieldError[] = [];
    const name = str(src.name);
    if (name === "") errs.push(fieldErrors.required(path.child("name"), "must specify a resource name"));
    else errs.push(...validateContainerResourceName(name, path.child("name")));
    const container = str(src.container);
    if (container === "") errs.push(fieldErrors.required(path.child("container"), "must specify a container"));
    else for (const msg of isDNS1123Label(container)) errs.push(fieldErrors.invalid(path.child("container"), container, msg));
    return [...errs, ...validateResourceTarget(record(src.target), path.child("target"))];
  },
};

function validateMetricSpec(metric: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = str(metric.type);
  if (type === "") errs.push(fieldErrors.required(path.child("type"), "must specify a metric source type"));
  if (!SOURCE_TYPES.includes(type)) errs.push(fieldErrors.notSupported(path.child("type"), type, SOURCE_TYPES));
  // Only the first source set is validated; any other is refused below.
  const present = SOURCE_FIELDS.filter((f) => isObj(metric[f]));
  if (present.length > 0) errs.push(...SOURCES[present[0]!](record(metric[present[0]!]), path.child(present[0]!)));
  const expected = SOURCE_TYPES.includes(type) ? type.charAt(0).toLowerCase() + type.slice(1) : undefined;
  if (expected === undefined) errs.push(fieldErrors.notSupported(path.child("type"), type, SOURCE_TYPES));
  else if (!present.includes(expected as SourceField))
    errs.push(fieldErrors.required(path.child(expected), "must populate information for the given metric source"));
  if (present.length !== 1)
    for (const f of present)
      if (f !== expected) errs.push(fieldErrors.forbidden(path.child(f), "must populate the given metric source only"));
  return errs;
}

function validateMetrics(metrics: unknown[], minReplicas: unknown): FieldError[] {
  const path = SPEC.child("metrics");
  const errs = metrics.flatMap((m, i) => validateMetricSpec(record(m), path.index(i)));
  const scalesToZero = metrics.some((m) => ["Object", "External"].includes(str(record(m).type)));
  if (minReplicas === 0 && !scalesToZero)
    errs.push(fieldErrors.forbidden(path, "must specify at least one Object or External metric to support scaling to zero replicas"));
  return errs;
}

// ---- behavior ----

const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const SELECT_POLICIES = ["Disabled", "Max", "Min"];
const POLICY_TYPES = ["Percent", "Pods"];

function validateScalingRules(rules: unknown, path: FieldPath): FieldError[] {
  if (!isObj(rules)) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (typeof window === "number" && window < 0)
    errs.push(fieldErrors.invalid(path.child("stabilizationWindowSeconds"), window, "must be greater than or equal to zero"));
  if (typeof window === "number" && window > MAX_STABILIZATION_WINDOW_SECONDS)
    errs.push(
      fieldErrors.invalid(
        path.child("stabilizationWindowSeconds"),
        window,
        `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`,
      ),
    );
  if (typeof rules.selectPolicy === "string" && !SELECT_POLICIES.includes(rules.selectPolicy))
    errs.push(fieldErrors.notSupported(path.child("selectPolicy"), rules.selectPolicy, SELECT_POLICIES));
  const policies = list(rules.policies);
  const policiesPath = path.child("policies");
  if (policies.length === 0) errs.push(fieldErrors.required(policiesPath, "must specify at least one Policy"));
  policies.forEach((p, i) => {
    const policy = record(p);
    const pp = policiesPath.index(i);
    const type = str(policy.type);
    if (!POLICY_TYPES.includes(type)) errs.push(fieldErrors.notSupported(pp.child("type"), type, POLICY_TYPES));
    if (num(policy.value) <= 0) errs.push(fieldErrors.invalid(pp.child("value"), num(policy.value), "must be greater than zero"));
    const period = num(policy.periodSeconds);
    if (period <= 0) errs.push(fieldErrors.invalid(pp.child("periodSeconds"), period, "must be greater than zero"));
    if (period > MAX_PERIOD_SECONDS)
      errs.push(fieldErrors.invalid(pp.child("periodSeconds"), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

/** upstream's validateBehavior: per direction a stabilization window of 0 to 3600 s, a select policy, at least one policy, each of type Pods or Percent with a positive value and a period of 1 to 1800 s. */
function validateBehavior(hpa: KubeObject): FieldError[] {
  const behavior = record(hpa.spec).behavior;
  if (!isObj(behavior)) return [];
  const path = FieldPath.of("spec", "behavior");
  return [
    ...validateScalingRules(behavior.scaleUp, path.child("scaleUp")),
    ...validateScalingRules(behavior.scaleDown, path.child("scaleDown")),
  ];
}

/**
 * upstream's validateHorizontalPodAutoscalerSpec on a v2-shaped object. `minReplicasLowerBound`
 * is 1, or 0 on an update of an object that already scales to zero (HPAScaleToZero is alpha, off).
 */
export function validateHPASpec(hpa: KubeObject, minReplicasLowerBound = 1): FieldError[] {
  const spec = record(hpa.spec);
  const errs: FieldError[] = [];
  const min = spec.minReplicas;
  const max = num(spec.maxReplicas);
  if (typeof min === "number" && min < minReplicasLowerBound)
    errs.push(fieldErrors.invalid(SPEC.child("minReplicas"), min, `must be greater than or equal to ${minReplicasLowerBound}`));
  if (max < 1) errs.push(fieldErrors.invalid(SPEC.child("maxReplicas"), max, "must be greater than 0"));
  if (typeof min === "number" && max < min)
    errs.push(fieldErrors.invalid(SPEC.child("maxReplicas"), max, "must be greater than or equal to `minReplicas`"));
  errs.push(...validateReference(spec.scaleTargetRef, SPEC.child("scaleTargetRef")));
  errs.push(...validateMetrics(list(spec.metrics), min));
  errs.push(...validateBehavior(hpa));
  return errs;
}

/** The lower bound of minReplicas on an update: 0 while the stored object already has 0. */
export const minReplicasBoundOnUpdate = (old: KubeObject): number => (record(old.spec).minReplicas === 0 ? 0 : 1);
