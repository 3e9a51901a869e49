// The resourcequota controller: recomputes each ResourceQuota's status (hard, used) from what
// its namespace holds, when a quota changes, when Pods, Services or claims come and go, and every
// resync; the admission plugin refuses what would exceed it. Usage is upstream's evaluators'
// (runtime/quota, shared with the admission plugin): pod compute as PodRequests/PodLimits total
// it, Services' load balancers and node ports, claims' storage, object counts, each quota's
// scopes and scopeSelector applied.
import type { Clientset } from "../../generated/clientset/index.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import { formatAmount } from "../../runtime/quota/amounts.js";
import { matchingResources, quotaUsed, type QuotaLike, type QuotaObject } from "../../runtime/quota/evaluators.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { NamespaceLoop } from "../serviceaccount/namespace-loop.js";

export const RESOURCEQUOTA_CONTROLLER_NAME = "resourcequota-controller";
const RESYNC_MS = 5 * 60_000;

/** The core kinds whose usage the controller counts. */
const COUNTABLE = [
  "pods",
  "services",
  "persistentvolumeclaims",
  "configmaps",
  "secrets",
  "replicationcontrollers",
  "resourcequotas",
] as const;
type Countable = (typeof COUNTABLE)[number];

async function listOf(cs: Clientset, ns: string, resource: Countable): Promise<{ items: unknown[] }> {
  const core = cs.coreV1();
  switch (resource) {
    case "pods":
      return core.pods(ns).list();
    case "configmaps":
      return core.configMaps(ns).list();
    case "secrets":
      return core.secrets(ns).list();
    case "services":
      return core.services(ns).list();
    case "persistentvolumeclaims":
      return core.persistentVolumeClaims(ns).list();
    case "replicationcontrollers":
      return core.replicationControllers(ns).list();
    case "resourcequotas":
      return core.resourceQuotas(ns).list();
  }
}

/** Lists one namespace's objects once per sync, for all its quotas. */
export function namespaceLister(cs: Clientset, ns: string): (r: Countable) => Promise<QuotaObject[]> {
  const cache = new Map<Countable, Promise<QuotaObject[]>>();
  return (r) => {
    let p = cache.get(r);
    if (!p) cache.set(r, (p = listOf(cs, ns, r).then((l) => l.items as QuotaObject[])));
    return p;
  };
}

/** The usage of every resource name a quota limits that a counted kind answers to (0 when none is used). */
export async function usage(list: (r: Countable) => Promise<QuotaObject[]>, q: QuotaLike): Promise<Record<string, string>> {
  const names = Object.keys(q.spec?.hard ?? {});
  const used: Record<string, string> = {};
  for (const kind of COUNTABLE) {
    const matched = matchingResources("", kind, names);
    if (matched.length === 0) continue;
    const sums = quotaUsed(q, "", kind, await list(kind), matched);
    for (const n of matched) used[n] = formatAmount(sums[n] ?? { value: 0, binary: false });
  }
  return used;
}

async function start(signal: AbortSignal, ctx: ControllerContext, name: string): Promise<InitResult> {
  const client = ctx.clientBuilder.client(name);
  const quotas = ctx.informerFactory.coreV1().resourceQuotas();
  const pods = ctx.informerFactory.coreV1().pods();
  const services = ctx.informerFactory.coreV1().services();
  const claims = ctx.informerFactory.coreV1().persistentVolumeClaims();
  const lister = quotas.lister();
  const loop = new NamespaceLoop({
    name: RESOURCEQUOTA_CONTROLLER_NAME,
    namespaces: ctx.informerFactory.coreV1().namespaces(),
    synced: [
      () => quotas.informer().hasSynced(),
      () => pods.informer().hasSynced(),
      () => services.informer().hasSynced(),
      () => claims.informer().hasSynced(),
    ],
    onError: ctx.onError,
    log: ctx.log,
    async sync(ns) {
      const list = namespaceLister(client, ns);
      for (const q of lister.resourceQuotas(ns).list()) {
        const hard = (q.spec?.hard ?? {}) as Record<string, string>;
        const used = await usage(list, q);
        const same =
          JSON.stringify(q.status?.hard ?? {}) === JSON.stringify(hard) && JSON.stringify(q.status?.used ?? {}) === JSON.stringify(used);
        if (same) continue;
        try {
          await client
            .coreV1()
            .resourceQuotas(ns)
            .updateStatus({ ...q, status: { hard, used } });
        } catch (err) {
          if (isNotFound(err)) continue;
          if (isConflict(err)) throw err; // retried with the fresh object
          throw err;
        }
      }
    },
  });
  const requeue = (obj: unknown): void => {
    const o = obj as { obj?: { metadata?: { namespace?: string } }; metadata?: { namespace?: string } };
    const ns = (o.metadata ?? o.obj?.metadata)?.namespace;
    if (ns && lister.resourceQuotas(ns).list().length > 0) loop.queue.add(ns);
  };
  quotas.informer().addEventHandler({ onAdd: requeue, onUpdate: (_o, n) => requeue(n), onDelete: requeue });
  for (const i of [pods.informer(), services.informer(), claims.informer()])
    i.addEventHandler({ onAdd: requeue, onUpdate: (_o: unknown, n: unknown) => requeue(n), onDelete: requeue });
  const timer = setInterval(() => {
    for (const q of lister.list()) if (q.metadata?.namespace) loop.queue.add(q.metadata.namespace);
  }, RESYNC_MS);
  timer.unref();
  const running = loop.run(2, signal).finally(() => {
    clearInterval(timer);
    client.restClient.close();
  });
  return { enabled: true, running };
}

export function newResourceQuotaControllerDescriptor(): ControllerDescriptor {
  return { name: RESOURCEQUOTA_CONTROLLER_NAME, aliases: ["resourcequota"], initFunc: start };
}
