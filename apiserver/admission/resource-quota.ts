/**
 * ResourceQuota: a create in a namespace with quotas is refused when it would take any quota's
 * usage past its `hard` limits (object counts: `pods`, `configmaps`, `secrets`, `services`,
 * `count/<resource>.<group>`; pod compute: `requests.cpu`, `limits.memory`, `cpu`...), with
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
  if (group !== "" || resource !== "pods") return 0;
  const phase = (obj.status as { phase?: string } | undefined)?.phase;
  if (phase === "Succeeded" || phase === "Failed") return 0;
  const m =
    /^(requests|limits)\.(.+)$/.exec(name) ?? (["cpu", "memory", "ephemeral-storage"].includes(name) ? [name, "requests", name] : null);
  if (!m) return 0;
  const containers = (obj.spec as { containers?: { resources?: Record<string, Record<string, string>> }[] } | undefined)?.containers ?? [];
  return containers.reduce((sum, c) => sum + (quantityValue(c.resources?.[m[1]]?.[m[2]]) || 0), 0);
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
          exceeded.map((n) => `${n}=${typeof m[n] === "number" ? formatQuantity(m[n]) : m[n]}`).join(",");
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
