/**
 * PodSpec rules about the host a Pod shares: hostAliases (an IP and DNS names), user namespaces
 * beside host namespaces, shareProcessNamespace beside hostPID, and sysctls (names, repeats, and
 * none of the network or IPC namespace the Pod shares with the host). Field paths are upstream's,
 * which names these fields as they sit in its internal PodSecurityContext.
 */
import { isDNS1123Subdomain, isValidIP, parseIP } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { list, record, str, type Obj } from "./shape.js";

/** upstream's ValidateHostAliases. */
export function validateHostAliases(aliases: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  list(aliases).forEach((a, i) => {
    const alias = record(a);
    const ip = str(alias.ip);
    // Only unparseable addresses: the canonical-form rules wait on upstream's StrictIPCIDRValidation gate (off in 1.34).
    if (!parseIP(ip)) errs.push(fieldErrors.invalid(path.index(i).child("ip"), ip, isValidIP(ip)[0]!));
    list(alias.hostnames).forEach((h, j) => {
      for (const msg of isDNS1123Subdomain(str(h))) errs.push(fieldErrors.invalid(path.index(i).child("hostnames").index(j), h, msg));
    });
  });
  return errs;
}

/** upstream's validateHostUsers: a Pod in its own user namespace may share no other namespace with the host. */
export function validateHostUsers(spec: Obj, path: FieldPath): FieldError[] {
  if (spec.hostUsers !== false) return [];
  const errs: FieldError[] = [];
  const detail = "when `pod.Spec.HostUsers` is false";
  // As upstream, the PID and IPC paths keep Go's spelling of the fields.
  if (spec.hostNetwork === true) errs.push(fieldErrors.forbidden(path.child("hostNetwork"), detail));
  if (spec.hostPID === true) errs.push(fieldErrors.forbidden(path.child("HostPID"), detail));
  if (spec.hostIPC === true) errs.push(fieldErrors.forbidden(path.child("HostIPC"), detail));
  return errs;
}

const SYSCTL_MAX_LENGTH = 253;
const SYSCTL_PATTERN = "^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";
const SYSCTL_RE = new RegExp(SYSCTL_PATTERN);

/** The kernel namespace a sysctl belongs to (upstream's sysctl.GetNamespace), for the two a Pod may share with the host. */
function sysctlNamespace(name: string): "net" | "ipc" | undefined {
  // A name whose first separator is '/' is the dotted one written another way (dots and slashes swap).
  const first = name.search(/[./]/);
  const dotted = first !== -1 && name[first] === "/" ? name.replace(/[./]/g, (c) => (c === "/" ? "." : "/")) : name;
  if (dotted.startsWith("net.")) return "net";
  if (dotted === "kernel.sem" || dotted.startsWith("kernel.shm") || dotted.startsWith("kernel.msg") || dotted.startsWith("fs.mqueue."))
    return "ipc";
  return undefined;
}

/** Whether a spec has a sysctl of a namespace it shares with the host (what an update of it may keep). */
export function hostSysctlErrors(spec: Obj): boolean {
  for (const s of list(record(spec.securityContext).sysctls)) {
    const ns = sysctlNamespace(str(record(s).name));
    if ((ns === "net" && spec.hostNetwork === true) || (ns === "ipc" && spec.hostIPC === true)) return true;
  }
  return false;
}

/**
 * The host-namespace rules of upstream's validatePodSpecSecurityContext that apply to every Pod:
 * shareProcessNamespace with hostPID, and sysctls. Runs only when the spec sets either.
 * `allowHostSysctls` is the update ratchet for a stored spec that already broke the host rule.
 */
export function validatePodSecurityHostRules(spec: Obj, path: FieldPath, allowHostSysctls = false): FieldError[] {
  const errs: FieldError[] = [];
  const sc = record(spec.securityContext);
  if (spec.shareProcessNamespace === true && spec.hostPID === true)
    errs.push(fieldErrors.invalid(path.child("shareProcessNamespace"), true, "ShareProcessNamespace and HostPID cannot both be enabled"));
  const names = new Set<string>();
  list(sc.sysctls).forEach((s, i) => {
    const name = str(record(s).name);
    const p = path.child("sysctls").index(i).child("name");
    if (name === "") errs.push(fieldErrors.required(p));
    else if (name.length > SYSCTL_MAX_LENGTH || !SYSCTL_RE.test(name))
      errs.push(fieldErrors.invalid(p, name, `must have at most ${SYSCTL_MAX_LENGTH} characters and match regex ${SYSCTL_PATTERN}`));
    else if (names.has(name)) errs.push(fieldErrors.duplicate(p, name));
    const ns = allowHostSysctls ? undefined : sysctlNamespace(name);
    if (ns === "net" && spec.hostNetwork === true)
      errs.push(fieldErrors.invalid(p, name, "may not be specified when 'hostNetwork' is true"));
    else if (ns === "ipc" && spec.hostIPC === true) errs.push(fieldErrors.invalid(p, name, "may not be specified when 'hostIPC' is true"));
    names.add(name);
  });
  return errs;
}
