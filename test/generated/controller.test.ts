/**
 * A controller smoke test in sample-controller's shape: shared informers whose handlers only
 * enqueue keys, a rate-limited workqueue, workers that read listers and write through the
 * clientset. Against the FakeClientset it converges, retries an injected failure with backoff,
 * and repairs drift.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigMap, Namespace } from "../../generated/apis/core/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import type { ConfigMapLister, NamespaceLister } from "../../generated/listers/core/v1/index.js";
import { cache, workqueue } from "../../runtime/index.js";
import { isNotFound, newServiceUnavailable } from "../../runtime/rest/index.js";
import { until } from "../support/wait.js";

const ROOT_CA = "root-ca";
const PEM = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

/** Publishes a `root-ca` ConfigMap holding the CA into every namespace (as kube-controller-manager's root-ca-cert-publisher does). */
class RootCAPublisher {
  readonly queue = new workqueue.RateLimitingQueue<string>(workqueue.defaultControllerRateLimiter({ baseDelayMs: 5, maxDelayMs: 50 }));
  readonly nsLister: NamespaceLister;
  readonly cmLister: ConfigMapLister;
  readonly synced: (() => boolean)[];
  syncs = 0;
  failures = 0;

  constructor(
    private readonly client: ClientsetInterface,
    factory: SharedInformerFactory,
  ) {
    const nsInformer = factory.coreV1().namespaces();
    const cmInformer = factory.coreV1().configMaps();
    this.nsLister = nsInformer.lister();
    this.cmLister = cmInformer.lister();
    this.synced = [() => nsInformer.informer().hasSynced(), () => cmInformer.informer().hasSynced()];
    nsInformer.informer().addEventHandler({
      onAdd: (ns) => this.queue.add(ns.metadata?.name ?? ""),
      onUpdate: (_old, ns) => this.queue.add(ns.metadata?.name ?? ""),
    });
    // A change to our ConfigMap requeues its namespace, so drift is repaired.
    const onConfigMap = (obj: ConfigMap | cache.DeletedFinalStateUnknown<ConfigMap>): void => {
      const cm = obj instanceof cache.DeletedFinalStateUnknown ? obj.obj : obj;
      if (cm.metadata?.name === ROOT_CA) this.queue.add(cm.metadata.namespace ?? "");
    };
    cmInformer.informer().addEventHandler({ onUpdate: (_old, cm) => onConfigMap(cm), onDelete: onConfigMap });
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    if (!(await cache.waitForCacheSync(signal, ...this.synced))) return;
    signal.addEventListener("abort", () => this.queue.shutDown(), { once: true });
    await Promise.all(Array.from({ length: workers }, () => this.worker()));
  }

  private async worker(): Promise<void> {
    for (;;) {
      const { item: key, shutdown } = await this.queue.get();
      if (shutdown) return;
      try {
        await this.sync(key);
        this.queue.forget(key);
      } catch {
        this.failures++;
        this.queue.addRateLimited(key);
      } finally {
        this.queue.done(key);
      }
    }
  }

  /** Reads from listers (never modifying what they return), writes through the client. */
  private async sync(namespace: string): Promise<void> {
    this.syncs++;
    try {
      this.nsLister.get(namespace);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    let current: ConfigMap | undefined;
    try {
      current = this.cmLister.configMaps(namespace).get(ROOT_CA);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const cms = this.client.coreV1().configMaps(namespace);
    if (current === undefined) {
      await cms.create({ metadata: { name: ROOT_CA }, data: { "ca.crt": PEM } });
    } else if (current.data?.["ca.crt"] !== PEM) {
      await cms.update({ ...current, data: { ...current.data, "ca.crt": PEM } });
    }
  }
}

const ns = (name: string): Namespace => ({ apiVersion: "v1", kind: "Namespace", metadata: { name } });

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe("controller on generated informers, listers and the fake clientset", () => {
  it("converges, retries injected failures with backoff and repairs drift", async () => {
    const cs = new FakeClientset(ns("default"), ns("kube-system"), ns("team-a"));
    // The first two creates fail as an overloaded server would answer.
    let failing = 2;
    cs.prependReactor("create", "configmaps", () =>
      failing-- > 0 ? { handled: true, err: newServiceUnavailable("try later") } : undefined,
    );
    const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
    const controller = new RootCAPublisher(cs, factory);
    const ctl = new AbortController();
    factory.start(ctl.signal);
    const running = controller.run(2, ctl.signal);
    stops.push(async () => {
      ctl.abort();
      await running;
      await factory.shutdown();
    });

    const published = async (): Promise<string[]> =>
      (
        await cs
          .coreV1()
          .configMaps("")
          .list({ fieldSelector: `metadata.name=${ROOT_CA}` })
      ).items
        .map((c) => c.metadata?.namespace ?? "")
        .sort();
    await until(async () => (await published()).length === 3);
    expect(await published()).toEqual(["default", "kube-system", "team-a"]);
    expect(controller.failures).toBe(2);

    // A new namespace gets one; drift in ours is repaired; a deleted one is re-created.
    await cs.coreV1().namespaces().create(ns("team-b"));
    const cm = await cs.coreV1().configMaps("team-a").get(ROOT_CA);
    await cs
      .coreV1()
      .configMaps("team-a")
      .update({ ...cm, data: { "ca.crt": "tampered" } });
    await cs.coreV1().configMaps("default").delete(ROOT_CA);
    await until(async () => {
      const all = (await cs.coreV1().configMaps("").list()).items;
      return all.length === 4 && all.every((c) => c.data?.["ca.crt"] === PEM);
    });
    expect(await published()).toEqual(["default", "kube-system", "team-a", "team-b"]);

    // Converged: with nothing left to do, the queue drains and no more writes happen.
    await until(() => controller.queue.len() === 0);
    const writes = (): number => cs.actions().filter((a) => a.verb === "create" || a.verb === "update").length;
    const before = writes();
    await new Promise((r) => setTimeout(r, 50));
    expect(writes()).toBe(before);
  });
});
