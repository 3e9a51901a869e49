/**
 * Pruning, as upstream's structural pruning: fields the schema does not specify are dropped
 * (unless x-kubernetes-preserve-unknown-fields), apiVersion/kind/metadata are kept at the root
 * and in embedded resources, and metadata is cut down to ObjectMeta's fields. The dropped
 * paths are returned, for fieldValidation's unknown-field warnings or errors.
 */
import { additionalOf, isObject, itemsOf, type JSONSchemaProps } from "./types.js";

/** ObjectMeta's fields in its JSON order (upstream's struct order). */
export const OBJECT_META_FIELD_ORDER: readonly string[] = [
  "name",
  "generateName",
  "namespace",
  "selfLink",
  "uid",
  "resourceVersion",
  "generation",
  "creationTimestamp",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
  "labels",
  "annotations",
  "ownerReferences",
  "finalizers",
  "managedFields",
];
const OBJECT_META_FIELDS = new Set(OBJECT_META_FIELD_ORDER);

/** Prunes `obj` (a whole custom object) in place; returns the paths of dropped fields in document order. */
export function pruneObject(obj: Record<string, unknown>, schema: JSONSchemaProps): string[] {
  const pruned: string[] = [];
  pruneResource(obj, schema, "", pruned);
  return pruned;
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** An object that is a resource (the root, or an embedded one): TypeMeta and ObjectMeta survive. */
function pruneResource(obj: Record<string, unknown>, s: JSONSchemaProps, path: string, pruned: string[]): void {
  for (const key of Object.keys(obj)) {
    if (key === "apiVersion" || key === "kind") continue;
    if (key === "metadata") {
      pruneMetadata(obj, path, pruned);
      continue;
    }
    pruneField(obj, key, s, path, pruned);
  }
}

function pruneMetadata(obj: Record<string, unknown>, path: string, pruned: string[]): void {
  const meta = obj.metadata;
  const metaPath = join(path, "metadata");
  if (!isObject(meta)) return;
  for (const key of Object.keys(meta)) {
    if (!OBJECT_META_FIELDS.has(key)) {
      delete meta[key];
      pruned.push(join(metaPath, key));
    }
  }
}

function pruneField(obj: Record<string, unknown>, key: string, s: JSONSchemaProps, path: string, pruned: string[]): void {
  const child = s.properties?.[key] ?? additionalOf(s);
  if (!child) {
    if (s["x-kubernetes-preserve-unknown-fields"]) return;
    delete obj[key];
    pruned.push(join(path, key));
    return;
  }
  prune(obj[key], child, join(path, key), pruned);
}

function prune(value: unknown, s: JSONSchemaProps, path: string, pruned: string[]): void {
  if (Array.isArray(value)) {
    const items = itemsOf(s);
    if (items) value.forEach((item, i) => prune(item, items, `${path}[${i}]`, pruned));
    return;
  }
  if (!isObject(value)) return;
  if (s["x-kubernetes-embedded-resource"]) {
    pruneResource(value, s, path, pruned);
    return;
  }
  for (const key of Object.keys(value)) pruneField(value, key, s, path, pruned);
}

/** Prunes any value (not a whole object: no TypeMeta or ObjectMeta rules at its top) in place; returns the dropped paths. */
export function pruneValue(value: unknown, schema: JSONSchemaProps): string[] {
  const pruned: string[] = [];
  prune(value, schema, "", pruned);
  return pruned;
}
