/**
 * The PodSpec rules that depend on the operating system, as upstream 1.34's: `windowsOptions`
 * (gMSA credential spec name and size, runAsUserName as a Windows `DOMAIN\user`), Windows
 * HostProcess pods (every container HostProcess or none, the Pod on the host's network, pod and
 * container values agreeing), and the fields `os.name` forbids (Linux-only ones on a Windows pod,
 * windowsOptions on a Linux one). Each check runs only when the spec sets what it checks.
 */
import { isDNS1123Subdomain } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { isObj, list, record, type Obj } from "./shape.js";

const CONTAINER_KINDS = ["initContainers", "containers", "ephemeralContainers"] as const;

const MAX_GMSA_SPEC_KIB = 64;
const MAX_DOMAIN_LENGTH = 256;
const MAX_USER_LENGTH = 104;
// Go's [[:cntrl:]]: ASCII control characters only.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;
const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const DNS_DOMAIN = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);
const BAD_USER_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const DOTS_AND_SPACES = /^[. ]+$/;

/** Lengths as Go's len(): bytes of the UTF-8 text. */
const byteLength = (s: string) => Buffer.byteLength(s, "utf8");

/** upstream's validateWindowsSecurityContextOptions. */
export function validateWindowsOptions(options: unknown, path: FieldPath): FieldError[] {
  if (!isObj(options)) return [];
  const errs: FieldError[] = [];
  if (typeof options.gmsaCredentialSpecName === "string") {
    const name = options.gmsaCredentialSpecName;
    for (const msg of isDNS1123Subdomain(name)) errs.push(fieldErrors.invalid(path.child("gmsaCredentialSpecName"), name, msg));
  }
  if (typeof options.gmsaCredentialSpec === "string") {
    const spec = options.gmsaCredentialSpec;
    const p = path.child("gmsaCredentialSpec");
    if (spec === "") errs.push(fieldErrors.invalid(p, spec, "gmsaCredentialSpec cannot be an empty string"));
    else if (byteLength(spec) > MAX_GMSA_SPEC_KIB * 1024)
      errs.push(fieldErrors.invalid(p, spec, `gmsaCredentialSpec size must be under ${MAX_GMSA_SPEC_KIB} KiB`));
  }
  if (typeof options.runAsUserName === "string") errs.push(...runAsUserNameErrors(options.runAsUserName, path.child("runAsUserName")));
  return errs;
}

/** A Windows account, `user` or `DOMAIN\user`, with the rules upstream checks in its order. */
function runAsUserNameErrors(name: string, path: FieldPath): FieldError[] {
  const bad = (msg: string) => fieldErrors.invalid(path, name, msg);
  if (name === "") return [bad("runAsUserName cannot be an empty string")];
  if (CONTROL.test(name)) return [bad("runAsUserName cannot contain control characters")];
  const parts = name.split("\\");
  if (parts.length > 2) return [bad("runAsUserName cannot contain more than one backslash")];
  const errs: FieldError[] = [];
  const [domain, user] = parts.length === 2 ? [parts[0]!, parts[1]!] : ["", parts[0]!];
  if (byteLength(domain) >= MAX_DOMAIN_LENGTH)
    errs.push(bad(`runAsUserName's Domain length must be under ${MAX_DOMAIN_LENGTH} characters`));
  if (parts.length === 2 && !NETBIOS_DOMAIN.test(domain) && !DNS_DOMAIN.test(domain))
    errs.push(bad("runAsUserName's Domain doesn't match the NetBios nor the DNS format"));
  if (user === "") errs.push(bad("runAsUserName's User cannot be empty"));
  else if (byteLength(user) > MAX_USER_LENGTH)
    errs.push(bad(`runAsUserName's User length must not be longer than ${MAX_USER_LENGTH} characters`));
  if (DOTS_AND_SPACES.test(user)) errs.push(bad("runAsUserName's User cannot contain only periods or spaces"));
  if (BAD_USER_CHARS.test(user)) errs.push(bad("runAsUserName's User cannot contain the following characters: \"/\\:;|=,+*?<>@[]"));
  return errs;
}

/** Whether the pod or any container sets windowsOptions: the Windows checks run only then. */
export function usesWindowsOptions(spec: Obj): boolean {
  if (isObj(record(spec.securityContext).windowsOptions)) return true;
  for (const kind of CONTAINER_KINDS) {
    const containers = spec[kind];
    if (!Array.isArray(containers)) continue;
    for (const c of containers) if (isObj(record(record(c).securityContext).windowsOptions)) return true;
  }
  return false;
}

/** windowsOptions of the pod and of every container, then upstream's validateWindowsHostProcessPod. */
export function validateWindowsPod(spec: Obj, path: FieldPath): FieldError[] {
  const podOptions = record(spec.securityContext).windowsOptions;
  const errs = validateWindowsOptions(podOptions, path.child("securityContext", "windowsOptions"));
  const podHostProcess = record(podOptions).hostProcess;
  let containers = 0;
  let hostProcess = 0;
  for (const kind of CONTAINER_KINDS) {
    list(spec[kind]).forEach((c, i) => {
      containers++;
      const options = record(record(c).securityContext).windowsOptions;
      if (isObj(options))
        errs.push(...validateWindowsOptions(options, path.child(kind).index(i).child("securityContext", "windowsOptions")));
      const own = record(options).hostProcess;
      if (typeof podHostProcess === "boolean" && typeof own === "boolean" && own !== podHostProcess)
        errs.push(
          fieldErrors.invalid(
            path.child(kind).index(i).child("securityContext", "windowsOptions", "hostProcess"),
            own,
            `pod hostProcess value must be identical if both are specified, was ${String(podHostProcess)}`,
          ),
        );
      // A container without its own value inherits the pod's.
      if (own === true || (typeof own !== "boolean" && podHostProcess === true)) hostProcess++;
    });
  }
  if (hostProcess > 0) {
    if (hostProcess !== containers)
      errs.push(
        fieldErrors.invalid(path, "", "If pod contains any hostProcess containers then all containers must be HostProcess containers"),
      );
    if (spec.hostNetwork !== true)
      errs.push(
        fieldErrors.invalid(path.child("hostNetwork"), false, "hostNetwork must be true if pod contains any hostProcess containers"),
      );
    // Privileged pods are allowed here (the apiserver's --allow-privileged as kind and kubeadm set it), so no cluster-policy error.
  }
  return errs;
}

const NOT_FOR_WINDOWS = "cannot be set for a windows pod";
/** Pod securityContext fields a Windows pod may not set, in upstream's order. */
const WINDOWS_POD_CONTEXT = ["appArmorProfile", "seLinuxOptions"] as const;
const WINDOWS_POD_CONTEXT_LATE = [
  "seccompProfile",
  "fsGroup",
  "fsGroupChangePolicy",
  "sysctls",
  "shareProcessNamespace",
  "runAsUser",
  "runAsGroup",
  "supplementalGroups",
  "supplementalGroupsPolicy",
  "seLinuxChangePolicy",
] as const;
/** Container securityContext fields a Windows pod may not set, in upstream's order. */
const WINDOWS_CONTAINER_CONTEXT = [
  "appArmorProfile",
  "seLinuxOptions",
  "seccompProfile",
  "capabilities",
  "readOnlyRootFilesystem",
  "privileged",
  "allowPrivilegeEscalation",
  "procMount",
  "runAsUser",
  "runAsGroup",
] as const;

const isSet = (v: unknown) => v !== undefined && v !== null;

/** upstream's validateWindows: Linux-only fields on a pod whose os.name is windows. */
function validateWindowsFields(spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const sc = record(spec.securityContext);
  const forbid = (p: FieldPath) => errs.push(fieldErrors.forbidden(p, NOT_FOR_WINDOWS));
  for (const f of WINDOWS_POD_CONTEXT) if (isSet(sc[f])) forbid(path.child("securityContext", f));
  // The host namespace fields sit in upstream's internal securityContext but print as the PodSpec's.
  if (isSet(spec.hostUsers)) forbid(path.child("hostUsers"));
  if (spec.hostPID === true) forbid(path.child("hostPID"));
  if (spec.hostIPC === true) forbid(path.child("hostIPC"));
  for (const f of WINDOWS_POD_CONTEXT_LATE) {
    if (f === "shareProcessNamespace") {
      if (isSet(spec.shareProcessNamespace)) forbid(path.child("shareProcessNamespace"));
    } else if (f === "sysctls") {
      if (list(sc.sysctls).length > 0) forbid(path.child("securityContext", "sysctls"));
    } else if (isSet(sc[f])) forbid(path.child("securityContext", f));
  }
  for (const kind of CONTAINER_KINDS) {
    list(spec[kind]).forEach((c, i) => {
      const csc = record(c).securityContext;
      if (!isObj(csc)) return;
      for (const f of WINDOWS_CONTAINER_CONTEXT) if (isSet(csc[f])) forbid(path.child(kind).index(i).child("securityContext", f));
    });
  }
  return errs;
}

/** upstream's validateLinux: no windowsOptions on a pod whose os.name is linux. */
function validateLinuxFields(spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const detail = "windows options cannot be set for a linux pod";
  if (isSet(record(spec.securityContext).windowsOptions))
    errs.push(fieldErrors.forbidden(path.child("securityContext", "windowsOptions"), detail));
  for (const kind of CONTAINER_KINDS) {
    list(spec[kind]).forEach((c, i) => {
      if (isSet(record(record(c).securityContext).windowsOptions))
        errs.push(fieldErrors.forbidden(path.child(kind).index(i).child("securityContext", "windowsOptions"), detail));
    });
  }
  return errs;
}

/** The rules of a valid `os.name` (the caller reported an invalid one). */
export function validateOSFields(spec: Obj, os: string, path: FieldPath): FieldError[] {
  if (os === "windows") return validateWindowsFields(spec, path);
  if (os === "linux") return validateLinuxFields(spec, path);
  return [];
}
