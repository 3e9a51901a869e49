/**
 * Strategies: what a resource does on create and update beyond the generic store (defaults,
 * clearing fields users may not set, validation, which fields are selectable), as upstream's
 * RESTCreateStrategy / RESTUpdateStrategy; plus the default strategy and the status one.
 */
import type { KubeObject } from "./rest.js";
import type { FieldError } from "./validation/field.js";
import { nameIsDNSSubdomain, type NameValidator } from "../../runtime/validation/strings.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "./validation/object-meta.js";
import { copyField, copyObject } from "./copy.js";

/** How an update through one endpoint (the resource itself or a subresource) treats the object. */
export interface UpdateStrategy {
  /** Clears or copies fields the caller may not change through this endpoint (mutates `obj`). */
  prepareForUpdate?(obj: KubeObject, old: KubeObject): void;
  /** Problems with the update; ObjectMeta update rules are checked by the store besides these. */
  validateUpdate?(obj: KubeObject, old: KubeObject): FieldError[];
  /** Warnings for the client (`Warning: 299` headers). */
  warningsOnUpdate?(obj: KubeObject, old: KubeObject): string[];
}

/** A resource's behaviour on create and update. */
export interface Strategy extends UpdateStrategy {
  /** Fills defaults, as decoding does upstream; runs on every object a client sends. */
  defaults?(obj: KubeObject): void;
  /** Clears fields users may not set and sets initial values (mutates `obj`). */
  prepareForCreate?(obj: KubeObject): void;
  /** Problems with a new object, ObjectMeta included. */
  validate?(obj: KubeObject): FieldError[];
  /**
   * Whether `validate` checks all of ObjectMeta as validateObjectMeta does (with the kind's own
   * name rule): once it passes, the store checks only the names again (as path segments).
   */
  validatesObjectMeta?: boolean;
  /**
   * Problems of a status subresource update besides ObjectMeta's, where the store derives the
   * status strategy (a compiled-in kind's schema and rules hold for status writes too).
   */
  validateStatusUpdate?(obj: KubeObject, old: KubeObject): FieldError[];
  warningsOnCreate?(obj: KubeObject): string[];
  /** Normalises a valid object before it is stored. */
  canonicalize?(obj: KubeObject): void;
  /** Whether PUT may create a missing object (false for most resources). */
  allowCreateOnUpdate?: boolean;
  /** Whether an update without metadata.resourceVersion overwrites (true for most resources). */
  allowUnconditionalUpdate?: boolean;
  /** Whether metadata.generation starts at 1 and grows when anything outside metadata and status changes. */
  trackGeneration?: boolean;
  /**
   * The field selector labels this kind converts (upstream's field label conversion func).
   * Absent: metadata.name and metadata.namespace, with the default conversion's message.
   */
  fieldLabels?: readonly string[];
  /** The values of selectable fields besides metadata.name and metadata.namespace. */
  selectableFields?(obj: KubeObject): Record<string, string>;
  /**
   * Present when deletes of this kind are graceful (upstream's RESTGracefulDeleteStrategy, Pods
   * only): the grace period in seconds a delete of `obj` asking for `gracePeriodSeconds` gets
   * (0: at once), or undefined for an immediate delete. See graceful-delete.ts.
   */
  checkGracefulDelete?(obj: KubeObject, gracePeriodSeconds: number | undefined): number | undefined;
}

/** Fields outside metadata and status: what a spec change means for generation. */
export function specOf(obj: KubeObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k !== "metadata" && k !== "status" && k !== "apiVersion" && k !== "kind") out[k] = v;
  }
  return out;
}

/** Deep equality of JSON values (key order does not matter). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Keeps the stored status on a main-resource update of a kind with a status subresource. */
export function keepStatus(obj: KubeObject, old: KubeObject): void {
  if (old.status === undefined) delete obj.status;
  else obj.status = copyField(old, "status");
}

/**
 * The status subresource's update: only status changes; everything else, metadata included
 * (but managedFields), is the stored object's.
 */
export function statusUpdateStrategy(validateStatus?: (obj: KubeObject, old: KubeObject) => FieldError[]): UpdateStrategy {
  return {
    prepareForUpdate(obj, old) {
      const status = obj.status;
      const managedFields = obj.metadata?.managedFields;
      for (const k of Object.keys(obj)) delete obj[k];
      Object.assign(obj, copyObject(old));
      if (status === undefined) delete obj.status;
      else obj.status = status;
      if (managedFields !== undefined) obj.metadata = { ...obj.metadata, managedFields };
    },
    validateUpdate: validateStatus,
  };
}

export interface DefaultStrategyOptions {
  namespaced: boolean;
  /** Whether the kind has a status subresource (then main updates keep the stored status). */
  hasStatus: boolean;
  nameValidator?: NameValidator;
  trackGeneration?: boolean;
}

/**
 * The strategy of a kind without its own: ObjectMeta validation with DNS-subdomain names,
 * status kept on main updates when there is a status subresource, generation tracking as
 * for custom resources.
 */
export function defaultStrategy(options: DefaultStrategyOptions): Strategy {
  const nameFn = options.nameValidator ?? nameIsDNSSubdomain;
  return {
    trackGeneration: options.trackGeneration ?? true,
    prepareForCreate(obj) {
      if (options.hasStatus) delete obj.status;
    },
    prepareForUpdate(obj, old) {
      if (options.hasStatus) keepStatus(obj, old);
    },
    validate: (obj) => validateObjectMeta(obj.metadata, options.namespaced, nameFn),
    validateUpdate: (obj, old) => [
      ...validateObjectMeta(obj.metadata, options.namespaced, nameFn),
      ...validateObjectMetaUpdate(obj.metadata, old.metadata),
    ],
  };
}
