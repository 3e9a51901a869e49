// The resourcequota controller: recomputes each ResourceQuota's status (hard, used) from what
// its namespace holds, when a quota changes, when Pods come and go, and every resync; the
// admission plugin refuses what would exceed it. Counts pods, configmaps, secrets, services,
// persistentvolumeclaims, replicationcontrollers, resourcequotas (plain and `count/<r>`) and
// pod compute (`requests.*`, `limits.*`, `cpu`, `memory`).
import type { Pod } from "../../generated/apis/core/v1/index.js";
import type { Clientset } from "../../generated/clientset/index.js";
import { formatQuantity, parseQuantity } from "../../runtime/quantity.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { NamespaceLoop } from "../serviceaccount/namespace-loop.js";

export const RESOURCEQUOTA_CONTROLLER_NAME = "resourcequota-controller";
const RESYNC_MS = 5 * 60_000;

/** A quantity's amount, 0 when absent or not a quantity. */
const amount = (q: string | undefined): number => parseQuantity(q) ?? 0;

const COUNTABLE = [
  "pods",
  "configmaps",
  "secrets",
  "services",
  "persistentvolumeclaims",
  "replicationcontrollers",
  "resourcequotas",
] as const;

async function countOf(cs: Clientset, ns: string, resource: (typeof COUNTABLE)[number]): Promise<{ items: unknown[] }> {
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

/** The usage of every resource name a quota limits, read from the namespace now. */
export async function usage(cs: Clientset, ns: string, names: readonly string[]): Promise<Record<string, string>> {
  const used: Record<string, string> = {};
  const cache = new Map<string, Promise<{ items: unknown[] }>>();
  const list = (r: (typeof COUNTABLE)[number]) => {
    let p = cache.get(r);
    if (!p) cache.set(r, (p = countOf(cs, ns, r)));
    return p;
  };
  for (const name of names) {
    const plain = (COUNTABLE as readonly string[]).includes(name) ? name : /^count\/([a-z]+)$/.exec(name)?.[1];
    if (plain && (COUNTABLE as readonly string[]).includes(plain)) {
      used[name] = String((await list(plain as (typeof COUNTABLE)[number])).items.length);
      continue;
    }
    const m =
      /^(requests|limits)\.(.+)$/.exec(name) ?? (["cpu", "memory", "ephemeral-storage"].includes(name) ? [name, "requests", name] : null);
    if (!m) continue;
    const pods = (await list("pods")).items as Pod[];
    let sum = 0;
    for (const p of pods) {
      if (p.status?.phase === "Succeeded" || p.status?.phase === "Failed") continue;
      for (const c of p.spec?.containers ?? []) sum += amount(c.resources?.[m[1] as "requests" | "limits"]?.[m[2]]);
    }
    used[name] = formatQuantity(sum);
  }
  return used;
}

async function start(signal: AbortSignal, ctx: ControllerContext, name: string): Promise<InitResult> {
  const client = ctx.clientBuilder.client(name);
  const quotas = ctx.informerFactory.coreV1().resourceQuotas();
  const pods = ctx.informerFactory.coreV1().pods();
  const lister = quotas.lister();
  const loop = new NamespaceLoop({
    name: RESOURCEQUOTA_CONTROLLER_NAME,
    namespaces: ctx.informerFactory.coreV1().namespaces(),
    synced: [() => quotas.informer().hasSynced(), () => pods.informer().hasSynced()],
    onError: ctx.onError,
    log: ctx.log,
    async sync(ns) {
      for (const q of lister.resourceQuotas(ns).list()) {
        const hard = (q.spec?.hard ?? {}) as Record<string, string>;
        const used = await usage(client, ns, Object.keys(hard));
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
  pods.informer().addEventHandler({ onAdd: requeue, onUpdate: (_o, n) => requeue(n), onDelete: requeue });
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
