/**
 * A custom object's metadata must decode as ObjectMeta, as upstream decodes it with Go's JSON
 * package: the first field of the wrong JSON type gives Go's unmarshal error text.
 */
import { isObject } from "./types.js";

type Want = "string" | "int64" | "map[string]string" | "[]string" | "[]v1.OwnerReference" | "[]v1.ManagedFieldsEntry";

const FIELDS: Readonly<Record<string, Want>> = {
  name: "string",
  generateName: "string",
  namespace: "string",
  selfLink: "string",
  uid: "string",
  resourceVersion: "string",
  generation: "int64",
  creationTimestamp: "string",
  deletionTimestamp: "string",
  deletionGracePeriodSeconds: "int64",
  labels: "map[string]string",
  annotations: "map[string]string",
  finalizers: "[]string",
  ownerReferences: "[]v1.OwnerReference",
  managedFields: "[]v1.ManagedFieldsEntry",
};

const OWNER_REFERENCE: Readonly<Record<string, "string" | "bool">> = {
  apiVersion: "string",
  kind: "string",
  name: "string",
  uid: "string",
  controller: "bool",
  blockOwnerDeletion: "bool",
};

/** Go's name for a JSON value's type in an UnmarshalTypeError. */
function jsonType(v: unknown): string {
  if (Array.isArray(v)) return "array";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "number" : `number ${v}`;
  return typeof v === "object" ? "object" : typeof v;
}

const fail = (v: unknown, field: string, type: string): string =>
  `json: cannot unmarshal ${jsonType(v)} into Go struct field ObjectMeta.${field} of type ${type}`;

/** The Go decoding error of `metadata`, or undefined when it decodes. */
export function objectMetaTypeError(metadata: unknown): string | undefined {
  if (metadata === undefined || metadata === null) return undefined;
  if (!isObject(metadata)) return `json: cannot unmarshal ${jsonType(metadata)} into Go value of type v1.ObjectMeta`;
  for (const [field, value] of Object.entries(metadata)) {
    const want = FIELDS[field];
    if (want === undefined || value === null) continue;
    switch (want) {
      case "string":
        if (typeof value !== "string") return fail(value, field, "string");
        break;
      case "int64":
        if (typeof value !== "number" || !Number.isInteger(value)) return fail(value, field, "int64");
        break;
      case "map[string]string":
        if (!isObject(value)) return fail(value, field, want);
        for (const v of Object.values(value)) if (v !== null && typeof v !== "string") return fail(v, field, "string");
        break;
      case "[]string":
        if (!Array.isArray(value)) return fail(value, field, want);
        for (const v of value) if (v !== null && typeof v !== "string") return fail(v, field, "string");
        break;
      case "[]v1.OwnerReference":
        if (!Array.isArray(value)) return fail(value, field, want);
        for (const ref of value) {
          if (ref === null) continue;
          if (!isObject(ref)) return fail(ref, field, "v1.OwnerReference");
          for (const [k, v] of Object.entries(ref)) {
            const t = OWNER_REFERENCE[k];
            if (t === undefined || v === null) continue;
            if ((t === "string" && typeof v !== "string") || (t === "bool" && typeof v !== "boolean")) return fail(v, `${field}.${k}`, t);
          }
        }
        break;
      case "[]v1.ManagedFieldsEntry":
        if (!Array.isArray(value)) return fail(value, field, want);
        for (const e of value) if (e !== null && !isObject(e)) return fail(e, field, "v1.ManagedFieldsEntry");
        break;
    }
  }
  return undefined;
}
