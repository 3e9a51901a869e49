/**
 * The graph builder: one metadata informer ("monitor") per deletable resource feeds a single
 * queue of changes; applying them keeps the dependency graph and fills the garbage
 * collector's attemptToDelete and attemptToOrphan queues. Changes are applied one at a time,
 * as upstream's single-threaded processGraphChanges does.
 */
import type { OwnerReference, PartialObjectMetadata } from "../../api/meta/v1/types.js";
import { DeletedFinalStateUnknown } from "../../runtime/cache/keys.js";
import type { SharedIndexInformer } from "../../runtime/cache/shared-index-informer.js";
import { newMetadataInformer, type MetadataResourceSource } from "../../runtime/metadata/informer.js";
import type { ResourceRef } from "../../runtime/rest/paths.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { DEFAULT_IGNORED_RESOURCES, gvrKey } from "./discovery.js";
import {
  alternateOwnerIdentity,
  GraphNode,
  identityString,
  ownerReferenceCoordinates,
  ownerReferenceMatchesCoordinates,
  partitionDependents,
  sameIdentity,
  UIDToNode,
  type ObjectReference,
} from "./graph.js";
import { ReferenceCache } from "./reference-cache.js";
import { apiVersionOf, type DeferredRESTMapper } from "./rest-mapper.js";

export const FINALIZER_ORPHAN_DEPENDENTS = "orphan";
export const FINALIZER_DELETE_DEPENDENTS = "foregroundDeletion";

/** One change to apply to the graph. */
export interface GraphEvent {
  type: "add" | "update" | "delete";
  obj: PartialObjectMetadata;
  oldObj?: PartialObjectMetadata;
  /** The apiVersion and kind of the monitor (or virtual reference) it came from. */
  apiVersion: string;
  kind: string;
  /** Made up by the garbage collector after a live lookup, not seen by an informer. */
  virtual?: boolean;
}

/** Told about an invalid owner reference (upstream records an OwnerRefInvalidNamespace Warning event). */
export type InvalidOwnerRefReporter = (dependent: ObjectReference, owner: OwnerReference, message: string) => void;

interface Monitor {
  ref: ResourceRef;
  /** `apiVersion/Kind` of the objects it lists. */
  kindKey: string;
  informer: SharedIndexInformer<PartialObjectMetadata>;
  stop: AbortController | undefined;
  running: Promise<void> | undefined;
}

export interface GraphBuilderOptions {
  metadataClient: MetadataResourceSource;
  mapper: DeferredRESTMapper;
  /** Group resources (`group/resource`) never monitored; default: events. */
  ignoredResources?: ReadonlySet<string>;
  reportInvalidOwnerRef?: InvalidOwnerRefReporter;
  onError?: (err: unknown) => void;
  log?: (line: string) => void;
}

const beingDeleted = (obj: PartialObjectMetadata): boolean => !!obj.metadata?.deletionTimestamp;
const hasFinalizer = (obj: PartialObjectMetadata, f: string): boolean => (obj.metadata?.finalizers ?? []).includes(f);

/** Owner references added, removed and changed (same uid, other fields) between two lists. */
export function referencesDiffs(
  old: readonly OwnerReference[],
  next: readonly OwnerReference[],
): { added: OwnerReference[]; removed: OwnerReference[]; changed: { oldRef: OwnerReference; newRef: OwnerReference }[] } {
  const oldByUID = new Map(old.map((r) => [r.uid, r]));
  const added: OwnerReference[] = [];
  const changed: { oldRef: OwnerReference; newRef: OwnerReference }[] = [];
  for (const r of next) {
    const o = oldByUID.get(r.uid);
    if (o === undefined) added.push(r);
    else {
      if (!sameOwnerReference(o, r)) changed.push({ oldRef: o, newRef: r });
      oldByUID.delete(r.uid);
    }
  }
  return { added, removed: [...oldByUID.values()], changed };
}

function sameOwnerReference(a: OwnerReference, b: OwnerReference): boolean {
  return ownerReferenceMatchesCoordinates(a, b) && a.controller === b.controller && a.blockOwnerDeletion === b.blockOwnerDeletion;
}

/** The deletion started with this finalizer on: it is there now and was not (or the object was not being deleted) before. */
function deletionStartsWithFinalizer(oldObj: PartialObjectMetadata | undefined, obj: PartialObjectMetadata, finalizer: string): boolean {
  if (!beingDeleted(obj) || !hasFinalizer(obj, finalizer)) return false;
  if (oldObj === undefined) return true;
  return !beingDeleted(oldObj) || !hasFinalizer(oldObj, finalizer);
}

export class GraphBuilder {
  readonly uidToNode = new UIDToNode();
  readonly attemptToDelete = new RateLimitingQueue<GraphNode>();
  readonly attemptToOrphan = new RateLimitingQueue<GraphNode>();
  /** Owners known to be absent; shared with the garbage collector. */
  readonly absentOwnerCache = new ReferenceCache(500);
  readonly #options: GraphBuilderOptions;
  readonly #ignored: ReadonlySet<string>;
  #monitors = new Map<string, Monitor>();
  /** The monitors by `apiVersion/Kind`. */
  #monitorsByKind = new Map<string, Monitor>();
  #changes: GraphEvent[] = [];
  #changesHead = 0;
  #draining = false;
  #running = false;
  readonly #log: (line: string) => void;
  readonly #onError: (err: unknown) => void;

  constructor(options: GraphBuilderOptions) {
    this.#options = options;
    this.#ignored = options.ignoredResources ?? DEFAULT_IGNORED_RESOURCES;
    this.#log = options.log ?? (() => {});
    this.#onError = options.onError ?? (() => {});
  }

  // ---- monitors ----

  /**
   * Makes the monitors exactly those of `resources` (ignored ones left out): new ones are
   * created (started by {@link startMonitors}), gone ones stopped. Every resource is tried;
   * the errors come back together.
   */
  async syncMonitors(resources: ReadonlyMap<string, ResourceRef>): Promise<unknown[]> {
    const toRemove = new Map(this.#monitors);
    const current = new Map<string, Monitor>();
    const errors: unknown[] = [];
    let kept = 0;
    for (const [key, ref] of resources) {
      if (this.#ignored.has(`${ref.group}/${ref.resource}`)) continue;
      const existing = toRemove.get(key);
      if (existing) {
        current.set(key, existing);
        toRemove.delete(key);
        kept++;
        continue;
      }
      let kind: string;
      try {
        kind = await this.#options.mapper.kindFor(ref);
      } catch (err) {
        errors.push(new Error(`couldn't look up resource "${gvrKey(ref)}": ${err instanceof Error ? err.message : String(err)}`));
        continue;
      }
      current.set(key, this.#monitorFor(ref, kind));
    }
    this.#monitors = current;
    this.#monitorsByKind = new Map([...current.values()].map((m) => [m.kindKey, m]));
    for (const m of toRemove.values()) m.stop?.abort();
    this.#log(`synced monitors: added ${current.size - kept}, kept ${kept}, removed ${toRemove.size}`);
    return errors;
  }

  #monitorFor(ref: ResourceRef, kind: string): Monitor {
    const informer = newMetadataInformer(this.#options.metadataClient, ref, { onError: this.#onError });
    const apiVersion = apiVersionOf(ref.group, ref.version);
    informer.addEventHandler(
      {
        onAdd: (obj) => this.enqueueChange({ type: "add", obj, apiVersion, kind }),
        onUpdate: (oldObj, obj) => {
          // Resyncs replay the same object: nothing changed for the graph.
          if (oldObj === obj) return;
          this.enqueueChange({ type: "update", obj, oldObj, apiVersion, kind });
        },
        onDelete: (obj) => {
          const last = obj instanceof DeletedFinalStateUnknown ? obj.obj : obj;
          this.enqueueChange({ type: "delete", obj: last, apiVersion, kind });
        },
      },
      { resyncPeriodMs: 0 },
    );
    return { ref, kindKey: `${apiVersion}/${kind}`, informer, stop: undefined, running: undefined };
  }

  /** Starts the monitors not running yet (only once {@link run} was called). */
  startMonitors(): void {
    if (!this.#running) return;
    for (const m of this.#monitors.values()) {
      if (m.stop) continue;
      m.stop = new AbortController();
      m.running = m.informer.run(m.stop.signal);
    }
  }

  /** Whether the monitor of `key` exists and has synced. */
  isResourceSynced(key: string): boolean {
    return this.#monitors.get(key)?.informer.hasSynced() ?? false;
  }

  /** True when there are monitors and each has synced its first list. */
  isSynced(): boolean {
    if (this.#monitors.size === 0) return false;
    for (const m of this.#monitors.values()) if (!m.informer.hasSynced()) return false;
    return true;
  }

  /**
   * The metadata the monitor of the object's kind last saw for it (undefined when no synced
   * monitor lists that kind or it has not seen the object). The same object as the informer's:
   * not to be changed.
   */
  cachedObject(id: Pick<ObjectReference, "apiVersion" | "kind" | "namespace" | "name">): PartialObjectMetadata | undefined {
    const m = this.#monitorsByKind.get(`${id.apiVersion}/${id.kind}`);
    if (m === undefined || !m.informer.hasSynced()) return undefined;
    return m.informer.getIndexer().getByKey(id.namespace ? `${id.namespace}/${id.name}` : id.name);
  }

  /** The monitored resources, by {@link gvrKey}. */
  monitoredResources(): string[] {
    return [...this.#monitors.keys()];
  }

  /** Starts the monitors and keeps applying changes until `signal` aborts; then stops them all. */
  async run(signal: AbortSignal): Promise<void> {
    this.#running = true;
    this.startMonitors();
    // One listener stops every monitor, the moment `signal` aborts: one per monitor put dozens
    // on the caller's signal (a cluster has that many resources), past Node's leak warning.
    await new Promise<void>((resolve) => {
      const stopAll = (): void => {
        this.#running = false;
        for (const m of this.#monitors.values()) m.stop?.abort();
        resolve();
      };
      if (signal.aborted) stopAll();
      else signal.addEventListener("abort", stopAll, { once: true });
    });
    const running = [...this.#monitors.values()].map((m) => m.running ?? Promise.resolve());
    this.#monitors = new Map();
    this.#monitorsByKind = new Map();
    await Promise.all(running);
    this.attemptToDelete.shutDown();
    this.attemptToOrphan.shutDown();
  }

  // ---- changes ----

  /** Queues a change; they are applied in order, one at a time, on a later microtask. */
  enqueueChange(ev: GraphEvent): void {
    this.#changes.push(ev);
    if (!this.#draining) {
      this.#draining = true;
      queueMicrotask(() => this.#drain());
    }
  }

  #drain(): void {
    try {
      while (this.#changesHead < this.#changes.length) {
        const ev = this.#changes[this.#changesHead++]!;
        try {
          this.processGraphChange(ev);
        } catch (err) {
          this.#onError(err);
        }
      }
      this.#changes = [];
      this.#changesHead = 0;
    } finally {
      this.#draining = false;
    }
  }

  /** Queues the deletion of a node found absent by a live lookup (upstream's virtual delete event). */
  enqueueVirtualDeleteEvent(ref: ObjectReference): void {
    this.enqueueChange({
      type: "delete",
      virtual: true,
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      obj: { metadata: { name: ref.name, uid: ref.uid, ...(ref.namespace !== "" && { namespace: ref.namespace }) } },
    });
  }

  #identityFromEvent(ev: GraphEvent): ObjectReference {
    const m = ev.obj.metadata ?? {};
    return { apiVersion: ev.apiVersion, kind: ev.kind, name: m.name ?? "", uid: m.uid ?? "", namespace: m.namespace ?? "" };
  }

  /** Applies one change to the graph (exported for tests; normally fed by the monitors). */
  processGraphChange(ev: GraphEvent): void {
    const meta = ev.obj.metadata ?? {};
    const uid = meta.uid ?? "";
    let existing = this.uidToNode.read(uid);
    if (existing && !ev.virtual && !existing.isObserved()) {
      const observed = this.#identityFromEvent(ev);
      if (!sameIdentity(observed, existing.identity)) {
        // Dependents that named this owner by other coordinates are checked again; the
        // reverse order (good owner seen first) is handled in addDependentToOwners.
        const { nonmatching } = partitionDependents(existing.dependents, observed);
        for (const dep of nonmatching) {
          if (observed.namespace !== "" && dep.identity.namespace !== observed.namespace)
            this.#reportInvalidNamespaceOwnerRef(dep, observed.uid);
          this.attemptToDelete.add(dep);
        }
        existing = existing.clone();
        existing.identity = observed;
        this.uidToNode.write(existing);
      }
      existing.markObserved();
    }

    const owners = meta.ownerReferences ?? [];
    if ((ev.type === "add" || ev.type === "update") && !existing) {
      const n = new GraphNode(this.#identityFromEvent(ev), {
        owners: [...owners],
        beingDeleted: beingDeleted(ev.obj),
        deletingDependents: beingDeleted(ev.obj) && hasFinalizer(ev.obj, FINALIZER_DELETE_DEPENDENTS),
      });
      this.uidToNode.write(n);
      this.#addDependentToOwners(n, n.owners);
      this.#processTransitions(ev.oldObj, ev.obj, n);
      return;
    }
    if ((ev.type === "add" || ev.type === "update") && existing) {
      if (!ev.virtual && (existing.identity.apiVersion !== ev.apiVersion || existing.identity.kind !== ev.kind)) {
        const old = existing;
        existing = existing.clone();
        existing.identity = { ...existing.identity, apiVersion: ev.apiVersion, kind: ev.kind };
        this.uidToNode.write(existing);
        for (const o of existing.owners) this.uidToNode.read(o.uid)?.replaceDependentIfItExists(old, existing);
      }
      const { added, removed, changed } = referencesDiffs(existing.owners, owners);
      if (added.length > 0 || removed.length > 0 || changed.length > 0) {
        this.#addUnblockedOwnersToDeleteQueue(removed, changed);
        existing.owners = [...owners];
        this.#addDependentToOwners(existing, added);
        this.#removeDependentFromOwners(existing, removed);
      }
      if (beingDeleted(ev.obj)) existing.markBeingDeleted();
      this.#processTransitions(ev.oldObj, ev.obj, existing);
      return;
    }
    if (ev.type !== "delete" || !existing) return;

    let removeExisting = true;
    if (ev.virtual) {
      const deleted = this.#identityFromEvent(ev);
      if (existing.virtual) {
        // A virtual node's coordinates are a guess: dependents may name the uid differently.
        const { matching, nonmatching } = partitionDependents(existing.dependents, deleted);
        if (nonmatching.length > 0) {
          removeExisting = false;
          if (matching.length > 0) {
            this.absentOwnerCache.add(deleted);
            for (const dep of matching) this.attemptToDelete.add(dep);
          }
          if (sameIdentity(existing.identity, deleted)) {
            const replacement = alternateOwnerIdentity(nonmatching, deleted);
            if (replacement) {
              const n = existing.clone();
              n.identity = replacement;
              this.uidToNode.write(n);
              this.attemptToDelete.addRateLimited(n);
            }
          }
        }
      } else if (!sameIdentity(existing.identity, deleted)) {
        // An observed node is not removed on a virtual event naming other coordinates.
        removeExisting = false;
        const { matching } = partitionDependents(existing.dependents, deleted);
        if (matching.length > 0) {
          this.absentOwnerCache.add(deleted);
          for (const dep of matching) this.attemptToDelete.add(dep);
        }
      }
    }
    if (!removeExisting) return;
    this.uidToNode.delete(uid);
    this.#removeDependentFromOwners(existing, existing.owners);
    if (existing.dependents.size > 0) this.absentOwnerCache.add(this.#identityFromEvent(ev));
    for (const dep of existing.dependents) this.attemptToDelete.add(dep);
    for (const o of existing.owners) {
      const owner = this.uidToNode.read(o.uid);
      // An owner waiting for its dependents may now be free to go.
      if (owner?.isDeletingDependents()) this.attemptToDelete.add(owner);
    }
  }

  /**
   * Adds `n` to its owners' dependents, creating virtual nodes for owners not seen yet (queued
   * for a live check); a reference that disagrees with an observed owner (namespace or
   * coordinates) queues `n` itself for a check.
   */
  #addDependentToOwners(n: GraphNode, owners: readonly OwnerReference[]): void {
    let potentiallyInvalid = false;
    for (const ref of owners) {
      let owner = this.uidToNode.read(ref.uid);
      if (!owner) {
        owner = new GraphNode({ ...ownerReferenceCoordinates(ref), namespace: n.identity.namespace }, { virtual: true });
        this.uidToNode.write(owner);
        owner.dependents.add(n);
        this.attemptToDelete.add(owner);
        continue;
      }
      owner.dependents.add(n);
      if (potentiallyInvalid) continue;
      const ownerNamespaced = owner.identity.namespace !== "";
      if (ownerNamespaced && owner.identity.namespace !== n.identity.namespace) {
        if (owner.isObserved()) this.#reportInvalidNamespaceOwnerRef(n, ref.uid);
        potentiallyInvalid = true;
      } else if (!ownerReferenceMatchesCoordinates(ref, owner.identity)) {
        potentiallyInvalid = true;
      } else if (!ownerNamespaced && owner.identity.namespace !== n.identity.namespace && !owner.isObserved()) {
        // A virtual cluster-scoped owner may really be a missing namespaced one.
        potentiallyInvalid = true;
      }
    }
    if (potentiallyInvalid) this.attemptToDelete.add(n);
  }

  #removeDependentFromOwners(n: GraphNode, owners: readonly OwnerReference[]): void {
    for (const ref of owners) this.uidToNode.read(ref.uid)?.dependents.delete(n);
  }

  /** Owners a removed or now non-blocking reference pointed at may be waiting: look at them again. */
  #addUnblockedOwnersToDeleteQueue(
    removed: readonly OwnerReference[],
    changed: readonly { oldRef: OwnerReference; newRef: OwnerReference }[],
  ): void {
    for (const ref of removed) {
      if (ref.blockOwnerDeletion !== true) continue;
      const owner = this.uidToNode.read(ref.uid);
      if (owner) this.attemptToDelete.add(owner);
    }
    for (const { oldRef, newRef } of changed) {
      if (oldRef.blockOwnerDeletion === true && newRef.blockOwnerDeletion !== true) {
        const owner = this.uidToNode.read(newRef.uid);
        if (owner) this.attemptToDelete.add(owner);
      }
    }
  }

  #processTransitions(oldObj: PartialObjectMetadata | undefined, obj: PartialObjectMetadata, n: GraphNode): void {
    if (deletionStartsWithFinalizer(oldObj, obj, FINALIZER_ORPHAN_DEPENDENTS)) {
      this.attemptToOrphan.add(n);
      return;
    }
    if (deletionStartsWithFinalizer(oldObj, obj, FINALIZER_DELETE_DEPENDENTS)) {
      // A node first created virtual lacks the flag: set it here in any case.
      n.markDeletingDependents();
      for (const dep of n.dependents) this.attemptToDelete.add(dep);
      this.attemptToDelete.add(n);
    }
  }

  #reportInvalidNamespaceOwnerRef(n: GraphNode, ownerUID: string): void {
    const ref = n.owners.find((o) => o.uid === ownerUID);
    if (!ref) return;
    const invalid: ObjectReference = { ...ownerReferenceCoordinates(ref), namespace: n.identity.namespace };
    this.#options.reportInvalidOwnerRef?.(
      n.identity,
      ref,
      `ownerRef ${identityString(invalid)} does not exist in namespace ${JSON.stringify(n.identity.namespace)}`,
    );
  }
}
