/**
 * The shape most built-in kinds share (upstream's strategies for workloads, networking, policy,
 * storage...): defaults on every write, status reset on create and kept on main updates when
 * the kind has a status subresource, generation tracking, ObjectMeta checks plus the kind's
 * own, and its field selectors. Each resource's strategy.ts fills this in.
 */
import { newBadRequest, type StatusError } from "../../../runtime/rest/errors.js";
import { nameIsDNSSubdomain, type NameValidator } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { keepStatus, statusUpdateStrategy, type Strategy, type UpdateStrategy } from "../strategy.js";
import { appendErrors, type FieldError } from "../validation/field.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "../validation/object-meta.js";
import { parseQuantity, QUANTITY_FORMAT_ERROR } from "../../../runtime/quantity.js";

export interface KindStrategyOptions {
  kind: string;
  version: string;
  namespaced: boolean;
  /** Whether the kind has a status subresource: status is cleared on create and kept on main updates. */
  hasStatus: boolean;
  nameValidator?: NameValidator;
  defaults?(obj: Record<string, unknown>): void;
  /** Extra create-time preparation after status is cleared (generated selectors, initial status). */
  prepareForCreate?(obj: KubeObject): void;
  prepareForUpdate?(obj: KubeObject, old: KubeObject): void;
  validate?(obj: KubeObject): FieldError[];
  /** The kind's update rules; `validate` runs on updates when absent. */
  validateUpdate?(obj: KubeObject, old: KubeObject): FieldError[];
  warnings?(obj: KubeObject): string[];
  /** Field labels besides metadata.name and metadata.namespace, with their values. */
  fields?: Readonly<Record<string, (obj: KubeObject) => string>>;
  trackGeneration?: boolean;
  allowCreateOnUpdate?: boolean;
}

/** Fields holding a ResourceList: their values must be Quantities, or decoding fails upstream. */
const RESOURCE_LISTS = new Set([
  "requests",
  "limits",
  "hard",
  "capacity",
  "allocatable",
  "overhead",
  "min",
  "max",
  "default",
  "defaultRequest",
  "maxLimitRequestRatio",
]);

/** The 400 upstream's decoder answers a bad Quantity with, naming the kind. */
export function quantityDecodeError(kind: string, version: string): StatusError {
  return newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${QUANTITY_FORMAT_ERROR}`);
}

/** Upstream rejects a bad Quantity while decoding: a 400 naming the kind, before any validation. */
export function checkQuantities(obj: unknown, kind: string, version: string): void {
  if (!quantitiesParse(obj, "", 0)) throw quantityDecodeError(kind, version);
}

// Plain loops, no closures or entry arrays: this walks every object of every create. Scalars are
// passed over in the loop (no call per string), and only objects and arrays are descended into.
function quantitiesParse(v: unknown, key: string, depth: number): boolean {
  if (depth > 12 || typeof v !== "object" || v === null) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null && !quantitiesParse(x, "", depth + 1)) return false;
    }
    return true;
  }
  const o = v as Record<string, unknown>;
  if (RESOURCE_LISTS.has(key)) {
    for (const k in o) {
      const q = o[k];
      if ((typeof q === "string" || typeof q === "number") && parseQuantity(q) === undefined) return false;
    }
    return true;
  }
  for (const k in o) {
    const x = o[k];
    if (typeof x !== "object" || x === null || (depth === 0 && k === "metadata")) continue;
    if (!quantitiesParse(x, k, depth + 1)) return false;
  }
  return true;
}

export function kindStrategy(o: KindStrategyOptions): Strategy {
  const nameFn = o.nameValidator ?? nameIsDNSSubdomain;
  const fieldNames = o.fields ? Object.keys(o.fields) : undefined;
  const strategy: Strategy = {
    trackGeneration: o.trackGeneration ?? true,
    allowCreateOnUpdate: o.allowCreateOnUpdate ?? false,
    allowUnconditionalUpdate: true,
    defaults(obj) {
      checkQuantities(obj, o.kind, o.version);
      o.defaults?.(obj);
    },
    prepareForCreate(obj) {
      if (o.hasStatus) delete obj.status;
      o.prepareForCreate?.(obj);
    },
    prepareForUpdate(obj, old) {
      if (o.hasStatus) keepStatus(obj, old);
      o.prepareForUpdate?.(obj, old);
    },
    validate(obj) {
      // No spread copies: both lists are fresh, and the kind's is nearly always empty.
      const errs = validateObjectMeta(obj.metadata, o.namespaced, nameFn);
      const own = o.validate?.(obj);
      if (own !== undefined) appendErrors(errs, own);
      return errs;
    },
    validatesObjectMeta: true,
    validateUpdate: (obj, old) => [
      ...validateObjectMeta(obj.metadata, o.namespaced, nameFn),
      ...validateObjectMetaUpdate(obj.metadata, old.metadata),
      ...((o.validateUpdate ?? o.validate)?.(obj, old) ?? []),
    ],
  };
  if (o.warnings) {
    strategy.warningsOnCreate = (obj) => o.warnings!(obj);
    strategy.warningsOnUpdate = (obj) => o.warnings!(obj);
  }
  if (fieldNames && o.fields) {
    const fields = o.fields;
    strategy.fieldLabels = [...fieldNames, "metadata.name", ...(o.namespaced ? ["metadata.namespace"] : [])];
    strategy.selectableFields = (obj) => Object.fromEntries(fieldNames.map((f) => [f, fields[f]!(obj)]));
  }
  return strategy;
}

/** The status subresource of a kind: only status changes, ObjectMeta update rules apply, plus the kind's status checks. */
export function kindStatusStrategy(validateStatus?: (obj: KubeObject, old: KubeObject) => FieldError[]): UpdateStrategy {
  return statusUpdateStrategy((obj, old) => [
    ...validateObjectMetaUpdate(obj.metadata, old.metadata),
    ...(validateStatus?.(obj, old) ?? []),
  ]);
}
