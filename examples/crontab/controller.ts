/**
 * An example controller for the CronTab group, on the controller framework: for each CronTab
 * whose status lags its spec it writes status.replicas (and the label selector the scale
 * subresource reads). The framework brings the shared cache, the queue with per-key backoff,
 * the workers and shutdown; this file holds only what is particular to CronTabs.
 *
 *   npx tsx examples/crontab/controller.ts [--kubeconfig PATH]
 */
import { controllerManagedBy, defineAPISet, defineKind, Manager, type Controller, type Request } from "../../framework/index.js";
import { rest } from "kubegen/runtime";
import type { CronTab } from "./api/stable/v1/types.js";
import { Clientset } from "./generated/clientset/index.js";
import { SharedInformerFactory } from "./generated/informers/index.js";

/** The example's generated SDK, as the framework addresses it. */
export const cronTabAPI = defineAPISet("stable.example.com", Clientset, SharedInformerFactory);

export const CronTabKind = defineKind(cronTabAPI, {
  apiVersion: "stable.example.com/v1",
  kind: "CronTab",
  namespaced: true,
  client: (cs, ns) => cs.stableV1().cronTabs(ns),
  informer: (f) => f.stableV1().cronTabs().informer(),
});

/** The selector the jobs of a CronTab would carry. */
export function selectorFor(ct: CronTab): string {
  return `crontab=${ct.metadata?.name ?? ""}`;
}

/** Registers the CronTab controller with `mgr`. */
export function setupCronTabController(mgr: Manager, options: { workers?: number } = {}): Controller {
  const cronTabs = mgr.cache(CronTabKind);
  return (
    controllerManagedBy(mgr)
      // Every event, status writes included: a status someone else changed is put back.
      .for(CronTabKind)
      .withOptions({ maxConcurrentReconciles: options.workers ?? 2 })
      .complete(async ({ namespace, name }: Request, { signal }) => {
        const cached = cronTabs.get(namespace, name);
        if (!cached) return; // deleted since it was queued
        const want = cached.spec?.replicas ?? 1;
        const selector = selectorFor(cached);
        if (cached.status?.replicas === want && cached.status.labelSelector === selector) return;
        // The cache's objects are shared: write a copy. A conflict throws and is retried with backoff.
        const updated: CronTab = { ...cached, status: { ...cached.status, replicas: want, labelSelector: selector } };
        await mgr.client(CronTabKind, namespace).updateStatus!(updated, { signal });
      })
  );
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--kubeconfig");
  const kubeconfig = i >= 0 ? process.argv[i + 1] : undefined;
  const mgr = new Manager({ restConfig: rest.loadKubeconfig(kubeconfig ? { path: kubeconfig } : {}), log: (l) => console.error(l) });
  setupCronTabController(mgr);
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  process.once("SIGTERM", () => stop.abort());
  console.error("crontab controller running; Ctrl-C stops it");
  await mgr.start(stop.signal);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
