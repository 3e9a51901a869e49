/**
 * PodSecurity: the Pod Security Standards by namespace labels
 * (`pod-security.kubernetes.io/enforce|audit|warn: privileged|baseline|restricted`). enforce
 * refuses a violating Pod with upstream's message; warn returns it as a warning (audit, which
 * upstream writes as an audit annotation, is not recorded yet). Checks follow upstream's "latest" policy.
 */
import { newForbidden } from "../../runtime/rest/errors.js";
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";

type Level = "privileged" | "baseline" | "restricted";
const LEVELS: readonly Level[] = ["privileged", "baseline", "restricted"];

interface Container {
  name: string;
  ports?: { hostPort?: number }[];
  securityContext?: {
    privileged?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { add?: string[]; drop?: string[] };
    runAsNonRoot?: boolean;
    runAsUser?: number;
    seccompProfile?: { type?: string };
    procMount?: string;
  };
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

const names = (cs: Container[]): string => {
  const q = cs.map((c) => JSON.stringify(c.name)).join(", ");
  return cs.length === 1 ? `container ${q}` : `containers ${q}`;
};
const podOr = (cs: Container[]): string => `pod or ${names(cs)}`;

/** The forbidden reasons for the pod spec at a level, as upstream words them, in upstream's order. */
export function checkPod(spec: Record<string, unknown>, level: Level): string[] {
  if (level === "privileged") return [];
  const out: string[] = [];
  const containers = [
    ...((spec.initContainers as Container[] | undefined) ?? []),
    ...((spec.containers as Container[] | undefined) ?? []),
    ...((spec.ephemeralContainers as Container[] | undefined) ?? []),
  ];
  const psc = (spec.securityContext ?? {}) as { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type?: string } };
  const hostNs = (["hostNetwork", "hostPID", "hostIPC"] as const).filter((k) => spec[k] === true);
  if (hostNs.length > 0) out.push(`host namespaces (${hostNs.map((k) => `${k}=true`).join(", ")})`);
  const priv = containers.filter((c) => c.securityContext?.privileged === true);
  if (priv.length > 0) out.push(`privileged (${names(priv)} must not set securityContext.privileged=true)`);
  const addCaps = containers.filter((c) => (c.securityContext?.capabilities?.add ?? []).some((cap) => !BASELINE_CAPS.has(cap)));
  if (addCaps.length > 0) {
    const caps = [
      ...new Set(addCaps.flatMap((c) => (c.securityContext?.capabilities?.add ?? []).filter((cap) => !BASELINE_CAPS.has(cap)))),
    ];
    out.push(
      `non-default capabilities (${names(addCaps)} must not include ${caps.map((c) => JSON.stringify(c)).join(", ")} in securityContext.capabilities.add)`,
    );
  }
  const hostPath = ((spec.volumes as Record<string, unknown>[] | undefined) ?? []).filter((v) => v.hostPath !== undefined);
  if (hostPath.length > 0)
    out.push(
      `hostPath volumes (${hostPath.length === 1 ? "volume" : "volumes"} ${hostPath.map((v) => JSON.stringify(v.name)).join(", ")})`,
    );
  const ports = containers.filter((c) => (c.ports ?? []).some((p) => (p.hostPort ?? 0) !== 0));
  if (ports.length > 0) {
    const list = [...new Set(ports.flatMap((c) => (c.ports ?? []).map((p) => p.hostPort ?? 0).filter((p) => p !== 0)))];
    out.push(
      `hostPort (${names(ports)} ${ports.length === 1 ? "uses" : "use"} ${list.length === 1 ? "hostPort" : "hostPorts"} ${list.join(", ")})`,
    );
  }
  if (level === "baseline") return out;

  const volumes = ((spec.volumes as Record<string, unknown>[] | undefined) ?? []).filter(
    (v) => !Object.keys(v).some((k) => RESTRICTED_VOLUMES.has(k)) && v.hostPath === undefined,
  );
  if (volumes.length > 0)
    out.push(
      `restricted volume types (${volumes.length === 1 ? "volume" : "volumes"} ${volumes.map((v) => JSON.stringify(v.name)).join(", ")} ${volumes.length === 1 ? "uses" : "use"} restricted volume type)`,
    );
  const esc = containers.filter((c) => c.securityContext?.allowPrivilegeEscalation !== false);
  if (esc.length > 0) out.push(`allowPrivilegeEscalation != false (${names(esc)} must set securityContext.allowPrivilegeEscalation=false)`);
  const drop = containers.filter(
    (c) =>
      !(c.securityContext?.capabilities?.drop ?? []).includes("ALL") ||
      (c.securityContext?.capabilities?.add ?? []).some((cap) => cap !== "NET_BIND_SERVICE"),
  );
  if (drop.length > 0) out.push(`unrestricted capabilities (${names(drop)} must set securityContext.capabilities.drop=["ALL"])`);
  const nonRoot = containers.filter((c) => (c.securityContext?.runAsNonRoot ?? psc.runAsNonRoot) !== true);
  if (psc.runAsNonRoot === false || nonRoot.length > 0)
    out.push(`runAsNonRoot != true (${podOr(nonRoot)} must set securityContext.runAsNonRoot=true)`);
  const root = containers.filter((c) => (c.securityContext?.runAsUser ?? psc.runAsUser) === 0);
  if (root.length > 0) out.push(`runAsUser=0 (${names(root)} must not set runAsUser=0)`);
  const seccomp = containers.filter((c) => {
    const t = c.securityContext?.seccompProfile?.type ?? psc.seccompProfile?.type;
    return t !== "RuntimeDefault" && t !== "Localhost";
  });
  if (seccomp.length > 0)
    out.push(`seccompProfile (${podOr(seccomp)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`);
  return out;
}

export type NamespaceReader = (name: string, signal: AbortSignal) => Promise<KubeObject | undefined>;

const label = (ns: KubeObject | undefined, mode: string): Level | undefined => {
  const v = ns?.metadata?.labels?.[`pod-security.kubernetes.io/${mode}`];
  return LEVELS.includes(v as Level) ? (v as Level) : undefined;
};

export class PodSecurity implements AdmissionPlugin {
  readonly name = "PodSecurity";
  constructor(private readonly getNamespace: NamespaceReader) {}

  async validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    if (a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || !a.object) return;
    if (a.operation !== "CREATE" && a.operation !== "UPDATE") return;
    const ns = await this.getNamespace(a.namespace, ctx.signal);
    const spec = (a.object.spec ?? {}) as Record<string, unknown>;
    const warnings = (ctx as { warnings?: string[] }).warnings;
    for (const mode of ["warn"] as const) {
      const level = label(ns, mode);
      if (!level || !warnings) continue;
      const problems = checkPod(spec, level);
      if (problems.length > 0) warnings.push(`would violate PodSecurity "${level}:latest": ${problems.join(", ")}`);
    }
    const enforce = label(ns, "enforce");
    if (!enforce) return;
    const problems = checkPod(spec, enforce);
    if (problems.length > 0) {
      throw newForbidden({ group: "", resource: "pods" }, a.name, `violates PodSecurity "${enforce}:latest": ${problems.join(", ")}`);
    }
  }
}
