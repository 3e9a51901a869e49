/**
 * ResourceQuota: a write in a namespace with quotas is refused when it would take a quota that
 * governs the object past its `hard` limits, with upstream's messages. Which writes count, what an
 * object uses and which quotas govern it are upstream's evaluators (runtime/quota): creates of
 * anything (`count/<resource>.<group>`, the legacy counts); Pods' compute as PodRequests/PodLimits
 * total it (init and sidecar containers, overhead, pod-level resources) and resizes; Services'
 * `services.loadbalancers` and `services.nodeports` on create and on a type change; claims'
 * `requests.storage` (in total and per StorageClass) on create and on expansion; quota `scopes` and
 * `scopeSelector`. An update is charged what it adds. Usage is counted from the server's cache at
 * admission time (the resource-quota controller's recalculation, done inline, so deletes are
 * reflected on the next write); an admitted write records the new usage in the quota's status.
 */
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import { FollowedLists } from "./followed-lists.js";
import type { AdmissionObjects } from "./objects.js";
import { admissionForbidden } from "./forbidden.js";
import { formatAmount, subtractNonNegative, type Amount, type Amounts } from "../../runtime/quota/amounts.js";
import {
  handles,
  matchingResources,
  podConstraintProblem,
  quotaMatches,
  quotaUsed,
  usageOf,
  type QuotaLike,
} from "../../runtime/quota/evaluators.js";
import { quantityValue } from "./quantity.js";
import { canonicalQuantity } from "../registry/validation/quantity-text.js";

/**
 * An amount as upstream prints it: in binary units ("2Gi") when the quota's limit is written so,
 * as upstream's sums keep the binary format of the amounts they add (theirs is the object's own).
 */
function formatLike(a: Amount, limit: string | undefined): string {
  if (limit !== undefined && /[KMGTPE]i$/.test(limit) && Number.isInteger(a.value) && a.value % 1024 === 0)
    return canonicalQuantity(`${a.value / 1024}Ki`);
  return formatAmount({ value: a.value, binary: false });
}

export class ResourceQuotaAdmission implements AdmissionPlugin {
  readonly name = "ResourceQuota";
  constructor(
    private readonly objects: AdmissionObjects,
    private readonly lists = new FollowedLists(objects),
  ) {}

  /** No promise when the namespace's quotas are kept and there are none (most writes). */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (!a.object || a.namespace === "" || a.dryRun) return;
    const { group, resource } = a.resource;
    if (group === "" && resource === "namespaces") return;
    if (!handles(group, resource, a.operation, a.subresource, a.object, a.oldObject)) return;
    if (this.lists.keptList("", "resourcequotas", a.namespace, { liveWhenEmpty: true })?.length === 0) return;
    return this.charge(a, a.object, ctx);
  }

  /** The quotas' checks and their usage updated, for a write {@link validate} handles. */
  private async charge(a: AdmissionAttributes, obj: KubeObject, ctx: AdmissionContext): Promise<void> {
    const { group, resource } = a.resource;
    const quotas = (await this.lists.list("", "resourcequotas", a.namespace, ctx, { liveWhenEmpty: true })) as (KubeObject & QuotaLike)[];
    if (quotas.length === 0) return;
    // The quotas governing the object; a Pod must state what they limit of cpu and memory.
    const governing = quotas.filter((q) => quotaMatches(q, group, resource, obj));
    if (governing.length === 0) return;
    if (group === "" && resource === "pods") {
      for (const q of governing) {
        const problem = podConstraintProblem(matchingResources(group, resource, Object.keys(q.spec?.hard ?? {})), obj);
        if (problem !== undefined) throw admissionForbidden(a, `failed quota: ${q.metadata?.name}: ${problem}`);
      }
    }
    // What the write adds: all of a create, what an update takes beyond the stored object.
    let delta: Amounts = usageOf(group, resource, obj);
    if (a.operation === "UPDATE" && a.oldObject) delta = subtractNonNegative(delta, usageOf(group, resource, a.oldObject));
    for (const [k, v] of Object.entries(delta)) if (v.value === 0) delete delta[k];
    if (Object.keys(delta).length === 0) return;
    const existing = await this.objects.list(group, resource, a.namespace, ctx);
    const updates: KubeObject[] = [];
    for (const q of governing) {
      const hard = q.spec?.hard ?? {};
      const names = Object.keys(hard).filter((n) => delta[n] !== undefined);
      if (names.length === 0) continue;
      const used = quotaUsed(q, group, resource, existing, names);
      const exceeded = names.filter((n) => (used[n]?.value ?? 0) + delta[n]!.value > quantityValue(hard[n])).sort();
      if (exceeded.length > 0) {
        const fmt = (m: (n: string) => string) => exceeded.map((n) => `${n}=${m(n)}`).join(",");
        const zero: Amount = { value: 0, binary: false };
        throw admissionForbidden(
          a,
          `exceeded quota: ${q.metadata?.name}, requested: ${fmt((n) => formatLike(delta[n]!, hard[n]))}, used: ${fmt((n) =>
            formatLike(used[n] ?? zero, hard[n]),
          )}, limited: ${fmt((n) => hard[n]!)}`,
        );
      }
      const status = q.status as { used?: Record<string, string> } | undefined;
      const next = { ...(status ?? {}), hard: { ...hard }, used: { ...(status?.used ?? {}) } };
      for (const n of names)
        next.used[n] = formatAmount({ value: (used[n]?.value ?? 0) + delta[n]!.value, binary: used[n]?.binary ?? delta[n]!.binary });
      updates.push({ ...q, status: next });
    }
    for (const q of updates) {
      // Usage is advisory here (recounted on every write): a lost race only delays the status.
      await this.objects.updateStatus("", "resourcequotas", a.namespace, q, ctx).catch(() => undefined);
    }
  }
}
