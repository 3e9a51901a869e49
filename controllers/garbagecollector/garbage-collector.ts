/**
 * The garbage collector (kube-controller-manager's `garbage-collector-controller`): workers
 * take nodes from the graph builder's queues. attemptToDelete deletes an object whose owners
 * are all gone (checked live), holds back or finishes a foreground deletion (removing
 * `foregroundDeletion` once no blocking dependent is left), and drops references to absent
 * owners from objects that still have a live one; attemptToOrphan removes an owner's reference
 * from its dependents, then the owner's `orphan` finalizer. A sync loop follows discovery so
 * that new (custom) resources get monitors and removed ones lose them.
 */
import type {
  APIResourceList,
  DeleteOptions,
  OwnerReference,
  PartialObjectMetadata,
  PartialObjectMetadataList,
} from "../../api/meta/v1/types.js";
import type { ListQuery } from "../../runtime/rest/options.js";
import { isConflict, isNotFound, isUnsupportedMediaType } from "../../runtime/rest/errors.js";
import type { ResourceRef } from "../../runtime/rest/paths.js";
import type { WatchEvent } from "../../runtime/rest/watch.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { waitForCacheSync } from "../../runtime/cache/shared-index-informer.js";
import { deletableResources } from "./discovery.js";
import { FINALIZER_DELETE_DEPENDENTS, FINALIZER_ORPHAN_DEPENDENTS, GraphBuilder, type InvalidOwnerRefReporter } from "./graph-builder.js";
import { identityString, ownerReferenceCoordinates, type GraphNode, type ObjectReference } from "./graph.js";
import { RESTMappingError, type DeferredRESTMapper } from "./rest-mapper.js";

type PatchMediaType = "application/merge-patch+json" | "application/strategic-merge-patch+json" | "application/json-patch+json";

/** One resource through the metadata client (runtime/discovery's MetadataResourceClient fits). */
export interface MetadataResourceInterface {
  namespace(ns: string): MetadataResourceInterface;
  get(name: string, opts?: { signal?: AbortSignal }): Promise<PartialObjectMetadata>;
  list(opts?: ListQuery & { signal?: AbortSignal }): Promise<PartialObjectMetadataList>;
  watch(opts?: ListQuery & { signal?: AbortSignal }): AsyncIterable<WatchEvent<PartialObjectMetadata>>;
  delete(name: string, opts?: { options?: DeleteOptions; signal?: AbortSignal }): Promise<unknown>;
  patch(name: string, type: PatchMediaType, patch: unknown, opts?: { signal?: AbortSignal }): Promise<PartialObjectMetadata>;
}

export interface MetadataInterface {
  resource(ref: ResourceRef): MetadataResourceInterface;
}

export interface GarbageCollectorOptions {
  metadataClient: MetadataInterface;
  mapper: DeferredRESTMapper;
  /** The preferred resources from discovery (a partial list may come in a GroupDiscoveryFailedError). */
  discoverPreferredResources: () => Promise<APIResourceList[]>;
  /** Group resources (`group/resource`) never monitored; default: events. */
  ignoredResources?: ReadonlySet<string>;
  reportInvalidOwnerRef?: InvalidOwnerRefReporter;
  onError?: (err: unknown) => void;
  log?: (line: string) => void;
}

/** At most how often an owner deleting in the foreground has its blocking dependents queued again. */
const REQUEUE_DEPENDENTS_INTERVAL_MS = 1_000;

/** A node was found absent and a virtual delete queued: nothing to retry. */
class EnqueuedVirtualDelete extends Error {}
/** A cluster-scoped object names a namespaced owner: never valid, never retried. */
class NamespacedOwnerOfClusterScopedObject extends Error {}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class GarbageCollector {
  readonly graphBuilder: GraphBuilder;
  readonly #metadata: MetadataInterface;
  readonly #mapper: DeferredRESTMapper;
  readonly #discover: () => Promise<APIResourceList[]>;
  readonly #onError: (err: unknown) => void;
  readonly #log: (line: string) => void;
  #syncedResources = new Map<string, ResourceRef>();
  /** When each owner deleting in the foreground last had its blocking dependents queued again. */
  readonly #lastRequeueOfDependents = new WeakMap<GraphNode, number>();
  #resyncRequested: (() => void) | undefined;

  constructor(options: GarbageCollectorOptions) {
    this.#metadata = options.metadataClient;
    this.#mapper = options.mapper;
    this.#discover = options.discoverPreferredResources;
    this.#onError = options.onError ?? (() => {});
    this.#log = options.log ?? (() => {});
    this.graphBuilder = new GraphBuilder({
      metadataClient: options.metadataClient,
      mapper: options.mapper,
      ...(options.ignoredResources && { ignoredResources: options.ignoredResources }),
      ...(options.reportInvalidOwnerRef && { reportInvalidOwnerRef: options.reportInvalidOwnerRef }),
      onError: this.#onError,
      log: this.#log,
    });
  }

  get attemptToDelete() {
    return this.graphBuilder.attemptToDelete;
  }

  get attemptToOrphan() {
    return this.graphBuilder.attemptToOrphan;
  }

  // ---- discovery ----

  /**
   * Reads discovery and, when the deletable resources changed, resets the mapper and makes the
   * monitors match (resources of group versions that failed to be discovered keep theirs).
   * @returns whether the monitors changed.
   */
  async resyncMonitors(): Promise<boolean> {
    const { resources, failedGroupVersions, error } = await deletableResources(this.#discover);
    if (resources.size === 0) {
      if (error !== undefined) this.#onError(error);
      return false;
    }
    for (const [key, ref] of this.#syncedResources) {
      const gv = ref.group === "" ? ref.version : `${ref.group}/${ref.version}`;
      if (failedGroupVersions.has(gv) && this.graphBuilder.isResourceSynced(key)) resources.set(key, ref);
    }
    if (sameKeys(resources, this.#syncedResources)) return false;
    const added = [...resources.keys()].filter((k) => !this.#syncedResources.has(k));
    const removed = [...this.#syncedResources.keys()].filter((k) => !resources.has(k));
    this.#log(
      `syncing garbage collector with updated resources from discovery: added: [${added.join(" ")}], removed: [${removed.join(" ")}]`,
    );
    this.#mapper.reset();
    const errors = await this.graphBuilder.syncMonitors(resources);
    this.graphBuilder.startMonitors();
    for (const err of errors) this.#onError(err);
    // Resources whose monitor could not be made (no mapping yet) are tried again next time.
    if (errors.length === 0) this.#syncedResources = resources;
    return true;
  }

  /** Asks the sync loop to look at discovery now (a CRD was added, changed or removed). */
  requestResync(): void {
    this.#resyncRequested?.();
  }

  /** Re-reads discovery every `periodMs` (or when asked) until `signal` aborts. */
  async sync(periodMs: number, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, periodMs);
        const onAbort = (): void => done();
        signal.addEventListener("abort", onAbort, { once: true });
        function done(): void {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          resolve();
        }
        this.#resyncRequested = done;
      });
      this.#resyncRequested = undefined;
      if (signal.aborted) return;
      try {
        await this.resyncMonitors();
      } catch (err) {
        if (!signal.aborted) this.#onError(new Error(`failed to sync resource monitors: ${errorText(err)}`, { cause: err }));
      }
    }
  }

  // ---- running ----

  /**
   * Monitors the deletable resources, waits (at most `initialSyncTimeoutMs`) for their first
   * lists, then runs `workers` workers on each queue until `signal` aborts.
   */
  async run(workers: number, signal: AbortSignal, initialSyncTimeoutMs = 30_000): Promise<void> {
    this.#log("Starting controller garbagecollector");
    const builder = this.graphBuilder.run(signal);
    try {
      try {
        await this.resyncMonitors();
      } catch (err) {
        this.#onError(new Error(`failed to sync resource monitors: ${errorText(err)}`, { cause: err }));
      }
      const timeout = AbortSignal.any([signal, AbortSignal.timeout(initialSyncTimeoutMs)]);
      if (await waitForCacheSync(timeout, () => this.graphBuilder.isSynced()))
        this.#log("Garbage collector: all resource monitors have synced");
      else if (!signal.aborted) this.#log("Garbage collector: not all resource monitors could be synced, proceeding anyways");
      if (signal.aborted) return;
      this.#log("Proceeding to collect garbage");
      const loops: Promise<void>[] = [];
      for (let i = 0; i < Math.max(1, workers); i++) {
        loops.push(this.#deleteWorker(signal), this.#orphanWorker(signal));
      }
      loops.push(this.sync(30_000, signal));
      await Promise.all(loops);
    } finally {
      this.attemptToDelete.shutDown();
      this.attemptToOrphan.shutDown();
      await builder;
      this.#log("Shutting down controller garbagecollector");
    }
  }

  async #deleteWorker(signal: AbortSignal): Promise<void> {
    const stop = (): void => this.attemptToDelete.shutDown();
    // A worker may start after the stop (its cache sync ended by it): an aborted signal fires no event.
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    for (;;) {
      const { item, shutdown } = await this.attemptToDelete.get();
      if (shutdown) return;
      try {
        const action = await this.attemptToDeleteWorker(item, signal);
        if (action === "forget") this.attemptToDelete.forget(item);
        else this.attemptToDelete.addRateLimited(item);
      } finally {
        this.attemptToDelete.done(item);
      }
    }
  }

  async #orphanWorker(signal: AbortSignal): Promise<void> {
    const stop = (): void => this.attemptToOrphan.shutDown();
    // A worker may start after the stop (its cache sync ended by it): an aborted signal fires no event.
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    for (;;) {
      const { item, shutdown } = await this.attemptToOrphan.get();
      if (shutdown) return;
      try {
        try {
          await this.orphanDependents(item.identity, [...item.dependents], signal);
          await this.removeFinalizer(item, FINALIZER_ORPHAN_DEPENDENTS, signal);
          this.attemptToOrphan.forget(item);
        } catch (err) {
          if (!signal.aborted)
            this.#onError(
              new Error(`orphaning the dependents of ${identityString(item.identity)} failed: ${errorText(err)}`, { cause: err }),
            );
          this.attemptToOrphan.addRateLimited(item);
        }
      } finally {
        this.attemptToOrphan.done(item);
      }
    }
  }

  /** One attemptToDelete pass over a node: whether to forget it or retry it later. */
  async attemptToDeleteWorker(n: GraphNode, signal?: AbortSignal): Promise<"forget" | "requeue"> {
    const inGraph = this.graphBuilder.uidToNode.read(n.identity.uid);
    // An observed node no longer in the graph: its deletion was seen, and uids never come back.
    // (Upstream looks it up and gets a 404; an owner deleting in the foreground re-queues its
    // dependents on every pass, so this saves a request per dependent already gone.)
    if (n.isObserved() && inGraph === undefined) return "forget";
    if (!n.isObserved()) {
      // A virtual node requeued meanwhile replaced (observed) or deleted: nothing to do.
      if (!inGraph || inGraph.isObserved()) return "forget";
    }
    let item = n;
    if (inGraph && (n.identity.apiVersion !== inGraph.identity.apiVersion || n.identity.kind !== inGraph.identity.kind)) {
      item = n.clone();
      item.identity = { ...item.identity, apiVersion: inGraph.identity.apiVersion, kind: inGraph.identity.kind };
    }
    try {
      await this.attemptToDeleteItem(item, signal);
    } catch (err) {
      if (err instanceof EnqueuedVirtualDelete || err instanceof NamespacedOwnerOfClusterScopedObject) return "forget";
      if (signal?.aborted) return "forget";
      if (err instanceof RESTMappingError) this.#log(`error syncing item ${identityString(item.identity)}: ${err.message}`);
      else this.#onError(new Error(`error syncing item ${identityString(item.identity)}: ${errorText(err)}`, { cause: err }));
      return "requeue";
    }
    // Not seen by an informer yet: keep checking, or a virtual node could stay forever.
    if (!item.isObserved()) return "requeue";
    return "forget";
  }

  /** The mapping of a kind; namespace "" for cluster-scoped ones. */
  async #resource(apiVersion: string, kind: string): Promise<{ resource: ResourceRef; namespaced: boolean }> {
    return this.#mapper.mappingFor(apiVersion, kind);
  }

  async #client(id: Pick<ObjectReference, "apiVersion" | "kind" | "namespace">): Promise<MetadataResourceInterface> {
    const { resource, namespaced } = await this.#resource(id.apiVersion, id.kind);
    return this.#metadata.resource(resource).namespace(namespaced ? id.namespace : "");
  }

  async #getObject(id: ObjectReference, signal?: AbortSignal): Promise<PartialObjectMetadata> {
    const { resource, namespaced } = await this.#resource(id.apiVersion, id.kind);
    // A namespaced kind without a namespace: only a cluster-scoped dependent names an owner so.
    if (namespaced && id.namespace === "")
      throw new NamespacedOwnerOfClusterScopedObject("cluster-scoped objects cannot refer to namespaced owners");
    return this.#metadata
      .resource(resource)
      .namespace(namespaced ? id.namespace : "")
      .get(id.name, { ...(signal && { signal }) });
  }

  /**
   * Whether `ref` names an owner that does not exist (or exists with another uid), with the
   * owner's latest metadata when it exists. Absences are remembered.
   */
  async isDangling(
    ref: OwnerReference,
    item: GraphNode,
    signal?: AbortSignal,
  ): Promise<{ dangling: boolean; owner?: PartialObjectMetadata }> {
    const key: ObjectReference = { ...ownerReferenceCoordinates(ref), namespace: "" };
    if (this.graphBuilder.absentOwnerCache.has(key)) return { dangling: true };
    key.namespace = item.identity.namespace;
    if (this.graphBuilder.absentOwnerCache.has(key)) return { dangling: true };
    const { resource, namespaced } = await this.#resource(ref.apiVersion, ref.kind);
    if (!namespaced) key.namespace = "";
    if (item.identity.namespace === "" && namespaced) {
      this.#log(
        `item ${identityString(item.identity)} is cluster-scoped, but refers to a namespaced owner of type ${ref.apiVersion}/${ref.kind}`,
      );
      throw new NamespacedOwnerOfClusterScopedObject("cluster-scoped objects cannot refer to namespaced owners");
    }
    // An owner the monitors see with this uid exists (or did a moment ago: its deletion reaches
    // the graph and brings its dependents back); absence is only ever believed from a live lookup.
    const seen = this.graphBuilder.cachedObject({ ...ownerReferenceCoordinates(ref), namespace: key.namespace });
    if (seen?.metadata?.uid === ref.uid) return { dangling: false, owner: seen };
    let owner: PartialObjectMetadata;
    try {
      owner = await this.#metadata
        .resource(resource)
        .namespace(namespaced ? item.identity.namespace : "")
        .get(ref.name, { ...(signal && { signal }) });
    } catch (err) {
      if (isNotFound(err)) {
        this.graphBuilder.absentOwnerCache.add(key);
        return { dangling: true };
      }
      throw err;
    }
    if (owner.metadata?.uid !== ref.uid) {
      this.graphBuilder.absentOwnerCache.add(key);
      return { dangling: true };
    }
    return { dangling: false, owner };
  }

  /** Sorts references into solid (owner there), dangling (owner gone) and waiting (owner deleting its dependents in the foreground). */
  async classifyReferences(
    item: GraphNode,
    refs: readonly OwnerReference[],
    signal?: AbortSignal,
  ): Promise<{ solid: OwnerReference[]; dangling: OwnerReference[]; waiting: OwnerReference[] }> {
    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const ref of refs) {
      const r = await this.isDangling(ref, item, signal);
      if (r.dangling) dangling.push(ref);
      else if (r.owner?.metadata?.deletionTimestamp && (r.owner.metadata.finalizers ?? []).includes(FINALIZER_DELETE_DEPENDENTS))
        waiting.push(ref);
      else solid.push(ref);
    }
    return { solid, dangling, waiting };
  }

  /**
   * Looks the object up live and deletes it when its uid matches, it does not wait for its own
   * dependents, and all its owners are gone; see the class comment for the other outcomes.
   */
  async attemptToDeleteItem(item: GraphNode, signal?: AbortSignal): Promise<void> {
    // Being deleted is a one-way trip: its dependents are processed once it is gone.
    if (item.beingDeleted && !item.isDeletingDependents()) return;
    // The monitor's copy when it has this uid: every write below is guarded by its uid and
    // resourceVersion (or only removes references to owners verified absent), so a stale copy
    // costs a conflict and a live lookup, never a wrong deletion. Upstream looks every item up
    // live: one GET per dependent, as many requests again as the deletions themselves.
    let latest = this.graphBuilder.cachedObject(item.identity);
    if (latest?.metadata?.uid !== item.identity.uid || !latest.metadata.resourceVersion) {
      try {
        latest = await this.#getObject(item.identity, signal);
      } catch (err) {
        if (isNotFound(err)) return this.#virtualDelete(item);
        throw err;
      }
      if (latest.metadata?.uid !== item.identity.uid) return this.#virtualDelete(item);
    }
    if (item.isDeletingDependents()) return this.#processDeletingDependentsItem(item, signal);

    const refs = latest.metadata?.ownerReferences ?? [];
    if (refs.length === 0) return;
    const { solid, dangling, waiting } = await this.classifyReferences(item, refs, signal);
    if (solid.length > 0) {
      if (dangling.length === 0 && waiting.length === 0) return;
      // References to owners deleting in the foreground go too, or those owners would wait forever.
      const uids = [...dangling, ...waiting].map((r) => r.uid);
      await this.#patch(
        item,
        deleteOwnerRefsStrategicMergePatch(item.identity.uid, uids),
        () => this.#deleteOwnerRefsJSONMergePatch(item, uids, signal),
        signal,
      );
      return;
    }
    if (waiting.length > 0 && item.dependents.size > 0) {
      for (const dep of item.dependents) {
        if (!dep.isDeletingDependents()) continue;
        // A possible cycle: stop blocking the owners, then delete in the foreground anyway.
        this.#log(
          `processing item ${identityString(item.identity)}: some of its owners and its dependent have FinalizerDeletingDependents; making its ownerReferences non-blocking`,
        );
        await this.#patch(
          item,
          item.unblockOwnerReferencesStrategicMergePatch(),
          () => this.#unblockOwnerReferencesJSONMergePatch(item, signal),
          signal,
        );
        break;
      }
      await this.#deleteOrVirtual(item, latest, "Foreground", signal);
      return;
    }
    const finalizers = latest.metadata?.finalizers ?? [];
    const policy = finalizers.includes(FINALIZER_ORPHAN_DEPENDENTS)
      ? "Orphan"
      : finalizers.includes(FINALIZER_DELETE_DEPENDENTS)
        ? "Foreground"
        : "Background";
    await this.#deleteOrVirtual(item, latest, policy, signal);
  }

  #virtualDelete(item: GraphNode): never {
    this.graphBuilder.enqueueVirtualDeleteEvent(item.identity);
    throw new EnqueuedVirtualDelete("enqueued virtual delete event");
  }

  async #deleteOrVirtual(
    item: GraphNode,
    latest: PartialObjectMetadata,
    policy: "Orphan" | "Foreground" | "Background",
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      await this.deleteObject(
        item.identity,
        latest.metadata?.resourceVersion ?? "",
        latest.metadata?.ownerReferences ?? [],
        policy,
        signal,
      );
    } catch (err) {
      if (isNotFound(err)) this.#virtualDelete(item);
      throw err;
    }
  }

  /** An owner deleting in the foreground: lets it go when no blocking dependent is left, else queues those dependents. */
  async #processDeletingDependentsItem(item: GraphNode, signal?: AbortSignal): Promise<void> {
    if (!item.hasBlockingDependents()) {
      await this.removeFinalizer(item, FINALIZER_DELETE_DEPENDENTS, signal);
      return;
    }
    // The owner comes back on every dependent that goes; queueing all its blocking dependents
    // again each time (as upstream does) costs O(dependents) per pass, O(n^2) over a deletion.
    // It is only a safety net (each dependent was queued when the deletion started and retries
    // itself), so it runs at most once a second per owner, the owner coming back for it.
    const now = performance.now();
    const last = this.#lastRequeueOfDependents.get(item) ?? -Infinity;
    if (now - last < REQUEUE_DEPENDENTS_INTERVAL_MS) {
      this.attemptToDelete.addAfter(item, REQUEUE_DEPENDENTS_INTERVAL_MS - (now - last));
      return;
    }
    this.#lastRequeueOfDependents.set(item, now);
    for (const dep of item.blockingDependents()) if (!dep.isDeletingDependents()) this.attemptToDelete.add(dep);
  }

  /**
   * Deletes with the uid (and, when known, resourceVersion) as preconditions. A conflict on the
   * resourceVersion alone, with the owner references unchanged, is retried without it, so that
   * frequent unrelated updates cannot starve the collector.
   */
  async deleteObject(
    id: ObjectReference,
    resourceVersion: string,
    owners: readonly OwnerReference[],
    policy: "Orphan" | "Foreground" | "Background",
    signal?: AbortSignal,
  ): Promise<void> {
    const client = await this.#client(id);
    const preconditions: { uid: string; resourceVersion?: string } = { uid: id.uid, ...(resourceVersion !== "" && { resourceVersion }) };
    const call = (): Promise<unknown> =>
      client.delete(id.name, { options: { preconditions: { ...preconditions }, propagationPolicy: policy }, ...(signal && { signal }) });
    try {
      await call();
    } catch (err) {
      if (!isConflict(err) || resourceVersion === "") throw err;
      let live: PartialObjectMetadata;
      try {
        live = await client.get(id.name, { ...(signal && { signal }) });
      } catch (getErr) {
        if (isNotFound(getErr)) return;
        throw err;
      }
      const m = live.metadata ?? {};
      if (m.uid === id.uid && m.resourceVersion !== resourceVersion && JSON.stringify(m.ownerReferences ?? []) === JSON.stringify(owners)) {
        delete preconditions.resourceVersion;
        await call();
        return;
      }
      throw err;
    }
  }

  /** Patches with a strategic merge patch, or, where the resource takes none (415), a JSON merge patch built by `jsonMergePatch`. */
  async #patch(
    item: GraphNode,
    smp: unknown,
    jsonMergePatch: () => Promise<unknown>,
    signal?: AbortSignal,
  ): Promise<PartialObjectMetadata> {
    const client = await this.#client(item.identity);
    try {
      return await client.patch(item.identity.name, "application/strategic-merge-patch+json", smp, { ...(signal && { signal }) });
    } catch (err) {
      if (!isUnsupportedMediaType(err)) throw err;
    }
    return client.patch(item.identity.name, "application/merge-patch+json", await jsonMergePatch(), { ...(signal && { signal }) });
  }

  async #deleteOwnerRefsJSONMergePatch(item: GraphNode, ownerUIDs: readonly string[], signal?: AbortSignal): Promise<unknown> {
    const latest = await this.#getObject(item.identity, signal);
    const kept = (latest.metadata?.ownerReferences ?? []).filter((r) => !ownerUIDs.includes(r.uid));
    return { metadata: { resourceVersion: latest.metadata?.resourceVersion, ownerReferences: kept.length > 0 ? kept : null } };
  }

  async #unblockOwnerReferencesJSONMergePatch(item: GraphNode, signal?: AbortSignal): Promise<unknown> {
    const latest = await this.#getObject(item.identity, signal);
    const refs = item.owners.map((o) => ({ ...o, blockOwnerDeletion: false }));
    return { metadata: { resourceVersion: latest.metadata?.resourceVersion, ownerReferences: refs.length > 0 ? refs : null } };
  }

  /** Removes `owner`'s reference from each dependent (all at once); NotFound dependents are fine. */
  async orphanDependents(owner: ObjectReference, dependents: readonly GraphNode[], signal?: AbortSignal): Promise<void> {
    const errors: string[] = [];
    await Promise.all(
      dependents.map(async (dep) => {
        try {
          await this.#patch(
            dep,
            deleteOwnerRefsStrategicMergePatch(dep.identity.uid, [owner.uid]),
            () => this.#deleteOwnerRefsJSONMergePatch(dep, [owner.uid], signal),
            signal,
          );
        } catch (err) {
          if (!isNotFound(err)) errors.push(`orphaning ${identityString(dep.identity)} failed, ${errorText(err)}`);
        }
      }),
    );
    if (errors.length > 0)
      throw new Error(
        `failed to orphan dependents of owner ${identityString(owner)}, got errors: ${errors.length === 1 ? errors[0] : `[${errors.join(", ")}]`}`,
      );
  }

  /** Removes one finalizer from the live object with a JSON merge patch on its resourceVersion, retrying conflicts a few times. */
  async removeFinalizer(owner: GraphNode, finalizer: string, signal?: AbortSignal): Promise<void> {
    const steps = 4;
    let delayMs = 10;
    for (let attempt = 1; ; attempt++) {
      let latest: PartialObjectMetadata;
      try {
        latest = await this.#getObject(owner.identity, signal);
      } catch (err) {
        if (isNotFound(err)) return;
        throw new Error(
          `cannot finalize owner ${identityString(owner.identity)}, because cannot get it: ${errorText(err)}. The garbage collector will retry later`,
          { cause: err },
        );
      }
      const finalizers = latest.metadata?.finalizers ?? [];
      if (!finalizers.includes(finalizer)) return;
      const kept = finalizers.filter((f) => f !== finalizer);
      try {
        const client = await this.#client(owner.identity);
        await client.patch(
          owner.identity.name,
          "application/merge-patch+json",
          { metadata: { resourceVersion: latest.metadata?.resourceVersion, finalizers: kept.length > 0 ? kept : null } },
          { ...(signal && { signal }) },
        );
        return;
      } catch (err) {
        if (isNotFound(err)) return;
        if (!isConflict(err)) throw err;
        if (attempt >= steps)
          throw new Error(
            `updateMaxRetries(${steps}) has reached. The garbage collector will retry later for owner ${identityString(owner.identity)}`,
            { cause: err },
          );
      }
      await sleep(delayMs, signal);
      delayMs *= 5;
    }
  }

  /** The resources monitored now, by `group/version/resource`. */
  monitoredResources(): string[] {
    return this.graphBuilder.monitoredResources();
  }

  /** Whether the graph knows the uid (tests). */
  graphHasUID(uid: string): boolean {
    return this.graphBuilder.uidToNode.read(uid) !== undefined;
  }
}

function sameKeys(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const k of a.keys()) if (!b.has(k)) return false;
  return true;
}

/** A strategic merge patch deleting the owner references with these uids; the dependent's uid guards it. */
export function deleteOwnerRefsStrategicMergePatch(dependentUID: string, ownerUIDs: readonly string[]): unknown {
  return { metadata: { ownerReferences: ownerUIDs.map((uid) => ({ $patch: "delete", uid })), uid: dependentUID } };
}
