/**
 * apps/v1 ControllerRevisions (upstream's ValidateControllerRevision and its update): `data`
 * required and immutable, `revision` not negative; no generation, as upstream's strategy sets none.
 */
import type { KubeObject } from "../../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { FIELD_IMMUTABLE } from "../../validation/object-meta.js";
import { sameJSON } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";

function validateControllerRevision(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  if (obj.data === undefined || obj.data === null) errs.push(fieldErrors.required(FieldPath.of("data"), "data is mandatory"));
  if (typeof obj.revision === "number" && obj.revision < 0)
    errs.push(fieldErrors.invalid(FieldPath.of("revision"), obj.revision, "must be greater than or equal to 0"));
  return errs;
}

export const controllerRevisionStrategy = kindStrategy({
  kind: "ControllerRevision",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  trackGeneration: false,
  validate: validateControllerRevision,
  validateUpdate: (obj, old) => [
    ...validateControllerRevision(obj),
    ...(sameJSON(obj.data, old.data) ? [] : [fieldErrors.invalid(FieldPath.of("data"), obj.data ?? null, FIELD_IMMUTABLE)]),
  ],
});
