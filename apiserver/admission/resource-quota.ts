/**
 * ResourceQuota: a create in a namespace with quotas is refused when it would take any quota's
 * usage past its `hard` limits (object counts: `pods`, `configmaps`, `secrets`, `services`,
 * `count/<resource>.<group>`; pod compute: `requests.cpu`, `limits.memory`, `cpu`...; claims'
 * `requests.storage`, in total and per StorageClass), with
 * upstream's message; an admitted create records the new usage in the quota's status. Usage is
 * counted from the server's cache at admission time (the resource-quota controller's
 * recalculation, done inline, so deletes are reflected on the next write).
 */
import { newForbidden } from "../../runtime/rest/errors.js";
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import { FollowedLists } from "./followed-lists.js";
import type { AdmissionObjects } from "./objects.js";
import { formatQuantity } from "../../runtime/quantity.js";
import { quantityValue } from "./quantity.js";
import { canonicalQuantity } from "../registry/validation/quantity-text.js";

const COUNTED: Record<string, string> = {
  pods: "pods",
  configmaps: "configmaps",
  secrets: "secrets",
  services: "services",
  persistentvolumeclaims: "persistentvolumeclaims",
  replicationcontrollers: "replicationcontrollers",
  resourcequotas: "resourcequotas",
};

/** What one object uses of a quota resource name. */
function usageOf(name: string, group: string, resource: string, obj: KubeObject): number {
  const qualified = group === "" ? resource : `${resource}.${group}`;
  if (name === `count/${qualified}`) return 1;
  if (group === "" && COUNTED[resource] === name) return 1;
  if (group === "" && resource === "persistentvolumeclaims") return claimUsage(name, obj);
  if (group !== "" || resource !== "pods") return 0;
  const phase = (obj.status as { phase?: string } | undefined)?.phase;
  if (phase === "Succeeded" || phase === "Failed") return 0;
  const m =
    /^(requests|limits)\.(.+)$/.exec(name) ?? (["cpu", "memory", "ephemeral-storage"].includes(name) ? [name, "requests", name] : null);
  if (!m) return 0;
  const containers = (obj.spec as { containers?: { resources?: Record<string, Record<string, string>> }[] } | undefined)?.containers ?? [];
  return containers.reduce((sum, c) => sum + (quantityValue(c.resources?.[m[1]]?.[m[2]]) || 0), 0);
}

/**
 * An amount as upstream prints it: in binary units ("2Gi") when the quota's limit is written so,
 * as upstream's sums keep the binary format of the amounts they add (theirs is the object's own).
 */
function formatLike(value: number, limit: string | undefined): string {
  if (limit !== undefined && /[KMGTPE]i$/.test(limit) && Number.isInteger(value) && value % 1024 === 0)
    return canonicalQuantity(`${value / 1024}Ki`);
  return formatQuantity(value);
}

const CLASS_SUFFIX = ".storageclass.storage.k8s.io/";

/** A claim's storage request, in total and per StorageClass (`<class>.storageclass.storage.k8s.io/...`), as upstream's evaluator. */
function claimUsage(name: string, pvc: KubeObject): number {
  const storage =
    quantityValue((pvc.spec as { resources?: { requests?: { storage?: unknown } } } | undefined)?.resources?.requests?.storage) || 0;
  if (name === "requests.storage") return storage;
  const at = name.indexOf(CLASS_SUFFIX);
  if (at <= 0) return 0;
  const cls =
    pvc.metadata?.annotations?.["volume.beta.kubernetes.io/storage-class"] ??
    (pvc.spec as { storageClassName?: string | null } | undefined)?.storageClassName ??
    "";
  if (name.slice(0, at) !== cls) return 0;
  const what = name.slice(at + CLASS_SUFFIX.length);
  return what === "requests.storage" ? storage : what === "persistentvolumeclaims" ? 1 : 0;
}

export class ResourceQuotaAdmission implements AdmissionPlugin {
  readonly name = "ResourceQuota";
  constructor(
    private readonly objects: AdmissionObjects,
    private readonly lists = new FollowedLists(objects),
  ) {}

  async validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    if (a.operation !== "CREATE" || a.subresource !== "" || !a.object || a.namespace === "" || a.dryRun) return;
    if (a.resource.group === "" && a.resource.resource === "namespaces") return;
    const quotas = await this.lists.list("", "resourcequotas", a.namespace, ctx, { liveWhenEmpty: true });
    if (quotas.length === 0) return;
    const existing = await this.objects.list(a.resource.group, a.resource.resource, a.namespace, ctx);
    const updates: KubeObject[] = [];
    for (const q of quotas) {
      const hard = (q.spec as { hard?: Record<string, string> } | undefined)?.hard ?? {};
      const requested: Record<string, number> = {};
      const used: Record<string, number> = {};
      const exceeded: string[] = [];
      for (const [name, limit] of Object.entries(hard)) {
        const want = usageOf(name, a.resource.group, a.resource.resource, a.object);
        if (want === 0) continue;
        const have = existing.reduce((s, o) => s + usageOf(name, a.resource.group, a.resource.resource, o), 0);
        requested[name] = want;
        used[name] = have;
        if (have + want > quantityValue(limit)) exceeded.push(name);
      }
      if (exceeded.length > 0) {
        exceeded.sort();
        const fmt = (m: Record<string, number | string>) =>
          exceeded.map((n) => `${n}=${typeof m[n] === "number" ? formatLike(m[n], hard[n]) : m[n]}`).join(",");
        throw newForbidden(
          { group: a.resource.group, resource: a.resource.resource },
          a.name,
          `exceeded quota: ${q.metadata?.name}, requested: ${fmt(requested)}, used: ${fmt(used)}, limited: ${fmt(hard)}`,
        );
      }
      if (Object.keys(requested).length > 0) {
        const status = {
          ...((q.status as { used?: Record<string, string> } | undefined) ?? {}),
          hard: { ...hard },
          used: { ...((q.status as { used?: Record<string, string> } | undefined)?.used ?? {}) },
        };
        for (const [n, v] of Object.entries(requested)) status.used[n] = formatQuantity(used[n]! + v);
        updates.push({ ...q, status });
      }
    }
    for (const q of updates) {
      // Usage is advisory here (recounted on every write): a lost race only delays the status.
      await this.objects.updateStatus("", "resourcequotas", a.namespace, q, ctx).catch(() => undefined);
    }
  }
}
