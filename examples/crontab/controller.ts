/**
 * An example controller for the CronTab group: watches CronTabs through the generated informer,
 * and for each one whose status lags its spec writes status.replicas (and the label selector the
 * scale subresource reads) through the generated clientset, from a rate-limited work queue.
 *
 *   npx tsx examples/crontab/controller.ts [--kubeconfig PATH]
 */
import { cache, rest, workqueue } from "kubegen/runtime";
import type { CronTab } from "./api/stable/v1/types.js";
import type { ClientsetInterface } from "./generated/clientset/index.js";
import { Clientset } from "./generated/clientset/index.js";
import { SharedInformerFactory } from "./generated/informers/index.js";
import type { CronTabLister } from "./generated/listers/stable/v1/index.js";

/** The selector the jobs of a CronTab would carry. */
export function selectorFor(ct: CronTab): string {
  return `crontab=${ct.metadata?.name ?? ""}`;
}

export class CronTabController {
  readonly queue = new workqueue.RateLimitingQueue<string>();
  readonly #lister: CronTabLister;
  readonly #synced: () => boolean;

  constructor(
    readonly client: ClientsetInterface,
    factory: SharedInformerFactory,
  ) {
    const informer = factory.stableV1().cronTabs();
    this.#lister = informer.lister();
    const enqueue = (obj: CronTab): void => this.queue.add(cache.metaNamespaceKeyFunc(obj));
    const registration = informer.informer().addEventHandler({
      onAdd: enqueue,
      onUpdate: (_old, obj) => enqueue(obj),
    });
    this.#synced = () => registration.hasSynced();
  }

  /** Runs `workers` workers until `signal` aborts, after the informer's cache has synced. */
  async run(signal: AbortSignal, workers = 2): Promise<void> {
    while (!this.#synced() && !signal.aborted) await new Promise((r) => setTimeout(r, 20));
    signal.addEventListener("abort", () => this.queue.shutDown(), { once: true });
    await Promise.all(Array.from({ length: workers }, () => this.#worker()));
  }

  async #worker(): Promise<void> {
    for (;;) {
      const { item: key, shutdown } = await this.queue.get();
      if (shutdown) return;
      try {
        await this.sync(key);
        this.queue.forget(key);
      } catch {
        // A conflict or a lost connection: retry later, backing off per key.
        this.queue.addRateLimited(key);
      } finally {
        this.queue.done(key);
      }
    }
  }

  /** Brings one CronTab's status in line with its spec. */
  async sync(key: string): Promise<void> {
    const { namespace, name } = cache.splitMetaNamespaceKey(key);
    let cached: CronTab;
    try {
      cached = this.#lister.cronTabs(namespace).get(name);
    } catch (err) {
      if (rest.isNotFound(err)) return; // deleted since it was queued
      throw err;
    }
    const want = cached.spec?.replicas ?? 1;
    const selector = selectorFor(cached);
    if (cached.status?.replicas === want && cached.status.labelSelector === selector) return;
    // The cache's objects are shared: write a copy.
    const updated: CronTab = { ...cached, status: { ...cached.status, replicas: want, labelSelector: selector } };
    await this.client.stableV1().cronTabs(namespace).updateStatus(updated);
  }
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--kubeconfig");
  const kubeconfig = i >= 0 ? process.argv[i + 1] : undefined;
  const client = Clientset.fromKubeconfig(kubeconfig ? { path: kubeconfig } : {});
  const factory = new SharedInformerFactory(client);
  const controller = new CronTabController(client, factory);
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  process.once("SIGTERM", () => stop.abort());
  factory.start(stop.signal);
  console.error("crontab controller running; Ctrl-C stops it");
  await controller.run(stop.signal);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
