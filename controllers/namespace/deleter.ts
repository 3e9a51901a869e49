/**
 * Empties a deleted namespace: marks it Terminating, deletes every namespaced resource found by
 * discovery (deletecollection where served, list and per-object delete otherwise), records the
 * outcome in the namespace's conditions, and removes its finalizer once nothing is left.
 */
import type { APIResourceList, DeleteOptions, PartialObjectMetadataList } from "../../api/meta/v1/types.js";
import type { Namespace, Pod } from "../../generated/apis/core/v1/index.js";
import type { NamespaceInterface } from "../../generated/clientset/typed/core/v1/namespace.js";
import { GroupDiscoveryFailedError } from "../../runtime/discovery/index.js";
import { isConflict, isMethodNotSupported, isNotFound } from "../../runtime/rest/errors.js";
import type { ListQuery } from "../../runtime/rest/options.js";
import type { ResourceRef } from "../../runtime/rest/paths.js";
import { NamespaceConditionUpdater, type ContentTotals } from "./conditions.js";
import { deepCopyNamespace } from "../../generated/apis/core/v1/zz_generated.deepcopy.js";

/** The metadata-client calls the deleter makes on one resource in one namespace. */
export interface MetadataNamespaceableResource {
  list(opts?: ListQuery & { signal?: AbortSignal }): Promise<PartialObjectMetadataList>;
  delete(name: string, opts?: { options?: DeleteOptions; signal?: AbortSignal }): Promise<unknown>;
  deleteCollection(opts?: { options?: DeleteOptions; listOptions?: ListQuery; signal?: AbortSignal }): Promise<unknown>;
}

/** runtime/discovery's MetadataClient, or a fake of it. */
export interface MetadataInterface {
  resource(ref: ResourceRef): { namespace(ns: string): MetadataNamespaceableResource };
}

/** Lists the namespaced resources, each in its preferred version (a partial list may come in a GroupDiscoveryFailedError). */
export type DiscoverResourcesFn = () => Promise<APIResourceList[]>;

/** Content is still being deleted: try again in about `estimate` seconds. */
export class ResourcesRemainingError extends Error {
  override readonly name = "ResourcesRemainingError";
  constructor(readonly estimate: number) {
    super(`some content remains in the namespace, estimate ${estimate} seconds before it is removed`);
  }
}

/** Several errors as one, as apimachinery's NewAggregate prints them. */
export class AggregatedError extends Error {
  override readonly name = "AggregateError";
  constructor(readonly errors: unknown[]) {
    const msgs = errors.map((e) => (e instanceof Error ? e.message : String(e)));
    super(msgs.length === 1 ? msgs[0]! : `[${msgs.join(", ")}]`);
  }
}

/** How long objects that carry finalizers are assumed to need (upstream's default estimate). */
export const FINALIZER_ESTIMATE_SECONDS = 15;

type Operation = "list" | "deletecollection";

interface GVR {
  group: string;
  version: string;
  resource: string;
}

const gvrKey = (g: GVR): string => `${g.group}/${g.version}/${g.resource}`;
/** Go's %v of a schema.GroupVersionResource. */
const gvrString = (g: GVR): string => `{${g.group} ${g.version} ${g.resource}}`;

/** schema.ParseGroupVersion: "v1", "group/version"; anything with more slashes is an error. */
export function parseGroupVersion(gv: string): { group: string; version: string } {
  if (gv === "" || gv === "/") return { group: "", version: "" };
  const parts = gv.split("/");
  if (parts.length === 1) return { group: "", version: parts[0]! };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  throw new Error(`unexpected GroupVersion string: ${gv}`);
}

/** The resources that serve `delete` (discovery.FilteredBy SupportsAllVerbs{delete}), with their verbs. */
function deletableResources(lists: APIResourceList[]): { gvrs: Map<string, { gvr: GVR; verbs: Set<string> }>; parseError?: unknown } {
  const gvrs = new Map<string, { gvr: GVR; verbs: Set<string> }>();
  for (const list of lists) {
    let gv: { group: string; version: string };
    try {
      gv = parseGroupVersion(list.groupVersion);
    } catch (err) {
      // discovery.GroupVersionResources gives up on the whole set at the first bad group version.
      return { gvrs: new Map(), parseError: err };
    }
    for (const r of list.resources) {
      if (!r.verbs.includes("delete")) continue;
      const gvr = { ...gv, resource: r.name };
      gvrs.set(gvrKey(gvr), { gvr, verbs: new Set(r.verbs) });
    }
  }
  return { gvrs };
}

/** Lists a namespace's Pods (the typed client: their spec and status are read). */
export type ListPodsFn = (namespace: string, signal?: AbortSignal) => Promise<Pod[]>;

/**
 * How long the Pods of a namespace may still take to terminate (upstream's
 * estimateGracefulTerminationForPods): the longest terminationGracePeriodSeconds of the Pods not
 * yet terminal, as nothing says how far along each is.
 */
export function estimateGracefulTerminationForPods(pods: readonly Pod[]): number {
  let estimate = 0;
  for (const pod of pods) {
    const phase = pod.status?.phase;
    if (phase === "Succeeded" || phase === "Failed") continue;
    const grace = pod.spec?.terminationGracePeriodSeconds;
    if (grace !== undefined && grace > estimate) estimate = grace;
  }
  return estimate;
}

export interface NamespacedResourcesDeleterOptions {
  nsClient: NamespaceInterface;
  /** Lists Pods for the graceful-termination estimate; absent: no estimate (0). */
  listPods?: ListPodsFn;
  metadataClient: MetadataInterface;
  discoverResources: DiscoverResourcesFn;
  /** The spec.finalizers token this deleter removes (`kubernetes`). */
  finalizerToken: string;
  /** Told about errors that do not fail the pass. */
  onError?: (err: unknown) => void;
}

/**
 * The namespace controller's deleter. `delete(name)` is called again until it resolves: it
 * throws {@link ResourcesRemainingError} while content is still going away and other errors
 * when a step failed.
 */
export class NamespacedResourcesDeleter {
  readonly #ns: NamespaceInterface;
  readonly #metadata: MetadataInterface;
  readonly #discover: DiscoverResourcesFn;
  readonly #token: string;
  /** Operations a resource does not serve, learnt from discovery and from 405/404 answers. */
  readonly #notSupported = new Set<string>();
  /** Filled once (from the first pass's discovery, or its own); shared while in flight. */
  #opCache: Promise<void> | undefined;
  readonly #onError: (err: unknown) => void;
  readonly #listPods: ListPodsFn | undefined;

  constructor(options: NamespacedResourcesDeleterOptions) {
    this.#listPods = options.listPods;
    this.#ns = options.nsClient;
    this.#metadata = options.metadataClient;
    this.#discover = options.discoverResources;
    this.#token = options.finalizerToken;
    this.#onError = options.onError ?? (() => {});
  }

  async delete(name: string, signal?: AbortSignal): Promise<void> {
    let ns: Namespace;
    try {
      ns = await this.#ns.get(name, { ...(signal && { signal }) });
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (!ns.metadata?.deletionTimestamp) return;

    try {
      ns = await this.#retryOnConflict(ns, (n) => this.#updateNamespaceStatus(n, signal), signal);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (!ns.metadata?.deletionTimestamp) return;
    if ((ns.spec?.finalizers ?? []).length === 0) return;

    const estimate = await this.#deleteAllContent(ns, signal);
    if (estimate > 0) throw new ResourcesRemainingError(estimate);

    try {
      await this.#retryOnConflict(ns, (n) => this.#finalize(n, signal), signal);
    } catch (err) {
      // Another controller sharing the token may have finished first.
      if (isNotFound(err)) return;
      throw err;
    }
  }

  /** Re-reads and retries `fn` while it conflicts; the namespace must keep its UID. */
  async #retryOnConflict(ns: Namespace, fn: (ns: Namespace) => Promise<Namespace>, signal?: AbortSignal): Promise<Namespace> {
    let latest = ns;
    for (;;) {
      try {
        return await fn(latest);
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
      const prev = latest;
      latest = await this.#ns.get(prev.metadata?.name ?? "", { ...(signal && { signal }) });
      if (prev.metadata?.uid !== latest.metadata?.uid) throw new Error("namespace uid has changed across retries");
    }
  }

  async #updateNamespaceStatus(ns: Namespace, signal?: AbortSignal): Promise<Namespace> {
    if (!ns.metadata?.deletionTimestamp || ns.status?.phase === "Terminating") return ns;
    const next = deepCopyNamespace(ns);
    next.status = { ...next.status, phase: "Terminating" };
    return this.#ns.updateStatus(next, { ...(signal && { signal }) });
  }

  async #finalize(ns: Namespace, signal?: AbortSignal): Promise<Namespace> {
    const kept = [...new Set((ns.spec?.finalizers ?? []).filter((f) => f !== this.#token))].sort();
    const body: Namespace = { apiVersion: "v1", kind: "Namespace", metadata: ns.metadata ?? {}, spec: { ...ns.spec, finalizers: kept } };
    try {
      return await this.#ns.finalize(body, { ...(signal && { signal }) });
    } catch (err) {
      if (isNotFound(err)) return ns;
      throw err;
    }
  }

  /**
   * Fills the unsupported-operation cache from discovery, once: every resource of a pass asks at
   * the same moment, and one discovery serves them all (a failed one is tried again next time).
   */
  #ensureOpCache(): Promise<void> {
    this.#opCache ??= (async () => {
      let lists: APIResourceList[];
      try {
        lists = await this.#discover();
      } catch (err) {
        if (err instanceof GroupDiscoveryFailedError) lists = err.resources;
        else throw err;
      }
      this.#fillOpCache(lists);
    })().catch((err: unknown) => {
      this.#opCache = undefined;
      throw err;
    });
    return this.#opCache;
  }

  /** Records the operations each discovered resource does not serve. */
  #fillOpCache(lists: APIResourceList[]): void {
    for (const list of lists) {
      let gv: { group: string; version: string };
      try {
        gv = parseGroupVersion(list.groupVersion);
      } catch {
        continue;
      }
      for (const r of list.resources) {
        for (const op of ["list", "deletecollection"] as const) {
          if (!r.verbs.includes(op)) this.#notSupported.add(`${op} ${gvrKey({ ...gv, resource: r.name })}`);
        }
      }
    }
  }

  async #supported(op: Operation, gvr: GVR): Promise<boolean> {
    await this.#ensureOpCache();
    return !this.#notSupported.has(`${op} ${gvrKey(gvr)}`);
  }

  #client(gvr: GVR, namespace: string): MetadataNamespaceableResource {
    return this.#metadata.resource(gvr).namespace(namespace);
  }

  /** Deletes the whole collection in one call; false when the resource does not serve it. */
  async #deleteCollection(gvr: GVR, namespace: string, signal?: AbortSignal): Promise<boolean> {
    if (!(await this.#supported("deletecollection", gvr))) return false;
    try {
      // Background propagation: the garbage collector must not add the orphan finalizer.
      await this.#client(gvr, namespace).deleteCollection({ options: { propagationPolicy: "Background" }, ...(signal && { signal }) });
      return true;
    } catch (err) {
      // Some resources are listed by discovery yet serve no collection verbs and answer 404.
      if (isMethodNotSupported(err) || isNotFound(err)) {
        this.#notSupported.add(`deletecollection ${gvrKey(gvr)}`);
        return false;
      }
      throw err;
    }
  }

  /** Lists the collection; undefined when the resource does not serve list. */
  async #listCollection(gvr: GVR, namespace: string, signal?: AbortSignal): Promise<PartialObjectMetadataList | undefined> {
    if (!(await this.#supported("list", gvr))) return undefined;
    try {
      return await this.#client(gvr, namespace).list({ ...(signal && { signal }) });
    } catch (err) {
      if (isMethodNotSupported(err) || isNotFound(err)) {
        this.#notSupported.add(`list ${gvrKey(gvr)}`);
        return undefined;
      }
      throw err;
    }
  }

  async #deleteEachItem(gvr: GVR, namespace: string, signal?: AbortSignal): Promise<void> {
    const list = await this.#listCollection(gvr, namespace, signal);
    if (!list) return;
    const client = this.#client(gvr, namespace);
    for (const item of list.items) {
      try {
        await client.delete(item.metadata?.name ?? "", { options: { propagationPolicy: "Background" }, ...(signal && { signal }) });
      } catch (err) {
        if (!isNotFound(err) && !isMethodNotSupported(err)) throw err;
      }
    }
  }

  /**
   * Seconds the resource's content may still take to go gracefully (upstream's
   * estimateGracefulTermination): Pods only, and 0 once that long has passed since the namespace
   * was deleted.
   */
  async #estimateGracefulTermination(gvr: GVR, namespace: string, deletedAt: string | undefined, signal?: AbortSignal): Promise<number> {
    if (gvr.group !== "" || gvr.resource !== "pods" || !this.#listPods) return 0;
    const estimate = estimateGracefulTerminationForPods(await this.#listPods(namespace, signal));
    const elapsedMs = deletedAt ? Date.now() - Date.parse(deletedAt) : 0;
    return elapsedMs >= estimate * 1000 ? 0 : estimate;
  }

  /** Deletes one resource's content; returns the estimate and what remains. */
  async #deleteAllContentForResource(
    gvr: GVR,
    namespace: string,
    deletedAt: string | undefined,
    signal?: AbortSignal,
  ): Promise<{ estimate: number; remaining: number; finalizers: Map<string, number>; error?: unknown }> {
    let estimate = 0;
    try {
      estimate = await this.#estimateGracefulTermination(gvr, namespace, deletedAt, signal);
      if (!(await this.#deleteCollection(gvr, namespace, signal))) await this.#deleteEachItem(gvr, namespace, signal);
      const list = await this.#listCollection(gvr, namespace, signal);
      if (!list || list.items.length === 0) return { estimate: 0, remaining: 0, finalizers: new Map() };
      const finalizers = new Map<string, number>();
      for (const item of list.items) for (const f of item.metadata?.finalizers ?? []) finalizers.set(f, (finalizers.get(f) ?? 0) + 1);
      // Pods still within their grace period: wait for them, finalizers or not.
      if (estimate !== 0) return { estimate, remaining: list.items.length, finalizers };
      if (finalizers.size > 0) return { estimate: FINALIZER_ESTIMATE_SECONDS, remaining: list.items.length, finalizers };
      return {
        estimate,
        remaining: list.items.length,
        finalizers,
        error: new Error(`unexpected items still remain in namespace: ${namespace} for gvr: ${gvrString(gvr)}`),
      };
    } catch (error) {
      return { estimate, remaining: 0, finalizers: new Map(), error };
    }
  }

  /**
   * Deletes everything in the namespace and updates its conditions. Resources are worked on
   * concurrently (upstream goes one by one); errors are collected, not fatal to the others.
   */
  async #deleteAllContent(ns: Namespace, signal?: AbortSignal): Promise<number> {
    const namespace = ns.metadata?.name ?? "";
    const errors: unknown[] = [];
    const conditions = new NamespaceConditionUpdater();
    let lists: APIResourceList[] = [];
    let discovered = true;
    try {
      lists = await this.#discover();
    } catch (err) {
      // Discovery failures are not fatal: whatever was discovered is still deleted.
      errors.push(err);
      conditions.processDiscoverResourcesErr(err);
      if (err instanceof GroupDiscoveryFailedError) lists = err.resources;
      else discovered = false;
    }
    // The first pass's discovery fills the operation cache too: a second sweep of every group
    // would only say the same.
    if (discovered && this.#opCache === undefined) {
      this.#fillOpCache(lists);
      this.#opCache = Promise.resolve();
    }
    const { gvrs, parseError } = deletableResources(lists);
    if (parseError !== undefined) {
      errors.push(parseError);
      conditions.processGroupVersionErr(parseError);
    }

    let estimate = 0;
    const totals: ContentTotals = { remainingByResource: new Map(), remainingByFinalizer: new Map() };
    const results = await Promise.all(
      [...gvrs.values()].map(({ gvr }) =>
        this.#deleteAllContentForResource(gvr, namespace, ns.metadata?.deletionTimestamp, signal).then((r) => ({ gvr, ...r })),
      ),
    );
    for (const r of results) {
      if (r.error !== undefined) {
        errors.push(r.error);
        conditions.processDeleteContentErr(r.error);
      }
      estimate = Math.max(estimate, r.estimate);
      if (r.remaining > 0) {
        totals.remainingByResource.set(`${r.gvr.resource}.${r.gvr.group}`, r.remaining);
        for (const [f, n] of r.finalizers) totals.remainingByFinalizer.set(f, (totals.remainingByFinalizer.get(f) ?? 0) + n);
      }
    }
    conditions.processContentTotals(totals);

    // Written every pass: a condition that recovered must say so too.
    if (conditions.update(ns)) {
      try {
        const updated = await this.#ns.updateStatus(ns, { ...(signal && { signal }) });
        ns.metadata = updated.metadata ?? ns.metadata;
      } catch (err) {
        // Reported, not fatal: the next pass writes the conditions again.
        this.#onError(
          new Error(`couldn't update status condition for namespace "${namespace}": ${err instanceof Error ? err.message : String(err)}`),
        );
      }
    }
    if (errors.length > 0) throw new AggregatedError(errors);
    return estimate;
  }
}
