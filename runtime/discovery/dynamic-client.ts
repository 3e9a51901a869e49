/** The dynamic client: untyped (unstructured) objects of any resource, always as JSON. */
import type { DeleteOptions, ListMeta, ObjectMeta, Status } from "../../api/meta/v1/types.js";
import type { RestClient } from "../rest/client.js";
import { MEDIA_TYPE_JSON } from "../rest/config.js";
import {
  deleteOptionsBody,
  toQuery,
  type GetQuery,
  type ListQuery,
  type PatchQuery,
  type PatchType,
  type WriteQuery,
} from "../rest/options.js";
import { resourcePath, type ResourceRef } from "../rest/paths.js";
import type { WatchEvent } from "../rest/watch.js";

/** An object of any kind, as its JSON. */
export interface Unstructured {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  [field: string]: unknown;
}

/** A list of objects of any kind. */
export interface UnstructuredList {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Unstructured[];
}

/**
 * Gives items without apiVersion/kind those of the list (`ConfigMapList` -> `ConfigMap`), as
 * client-go's UnstructuredList does: apiservers leave them off the items of built-in lists.
 */
export function withItemTypeMeta(list: UnstructuredList): UnstructuredList {
  const kind = list.kind?.endsWith("List") ? list.kind.slice(0, -"List".length) : undefined;
  for (const item of list.items ?? []) {
    if (item.apiVersion === undefined && list.apiVersion !== undefined) item.apiVersion = list.apiVersion;
    if (item.kind === undefined && kind !== undefined) item.kind = kind;
  }
  return list;
}

/** A call's abort signal. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Unstructured access to one resource, cluster-wide or in one namespace. */
export class DynamicResourceClient {
  constructor(
    private readonly client: RestClient,
    private readonly ref: ResourceRef,
    private readonly ns?: string,
  ) {}

  /** The same resource in `namespace`. */
  namespace(namespace: string): DynamicResourceClient {
    return new DynamicResourceClient(this.client, this.ref, namespace);
  }

  private send<T>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: { name?: string; subresource?: string },
    query: object | undefined,
    body: unknown,
    signal: AbortSignal | undefined,
    contentType: string = MEDIA_TYPE_JSON,
  ): Promise<T> {
    // Custom resources have no protobuf form, so JSON regardless of the config.
    return this.client.request<T>({
      method,
      path: resourcePath(this.ref, { namespace: this.ns, ...path }),
      query: toQuery(query),
      accept: MEDIA_TYPE_JSON,
      contentType,
      ...(body !== undefined && { body }),
      ...(signal && { signal }),
    });
  }

  /** One object, or one of its subresources. */
  get(name: string, opts: GetQuery & CallOptions & { subresource?: string } = {}): Promise<Unstructured> {
    const { signal, subresource, ...query } = opts;
    return this.send("GET", { name, ...(subresource && { subresource }) }, query, undefined, signal);
  }

  /** The objects of the collection. */
  async list(opts: ListQuery & CallOptions = {}): Promise<UnstructuredList> {
    const { signal, ...query } = opts;
    return withItemTypeMeta(await this.send<UnstructuredList>("GET", {}, query, undefined, signal));
  }

  /** Creates an object (or a subresource such as `eviction` of `name`). */
  create(obj: Unstructured, opts: WriteQuery & CallOptions & { subresource?: string; name?: string } = {}): Promise<Unstructured> {
    const { signal, subresource, name, ...query } = opts;
    return this.send("POST", subresource ? { name: name ?? obj.metadata?.name ?? "", subresource } : {}, query, obj, signal);
  }

  /** Replaces an object, named by its metadata.name. */
  update(obj: Unstructured, opts: WriteQuery & CallOptions & { subresource?: string } = {}): Promise<Unstructured> {
    const { signal, subresource, ...query } = opts;
    const name = obj.metadata?.name;
    if (!name) throw new Error("update needs an object with metadata.name");
    return this.send("PUT", { name, ...(subresource && { subresource }) }, query, obj, signal);
  }

  /** Replaces an object's status. */
  updateStatus(obj: Unstructured, opts: WriteQuery & CallOptions = {}): Promise<Unstructured> {
    return this.update(obj, { ...opts, subresource: "status" });
  }

  /** Patches an object with a patch of the given type (an object or an already encoded string). */
  patch(
    name: string,
    type: PatchType,
    patch: unknown,
    opts: PatchQuery & CallOptions & { subresource?: string } = {},
  ): Promise<Unstructured> {
    const { signal, subresource, ...query } = opts;
    return this.send("PATCH", { name, ...(subresource && { subresource }) }, query, patch, signal, type);
  }

  /** Server-side apply: patches with the object itself under a field manager. */
  apply(obj: Unstructured, opts: PatchQuery & CallOptions & { fieldManager: string }): Promise<Unstructured> {
    const name = obj.metadata?.name;
    if (!name) throw new Error("apply needs an object with metadata.name");
    return this.patch(name, "application/apply-patch+yaml", obj, opts);
  }

  /** Deletes an object; resolves with the server's answer (a Status, or the object while finalizers hold it). */
  delete(name: string, opts: { options?: DeleteOptions } & CallOptions = {}): Promise<Status | Unstructured> {
    return this.send("DELETE", { name }, undefined, deleteOptionsBody(opts.options), opts.signal);
  }

  /** Deletes the objects of the collection that the list options select. */
  deleteCollection(opts: { options?: DeleteOptions; listOptions?: ListQuery } & CallOptions = {}): Promise<Status> {
    return this.send("DELETE", {}, opts.listOptions, deleteOptionsBody(opts.options), opts.signal);
  }

  /** Watches the collection. */
  watch(opts: ListQuery & CallOptions = {}): AsyncGenerator<WatchEvent<Unstructured>, void, undefined> {
    const { signal, ...query } = opts;
    return this.client.watch<Unstructured>({
      path: resourcePath(this.ref, { namespace: this.ns }),
      query: toQuery(query),
      accept: MEDIA_TYPE_JSON,
      ...(signal && { signal }),
    });
  }
}

/** Reads and writes objects of any resource without generated types (client-go's dynamic client). */
export class DynamicClient {
  constructor(private readonly client: RestClient) {}

  /** The client of one resource (group, version and plural name). */
  resource(ref: ResourceRef): DynamicResourceClient {
    return new DynamicResourceClient(this.client, ref);
  }
}
