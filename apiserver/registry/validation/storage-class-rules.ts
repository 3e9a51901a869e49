/**
 * StorageClass rules of upstream's ValidateStorageClass beyond the provisioner and policies:
 * `parameters` at most 512 entries and 256 KiB of keys and values, no empty key, and
 * `allowedTopologies` terms each with label expressions (keys label names, values present and
 * unique, keys unique) and no two terms alike.
 */
import { utf8Length } from "../../../runtime/go-strings.js";
import { isQualifiedName } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { isObj, list, record, str } from "./shape.js";

const MAX_PARAMETERS = 512;
const MAX_PARAMETERS_SIZE = 256 * 1024;

/**
 * Upstream's validateParameters: `allowEmpty` false (VolumeAttributesClass) also asks for at least
 * one entry, after the other checks as upstream orders them.
 */
export function validateStorageClassParameters(params: unknown, path: FieldPath, allowEmpty = true): FieldError[] {
  const keys = isObj(params) ? Object.keys(params) : [];
  if (keys.length > MAX_PARAMETERS) return [fieldErrors.tooLong(path, MAX_PARAMETERS)];
  if (!isObj(params)) return allowEmpty ? [] : [fieldErrors.required(path, "must contain at least one key/value pair")];
  const errs: FieldError[] = [];
  let size = 0;
  for (const k of keys) {
    if (k === "") errs.push(fieldErrors.invalid(path, k, "field can not be empty."));
    size += utf8Length(k) + utf8Length(str(params[k]));
  }
  if (size > MAX_PARAMETERS_SIZE) errs.push(fieldErrors.tooLong(path, MAX_PARAMETERS_SIZE));
  if (!allowEmpty && keys.length === 0) errs.push(fieldErrors.required(path, "must contain at least one key/value pair"));
  return errs;
}

/** Upstream's validateProvisioner (a StorageClass's provisioner, a VolumeAttributesClass's driverName): required, a qualified name once lower-cased. */
export function validateProvisioner(provisioner: string, path: FieldPath): FieldError[] {
  if (provisioner === "") return [fieldErrors.required(path)];
  return isQualifiedName(provisioner.toLowerCase()).map((msg) => fieldErrors.invalid(path, provisioner, msg));
}

/** A term's expressions as key → sorted values, for comparing terms as upstream compares its maps of sets. */
function termKey(exprs: Map<string, Set<string>>): string {
  return JSON.stringify([...exprs.entries()].map(([k, v]) => [k, [...v].sort()]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
}

export function validateAllowedTopologies(topologies: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(topologies).forEach((t, i) => {
    const termPath = path.index(i);
    const exprPath = termPath.child("matchLabelExpressions");
    const exprs = new Map<string, Set<string>>();
    list(record(t).matchLabelExpressions).forEach((e, j) => {
      const req = record(e);
      const p = exprPath.index(j);
      const values = new Set<string>();
      const valuesPath = p.child("values");
      const given = list(req.values).map(str);
      if (given.length === 0) errs.push(fieldErrors.required(valuesPath));
      given.forEach((v, k) => {
        if (values.has(v)) errs.push(fieldErrors.duplicate(valuesPath.index(k), v));
        values.add(v);
      });
      const key = str(req.key);
      for (const msg of isQualifiedName(key)) errs.push(fieldErrors.invalid(p.child("key"), key, msg));
      if (exprs.has(key)) errs.push(fieldErrors.duplicate(p.child("key"), key));
      exprs.set(key, values);
    });
    if (exprs.size === 0) {
      errs.push(fieldErrors.required(exprPath, "must have at least one label expression"));
      return;
    }
    const k = termKey(exprs);
    if (seen.has(k)) errs.push(fieldErrors.duplicate(exprPath, ""));
    seen.add(k);
  });
  return errs;
}
