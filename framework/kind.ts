/**
 * Kinds as the framework addresses them: a generated SDK (clientset + informer factory) and, per
 * kind, how to reach its typed client and its shared informer in that SDK. Everything the
 * builder and the helpers do is typed by the object type the generated code declares, for the
 * built-in API and for a user's own groups alike.
 */
import type { ObjectMeta } from "../api/meta/v1/types.js";
import type { SharedIndexInformer } from "../runtime/cache/shared-index-informer.js";
import type { SharedInformerFactoryBase, SharedInformerFactoryOptions } from "../runtime/gentype/informer-factory.js";
import type {
  ApplyConfiguration,
  ApplyOptions,
  CreateOptions,
  DeleteOptions,
  GetOptions,
  PatchData,
  PatchOptions,
  UpdateOptions,
} from "../runtime/gentype/options.js";
import type { RestConfig } from "../runtime/rest/config.js";
import type { PatchType } from "../runtime/rest/options.js";

/** Any Kubernetes object: type meta and object meta. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** The verbs of a generated typed client the framework uses (every `+genclient` kind has them; status verbs only with a status subresource). */
export interface ObjectClient<T> {
  get(name: string, opts?: GetOptions): Promise<T>;
  create(obj: T, opts?: CreateOptions): Promise<T>;
  update(obj: T, opts?: UpdateOptions): Promise<T>;
  delete(name: string, opts?: DeleteOptions): Promise<void>;
  patch(name: string, patchType: PatchType, data: PatchData, opts?: PatchOptions, ...subresources: string[]): Promise<T>;
  apply?(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T>;
  updateStatus?(obj: T, opts?: UpdateOptions): Promise<T>;
  applyStatus?(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T>;
}

/** A generated SDK: how to build its clientset from a rest config and its shared informer factory. */
export interface APISet<CS, F extends SharedInformerFactoryBase> {
  /** Names the SDK in errors. */
  readonly name: string;
  newClientset(config: RestConfig): CS;
  newInformerFactory(client: CS, options: SharedInformerFactoryOptions): F;
}

/**
 * Describes a generated SDK by its two generated classes:
 * `defineAPISet("widgets", Clientset, SharedInformerFactory)`.
 */
export function defineAPISet<CS, F extends SharedInformerFactoryBase>(
  name: string,
  clientset: new (config: RestConfig) => NoInfer<CS>,
  factory: new (client: CS, options: SharedInformerFactoryOptions) => F,
): APISet<CS, F> {
  return {
    name,
    newClientset: (config) => new clientset(config),
    newInformerFactory: (client, options) => new factory(client, options),
  };
}

/** Group, version and kind: what owner references and events name. */
export interface GroupVersionKind {
  /** `v1` for the core group, `group/version` otherwise. */
  readonly apiVersion: string;
  readonly kind: string;
}

/** One kind of one generated SDK, with its object type `T`. */
export interface Kind<
  T extends KubeObject,
  CS = unknown,
  F extends SharedInformerFactoryBase = SharedInformerFactoryBase,
> extends GroupVersionKind {
  readonly group: string;
  readonly namespaced: boolean;
  readonly api: APISet<CS, F>;
  /** The typed client in `namespace` ("" for cluster-scoped kinds or all namespaces). */
  client(clientset: CS, namespace: string): ObjectClient<T>;
  /** The shared informer of the kind in the SDK's factory. */
  informer(factory: F): SharedIndexInformer<T>;
}

/** What {@link defineKind} takes. */
export interface KindSpec<T extends KubeObject, CS, F> {
  apiVersion: string;
  kind: string;
  namespaced: boolean;
  client(clientset: CS, namespace: string): ObjectClient<T>;
  informer(factory: F): SharedIndexInformer<T>;
}

/**
 * Defines a kind of a generated SDK; `T` is inferred from the generated informer:
 *
 * ```ts
 * const Widgets = defineKind(widgetsAPI, {
 *   apiVersion: "widgets.example.com/v1", kind: "Widget", namespaced: true,
 *   client: (cs, ns) => cs.widgetsV1().widgets(ns),
 *   informer: (f) => f.widgetsV1().widgets().informer(),
 * });
 * ```
 */
export function defineKind<T extends KubeObject, CS, F extends SharedInformerFactoryBase>(
  api: APISet<CS, F>,
  spec: KindSpec<T, CS, F>,
): Kind<T, CS, F> {
  const slash = spec.apiVersion.indexOf("/");
  return {
    api,
    apiVersion: spec.apiVersion,
    kind: spec.kind,
    group: slash < 0 ? "" : spec.apiVersion.slice(0, slash),
    namespaced: spec.namespaced,
    client: (clientset, namespace) => spec.client(clientset, namespace),
    informer: (factory) => spec.informer(factory),
  };
}

/** The group of an apiVersion (`apps/v1` -> `apps`, `v1` -> ""). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

/** `namespace/name` or `name`: the key of a reconcile request and of the informer caches. */
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}
