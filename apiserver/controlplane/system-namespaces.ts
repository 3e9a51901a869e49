/**
 * The start-system-namespaces-controller post-start hook: `default`, `kube-system`,
 * `kube-public` and `kube-node-lease` exist before the hook finishes, a deleted one is created
 * again as soon as its removal shows in the Namespace informer, and a periodic pass (upstream's
 * only mechanism, every minute) stays as a safety net. Built on the generated clientset,
 * informer and lister over the loopback client; the creates go in-process when the registry's
 * storage is given.
 */
import type { Namespace } from "../../api/core/v1/namespace.js";
import { loopbackClients, LoopbackInformers, type ControlPlaneClient } from "./loopback-clients.js";
import type { NamespaceInformer } from "../../generated/informers/core/v1/namespace.js";
import type { NamespaceLister } from "../../generated/listers/core/v1/namespace.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { DeletedFinalStateUnknown } from "../../runtime/cache/keys.js";
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import { Queue } from "../../runtime/workqueue/queue.js";
import type { HookContext, PostStartHook } from "../lifecycle/hooks.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../registry/rest.js";

export const SYSTEM_NAMESPACES: readonly string[] = ["default", "kube-system", "kube-public", "kube-node-lease"];

export interface SystemNamespacesOptions {
  /** The namespaces to keep; default the four system ones. */
  names?: readonly string[];
  /** The safety-net pass; default 1 minute as upstream. */
  intervalMs?: number;
  log?: (line: string) => void;
  /**
   * The registry's Namespace storage: creates skip the loopback client (four requests before
   * the server is ready on a new cluster), with the same objects and managedFields.
   */
  storage?: RESTStorage;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class SystemNamespacesController {
  readonly names: readonly string[];
  private readonly lister: NamespaceLister;
  private readonly queue = new Queue<string>();
  private readonly intervalMs: number;
  private readonly log: (line: string) => void;
  private readonly storage: RESTStorage | undefined;

  constructor(
    private readonly client: ControlPlaneClient,
    informer: NamespaceInformer,
    options: SystemNamespacesOptions = {},
  ) {
    this.names = options.names ?? SYSTEM_NAMESPACES;
    this.intervalMs = options.intervalMs ?? 60_000;
    this.log = options.log ?? (() => {});
    this.storage = options.storage?.create ? options.storage : undefined;
    this.lister = informer.lister();
    // Only the final removal matters: a Terminating namespace still exists and cannot be created.
    informer.informer().addEventHandler({
      onDelete: (obj) => {
        const name = obj instanceof DeletedFinalStateUnknown ? obj.key : obj.metadata?.name;
        if (name !== undefined && this.names.includes(name)) this.queue.add(name);
      },
    });
  }

  /** Creates `name` unless the informer's cache has it; AlreadyExists is success. */
  async ensure(name: string, signal?: AbortSignal): Promise<boolean> {
    try {
      this.lister.get(name);
      return false;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const ns: Namespace = { apiVersion: "v1", kind: "Namespace", metadata: { name } };
    try {
      if (this.storage)
        await this.storage.create!(apiserverContext(signal ?? new AbortController().signal), ns as KubeObject, { inputOwned: true });
      else
        await this.client
          .coreV1()
          .namespaces()
          .create(ns, signal ? { signal } : {});
      return true;
    } catch (err) {
      if (isAlreadyExists(err)) return false;
      throw err;
    }
  }

  /** One pass over every name; throws the first failure after trying them all. */
  async ensureAll(signal?: AbortSignal): Promise<string[]> {
    const created: string[] = [];
    let failure: unknown;
    for (const name of this.names) {
      try {
        if (await this.ensure(name, signal)) created.push(name);
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
    return created;
  }

  /** The worker on deleted names and the periodic pass, until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    signal.addEventListener("abort", () => this.queue.shutDown(), { once: true });
    const periodic = (async () => {
      while (!signal.aborted) {
        await sleep(this.intervalMs, signal);
        if (signal.aborted) break;
        try {
          const created = await this.ensureAll(signal);
          if (created.length > 0) this.log(`system namespaces: created ${created.join(", ")}`);
        } catch (err) {
          if (!signal.aborted) this.log(`system namespaces: ${message(err)}`);
        }
      }
    })();
    for (;;) {
      const { item, shutdown } = await this.queue.get();
      if (shutdown) break;
      try {
        if (await this.ensure(item, signal)) this.log(`system namespaces: created ${item} again after its deletion`);
      } catch (err) {
        // The periodic pass retries; a quick second try covers a transient failure.
        if (!signal.aborted) {
          this.log(`system namespaces: ${item}: ${message(err)}`);
          setTimeout(() => this.queue.add(item), 200).unref();
        }
      } finally {
        this.queue.done(item);
      }
    }
    await periodic;
  }
}

/**
 * The hook: informer synced and the namespaces created (retrying until they are, or the server
 * stops) before it finishes; the controller then runs until shutdown.
 */
export function systemNamespacesHook(options: SystemNamespacesOptions = {}): PostStartHook {
  const log = options.log ?? (() => {});
  return async (ctx: HookContext): Promise<void> => {
    const { signal } = ctx;
    const clientset = loopbackClients(ctx.loopbackClientConfig);
    const factory = new LoopbackInformers(clientset, {
      reflector: { onError: (err) => void (!signal.aborted && log(`system namespaces informer: ${message(err)}`)) },
    });
    const controller = new SystemNamespacesController(clientset, factory.namespaces(), { ...options, log });
    const stop = (): void => {
      void factory
        .shutdown()
        .catch(() => undefined)
        .finally(() => clientset.restClient.close());
    };
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    factory.start(signal);
    await factory.waitForCacheSync(signal);
    for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
      if (signal.aborted) throw new Error("the server is shutting down");
      try {
        await controller.ensureAll(signal);
        break;
      } catch (err) {
        log(`system namespaces: ${message(err)}; retrying`);
        await sleep(delay, signal);
      }
    }
    void controller.run(signal).catch((err: unknown) => log(`system namespaces controller: ${message(err)}`));
  };
}
