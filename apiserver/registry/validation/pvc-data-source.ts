/**
 * A claim spec's `dataSource` and `dataSourceRef` as upstream's ValidatePersistentVolumeClaimSpec
 * checks them (validateDataSource, validateDataSourceRef): a kind and a name, an API group that is
 * a DNS subdomain, only PersistentVolumeClaim from the core group, a namespace that is a namespace
 * name, and both fields, when set together without a namespace, naming the same object.
 */
import { isDNS1123Label, isDNS1123Subdomain } from "../../../runtime/validation/strings.js";
import { fieldErrors, GoSyntax, type FieldError, type FieldPath } from "./field.js";
import { isObj, str, type Obj } from "./shape.js";

/** schema.GroupKind.String(): `Kind.group`, or the kind alone in the core group. */
const groupKindText = (group: string, kind: string) => (group === "" ? kind : `${kind}.${group}`);

function validateReference(ref: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(ref.name) === "") errs.push(fieldErrors.required(p.child("name")));
  if (str(ref.kind) === "") errs.push(fieldErrors.required(p.child("kind")));
  const group = str(ref.apiGroup);
  if (group !== "") for (const msg of isDNS1123Subdomain(group)) errs.push(fieldErrors.invalid(p.child("apiGroup"), group, msg));
  if (group === "" && str(ref.kind) !== "PersistentVolumeClaim")
    errs.push(
      fieldErrors.invalid(p, groupKindText(group, str(ref.kind)), "must be 'PersistentVolumeClaim' when referencing the default apiGroup"),
    );
  return errs;
}

/** The checks in upstream's order, after the claim's volume mode. */
export function validateDataSources(spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const source = spec.dataSource;
  const ref = spec.dataSourceRef;
  if (isObj(source)) errs.push(...validateReference(source, path.child("dataSource")));
  const namespace = isObj(ref) ? str(ref.namespace) : "";
  if (isObj(ref)) {
    errs.push(...validateReference(ref, path.child("dataSourceRef")));
    // A namespace is a DNS label (upstream's ValidateNamespaceName).
    if (namespace !== "")
      for (const msg of isDNS1123Label(namespace)) errs.push(fieldErrors.invalid(path.child("dataSourceRef", "namespace"), namespace, msg));
  }
  // upstream prints the path itself as the bad value.
  const sourcePath = new GoSyntax(path.child("dataSource").toString());
  if (namespace !== "") {
    if (isObj(source)) errs.push(fieldErrors.invalid(path, sourcePath, "may not be specified when dataSourceRef.namespace is specified"));
  } else if (isObj(source) && isObj(ref)) {
    const same =
      str(source.apiGroup) === str(ref.apiGroup) &&
      (source.apiGroup == null) === (ref.apiGroup == null) &&
      str(source.kind) === str(ref.kind) &&
      str(source.name) === str(ref.name);
    if (!same) errs.push(fieldErrors.invalid(path, sourcePath, "must match dataSourceRef"));
  }
  return errs;
}

/**
 * What upstream's PVC strategy does to a new claim before validation: `dataSourceRef.namespace`
 * dropped (CrossNamespaceVolumeDataSource is off in 1.34), then NormalizeDataSources copying
 * whichever of `dataSource` and `dataSourceRef` is set into the other.
 */
export function normalizeDataSources(spec: Obj): void {
  const ref = spec.dataSourceRef;
  if (isObj(ref)) delete ref.namespace;
  const copy = (from: Obj): Obj => ({ ...(from.apiGroup != null && { apiGroup: from.apiGroup }), kind: from.kind, name: from.name });
  if (isObj(spec.dataSource) && !isObj(spec.dataSourceRef)) spec.dataSourceRef = copy(spec.dataSource);
  else if (isObj(spec.dataSourceRef) && !isObj(spec.dataSource)) spec.dataSource = copy(spec.dataSourceRef);
}
