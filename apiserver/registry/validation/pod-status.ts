/**
 * What upstream checks on a Pod's `/status` (ValidatePodStatusUpdate): custom condition types,
 * `nominatedNodeName` as a node name, terminated containers of a Pod that would not restart them
 * staying terminated, resource claim statuses naming the Pod's claims, and `podIPs`/`hostIPs`
 * valid, unique and at most one per family (`hostIPs[0]` equal to `hostIP`), the container
 * statuses' `user` IDs (pod-status-users.ts).
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isDNS1123Subdomain, isQualifiedName, isValidIP, parseIP } from "../../../runtime/validation/strings.js";
import { validateContainerStatusUsers } from "./pod-status-users.js";
import { list, record, str, type Obj } from "./shape.js";

const STATUS = FieldPath.of("status");
/** The condition types the kubelet owns; any other must be a qualified name. */
const SYSTEM_CONDITIONS = new Set(["PodScheduled", "Ready", "Initialized"]);

export function validatePodStatusUpdate(pod: KubeObject, old: KubeObject): FieldError[] {
  const status = record(pod.status);
  const oldStatus = record(old.status);
  const spec = record(pod.spec);
  const oldSpec = record(old.spec);
  const errs: FieldError[] = [];
  // upstream roots this path at metadata (its fldPath variable still holds it): kept as it answers.
  list(status.conditions).forEach((c, i) => {
    const type = str(record(c).type);
    if (SYSTEM_CONDITIONS.has(type)) return;
    const p = FieldPath.of("metadata", "conditions").index(i).child("Type");
    for (const msg of isQualifiedName(type)) errs.push(fieldErrors.invalid(p, type, msg));
  });
  const nominated = str(status.nominatedNodeName);
  if (nominated !== "" && nominated !== str(oldStatus.nominatedNodeName))
    for (const msg of isDNS1123Subdomain(nominated)) errs.push(fieldErrors.invalid(STATUS.child("nominatedNodeName"), nominated, msg));
  const restartPolicy = str(oldSpec.restartPolicy);
  const restartableInit = new Set(
    list(oldSpec.initContainers)
      .map(record)
      .filter((c) => c.restartPolicy === "Always")
      .map((c) => str(c.name)),
  );
  errs.push(...stateTransitions(status.containerStatuses, oldStatus.containerStatuses, "containerStatuses", restartPolicy));
  errs.push(
    ...stateTransitions(
      status.initContainerStatuses,
      oldStatus.initContainerStatuses,
      "initContainerStatuses",
      restartPolicy,
      restartableInit,
    ),
  );
  // Ephemeral containers are never restarted.
  errs.push(
    ...stateTransitions(status.ephemeralContainerStatuses, oldStatus.ephemeralContainerStatuses, "ephemeralContainerStatuses", "Never"),
  );
  errs.push(...claimStatuses(status.resourceClaimStatuses, spec.resourceClaims));
  errs.push(...podIPs(status));
  errs.push(...hostIPs(status));
  errs.push(...validateContainerStatusUsers(spec, status));
  return errs;
}

/** A terminated container may not go back to running unless the policy restarts it (OnFailure: after a failure). */
function stateTransitions(now: unknown, before: unknown, field: string, restartPolicy: string, restartable?: Set<string>): FieldError[] {
  if (restartPolicy === "Always") return [];
  const errs: FieldError[] = [];
  const newStatuses = list(now).map(record);
  list(before).forEach((o, i) => {
    const old = record(o);
    const terminated = record(record(old.state).terminated);
    if (record(old.state).terminated === undefined || record(old.state).terminated === null) return;
    if (typeof terminated.exitCode === "number" && terminated.exitCode !== 0 && restartPolicy === "OnFailure") return;
    if (restartable?.has(str(old.name))) return;
    for (const n of newStatuses) {
      const t = record(n.state).terminated;
      if (str(n.name) === str(old.name) && (t === undefined || t === null))
        errs.push(fieldErrors.forbidden(STATUS.child(field).index(i).child("state"), "may not be transitioned to non-terminated state"));
    }
  });
  return errs;
}

function claimStatuses(statuses: unknown, claims: unknown): FieldError[] {
  const names = new Set(list(claims).map((c) => str(record(c).name)));
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  list(statuses).forEach((s, i) => {
    const st = record(s);
    const p = STATUS.child("resourceClaimStatuses").index(i).child("name");
    const name = str(st.name);
    if (!names.has(name)) errs.push(fieldErrors.invalid(p, name, "must match the name of an entry in `spec.resourceClaims`"));
    if (seen.has(name)) errs.push(fieldErrors.duplicate(p, name));
    seen.add(name);
    if (typeof st.resourceClaimName === "string")
      for (const msg of isDNS1123Subdomain(st.resourceClaimName)) errs.push(fieldErrors.invalid(p, st.resourceClaimName, msg));
  });
  return errs;
}

/** The IP's family, or 0 when it does not parse. */
function family(ip: string): number {
  return parseIP(ip)?.family ?? 0;
}

/** Each entry a valid IP; more than one must be one IPv4 and one IPv6. */
function ipErrors(entries: Obj[], path: FieldPath, goType: string): FieldError[] {
  const errs: FieldError[] = [];
  entries.forEach((e, i) => {
    const ip = str(e.ip);
    if (!parseIP(ip)) errs.push(fieldErrors.invalid(path.index(i), ip, isValidIP(ip)[0]!));
  });
  if (entries.length > 1) {
    const families = entries.map((e) => family(str(e.ip)));
    const dualStack = families.includes(4) && families.includes(6);
    if (!dualStack || entries.length > 2)
      errs.push(
        fieldErrors.invalid(
          path,
          entries.map((e) => ({ [goType]: str(e.ip) })),
          "may specify no more than one IP for each IP family",
        ),
      );
  }
  return errs;
}

function duplicates(entries: Obj[], path: FieldPath): FieldError[] {
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  entries.forEach((e, i) => {
    const ip = str(e.ip);
    // upstream prints the internal struct it compared, Go field name and all.
    if (seen.has(ip)) errs.push(fieldErrors.duplicate(path.index(i), { IP: ip }));
    seen.add(ip);
  });
  return errs;
}

function podIPs(status: Obj): FieldError[] {
  const entries = list(status.podIPs).map(record);
  const path = STATUS.child("podIPs");
  return [...ipErrors(entries, path, "IP"), ...(entries.length > 1 ? duplicates(entries, path) : [])];
}

function hostIPs(status: Obj): FieldError[] {
  const entries = list(status.hostIPs).map(record);
  if (entries.length === 0) return [];
  const path = STATUS.child("hostIPs");
  const errs: FieldError[] = [];
  const first = str(entries[0]!.ip);
  if (str(status.hostIP) !== first) errs.push(fieldErrors.invalid(path.index(0).child("ip"), first, "must be equal to `hostIP`"));
  const valid = ipErrors(entries, path, "IP");
  // upstream checks duplicates before the families for hostIPs (and after them for podIPs).
  const familyErr = entries.length > 1 ? valid.filter((e) => e.field === path.toString()) : [];
  errs.push(...valid.filter((e) => !familyErr.includes(e)));
  if (entries.length > 1) errs.push(...duplicates(entries, path));
  errs.push(...familyErr);
  return errs;
}
