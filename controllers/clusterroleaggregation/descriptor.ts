// The clusterrole-aggregation controller: a ClusterRole with an aggregationRule gets the rules
// of every ClusterRole its selectors match (deduplicated, in name order), rewritten whenever
// any ClusterRole changes (upstream's clusterrole-aggregation-controller).
import type { ClusterRole, PolicyRule } from "../../generated/apis/rbac/v1/index.js";
import { waitForCacheSync } from "../../runtime/cache/shared-index-informer.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import { ItemExponentialFailureRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";

export const CLUSTERROLE_AGGREGATION_NAME = "clusterrole-aggregation-controller";

const matches = (labels: Record<string, string>, sel: { matchLabels?: Record<string, string> }): boolean =>
  Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v);

/** The aggregated rules of `role` over `all`; undefined for a role without an aggregationRule. */
export function aggregate(role: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] | undefined {
  const selectors = role.aggregationRule?.clusterRoleSelectors;
  if (!selectors) return undefined;
  const seen = new Set<string>();
  const out: PolicyRule[] = [];
  const sorted = [...all].sort((a, b) => (a.metadata?.name ?? "").localeCompare(b.metadata?.name ?? ""));
  for (const sel of selectors) {
    for (const other of sorted) {
      if (other.metadata?.name === role.metadata?.name || !matches(other.metadata?.labels ?? {}, sel)) continue;
      for (const r of other.rules ?? []) {
        const key = JSON.stringify([r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? [], r.verbs]);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(r);
      }
    }
  }
  return out;
}

async function start(signal: AbortSignal, ctx: ControllerContext, name: string): Promise<InitResult> {
  const client = ctx.clientBuilder.client(name);
  const informer = ctx.informerFactory.rbacV1().clusterRoles();
  const lister = informer.lister();
  const queue = new RateLimitingQueue<string>(new ItemExponentialFailureRateLimiter<string>(5, 60_000));
  const enqueueAggregated = (): void => {
    for (const r of lister.list()) if (r.aggregationRule && r.metadata?.name) queue.add(r.metadata.name);
  };
  const reg = informer.informer().addEventHandler({ onAdd: enqueueAggregated, onUpdate: enqueueAggregated, onDelete: enqueueAggregated });
  const sync = async (roleName: string): Promise<void> => {
    let role: ClusterRole;
    try {
      role = lister.get(roleName);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    const rules = aggregate(role, lister.list());
    if (!rules || JSON.stringify(rules) === JSON.stringify(role.rules ?? [])) return;
    await client
      .rbacV1()
      .clusterRoles()
      .update({ ...role, rules });
  };
  const running = (async () => {
    try {
      if (!(await waitForCacheSync(signal, () => informer.informer().hasSynced() && reg.hasSynced()))) return;
      // The stop may have come while the caches synced: an aborted signal fires no event.
      if (signal.aborted) return;
      signal.addEventListener("abort", () => queue.shutDown(), { once: true });
      for (;;) {
        const { item, shutdown } = await queue.get();
        if (shutdown) return;
        try {
          await sync(item);
          queue.forget(item);
        } catch (err) {
          if (!signal.aborted) {
            queue.addRateLimited(item);
            if (!isConflict(err))
              ctx.onError(
                new Error(`${CLUSTERROLE_AGGREGATION_NAME}: ${item}: ${err instanceof Error ? err.message : String(err)}`, { cause: err }),
              );
          }
        } finally {
          queue.done(item);
        }
      }
    } finally {
      queue.shutDown();
      client.restClient.close();
    }
  })();
  return { enabled: true, running };
}

export function newClusterRoleAggregationDescriptor(): ControllerDescriptor {
  return { name: CLUSTERROLE_AGGREGATION_NAME, aliases: ["clusterrole-aggregation"], initFunc: start };
}
