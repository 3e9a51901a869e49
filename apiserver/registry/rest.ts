/**
 * What the endpoint layer asks of a resource's storage: upstream's rest.Storage verbs, on
 * decoded objects. The generic registry store implements it for every registered resource;
 * the endpoint installer derives routes from which verbs a resource's storage supports.
 */
import type { ResourceInfo } from "../../runtime/scheme.js";
import type { Storage } from "../storage/interface.js";

/** A Kubernetes object as JSON-shaped data. */
export type KubeObject = {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    generateName?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    deletionGracePeriodSeconds?: number;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    finalizers?: string[];
    ownerReferences?: unknown[];
    managedFields?: unknown[];
  };
  [field: string]: unknown;
};

export interface KubeList {
  apiVersion: string;
  kind: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: KubeObject[];
}

/**
 * The User-Agent of the server's own writes (bootstrap objects, repair events): upstream makes
 * them through its loopback client, whose agent names them `kube-apiserver` in managedFields.
 */
export const APISERVER_USER_AGENT = "kube-apiserver/v1.34.0 (linux/amd64) kubegen";

/**
 * The server's own requests made in-process (bootstrap objects, repair loops, admission's
 * reads): `system:apiserver` in `system:masters`, named as the loopback client would be.
 */
export function apiserverContext(signal: AbortSignal, namespace?: string): RequestContext {
  return {
    ...(namespace !== undefined && { namespace }),
    user: { name: "system:apiserver", groups: ["system:masters"] },
    signal,
    warnings: [],
    userAgent: APISERVER_USER_AGENT,
  };
}

/** Who is asking and in which scope: what upstream keeps in the request context. */
export interface RequestContext {
  namespace?: string;
  user: { name: string; groups: string[]; uid?: string };
  signal: AbortSignal;
  /** Warnings to return as `Warning: 299 - "..."` headers. */
  warnings: string[];
  /** The client's User-Agent: names the field manager of writes that give no fieldManager. */
  userAgent?: string;
  /** The parent object's name, for a create on a subresource (`serviceaccounts/<name>/token`). */
  name?: string;
  /**
   * Consistent reads with the same scope share one current-revision answer, asked by the first
   * (one request's read-only lookups, such as admission's; never reads that follow a write of
   * the same scope).
   */
  readScope?: object;
}

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: "Exact" | "NotOlderThan";
}

export interface WatchOptions extends ListOptions {
  allowWatchBookmarks?: boolean;
  timeoutSeconds?: number;
  sendInitialEvents?: boolean;
}

/**
 * Admission run by the storage once it holds the objects, as upstream's registry runs it:
 * `mutate` on the object built from the request (before the strategy), `validate` on the
 * object to store (after the strategy). `obj` is undefined on DELETE, `old` on CREATE.
 */
/** Admission inside a write; undefined: every plugin was done at once (nothing to wait on). */
export interface WriteAdmission {
  mutate(obj: KubeObject | undefined, old: KubeObject | undefined): Promise<void> | undefined;
  validate(obj: KubeObject | undefined, old: KubeObject | undefined): Promise<void> | undefined;
}

export interface WriteOptions {
  dryRun?: boolean;
  fieldManager?: string;
  fieldValidation?: "Strict" | "Warn" | "Ignore";
  /** Admission with the objects; only storages with `admitsWrites` run it. */
  admission?: WriteAdmission;
  /**
   * The caller hands the input object over (a body decoded for this request alone): a create
   * may change it in place rather than copy it first.
   */
  inputOwned?: boolean;
}

export interface DeleteOptions {
  /** Admission with the stored object; only storages with `admitsWrites` run it. */
  admission?: WriteAdmission;
  dryRun?: boolean;
  gracePeriodSeconds?: number;
  propagationPolicy?: "Orphan" | "Background" | "Foreground";
  preconditions?: { uid?: string; resourceVersion?: string };
}

export type PatchType = "json" | "merge" | "strategic" | "apply";

export interface PatchOptions extends WriteOptions {
  force?: boolean;
}

export interface ConnectRequest {
  method: string;
  /** What follows the subresource in the path ("" when nothing does). */
  path: string;
  query: URLSearchParams;
}

export interface ConnectResponse {
  status: number;
  contentType: string;
  body: string | Uint8Array;
}

export interface WatchEvent {
  type: "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";
  object: KubeObject;
}

/**
 * One resource's storage. Methods a resource does not support are absent, and the endpoint
 * installer serves no route for them (405 / 404 as upstream).
 * Errors are thrown as runtime/rest StatusError (NotFound, AlreadyExists, Conflict, Invalid,
 * Forbidden, Expired...), which the endpoint layer writes as metav1.Status.
 */
export interface RESTStorage {
  readonly info: ResourceInfo;
  readonly group: string;
  readonly version: string;
  create?(ctx: RequestContext, obj: KubeObject, opts: WriteOptions): Promise<KubeObject>;
  get?(ctx: RequestContext, name: string, opts: { resourceVersion?: string }): Promise<KubeObject>;
  list?(ctx: RequestContext, opts: ListOptions): Promise<KubeList>;
  update?(
    ctx: RequestContext,
    name: string,
    obj: KubeObject,
    opts: WriteOptions & { createIfMissing?: boolean },
  ): Promise<{ object: KubeObject; created: boolean }>;
  patch?(
    ctx: RequestContext,
    name: string,
    type: PatchType,
    body: Uint8Array,
    opts: PatchOptions,
  ): Promise<{ object: KubeObject; created: boolean }>;
  /**
   * `object` is what the response carries: the deleted object for resources that return it
   * (namespaces), a Success Status naming it otherwise, or the object still being finalized
   * (`deleted` false) when finalizers hold it.
   */
  delete?(ctx: RequestContext, name: string, opts: DeleteOptions): Promise<{ object: KubeObject; deleted: boolean }>;
  deleteCollection?(ctx: RequestContext, opts: DeleteOptions, listOpts: ListOptions): Promise<KubeList>;
  /**
   * Bad options (selectors, resourceVersion) throw before the stream exists; failures after
   * that (a compacted resourceVersion: 410 Expired) arrive as one ERROR event with a Status.
   * Event objects may be shared between watchers: do not mutate them.
   */
  watch?(ctx: RequestContext, opts: WatchOptions): AsyncIterable<WatchEvent>;
  /** The patch types `patch` accepts (absent: json, merge and strategic); others get 415. */
  readonly patchTypes?: readonly PatchType[];
  /**
   * Connect subresources (pods/log, exec, attach, portforward, proxy): every HTTP method goes
   * here and the answer is written as it is; failures are StatusErrors as elsewhere.
   */
  connect?(ctx: RequestContext, name: string, request: ConnectRequest): Promise<ConnectResponse>;
  /** Whether a connect subresource takes a path after its name (`services/x/proxy/some/path`). */
  readonly connectTakesPath?: boolean;
  /** The verbs discovery lists for a connect subresource. */
  readonly connectVerbs?: readonly string[];
  /** Subresources (status, finalize, scale...) by name, each a storage of its own verbs. */
  readonly subresources?: Readonly<Record<string, RESTStorage>>;
  /**
   * The storage backend the resource's objects live in (set on the built-in storages), so the
   * apiserver puts the storages of custom resources on the same backend.
   */
  readonly backend?: Storage;
  /**
   * Whether the storage runs `opts.admission` inside its writes, with the new and stored
   * objects; otherwise the handler runs admission before calling it, with the request's object.
   */
  readonly admitsWrites?: boolean;
}
