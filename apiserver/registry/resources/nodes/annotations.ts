/**
 * upstream's ValidateNodeSpecificAnnotations: a Node's `scheduler.alpha.kubernetes.io/taints`
 * annotation must decode as a list of taints, each valid as `spec.taints` entries are; its
 * `scheduler.alpha.kubernetes.io/preferAvoidPods` annotation must decode as AvoidPods whose
 * entries each name a controller. Decode errors are Go's (patch/go-json-decode.ts).
 */
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { goDecode, type GoType } from "../../patch/go-json-decode.js";
import { validateTaints } from "../../validation/node.js";
import { isObj, list, record } from "../../validation/shape.js";

export const TAINTS_ANNOTATION = "scheduler.alpha.kubernetes.io/taints";
export const AVOID_PODS_ANNOTATION = "scheduler.alpha.kubernetes.io/preferAvoidPods";
const ANNOTATIONS = FieldPath.of("metadata", "annotations");

const STRING: GoType = { kind: "string", name: "string" };
const BOOL: GoType = { kind: "bool", name: "bool" };

/** The internal core.Taint the annotation is decoded into. */
const TAINTS: GoType = {
  kind: "slice",
  name: "[]core.Taint",
  elem: {
    kind: "struct",
    name: "core.Taint",
    fields: { key: STRING, value: STRING, effect: { kind: "string", name: "core.TaintEffect" }, timeAdded: { kind: "time" } },
  },
};

/** v1.AvoidPods, as upstream's scheduling helper decodes the annotation. */
const AVOID_PODS: GoType = {
  kind: "struct",
  name: "v1.AvoidPods",
  fields: {
    preferAvoidPods: {
      kind: "slice",
      name: "[]v1.PreferAvoidPodsEntry",
      elem: {
        kind: "struct",
        name: "v1.PreferAvoidPodsEntry",
        fields: {
          podSignature: {
            kind: "struct",
            name: "v1.PodSignature",
            fields: {
              podController: {
                kind: "struct",
                name: "v1.OwnerReference",
                fields: {
                  apiVersion: STRING,
                  kind: STRING,
                  name: STRING,
                  uid: { kind: "string", name: "types.UID" },
                  controller: BOOL,
                  blockOwnerDeletion: BOOL,
                },
              },
            },
          },
          evictionTime: { kind: "time" },
          reason: STRING,
          message: STRING,
        },
      },
    },
  },
};

/** The value under `key`, as Go's decoder matched it (case-insensitively). */
function field(obj: unknown, key: string): unknown {
  if (!isObj(obj)) return undefined;
  if (key in obj) return obj[key];
  const lower = key.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

function validateTaintsAnnotation(text: string): FieldError[] {
  const decoded = goDecode(text, TAINTS);
  if (!decoded.ok) return [fieldErrors.invalid(ANNOTATIONS, TAINTS_ANNOTATION, decoded.message)];
  const taints = list(decoded.value).map((t) => ({
    key: field(t, "key"),
    value: field(t, "value"),
    effect: field(t, "effect"),
    timeAdded: field(t, "timeAdded"),
  }));
  return validateTaints(taints, ANNOTATIONS.child(TAINTS_ANNOTATION));
}

function validateAvoidPodsAnnotation(text: string): FieldError[] {
  const decoded = goDecode(text, AVOID_PODS);
  if (!decoded.ok) return [fieldErrors.invalid(ANNOTATIONS.child("AvoidPods"), AVOID_PODS_ANNOTATION, decoded.message)];
  const errs: FieldError[] = [];
  list(field(decoded.value, "preferAvoidPods")).forEach((entry, i) => {
    const p = ANNOTATIONS.child(AVOID_PODS_ANNOTATION).index(i).child("PodSignature");
    const controllerRef = field(field(entry, "podSignature"), "podController");
    if (!isObj(controllerRef)) errs.push(fieldErrors.required(p));
    // upstream dereferences `controller` unchecked (a nil one is a server panic there); unset counts as false here.
    else if (field(controllerRef, "controller") !== true)
      errs.push(fieldErrors.invalid(p.child("PodController", "Controller"), false, "must point to a controller"));
  });
  return errs;
}

/** The Node-specific annotation rules of create and every update. */
export function validateNodeAnnotations(annotations: unknown): FieldError[] {
  const a = record(annotations);
  const errs: FieldError[] = [];
  const taints = a[TAINTS_ANNOTATION];
  if (typeof taints === "string" && taints !== "") errs.push(...validateTaintsAnnotation(taints));
  const avoid = a[AVOID_PODS_ANNOTATION];
  if (typeof avoid === "string" && avoid !== "") errs.push(...validateAvoidPodsAnnotation(avoid));
  return errs;
}
