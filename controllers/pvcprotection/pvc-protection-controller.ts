/**
 * The pvc-protection controller (upstream's persistentvolumeclaim-protection-controller): takes
 * the `kubernetes.io/pvc-protection` finalizer off a deleted claim once no scheduled Pod uses it,
 * and puts it on live claims that lack it. A claim is kept when the Pod cache shows a user; when
 * it shows none, a live list of the namespace's Pods decides, since the cache may lag behind a
 * Pod just created. Claims are processed a namespace at a time so that one live list serves every
 * claim of the batch (a namespace deletion deletes them all at once).
 */
import type { PersistentVolumeClaim, Pod } from "../../generated/apis/core/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { PersistentVolumeClaimInformer } from "../../generated/informers/core/v1/persistent-volume-claim.js";
import type { PodInformer } from "../../generated/informers/core/v1/pod.js";
import { DeletedFinalStateUnknown, metaNamespaceKeyFunc, splitMetaNamespaceKey } from "../../runtime/cache/keys.js";
import { waitForCacheSync } from "../../runtime/cache/shared-index-informer.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import { Queue } from "../../runtime/workqueue/queue.js";
import { defaultControllerRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from "./finalizers.js";
import { claimNamesOf, POD_PVC_INDEX, podIsTerminated, podPVCIndexFunc, podUsesClaim } from "./pod-claims.js";

export const PVC_PROTECTION_FINALIZER = "kubernetes.io/pvc-protection";

export interface PVCProtectionOptions {
  claims: PersistentVolumeClaimInformer;
  pods: PodInformer;
  client: ClientsetInterface;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
}

/** The Pods of one namespace, listed live at most once per batch of claims. */
interface LiveList {
  pods?: Pod[];
}

export class PVCProtectionController {
  /** Claim keys (`namespace/name`), with per-claim backoff on failure. */
  readonly queue = new RateLimitingQueue<string>(defaultControllerRateLimiter<string>());
  /** Namespaces with claims waiting in {@link #batches}. */
  readonly #namespaces = new Queue<string>();
  /** Claim keys taken off {@link queue}, by namespace, until a namespace worker takes the batch. */
  readonly #batches = new Map<string, string[]>();
  readonly #synced: () => boolean;

  constructor(private readonly options: PVCProtectionOptions) {
    const claims = options.claims.informer();
    const claimReg = claims.addEventHandler({
      onAdd: (c) => this.#claimChanged(c),
      onUpdate: (_old, c) => this.#claimChanged(c),
    });
    const pods = options.pods.informer();
    if (!(POD_PVC_INDEX in pods.getIndexer().getIndexers())) pods.addIndexers({ [POD_PVC_INDEX]: podPVCIndexFunc });
    const podReg = pods.addEventHandler({
      onAdd: (p) => this.#enqueueClaimsOf(p, false),
      onUpdate: (old, p) => {
        this.#enqueueClaimsOf(p, false);
        // An update may hide a delete and a create under the same name: the old Pod's claims
        // may be free now even if the new Pod does not name them.
        if (old.metadata?.uid !== p.metadata?.uid) this.#enqueueClaimsOf(old, true);
      },
      onDelete: (p) => this.#enqueueClaimsOf(p instanceof DeletedFinalStateUnknown ? p.obj : p, true),
    });
    this.#synced = () => claims.hasSynced() && claimReg.hasSynced() && pods.hasSynced() && podReg.hasSynced();
  }

  #claimChanged(c: PersistentVolumeClaim): void {
    if (needsFinalizer(c, PVC_PROTECTION_FINALIZER) || isDeletionCandidate(c, PVC_PROTECTION_FINALIZER))
      this.queue.add(metaNamespaceKeyFunc(c));
  }

  /** Only a Pod going away (deleted, terminated, or never scheduled) can free a claim. */
  #enqueueClaimsOf(pod: Pod, deleted: boolean): void {
    if (!deleted && !podIsTerminated(pod) && pod.spec?.nodeName) return;
    const ns = pod.metadata?.namespace ?? "";
    for (const name of claimNamesOf(pod)) this.queue.add(`${ns}/${name}`);
  }

  /** Runs one batching loop and `workers` namespace workers until `signal` aborts. */
  async run(workers: number, signal: AbortSignal): Promise<void> {
    const stop = (): void => {
      this.queue.shutDown();
      this.#namespaces.shutDown();
    };
    try {
      this.options.log?.("Starting persistentvolumeclaim-protection-controller", 2);
      if (!(await waitForCacheSync(signal, this.#synced)) || signal.aborted) return;
      signal.addEventListener("abort", stop, { once: true });
      await Promise.all([this.#batcher(), ...Array.from({ length: Math.max(1, workers) }, () => this.#namespaceWorker(signal))]);
    } finally {
      stop();
    }
  }

  /** Moves claim keys from the queue into their namespace's batch. */
  async #batcher(): Promise<void> {
    for (;;) {
      const { item, shutdown } = await this.queue.get();
      if (shutdown) return;
      const { namespace } = splitMetaNamespaceKey(item);
      const batch = this.#batches.get(namespace);
      if (batch) batch.push(item);
      else {
        this.#batches.set(namespace, [item]);
        this.#namespaces.add(namespace);
      }
    }
  }

  async #namespaceWorker(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { item: ns, shutdown } = await this.#namespaces.get();
      if (shutdown) return;
      const keys = this.#batches.get(ns) ?? [];
      this.#batches.delete(ns);
      this.#namespaces.done(ns);
      const live: LiveList = {};
      for (const key of keys) {
        try {
          await this.processClaim(ns, splitMetaNamespaceKey(key).name, live, signal);
          this.queue.forget(key);
        } catch (err) {
          if (!signal.aborted) {
            this.queue.addRateLimited(key);
            if (!isConflict(err))
              this.options.onError(
                new Error(`PVC ${key} failed with: ${err instanceof Error ? err.message : String(err)}`, { cause: err }),
              );
          }
        } finally {
          this.queue.done(key);
        }
      }
    }
  }

  /** Removes the finalizer of a deleted, unused claim; adds it to a live claim without it. */
  async processClaim(ns: string, name: string, live: LiveList = {}, signal?: AbortSignal): Promise<void> {
    let claim: PersistentVolumeClaim;
    try {
      claim = this.options.claims.lister().persistentVolumeClaims(ns).get(name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER)) {
      if (!(await this.#isUsed(claim, live, signal))) {
        await this.#write(withoutFinalizer(claim, PVC_PROTECTION_FINALIZER), signal);
        this.options.log?.(`Removed protection finalizer from PVC ${ns}/${name}`, 3);
        return;
      }
      this.options.log?.(`Keeping PVC ${ns}/${name} because it is being used`, 2);
    }
    if (needsFinalizer(claim, PVC_PROTECTION_FINALIZER)) await this.#write(withFinalizer(claim, PVC_PROTECTION_FINALIZER), signal);
  }

  async #write(claim: PersistentVolumeClaim, signal?: AbortSignal): Promise<void> {
    try {
      await this.options.client
        .coreV1()
        .persistentVolumeClaims(claim.metadata?.namespace ?? "")
        .update(claim, signal ? { signal } : undefined);
    } catch (err) {
      // Gone meanwhile: nothing left to protect.
      if (!isNotFound(err)) throw err;
    }
  }

  async #isUsed(claim: PersistentVolumeClaim, live: LiveList, signal?: AbortSignal): Promise<boolean> {
    const key = metaNamespaceKeyFunc(claim);
    for (const pod of this.options.pods.informer().getIndexer().byIndex(POD_PVC_INDEX, key)) if (podUsesClaim(pod, claim)) return true;
    // The cache may not have a Pod created just now: a live list is the last word.
    live.pods ??= (
      await this.options.client
        .coreV1()
        .pods(claim.metadata?.namespace ?? "")
        .list(signal ? { signal } : undefined)
    ).items;
    return live.pods.some((pod) => podUsesClaim(pod, claim));
  }
}
