/**
 * AppArmor and the Pod annotations upstream 1.34 still reads: the `appArmorProfile` field (pod
 * and container level, ValidateAppArmorProfileField), the deprecated per-container AppArmor and
 * seccomp annotations (ValidatePodSpecificAnnotations: the container must exist, the value must be
 * a profile name), the mirror pod annotation, their agreement with the fields on create
 * (validateAppArmorAnnotationsAndFieldsMatchOnCreate, validateSeccompAnnotationsAndFields), and
 * the create-time copy of an AppArmor annotation into a container's field (the Pod strategy's
 * applyAppArmorVersionSkew). Each check looks at the annotations only when one of these keys is there.
 */
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { isObj, list, record, str, type Obj } from "./shape.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { DELETION_COST_KEY, validateDeletionCost } from "./pod-deletion-cost.js";

export const APPARMOR_PREFIX = "container.apparmor.security.beta.kubernetes.io/";
export const SECCOMP_POD_KEY = "seccomp.security.alpha.kubernetes.io/pod";
export const SECCOMP_CONTAINER_PREFIX = "container.seccomp.security.alpha.kubernetes.io/";
const MIRROR_KEY = "kubernetes.io/config.mirror";
const APPARMOR_TYPES = ["Localhost", "RuntimeDefault", "Unconfined"];
const MAX_LOCALHOST_PROFILE = 4095;
const CONTAINER_KINDS = ["initContainers", "containers", "ephemeralContainers"] as const;

/** upstream's ValidateAppArmorProfileField for a pod's or a container's securityContext.appArmorProfile. */
export function validateAppArmorProfile(profile: unknown, path: FieldPath): FieldError[] {
  if (profile === undefined || profile === null) return [];
  const p = record(profile);
  const type = str(p.type);
  const local = p.localhostProfile;
  const localPath = () => path.child("localhostProfile");
  const errs: FieldError[] = [];
  if (type === "Localhost") {
    if (typeof local !== "string") errs.push(fieldErrors.required(localPath(), "must be set when AppArmor type is Localhost"));
    else {
      if (local.trim() !== local) errs.push(fieldErrors.invalid(localPath(), local, "must not be padded with whitespace"));
      else if (local === "") errs.push(fieldErrors.required(localPath(), "must be set when AppArmor type is Localhost"));
      if (Buffer.byteLength(local, "utf8") > MAX_LOCALHOST_PROFILE) errs.push(fieldErrors.tooLong(localPath(), MAX_LOCALHOST_PROFILE));
    }
  } else if (type === "RuntimeDefault" || type === "Unconfined") {
    if (local !== undefined && local !== null)
      errs.push(fieldErrors.invalid(localPath(), local, "can only be set when AppArmor type is Localhost"));
  } else if (type === "") errs.push(fieldErrors.required(path.child("type"), "type is required when appArmorProfile is set"));
  else errs.push(fieldErrors.notSupported(path.child("type"), type, APPARMOR_TYPES));
  return errs;
}

/** Whether annotations hold a key any rule here reads: most Pods have none, so nothing else runs. */
export function hasPodSecurityAnnotations(annotations: unknown): annotations is Record<string, unknown> {
  if (!isObj(annotations)) return false;
  for (const k in annotations)
    if (
      k === MIRROR_KEY ||
      k === SECCOMP_POD_KEY ||
      k === DELETION_COST_KEY ||
      k.startsWith(APPARMOR_PREFIX) ||
      k.startsWith(SECCOMP_CONTAINER_PREFIX)
    )
      return true;
  return false;
}

function hasContainer(spec: Obj, name: string): boolean {
  for (const kind of CONTAINER_KINDS) for (const c of list(spec[kind])) if (str(record(c).name) === name) return true;
  return false;
}

/** upstream's ValidateSeccompProfile for an annotation value; the path names the annotation as a child, as upstream's. */
function seccompAnnotationErrors(value: string, path: FieldPath): FieldError[] {
  if (value === "runtime/default" || value === "docker/default" || value === "unconfined") return [];
  if (value.startsWith("localhost/")) {
    const rest = value.slice("localhost/".length);
    const errs: FieldError[] = [];
    if (rest.startsWith("/")) errs.push(fieldErrors.invalid(path, rest, "must be a relative path"));
    if (rest.split("/").includes("..")) errs.push(fieldErrors.invalid(path, rest, "must not contain '..'"));
    return errs;
  }
  return [fieldErrors.invalid(path, value, "must be a valid seccomp profile")];
}

/**
 * The annotation rules of upstream's ValidatePodSpecificAnnotations this server keeps: the mirror
 * pod needs a node, seccomp annotations name profiles, AppArmor annotations name a container of
 * the pod and a profile. `path` is the annotations' (`metadata.annotations`).
 */
export function validatePodSpecificAnnotations(
  annotations: unknown,
  spec: unknown,
  path: FieldPath,
  allowInvalidDeletionCost = false,
): FieldError[] {
  if (!hasPodSecurityAnnotations(annotations)) return [];
  const s = record(spec);
  const errs: FieldError[] = [];
  if (MIRROR_KEY in annotations && str(s.nodeName) === "")
    errs.push(
      fieldErrors.invalid(path.key(MIRROR_KEY), str(annotations[MIRROR_KEY]), "must set spec.nodeName if mirror pod annotation is set"),
    );
  if (!allowInvalidDeletionCost) errs.push(...validateDeletionCost(annotations, path));
  if (SECCOMP_POD_KEY in annotations) errs.push(...seccompAnnotationErrors(str(annotations[SECCOMP_POD_KEY]), path.child(SECCOMP_POD_KEY)));
  for (const k in annotations)
    if (k.startsWith(SECCOMP_CONTAINER_PREFIX)) errs.push(...seccompAnnotationErrors(str(annotations[k]), path.child(k)));
  for (const k in annotations) {
    if (!k.startsWith(APPARMOR_PREFIX)) continue;
    const container = k.slice(APPARMOR_PREFIX.length);
    if (!hasContainer(s, container)) errs.push(fieldErrors.invalid(path.key(k), container, "container not found"));
    const value = str(annotations[k]);
    if (value !== "" && value !== "runtime/default" && value !== "unconfined" && !value.startsWith("localhost/"))
      errs.push(fieldErrors.invalid(path.key(k), value, `invalid AppArmor profile name: ${goQuote(value)}`));
  }
  return errs;
}

/** A seccomp or AppArmor field against its annotation: `what` is "seccomp" or "apparmor", as in upstream's messages. */
function matchErrors(what: "seccomp" | "apparmor", annotation: string, field: Obj, path: FieldPath): FieldError[] {
  const type = str(field.type);
  const typeErr = () => [fieldErrors.forbidden(path.child("type"), `${what} type in annotation and field must match`)];
  if (type === "Unconfined") return annotation === "unconfined" ? [] : typeErr();
  if (type === "RuntimeDefault")
    return annotation === "runtime/default" || (what === "seccomp" && annotation === "docker/default") ? [] : typeErr();
  if (type === "Localhost") {
    if (!annotation.startsWith("localhost/")) return typeErr();
    if (typeof field.localhostProfile !== "string" || annotation.slice("localhost/".length) !== field.localhostProfile)
      return [fieldErrors.forbidden(path.child("localhostProfile"), `${what} profile in annotation and field must match`)];
  }
  return [];
}

/**
 * On create (and in templates): where an annotation and a field both give a container's (or the
 * pod's) seccomp or AppArmor profile, they must agree (upstream's validateSeccompAnnotationsAndFields
 * and validateAppArmorAnnotationsAndFieldsMatchOnCreate). `specPath` is the spec's.
 */
export function validateAnnotationsMatchFields(annotations: unknown, spec: unknown, specPath: FieldPath): FieldError[] {
  if (!hasPodSecurityAnnotations(annotations)) return [];
  const s = record(spec);
  const errs: FieldError[] = [];
  const podSC = record(s.securityContext);
  if (isObj(podSC.seccompProfile) && SECCOMP_POD_KEY in annotations)
    errs.push(
      ...matchErrors(
        "seccomp",
        str(annotations[SECCOMP_POD_KEY]),
        podSC.seccompProfile,
        specPath.child("securityContext", "seccompProfile"),
      ),
    );
  for (const kind of CONTAINER_KINDS) {
    list(s[kind]).forEach((c, i) => {
      const sc = record(record(c).securityContext);
      if (!isObj(sc.seccompProfile)) return;
      const key = SECCOMP_CONTAINER_PREFIX + str(record(c).name);
      if (key in annotations)
        errs.push(
          ...matchErrors(
            "seccomp",
            str(annotations[key]),
            sc.seccompProfile,
            specPath.child(kind).index(i).child("securityContext", "seccompProfile"),
          ),
        );
    });
  }
  // Windows pods skip the AppArmor check, as upstream's.
  if (str(record(s.os).name) === "windows") return errs;
  for (const kind of CONTAINER_KINDS) {
    list(s[kind]).forEach((c, i) => {
      const own = record(record(c).securityContext).appArmorProfile;
      const profile = isObj(own) ? own : podSC.appArmorProfile;
      if (!isObj(profile)) return;
      const key = APPARMOR_PREFIX + str(record(c).name);
      if (key in annotations)
        errs.push(
          ...matchErrors(
            "apparmor",
            str(annotations[key]),
            profile,
            specPath.child(kind).index(i).child("securityContext", "appArmorProfile"),
          ),
        );
    });
  }
  return errs;
}

/** upstream's ApparmorFieldForAnnotation: the field an annotation value stands for, if any. */
function appArmorFieldFor(annotation: string): Obj | undefined {
  if (annotation === "unconfined") return { type: "Unconfined" };
  if (annotation === "runtime/default") return { type: "RuntimeDefault" };
  if (annotation.startsWith("localhost/")) {
    const local = annotation.slice("localhost/".length);
    if (local !== "" && local.trim() === local && Buffer.byteLength(local, "utf8") <= MAX_LOCALHOST_PROFILE)
      return { type: "Localhost", localhostProfile: local };
  }
  return undefined;
}

const sameProfile = (a: Obj, b: unknown) => isObj(b) && str(b.type) === str(a.type) && b.localhostProfile === a.localhostProfile;

/**
 * upstream's applyAppArmorVersionSkew on a Pod being created: a container with an AppArmor
 * annotation and no field gets the field the annotation stands for (unless the pod's own profile
 * already says the same). Returns the deprecation warnings upstream emits while doing it.
 */
export function applyAppArmorVersionSkew(pod: { metadata?: { annotations?: Record<string, string> }; spec?: unknown }): string[] {
  const annotations = pod.metadata?.annotations;
  if (!isObj(annotations)) return [];
  let any = false;
  for (const k in annotations)
    if (k.startsWith(APPARMOR_PREFIX)) {
      any = true;
      break;
    }
  if (!any) return [];
  const s = record(pod.spec);
  if (str(record(s.os).name) === "windows") return [];
  const podProfile = record(s.securityContext).appArmorProfile;
  const warnings: string[] = [];
  for (const kind of CONTAINER_KINDS) {
    for (const c of list(s[kind])) {
      if (!isObj(c)) continue;
      const key = APPARMOR_PREFIX + str(c.name);
      if (!(key in annotations)) continue;
      const sc = c.securityContext;
      if (isObj(sc) && sc.appArmorProfile !== undefined && sc.appArmorProfile !== null) continue;
      const field = appArmorFieldFor(str(annotations[key]));
      let warn = field === undefined;
      if (field !== undefined && !sameProfile(field, podProfile)) {
        c.securityContext = { ...record(sc), appArmorProfile: field };
        warn = true;
      }
      if (warn) warnings.push(`metadata.annotations[${key}]: deprecated since v1.30; use the "appArmorProfile" field instead`);
    }
  }
  return warnings;
}
