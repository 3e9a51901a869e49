/**
 * PodSecurity: the Pod Security Standards by namespace labels
 * (`pod-security.kubernetes.io/enforce|audit|warn: privileged|baseline|restricted`, with
 * `-version` labels), as upstream's plugin: enforce refuses a violating Pod with upstream's
 * message; audit adds `pod-security.kubernetes.io/audit-violations` to the request's audit event
 * (and every evaluated pod gets `.../enforce-policy`); warn returns a warning. Workload
 * resources' pod templates are audited and warned about, not enforced. Updates that change
 * nothing the standards look at pass unchecked; namespaces with invalid labels are refused, and
 * a stricter enforce label warns about the existing pods it would refuse. The checks are those of
 * upstream's "latest" policy, whatever the version label says.
 */
import { addAuditAnnotation } from "../audit/record.js";
import { checkPod, type Level } from "./pod-security-checks.js";
import type { KubeObject } from "../registry/rest.js";
import { errorText, fieldErrors, FieldPath, invalidError, type FieldError } from "../registry/validation/field.js";
import { admissionForbidden } from "./forbidden.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import { FollowedLists } from "./followed-lists.js";
import type { AdmissionObjects, SignalSource } from "./objects.js";

const LEVELS: readonly Level[] = ["privileged", "baseline", "restricted"];

export { checkPod };

interface Container {
  name: string;
  image?: string;
}

const LABEL = "pod-security.kubernetes.io/";
const MODES = ["enforce", "audit", "warn"] as const;
type Mode = (typeof MODES)[number];
interface LevelVersion {
  level: Level;
  version: string;
}
const show = (lv: LevelVersion): string => `${lv.level}:${lv.version}`;
const equal = (x: LevelVersion, y: LevelVersion): boolean => x.level === y.level && x.version === y.version;

/** Each mode's level and version label keys. */
const MODE_LABELS = MODES.map((mode) => ({ mode, levelKey: `${LABEL}${mode}`, versionKey: `${LABEL}${mode}-version` }));

/**
 * The namespace's policy per mode (upstream's PolicyToEvaluate): unlabelled modes are
 * privileged:latest; an invalid level counts as restricted, an invalid version as latest, and
 * both are reported.
 */
export function policyOf(labels: Record<string, string> | undefined): { policy: Record<Mode, LevelVersion>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const policy = {} as Record<Mode, LevelVersion>;
  // Read on every Pod create: most namespaces carry none of these labels, so the keys are built
  // once and the path only for an error.
  const path = (): FieldPath => FieldPath.of("metadata", "labels");
  for (const { mode, levelKey, versionKey } of MODE_LABELS) {
    let level: Level = "privileged";
    const rawLevel = labels?.[levelKey];
    if (rawLevel !== undefined) {
      if (LEVELS.includes(rawLevel as Level)) level = rawLevel as Level;
      else {
        level = "restricted";
        errors.push(fieldErrors.invalid(path().key(levelKey), rawLevel, `must be one of ${LEVELS.join(", ")}`));
      }
    }
    let version = "latest";
    const rawVersion = labels?.[versionKey];
    if (rawVersion !== undefined) {
      if (/^(latest|v1\.(0|[1-9][0-9]*))$/.test(rawVersion)) version = rawVersion;
      else errors.push(fieldErrors.invalid(path().key(versionKey), rawVersion, `must be "latest" or "v1.x"`));
    }
    policy[mode] = { level, version };
  }
  return { policy, errors };
}

type Policy = ReturnType<typeof policyOf> & {
  /** Every mode privileged, no label in error: a Pod is let through unchecked. */
  privileged: boolean;
};

/** Policies read from kept namespaces, which a change replaces: one read per namespace version, not per Pod. */
const namespacePolicies = new WeakMap<KubeObject, Policy>();
const NO_LABELS_POLICY: Policy = withPrivileged(policyOf(undefined));

function withPrivileged(p: ReturnType<typeof policyOf>): Policy {
  return { ...p, privileged: p.errors.length === 0 && MODES.every((m) => p.policy[m].level === "privileged") };
}

function namespacePolicy(ns: KubeObject | undefined): Policy {
  const labels = ns?.metadata?.labels;
  if (ns === undefined || labels === undefined) return NO_LABELS_POLICY;
  let p = namespacePolicies.get(ns);
  if (p === undefined) namespacePolicies.set(ns, (p = withPrivileged(policyOf(labels))));
  return p;
}

const fieldErrorText = (errs: readonly FieldError[]): string => {
  const all = errs.map(errorText);
  return all.length === 1 ? all[0]! : `[${all.join(", ")}]`;
};

/** Pod subresources that cannot change what the standards look at (as upstream's list). */
const IGNORED_POD_SUBRESOURCES = new Set(["exec", "attach", "binding", "eviction", "log", "portforward", "proxy", "status"]);

/** The kinds with a pod template, by group/resource: audit and warn look at their template (enforce only at the pod). */
const POD_CONTROLLERS = new Set([
  "/podtemplates",
  "/replicationcontrollers",
  "apps/replicasets",
  "apps/deployments",
  "apps/statefulsets",
  "apps/daemonsets",
  "batch/jobs",
  "batch/cronjobs",
]);

interface PodTemplate {
  metadata?: { annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}

function podTemplateOf(resource: string, obj: KubeObject): PodTemplate | undefined {
  const spec = obj.spec as { template?: PodTemplate; jobTemplate?: { spec?: { template?: PodTemplate } } } | undefined;
  if (resource === "podtemplates") return obj.template as PodTemplate | undefined;
  if (resource === "cronjobs") return spec?.jobTemplate?.spec?.template;
  return spec?.template;
}

/** Whether an update changes what the standards look at (upstream's isSignificantPodUpdate). */
function significantUpdate(pod: KubeObject, old: KubeObject): boolean {
  const seccomp = "seccomp.security.alpha.kubernetes.io/pod";
  const ann = pod.metadata?.annotations ?? {};
  const oldAnn = old.metadata?.annotations ?? {};
  if (ann[seccomp] !== oldAnn[seccomp]) return true;
  const spec = (pod.spec ?? {}) as Record<string, Container[] | undefined>;
  const oldSpec = (old.spec ?? {}) as Record<string, Container[] | undefined>;
  const changed = (c: Container, o: Container): boolean => {
    const key = `container.seccomp.security.alpha.kubernetes.io/${c.name}`;
    return c.image !== o.image || ann[key] !== oldAnn[key];
  };
  for (const field of ["containers", "initContainers"]) {
    const now = spec[field] ?? [];
    const before = oldSpec[field] ?? [];
    if (now.length !== before.length || now.some((c, i) => changed(c, before[i]!))) return true;
  }
  for (const c of spec.ephemeralContainers ?? []) {
    const o = (oldSpec.ephemeralContainers ?? []).find((x) => x.name === c.name);
    if (!o || changed(c, o)) return true;
  }
  return false;
}

export class PodSecurity implements AdmissionPlugin {
  readonly name = "PodSecurity";
  constructor(
    private readonly objects: AdmissionObjects,
    /** Namespaces (their labels) read once and kept until one changes. */
    private readonly kept = new FollowedLists(objects),
  ) {}

  /** A Pod create in a namespace that is kept returns no promise (most creates). */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.operation === "CREATE" && a.object && a.resource.group === "" && a.resource.resource === "pods" && a.subresource === "") {
      const ns = this.kept.keptObject("", "namespaces", "", a.namespace);
      if (ns !== undefined) {
        try {
          this.checkPod(a, ctx, ns);
        } catch (err) {
          return Promise.reject(err);
        }
        return;
      }
    }
    // Only namespaces, Pods and the kinds with a pod template are looked at: any other write
    // gets no promise for the chain to wait on.
    if (a.operation !== "CREATE" && a.operation !== "UPDATE") return;
    const gr = `${a.resource.group}/${a.resource.resource}`;
    if (gr !== "/namespaces" && gr !== "/pods" && !POD_CONTROLLERS.has(gr)) return;
    return this.validateAsync(a, ctx);
  }

  private async validateAsync(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    if (a.operation !== "CREATE" && a.operation !== "UPDATE") return;
    const gr = `${a.resource.group}/${a.resource.resource}`;
    if (gr === "/namespaces" && a.subresource === "") return this.validateNamespace(a, ctx);
    if (gr === "/pods") {
      if (IGNORED_POD_SUBRESOURCES.has(a.subresource) || !a.object) return;
      const ns = await this.namespace(a.namespace, ctx);
      if (a.operation === "UPDATE" && !namespacePolicy(ns).privileged) {
        const old = a.oldObject ?? (await this.objects.get("", "pods", a.namespace, a.name, ctx));
        if (old && !significantUpdate(a.object, old)) return;
      }
      return this.checkPod(a, ctx, ns);
    }
    if (POD_CONTROLLERS.has(gr) && a.subresource === "" && a.object) {
      const { policy, errors } = namespacePolicy(await this.namespace(a.namespace, ctx));
      if (errors.length === 0 && policy.warn.level === "privileged" && policy.audit.level === "privileged") return;
      const template = podTemplateOf(a.resource.resource, a.object);
      if (!template) return;
      return this.evaluate(a, ctx, policy, errors, template.spec ?? {}, template.metadata?.annotations, false);
    }
  }

  /** A Pod (with an object) against its namespace's policy: privileged passes (and says so), else evaluated. */
  private checkPod(a: AdmissionAttributes, ctx: AdmissionContext, ns: KubeObject | undefined): void {
    const { policy, errors, privileged } = namespacePolicy(ns);
    if (privileged) {
      addAuditAnnotation(ctx, `${LABEL}enforce-policy`, "privileged:latest");
      return;
    }
    const pod = a.object!;
    this.evaluate(a, ctx, policy, errors, (pod.spec ?? {}) as Record<string, unknown>, pod.metadata?.annotations, true);
  }

  private namespace(name: string, signal: SignalSource): Promise<KubeObject | undefined> {
    return this.kept.get("", "namespaces", "", name, signal);
  }

  /** Upstream's EvaluatePod: enforce (pods only), then audit (an annotation), then warn (when allowed). */
  private evaluate(
    a: AdmissionAttributes,
    ctx: AdmissionContext,
    policy: Record<Mode, LevelVersion>,
    errors: FieldError[],
    spec: Record<string, unknown>,
    annotations: Record<string, string> | undefined,
    enforce: boolean,
  ): void {
    if (errors.length > 0) addAuditAnnotation(ctx, `${LABEL}error`, `Failed to parse policy: ${fieldErrorText(errors)}`);
    const results = new Map<string, string[]>();
    const check = (lv: LevelVersion): string[] => {
      const key = show(lv);
      let r = results.get(key);
      if (!r) results.set(key, (r = checkPod(spec, lv.level, annotations)));
      return r;
    };
    let refusal: string | undefined;
    if (enforce) {
      addAuditAnnotation(ctx, `${LABEL}enforce-policy`, show(policy.enforce));
      const problems = check(policy.enforce);
      if (problems.length > 0) refusal = `violates PodSecurity "${show(policy.enforce)}": ${problems.join(", ")}`;
    }
    const audit = check(policy.audit);
    if (audit.length > 0)
      addAuditAnnotation(ctx, `${LABEL}audit-violations`, `would violate PodSecurity "${show(policy.audit)}": ${audit.join(", ")}`);
    if (refusal) throw admissionForbidden(a, refusal);
    const warn = check(policy.warn);
    const warnings = (ctx as { warnings?: string[] }).warnings;
    if (warn.length > 0 && warnings) warnings.push(`would violate PodSecurity "${show(policy.warn)}": ${warn.join(", ")}`);
  }

  /**
   * Namespaces: invalid pod-security labels are refused (on update only when they changed); a
   * stricter enforce level warns about the existing pods that would now be refused.
   */
  private async validateNamespace(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    if (!a.object) return;
    const { policy, errors } = policyOf(a.object.metadata?.labels);
    const name = a.object.metadata?.name ?? a.name;
    if (a.operation === "CREATE") {
      if (errors.length > 0) throw invalidError({ group: "", kind: "Namespace" }, name, errors);
      return;
    }
    const old = await this.namespace(name, ctx);
    const before = policyOf(old?.metadata?.labels);
    if (errors.length > 0 && (before.errors.length === 0 || fieldErrorText(errors) !== fieldErrorText(before.errors)))
      throw invalidError({ group: "", kind: "Namespace" }, name, errors);
    const now = policy.enforce;
    const was = before.policy.enforce;
    if (equal(now, was) || now.level === "privileged") return;
    if (now.version === was.version && LEVELS.indexOf(now.level) <= LEVELS.indexOf(was.level)) return;
    const warnings = (ctx as { warnings?: string[] }).warnings;
    if (!warnings) return;
    warnings.push(...podWarnings(name, now, await this.objects.list("", "pods", name, ctx)));
  }
}

/** Upstream's EvaluatePodsInNamespace wording: one warning per distinct reason, naming the first pod. */
function podWarnings(namespace: string, enforce: LevelVersion, pods: readonly KubeObject[]): string[] {
  const byReason = new Map<string, { first: string; count: number }>();
  for (const pod of pods) {
    const problems = checkPod((pod.spec ?? {}) as Record<string, unknown>, enforce.level, pod.metadata?.annotations);
    if (problems.length === 0) continue;
    // ForbiddenReason: the check names only, e.g. "privileged, runAsNonRoot != true".
    const reason = problems.map((p) => p.replace(/ \(.*\)$/, "")).join(", ");
    const podName = pod.metadata?.name ?? "";
    const seen = byReason.get(reason);
    if (!seen) byReason.set(reason, { first: podName, count: 1 });
    else {
      seen.count++;
      if (podName < seen.first) seen.first = podName;
    }
  }
  if (byReason.size === 0) return [];
  const decorated = [...byReason].map(([reason, { first, count }]) =>
    count === 1
      ? `${first}: ${reason}`
      : count === 2
        ? `${first} (and 1 other pod): ${reason}`
        : `${first} (and ${count - 1} other pods): ${reason}`,
  );
  return [
    `existing pods in namespace ${JSON.stringify(namespace)} violate the new PodSecurity enforce level ${JSON.stringify(show(enforce))}`,
    ...decorated.sort(),
  ];
}
