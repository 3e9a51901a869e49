/**
 * Copies of API objects, for the copy-before-mutate steps of the store and the strategies. A
 * kind the scheme registers is copied by its generated deepcopy function (as client-go's
 * DeepCopyObject); anything else (custom resources, unstructured objects) as plain JSON.
 */
import { scheme as builtinScheme } from "../../generated/apis/register.js";
import { copyJSON } from "../../runtime/deepcopy.js";
import { parseApiVersion, type Scheme } from "../../runtime/scheme.js";

/** Deep-copies an API object (or any JSON value). */
export type ObjectCopier = <T>(obj: T) => T;

type CopyFn = (obj: never) => unknown;

/**
 * A copier for the kinds of `scheme`. It remembers each apiVersion/kind it has looked up, so
 * the scheme must be complete (all groups added) before the copier is used.
 */
export function objectCopier(scheme: Scheme): ObjectCopier {
  const byVersion = new Map<string, Map<string, CopyFn | null>>();
  const lookup = (apiVersion: string, kind: string): CopyFn | null => {
    let kinds = byVersion.get(apiVersion);
    if (!kinds) byVersion.set(apiVersion, (kinds = new Map()));
    let fn = kinds.get(kind);
    if (fn === undefined) {
      fn = scheme.kind({ ...parseApiVersion(apiVersion), kind })?.deepCopy ?? null;
      kinds.set(kind, fn);
    }
    return fn;
  };
  return <T>(obj: T): T => {
    if (typeof obj !== "object" || obj === null || Array.isArray(obj)) return copyJSON(obj);
    const { apiVersion, kind } = obj as { apiVersion?: unknown; kind?: unknown };
    const fn = typeof apiVersion === "string" && typeof kind === "string" ? lookup(apiVersion, kind) : null;
    return fn ? (fn(obj as never) as T) : copyJSON(obj);
  };
}

/** Copies objects of the built-in API by their generated deepcopy, anything else as JSON. */
export const copyObject: ObjectCopier = objectCopier(builtinScheme);

/**
 * Copies one top-level field of an object (its status, say) with the copier of the object's
 * kind: the generated deepcopy copies only the fields it is given.
 */
export function copyField<T extends { apiVersion?: string; kind?: string }, K extends keyof T & string>(obj: T, field: K): T[K] {
  const part: Record<string, unknown> = copyObject({ apiVersion: obj.apiVersion, kind: obj.kind, [field]: obj[field] });
  return part[field] as T[K];
}
