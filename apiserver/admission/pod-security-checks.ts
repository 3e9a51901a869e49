/**
 * The Pod Security Standards' checks of upstream's "latest" policy, each with upstream's reason
 * and wording. As upstream's registry: baseline checks first, then restricted ones, each group
 * in the order of the checks' IDs; at restricted, restrictedVolumes replaces hostPathVolumes and
 * the restricted capabilities and seccomp checks replace their baseline forms.
 */
export type Level = "privileged" | "baseline" | "restricted";

interface SecurityContext {
  privileged?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { add?: string[]; drop?: string[] };
  runAsNonRoot?: boolean;
  runAsUser?: number;
  seccompProfile?: { type?: string };
  procMount?: string;
  windowsOptions?: { hostProcess?: boolean };
  appArmorProfile?: { type?: string };
  seLinuxOptions?: { type?: string; user?: string; role?: string };
}

interface Handler {
  httpGet?: { host?: string };
  tcpSocket?: { host?: string };
}

interface Container {
  name: string;
  ports?: { hostPort?: number }[];
  securityContext?: SecurityContext;
  livenessProbe?: Handler;
  readinessProbe?: Handler;
  startupProbe?: Handler;
  lifecycle?: { postStart?: Handler; preStop?: Handler };
}

interface PodSpec {
  initContainers?: Container[];
  containers?: Container[];
  ephemeralContainers?: Container[];
  volumes?: Record<string, unknown>[];
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  hostUsers?: boolean;
  os?: { name?: string };
  securityContext?: SecurityContext & { sysctls?: { name: string }[] };
}

const BASELINE_CAPS = new Set([
  "AUDIT_WRITE",
  "CHOWN",
  "DAC_OVERRIDE",
  "FOWNER",
  "FSETID",
  "KILL",
  "MKNOD",
  "NET_BIND_SERVICE",
  "SETFCAP",
  "SETGID",
  "SETPCAP",
  "SETUID",
  "SYS_CHROOT",
]);
const RESTRICTED_VOLUMES = new Set([
  "configMap",
  "csi",
  "downwardAPI",
  "emptyDir",
  "ephemeral",
  "persistentVolumeClaim",
  "projected",
  "secret",
]);
const SAFE_SYSCTLS = new Set([
  "kernel.shm_rmid_forced",
  "net.ipv4.ip_local_port_range",
  "net.ipv4.tcp_syncookies",
  "net.ipv4.ping_group_range",
  "net.ipv4.ip_unprivileged_port_start",
  "net.ipv4.ip_local_reserved_ports",
  "net.ipv4.tcp_keepalive_time",
  "net.ipv4.tcp_fin_timeout",
  "net.ipv4.tcp_keepalive_intvl",
  "net.ipv4.tcp_keepalive_probes",
  "net.ipv4.tcp_rmem",
  "net.ipv4.tcp_wmem",
]);

const quote = (xs: readonly string[]): string => xs.map((x) => JSON.stringify(x)).join(", ");
const plural = (one: string, many: string, n: number): string => (n === 1 ? one : many);
const containersText = (names: readonly string[]): string => `${plural("container", "containers", names.length)} ${quote(names)}`;
/** Go's sets.List(): unique, sorted as strings. */
const sortedSet = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();
const validSeccomp = (t: string | undefined): boolean => t === "RuntimeDefault" || t === "Localhost";

type Check = (spec: PodSpec, containers: Container[], annotations: Readonly<Record<string, string>>) => string | undefined;

const APPARMOR_ANNOTATION_PREFIX = "container.apparmor.security.beta.kubernetes.io/";
const allowedAppArmorAnnotation = (v: string): boolean => v === "" || v === "runtime/default" || v.startsWith("localhost/");
const allowedAppArmorType = (t: string | undefined): boolean => t === "RuntimeDefault" || t === "Localhost";
// Since policy v1.31 container_engine_t is allowed too.
const SELINUX_TYPES = new Set(["", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"]);
const hostsOf = (h: Handler | undefined): string[] => [h?.httpGet?.host ?? "", h?.tcpSocket?.host ?? ""].filter((x) => x !== "");

const appliesTo =
  (test: (c: Container) => boolean) =>
  (containers: Container[]): string[] =>
    containers.filter(test).map((c) => c.name);

/** "pod and containers "a"" style setters of a forbidden value, as upstream joins them. */
function setters(podBad: boolean, containers: string[]): string[] {
  return [...(podBad ? ["pod"] : []), ...(containers.length > 0 ? [containersText(containers)] : [])];
}

const CHECKS: Record<string, Check> = {
  appArmorProfile: (s, cs, annotations) => {
    const badValues = new Set<string>();
    const podBad = s.securityContext?.appArmorProfile !== undefined && !allowedAppArmorType(s.securityContext.appArmorProfile.type);
    if (podBad) badValues.add(s.securityContext!.appArmorProfile!.type ?? "");
    const bad = cs.filter(
      (c) => c.securityContext?.appArmorProfile !== undefined && !allowedAppArmorType(c.securityContext.appArmorProfile.type),
    );
    for (const c of bad) badValues.add(c.securityContext!.appArmorProfile!.type ?? "");
    const badAnnotations = Object.entries(annotations)
      .filter(([k, v]) => k.startsWith(APPARMOR_ANNOTATION_PREFIX) && !allowedAppArmorAnnotation(v))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .sort();
    const who = setters(
      podBad,
      bad.map((c) => c.name),
    );
    if (badAnnotations.length > 0) who.push(plural("annotation", "annotations", badAnnotations.length));
    if (who.length === 0) return undefined;
    const values = [...sortedSet(badValues), ...badAnnotations];
    return `${plural("forbidden AppArmor profile", "forbidden AppArmor profiles", values.length)} (${who.join(" and ")} must not set AppArmor profile type to ${quote(values)})`;
  },
  capabilities_baseline: (_s, cs) => {
    const bad = cs.filter((c) => (c.securityContext?.capabilities?.add ?? []).some((cap) => !BASELINE_CAPS.has(cap)));
    if (bad.length === 0) return undefined;
    const caps = sortedSet(bad.flatMap((c) => (c.securityContext?.capabilities?.add ?? []).filter((cap) => !BASELINE_CAPS.has(cap))));
    return `non-default capabilities (${containersText(bad.map((c) => c.name))} must not include ${quote(caps)} in securityContext.capabilities.add)`;
  },
  hostNamespaces: (s) => {
    const on = (["hostNetwork", "hostPID", "hostIPC"] as const).filter((k) => s[k] === true);
    return on.length > 0 ? `host namespaces (${on.map((k) => `${k}=true`).join(", ")})` : undefined;
  },
  hostPathVolumes: (s) => {
    const bad = (s.volumes ?? []).filter((v) => v.hostPath !== undefined && v.hostPath !== null).map((v) => String(v.name));
    return bad.length > 0 ? `hostPath volumes (${plural("volume", "volumes", bad.length)} ${quote(bad)})` : undefined;
  },
  hostPorts: (_s, cs) => {
    const bad = cs.filter((c) => (c.ports ?? []).some((p) => (p.hostPort ?? 0) !== 0));
    if (bad.length === 0) return undefined;
    const ports = sortedSet(bad.flatMap((c) => (c.ports ?? []).filter((p) => (p.hostPort ?? 0) !== 0).map((p) => String(p.hostPort))));
    return `hostPort (${containersText(bad.map((c) => c.name))} ${plural("uses", "use", bad.length)} ${plural("hostPort", "hostPorts", ports.length)} ${ports.join(", ")})`;
  },
  hostProbesAndHostLifecycle: (_s, cs) => {
    const bad = new Set<string>();
    const hosts = new Set<string>();
    for (const c of cs) {
      const found = [c.livenessProbe, c.readinessProbe, c.startupProbe, c.lifecycle?.postStart, c.lifecycle?.preStop].flatMap(hostsOf);
      if (found.length === 0) continue;
      bad.add(c.name);
      for (const h of found) hosts.add(h);
    }
    if (bad.size === 0) return undefined;
    return `probe or lifecycle host (${plural("container", "containers", bad.size)} ${quote(sortedSet(bad))} ${plural("uses", "use", bad.size)} ${plural("probe or lifecycle host", "probe or lifecycle hosts", hosts.size)} ${quote(sortedSet(hosts))})`;
  },
  privileged: (_s, cs) => {
    const bad = appliesTo((c) => c.securityContext?.privileged === true)(cs);
    return bad.length > 0 ? `privileged (${containersText(bad)} must not set securityContext.privileged=true)` : undefined;
  },
  procMount: (s, cs) => {
    // Within a user namespace (hostUsers: false) an unmasked /proc is the pod's own.
    if (s.hostUsers === false) return undefined;
    const bad = cs.filter((c) => c.securityContext?.procMount !== undefined && c.securityContext.procMount !== "Default");
    if (bad.length === 0) return undefined;
    const types = sortedSet(bad.map((c) => c.securityContext!.procMount!));
    return `procMount (${containersText(bad.map((c) => c.name))} must not set securityContext.procMount to ${quote(types)})`;
  },
  seLinuxOptions: (s, cs) => {
    const badTypes = new Set<string>();
    let setUser = false;
    let setRole = false;
    const valid = (o: { type?: string; user?: string; role?: string } | undefined): boolean => {
      if (o === undefined) return true;
      let ok = true;
      if (!SELINUX_TYPES.has(o.type ?? "")) {
        ok = false;
        badTypes.add(o.type ?? "");
      }
      if ((o.user ?? "") !== "") {
        ok = false;
        setUser = true;
      }
      if ((o.role ?? "") !== "") {
        ok = false;
        setRole = true;
      }
      return ok;
    };
    const podBad = !valid(s.securityContext?.seLinuxOptions);
    const bad = cs.filter((c) => !valid(c.securityContext?.seLinuxOptions)).map((c) => c.name);
    const who = setters(podBad, bad);
    if (who.length === 0) return undefined;
    // As upstream's check: the user and role notes are only written beside a forbidden type.
    const data: string[] = [];
    if (badTypes.size > 0) {
      const types = sortedSet(badTypes);
      data.push(`${plural("type", "types", types.length)} ${quote(types)}`);
      if (setUser) data.push("user may not be set");
      if (setRole) data.push("role may not be set");
    }
    return `seLinuxOptions (${who.join(" and ")} set forbidden securityContext.seLinuxOptions: ${data.join("; ")})`;
  },
  seccompProfile_baseline: (s, cs) => {
    const podType = s.securityContext?.seccompProfile?.type;
    const podBad = s.securityContext?.seccompProfile !== undefined && !validSeccomp(podType);
    const bad = cs.filter((c) => c.securityContext?.seccompProfile !== undefined && !validSeccomp(c.securityContext.seccompProfile.type));
    if (!podBad && bad.length === 0) return undefined;
    const values = sortedSet([...(podBad ? [podType ?? ""] : []), ...bad.map((c) => c.securityContext!.seccompProfile!.type ?? "")]);
    return `seccompProfile (${setters(
      podBad,
      bad.map((c) => c.name),
    ).join(" and ")} must not set securityContext.seccompProfile.type to ${quote(values)})`;
  },
  sysctls: (s) => {
    const bad = (s.securityContext?.sysctls ?? []).map((x) => x.name).filter((n) => !SAFE_SYSCTLS.has(n));
    return bad.length > 0 ? `forbidden sysctls (${bad.join(", ")})` : undefined;
  },
  windowsHostProcess: (s, cs) => {
    const podBad = s.securityContext?.windowsOptions?.hostProcess === true;
    const bad = appliesTo((c) => c.securityContext?.windowsOptions?.hostProcess === true)(cs);
    if (!podBad && bad.length === 0) return undefined;
    return `hostProcess (${setters(podBad, bad).join(" and ")} must not set securityContext.windowsOptions.hostProcess=true)`;
  },

  allowPrivilegeEscalation: (s, cs) => {
    if (s.os?.name === "windows") return undefined;
    const bad = appliesTo((c) => c.securityContext?.allowPrivilegeEscalation !== false)(cs);
    return bad.length > 0
      ? `allowPrivilegeEscalation != false (${containersText(bad)} must set securityContext.allowPrivilegeEscalation=false)`
      : undefined;
  },
  capabilities_restricted: (s, cs) => {
    if (s.os?.name === "windows") return undefined;
    const missingDrop = appliesTo((c) => !(c.securityContext?.capabilities?.drop ?? []).includes("ALL"))(cs);
    const adding = cs.filter((c) => (c.securityContext?.capabilities?.add ?? []).some((cap) => cap !== "NET_BIND_SERVICE"));
    const details: string[] = [];
    if (missingDrop.length > 0) details.push(`${containersText(missingDrop)} must set securityContext.capabilities.drop=["ALL"]`);
    if (adding.length > 0) {
      const caps = sortedSet(
        adding.flatMap((c) => (c.securityContext?.capabilities?.add ?? []).filter((cap) => cap !== "NET_BIND_SERVICE")),
      );
      details.push(`${containersText(adding.map((c) => c.name))} must not include ${quote(caps)} in securityContext.capabilities.add`);
    }
    return details.length > 0 ? `unrestricted capabilities (${details.join("; ")})` : undefined;
  },
  restrictedVolumes: (s) => {
    const bad: string[] = [];
    const types = new Set<string>();
    for (const v of s.volumes ?? []) {
      const source = Object.keys(v).filter((k) => k !== "name" && v[k] !== undefined && v[k] !== null);
      if (source.some((k) => RESTRICTED_VOLUMES.has(k))) continue;
      bad.push(String(v.name));
      types.add(source[0] ?? "unknown");
    }
    if (bad.length === 0) return undefined;
    const t = sortedSet(types);
    return `restricted volume types (${plural("volume", "volumes", bad.length)} ${quote(bad)} ${plural("uses", "use", bad.length)} ${plural("restricted volume type", "restricted volume types", t.length)} ${quote(t)})`;
  },
  runAsNonRoot: (s, cs) => {
    const pod = s.securityContext?.runAsNonRoot;
    const explicit = appliesTo((c) => c.securityContext?.runAsNonRoot === false)(cs);
    const implicit = pod === true ? [] : appliesTo((c) => c.securityContext?.runAsNonRoot === undefined)(cs);
    const bad = setters(pod === false, explicit);
    if (bad.length > 0) return `runAsNonRoot != true (${bad.join(" and ")} must not set securityContext.runAsNonRoot=false)`;
    if (implicit.length > 0) return `runAsNonRoot != true (pod or ${containersText(implicit)} must set securityContext.runAsNonRoot=true)`;
    return undefined;
  },
  runAsUser: (s, cs) => {
    const bad = setters(s.securityContext?.runAsUser === 0, appliesTo((c) => c.securityContext?.runAsUser === 0)(cs));
    return bad.length > 0 ? `runAsUser=0 (${bad.join(" and ")} must not set runAsUser=0)` : undefined;
  },
  seccompProfile_restricted: (s, cs) => {
    if (s.os?.name === "windows") return undefined;
    const podProfile = s.securityContext?.seccompProfile;
    const podBad = podProfile !== undefined && !validSeccomp(podProfile.type);
    const explicit = cs.filter(
      (c) => c.securityContext?.seccompProfile !== undefined && !validSeccomp(c.securityContext.seccompProfile.type),
    );
    if (podBad || explicit.length > 0) {
      const values = sortedSet([
        ...(podBad ? [podProfile.type ?? ""] : []),
        ...explicit.map((c) => c.securityContext!.seccompProfile!.type ?? ""),
      ]);
      return `seccompProfile (${setters(
        podBad,
        explicit.map((c) => c.name),
      ).join(" and ")} must not set securityContext.seccompProfile.type to ${quote(values)})`;
    }
    const podSet = podProfile !== undefined;
    const implicit = podSet ? [] : appliesTo((c) => c.securityContext?.seccompProfile === undefined)(cs);
    return implicit.length > 0
      ? `seccompProfile (pod or ${containersText(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`
      : undefined;
  },
};

const BASELINE = [
  "appArmorProfile",
  "capabilities_baseline",
  "hostNamespaces",
  "hostPathVolumes",
  "hostPorts",
  "hostProbesAndHostLifecycle",
  "privileged",
  "procMount",
  "seLinuxOptions",
  "seccompProfile_baseline",
  "sysctls",
  "windowsHostProcess",
];
const RESTRICTED = [
  "allowPrivilegeEscalation",
  "capabilities_restricted",
  "restrictedVolumes",
  "runAsNonRoot",
  "runAsUser",
  "seccompProfile_restricted",
];
const OVERRIDDEN_AT_RESTRICTED = new Set(["capabilities_baseline", "hostPathVolumes", "seccompProfile_baseline"]);

/** The forbidden reasons (with details) for the pod spec at a level, in upstream's order. */
export function checkPod(spec: Record<string, unknown>, level: Level, annotations: Readonly<Record<string, string>> = {}): string[] {
  if (level === "privileged") return [];
  const s = spec as PodSpec;
  const containers = [...(s.initContainers ?? []), ...(s.containers ?? []), ...(s.ephemeralContainers ?? [])];
  const ids = level === "baseline" ? BASELINE : [...BASELINE.filter((id) => !OVERRIDDEN_AT_RESTRICTED.has(id)), ...RESTRICTED];
  const out: string[] = [];
  for (const id of ids) {
    const problem = CHECKS[id]!(s, containers, annotations);
    if (problem) out.push(problem);
  }
  return out;
}
