/**
 * The pv-protection controller (upstream's persistentvolume-protection-controller): takes the
 * `kubernetes.io/pv-protection` finalizer off a deleted PersistentVolume once it is not Bound
 * (`status.phase`, which the binder writes), and puts it on live volumes that lack it.
 */
import type { PersistentVolume } from "../../generated/apis/core/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { PersistentVolumeInformer } from "../../generated/informers/core/v1/persistent-volume.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import { defaultControllerRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { runWorkers } from "../controller/workers.js";
import { isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from "../pvcprotection/finalizers.js";

export const PV_PROTECTION_FINALIZER = "kubernetes.io/pv-protection";

export interface PVProtectionOptions {
  volumes: PersistentVolumeInformer;
  client: ClientsetInterface;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
}

export class PVProtectionController {
  readonly queue = new RateLimitingQueue<string>(defaultControllerRateLimiter<string>());
  readonly #synced: () => boolean;

  constructor(private readonly options: PVProtectionOptions) {
    const informer = options.volumes.informer();
    const changed = (pv: PersistentVolume): void => {
      if (pv.metadata?.name && (needsFinalizer(pv, PV_PROTECTION_FINALIZER) || isDeletionCandidate(pv, PV_PROTECTION_FINALIZER)))
        this.queue.add(pv.metadata.name);
    };
    const reg = informer.addEventHandler({ onAdd: changed, onUpdate: (_old, pv) => changed(pv) });
    this.#synced = () => informer.hasSynced() && reg.hasSynced();
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.log?.("Starting persistentvolume-protection-controller", 2);
    await runWorkers(this.queue, this.#synced, workers, signal, () => this.#worker(signal));
  }

  async #worker(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { item, shutdown } = await this.queue.get();
      if (shutdown) return;
      try {
        await this.processVolume(item, signal);
        this.queue.forget(item);
      } catch (err) {
        if (!signal.aborted) {
          this.queue.addRateLimited(item);
          if (!isConflict(err))
            this.options.onError(new Error(`PV ${item} failed with : ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
        }
      } finally {
        this.queue.done(item);
      }
    }
  }

  /** Removes the finalizer of a deleted volume that is not Bound; adds it to a live one without it. */
  async processVolume(name: string, signal?: AbortSignal): Promise<void> {
    let pv: PersistentVolume;
    try {
      pv = this.options.volumes.lister().get(name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (isDeletionCandidate(pv, PV_PROTECTION_FINALIZER)) {
      if (pv.status?.phase !== "Bound") {
        await this.#write(withoutFinalizer(pv, PV_PROTECTION_FINALIZER), signal);
        this.options.log?.(`Removed protection finalizer from PV ${name}`, 3);
        return;
      }
      this.options.log?.(`Keeping PV ${name} because it is being used`, 4);
    }
    if (needsFinalizer(pv, PV_PROTECTION_FINALIZER)) await this.#write(withFinalizer(pv, PV_PROTECTION_FINALIZER), signal);
  }

  async #write(pv: PersistentVolume, signal?: AbortSignal): Promise<void> {
    try {
      await this.options.client
        .coreV1()
        .persistentVolumes()
        .update(pv, signal ? { signal } : undefined);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}
