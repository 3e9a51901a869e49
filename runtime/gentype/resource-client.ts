/** The verbs of one resource's typed client, implemented over REST and, in runtime/testing, over an in-memory tracker. */
import type { PatchType } from "../rest/options.js";
import type { WatchEvent } from "../rest/watch.js";
import type {
  ApplyConfiguration,
  ApplyOptions,
  CreateOptions,
  DeleteOptions,
  GetOptions,
  ListOptions,
  PatchData,
  PatchOptions,
  UpdateOptions,
} from "./options.js";
import type { ResourceDescriptor } from "./resource.js";

/** Where a custom verb (`+genclient:method=`) goes and what it sends. */
export interface CustomCall<I = never> {
  /** The object addressed; absent for the collection (and, for updates and applies, taken from the input). */
  name?: string;
  /** The subresource, e.g. `finalize`; absent or "" for the object itself. */
  subresource?: string;
  /** The request body. */
  input?: I;
  /** The input's kind: its apiVersion and kind are then set, as for standard verbs. */
  inputKind?: string;
  /** The input's apiVersion when its kind is of another group-version (autoscaling/v1 Scale); else the resource's. */
  inputAPIVersion?: string;
}

/**
 * Every verb of one resource in one namespace ("" for cluster-scoped resources, or for all
 * namespaces): client-go's `gentype.Client`. Generated typed clients delegate to it and expose
 * only the verbs their `+genclient` tags allow; the same generated class runs over REST or
 * over the fake clientset, depending on the implementation it is given.
 */
export interface ResourceClient<T, TList> {
  /** The resource this client addresses. */
  readonly descriptor: ResourceDescriptor;
  /** The namespace calls go to ("" for none). */
  readonly namespace: string;

  /** Creates `obj`; returns it as stored. */
  create(obj: T, opts?: CreateOptions): Promise<T>;
  /** Replaces the object named by `obj.metadata.name`; a stale resourceVersion fails with Conflict. */
  update(obj: T, opts?: UpdateOptions): Promise<T>;
  /** Replaces the object's status (the `status` subresource). */
  updateStatus(obj: T, opts?: UpdateOptions): Promise<T>;
  /** Deletes one object. */
  delete(name: string, opts?: DeleteOptions): Promise<void>;
  /** Deletes every object `listOpts` selects. */
  deleteCollection(opts?: DeleteOptions, listOpts?: ListOptions): Promise<void>;
  /** Reads one object. */
  get(name: string, opts?: GetOptions): Promise<T>;
  /** Lists objects (one page when `opts.limit` is set). */
  list(opts?: ListOptions): Promise<TList>;
  /** Watches changes; the stream ends when the server closes it or `opts.signal` aborts. */
  watch(opts?: ListOptions): AsyncIterable<WatchEvent<T>>;
  /** Patches one object, or one of its subresources. */
  patch(name: string, patchType: PatchType, data: PatchData, opts?: PatchOptions, ...subresources: string[]): Promise<T>;
  /** Server-side apply of the fields `obj` sets, owned by `opts.fieldManager`. */
  apply(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T>;
  /** Server-side apply of the status subresource. */
  applyStatus(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T>;

  /** A custom get (`+genclient:method=...,verb=get`): the named object or one of its subresources. */
  customGet<R>(call: CustomCall, opts?: GetOptions): Promise<R>;
  /** A custom list: the collection, or a named object's subresource. */
  customList<R>(call: CustomCall, opts?: ListOptions): Promise<R>;
  /** A custom create: into the collection, or into a named object's subresource. */
  customCreate<I, R>(call: CustomCall<I>, opts?: CreateOptions): Promise<R>;
  /** A custom update of an object or subresource; the name defaults to the input's `metadata.name`. */
  customUpdate<I, R>(call: CustomCall<I>, opts?: UpdateOptions): Promise<R>;
  /** A custom server-side apply; the name defaults to the input's `metadata.name`. */
  customApply<I, R>(call: CustomCall<I>, opts: ApplyOptions): Promise<R>;
}
