/** ObjectMeta validation on create and update, with upstream's checks and messages (names, labels, annotations, finalizers, owners). */
import type { KubeObject } from "../rest.js";
import { appendErrors, fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isQualifiedName, isValidLabelValue, type NameValidator, nameIsDNSLabel } from "../../../runtime/validation/strings.js";
import { utf8Length } from "../../../runtime/go-strings.js";

type Meta = NonNullable<KubeObject["metadata"]>;

const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;
export const FIELD_IMMUTABLE = "field is immutable";

export function validateLabels(labels: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  // for-in, not Object.entries: no pair per label (a decoded map has no inherited keys).
  for (const k in labels) {
    if (!Object.hasOwn(labels, k)) continue;
    const v = labels[k]!;
    for (const msg of isQualifiedName(k)) errs.push(fieldErrors.invalid(path, k, msg));
    for (const msg of isValidLabelValue(v)) errs.push(fieldErrors.invalid(path, v, msg));
  }
  return errs;
}

export function validateAnnotations(annotations: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const k in annotations) {
    if (!Object.hasOwn(annotations, k)) continue;
    const v = annotations[k]!;
    // Annotation keys are qualified names in any case.
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(fieldErrors.invalid(path, k, msg));
    total += utf8Length(k) + utf8Length(v);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(fieldErrors.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

export function validateFinalizerName(name: string, path: FieldPath): FieldError[] {
  return isQualifiedName(name).map((msg) => fieldErrors.invalid(path, name, msg));
}

export function validateFinalizers(finalizers: readonly string[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let orphan = false;
  let foreground = false;
  for (const f of finalizers ?? []) {
    errs.push(...validateFinalizerName(f, path));
    if (f === "orphan") orphan = true;
    if (f === "foregroundDeletion") foreground = true;
  }
  if (orphan && foreground) {
    errs.push(fieldErrors.invalid(path, finalizers, "finalizer orphan and foregroundDeletion cannot be both set"));
  }
  return errs;
}

interface OwnerReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
}

export function validateOwnerReferences(refs: readonly unknown[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = "";
  for (const raw of refs ?? []) {
    const ref = (raw ?? {}) as OwnerReference;
    const apiVersion = ref.apiVersion ?? "";
    const slash = apiVersion.indexOf("/");
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    const group = slash < 0 ? "" : apiVersion.slice(0, slash);
    if (version === "") errs.push(fieldErrors.invalid(path.child("apiVersion"), apiVersion, "version must not be empty"));
    if (!ref.kind) errs.push(fieldErrors.invalid(path.child("kind"), ref.kind ?? "", "must not be empty"));
    if (!ref.name) errs.push(fieldErrors.invalid(path.child("name"), ref.name ?? "", "must not be empty"));
    if (!ref.uid) errs.push(fieldErrors.invalid(path.child("uid"), ref.uid ?? "", "must not be empty"));
    if (group === "" && version === "v1" && ref.kind === "Event") {
      errs.push(fieldErrors.invalid(path, raw, "/v1, Kind=Event is disallowed from being an owner"));
    }
    if (ref.controller === true) {
      const name = `${ref.kind ?? ""}/${ref.name ?? ""}`;
      if (firstController !== "") {
        errs.push(
          fieldErrors.invalid(
            path,
            refs,
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${name}`,
          ),
        );
      } else {
        firstController = name;
      }
    }
  }
  return errs;
}

/**
 * ObjectMeta on create (upstream's ValidateObjectMetaAccessor): generateName and name through
 * `nameFn`, the namespace required or forbidden by scope, labels, annotations, owners and
 * finalizers.
 */
export function validateObjectMeta(meta: Meta | undefined, namespaced: boolean, nameFn: NameValidator, path = METADATA_PATH): FieldError[] {
  const m = meta ?? {};
  const errs: FieldError[] = [];
  if (m.generateName) {
    for (const msg of nameFn(m.generateName, true)) errs.push(fieldErrors.invalid(path.child("generateName"), m.generateName, msg));
  }
  if (!m.name) {
    errs.push(fieldErrors.required(path.child("name"), "name or generateName is required"));
  } else {
    for (const msg of nameFn(m.name, false)) errs.push(fieldErrors.invalid(path.child("name"), m.name, msg));
  }
  if (namespaced) {
    if (!m.namespace) errs.push(fieldErrors.required(path.child("namespace")));
    else for (const msg of nameIsDNSLabel(m.namespace, false)) errs.push(fieldErrors.invalid(path.child("namespace"), m.namespace, msg));
  } else if (m.namespace) {
    errs.push(fieldErrors.forbidden(path.child("namespace"), "not allowed on this type"));
  }
  if ((m.generation ?? 0) < 0) errs.push(fieldErrors.invalid(path.child("generation"), m.generation, "must be greater than or equal to 0"));
  // Every write of every kind comes here: absent fields are passed over (none has anything to say
  // when absent), and no spread copies.
  if (m.labels !== undefined) appendErrors(errs, validateLabels(m.labels, path.child("labels")));
  if (m.annotations !== undefined) appendErrors(errs, validateAnnotations(m.annotations, path.child("annotations")));
  if (m.ownerReferences !== undefined) appendErrors(errs, validateOwnerReferences(m.ownerReferences, path.child("ownerReferences")));
  if (m.finalizers !== undefined) appendErrors(errs, validateFinalizers(m.finalizers, path.child("finalizers")));
  const managedFields = (m as { managedFields?: unknown }).managedFields;
  if (managedFields !== undefined) appendErrors(errs, validateManagedFields(managedFields, path.child("managedFields")));
  return errs;
}

const METADATA_PATH = FieldPath.of("metadata");

/** upstream's limits on a field manager's name and on a subresource's. */
const FIELD_MANAGER_MAX_LENGTH = 128;
const SUBRESOURCE_MAX_LENGTH = 256;
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** Whether every character is printable ASCII (space to '~'): each is one of PRINTABLE's, one byte. */
function isPrintableASCII(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** A field manager's name: at most 128 bytes, printable characters only (upstream's ValidateFieldManager). */
export function validateFieldManager(manager: string, path: FieldPath): FieldError[] {
  // Every write checks its managers' names, nearly always printable ASCII within the limit: a
  // byte per character, no per-character regex (a Unicode-property test) needed.
  if (manager.length <= FIELD_MANAGER_MAX_LENGTH && isPrintableASCII(manager)) return [];
  const errs: FieldError[] = [];
  if (Buffer.byteLength(manager) > FIELD_MANAGER_MAX_LENGTH) errs.push(fieldErrors.tooLong(path, FIELD_MANAGER_MAX_LENGTH));
  let offset = 0;
  for (const ch of manager) {
    if (!PRINTABLE.test(ch)) errs.push(fieldErrors.invalid(path, manager, `invalid characters at index ${offset}`));
    offset += Buffer.byteLength(ch);
  }
  return errs;
}

/** managedFields entries (upstream's ValidateManagedFields): operation Apply or Update, fieldsType FieldsV1, the manager's name, the subresource's length. */
export function validateManagedFields(entries: unknown, path: FieldPath): FieldError[] {
  if (!Array.isArray(entries)) return [];
  const errs: FieldError[] = [];
  entries.forEach((raw: unknown, i) => {
    const e = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const at = path.index(i);
    const operation = typeof e.operation === "string" ? e.operation : "";
    if (operation !== "Apply" && operation !== "Update")
      errs.push(fieldErrors.invalid(at.child("operation"), operation, "must be `Apply` or `Update`"));
    const fieldsType = typeof e.fieldsType === "string" ? e.fieldsType : "";
    if (fieldsType !== "" && fieldsType !== "FieldsV1")
      errs.push(fieldErrors.invalid(at.child("fieldsType"), fieldsType, "must be `FieldsV1`"));
    errs.push(...validateFieldManager(typeof e.manager === "string" ? e.manager : "", at.child("manager")));
    const subresource = typeof e.subresource === "string" ? e.subresource : "";
    if (subresource.length > SUBRESOURCE_MAX_LENGTH) errs.push(fieldErrors.tooLong(at.child("subresource"), SUBRESOURCE_MAX_LENGTH));
  });
  return errs;
}

const STANDARD_FINALIZERS = new Set(["kubernetes", "orphan", "foregroundDeletion"]);

/** The core group's extra finalizer rule: a name without a '/' must be one of the standard ones. */
export function validateKubeFinalizerName(name: string, path: FieldPath): FieldError[] {
  if (!name.includes("/") && !STANDARD_FINALIZERS.has(name)) {
    return [fieldErrors.invalid(path, name, "name is neither a standard finalizer name nor is it fully qualified")];
  }
  return [];
}

/** The core group's ObjectMeta check: the generic one plus the standard-finalizer rule for each metadata finalizer. */
export function validateCoreObjectMeta(meta: Meta | undefined, namespaced: boolean, nameFn: NameValidator): FieldError[] {
  const errs = validateObjectMeta(meta, namespaced, nameFn);
  (meta?.finalizers ?? []).forEach((f, i) => errs.push(...validateKubeFinalizerName(f, FieldPath.of("metadata", "finalizers").index(i))));
  return errs;
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** ObjectMeta on update (upstream's ValidateObjectMetaAccessorUpdate). */
export function validateObjectMetaUpdate(meta: Meta | undefined, old: Meta | undefined, path = FieldPath.of("metadata")): FieldError[] {
  const m = meta ?? {};
  const o = old ?? {};
  const errs: FieldError[] = [];
  if (o.deletionTimestamp) {
    const before = new Set(o.finalizers ?? []);
    const extra = [...new Set(m.finalizers ?? [])].filter((f) => !before.has(f)).sort();
    if (extra.length > 0) {
      errs.push(
        fieldErrors.forbidden(
          path.child("finalizers"),
          `no new finalizers can be added if the object is being deleted, found new finalizers []string{${extra.map((f) => JSON.stringify(f)).join(", ")}}`,
        ),
      );
    }
  }
  if (!m.resourceVersion)
    errs.push(fieldErrors.invalid(path.child("resourceVersion"), m.resourceVersion ?? "", "must be specified for an update"));
  if ((m.generation ?? 0) < (o.generation ?? 0))
    errs.push(fieldErrors.invalid(path.child("generation"), m.generation ?? 0, "must not be decremented"));
  const immutable: [keyof Meta, unknown, unknown][] = [
    ["name", m.name ?? "", o.name ?? ""],
    ["namespace", m.namespace ?? "", o.namespace ?? ""],
    ["uid", m.uid ?? "", o.uid ?? ""],
    ["creationTimestamp", m.creationTimestamp ?? null, o.creationTimestamp ?? null],
    ["deletionTimestamp", m.deletionTimestamp ?? null, o.deletionTimestamp ?? null],
    ["deletionGracePeriodSeconds", m.deletionGracePeriodSeconds ?? null, o.deletionGracePeriodSeconds ?? null],
  ];
  for (const [field, now, before] of immutable) {
    if (!sameJSON(now, before)) errs.push(fieldErrors.invalid(path.child(field), now, FIELD_IMMUTABLE));
  }
  errs.push(...validateLabels(m.labels, path.child("labels")));
  errs.push(...validateAnnotations(m.annotations, path.child("annotations")));
  errs.push(...validateOwnerReferences(m.ownerReferences, path.child("ownerReferences")));
  return errs;
}
