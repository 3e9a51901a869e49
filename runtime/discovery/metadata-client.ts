/** The metadata client: any resource's objects reduced to PartialObjectMetadata (get, list, watch, delete, deleteCollection). */
import type { DeleteOptions, ObjectMeta, PartialObjectMetadata, PartialObjectMetadataList, Status } from "../../api/meta/v1/types.js";
import type { RestClient } from "../rest/client.js";
import { MEDIA_TYPE_JSON } from "../rest/config.js";
import { deleteOptionsBody, toQuery, type GetQuery, type ListQuery } from "../rest/options.js";
import { resourcePath, type ResourceRef } from "../rest/paths.js";
import type { WatchEvent } from "../rest/watch.js";

const AS_OBJECT = `${MEDIA_TYPE_JSON};as=PartialObjectMetadata;g=meta.k8s.io;v=v1`;
const AS_LIST = `${MEDIA_TYPE_JSON};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1`;
// The plain-JSON fallback lets servers without the conversion answer too; responses are reduced here.
const ACCEPT_OBJECT = `${AS_OBJECT}, ${MEDIA_TYPE_JSON}`;
const ACCEPT_LIST = `${AS_LIST}, ${MEDIA_TYPE_JSON}`;

/** A call's abort signal. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Reduces any object to its metadata, as the server's PartialObjectMetadata conversion does. */
function toPartial(obj: { apiVersion?: string; kind?: string; metadata?: ObjectMeta } | undefined): PartialObjectMetadata {
  if (obj?.kind === "PartialObjectMetadata") return obj;
  const out: PartialObjectMetadata = { apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadata" };
  if (obj?.metadata !== undefined) out.metadata = obj.metadata;
  return out;
}

function toPartialList(list: {
  metadata?: PartialObjectMetadataList["metadata"];
  kind?: string;
  items?: unknown[];
}): PartialObjectMetadataList {
  const items = (list.items ?? []).map((i) => toPartial(i as Parameters<typeof toPartial>[0]));
  const out: PartialObjectMetadataList = { apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadataList", items };
  if (list.metadata !== undefined) out.metadata = list.metadata;
  return out;
}

/** Metadata-only access to one resource, cluster-wide or in one namespace. */
export class MetadataResourceClient {
  constructor(
    private readonly client: RestClient,
    private readonly ref: ResourceRef,
    private readonly ns?: string,
  ) {}

  /** The same resource in `namespace`. */
  namespace(namespace: string): MetadataResourceClient {
    return new MetadataResourceClient(this.client, this.ref, namespace);
  }

  /** One object's metadata. */
  async get(name: string, opts: GetQuery & CallOptions = {}): Promise<PartialObjectMetadata> {
    const { signal, ...query } = opts;
    const obj = await this.client.request<PartialObjectMetadata>({
      method: "GET",
      path: resourcePath(this.ref, { namespace: this.ns, name }),
      query: toQuery(query),
      accept: ACCEPT_OBJECT,
      ...(signal && { signal }),
    });
    return toPartial(obj);
  }

  /** The metadata of the objects of the collection. */
  async list(opts: ListQuery & CallOptions = {}): Promise<PartialObjectMetadataList> {
    const { signal, ...query } = opts;
    const list = await this.client.request<PartialObjectMetadataList>({
      method: "GET",
      path: resourcePath(this.ref, { namespace: this.ns }),
      query: toQuery(query),
      accept: ACCEPT_LIST,
      ...(signal && { signal }),
    });
    return toPartialList(list);
  }

  /** Watches the collection, yielding metadata-only objects (ERROR events keep their Status). */
  async *watch(opts: ListQuery & CallOptions = {}): AsyncGenerator<WatchEvent<PartialObjectMetadata>, void, undefined> {
    const { signal, ...query } = opts;
    const events = this.client.watch<PartialObjectMetadata>({
      path: resourcePath(this.ref, { namespace: this.ns }),
      query: toQuery(query),
      accept: ACCEPT_OBJECT,
      ...(signal && { signal }),
    });
    for await (const ev of events) yield ev.type === "ERROR" ? ev : { type: ev.type, object: toPartial(ev.object) };
  }

  /** Patches one object with a JSON merge or strategic merge patch; resolves with its metadata. */
  async patch(
    name: string,
    type: "application/merge-patch+json" | "application/strategic-merge-patch+json" | "application/json-patch+json",
    patch: unknown,
    opts: CallOptions = {},
  ): Promise<PartialObjectMetadata> {
    const obj = await this.client.request<PartialObjectMetadata>({
      method: "PATCH",
      path: resourcePath(this.ref, { namespace: this.ns, name }),
      contentType: type,
      accept: ACCEPT_OBJECT,
      body: patch,
      ...(opts.signal && { signal: opts.signal }),
    });
    return toPartial(obj);
  }

  /** Deletes one object; resolves with the server's answer (a Status, or the object while finalizers hold it). */
  async delete(name: string, opts: { options?: DeleteOptions } & CallOptions = {}): Promise<Status | PartialObjectMetadata> {
    const body = deleteOptionsBody(opts.options);
    return this.client.request({
      method: "DELETE",
      path: resourcePath(this.ref, { namespace: this.ns, name }),
      contentType: MEDIA_TYPE_JSON,
      accept: MEDIA_TYPE_JSON,
      ...(body && { body }),
      ...(opts.signal && { signal: opts.signal }),
    });
  }

  /** Deletes the objects of the collection that the list options select. */
  async deleteCollection(opts: { options?: DeleteOptions; listOptions?: ListQuery } & CallOptions = {}): Promise<Status> {
    const body = deleteOptionsBody(opts.options);
    return this.client.request({
      method: "DELETE",
      path: resourcePath(this.ref, { namespace: this.ns }),
      query: toQuery(opts.listOptions),
      contentType: MEDIA_TYPE_JSON,
      accept: MEDIA_TYPE_JSON,
      ...(body && { body }),
      ...(opts.signal && { signal: opts.signal }),
    });
  }
}

/**
 * Reads and deletes objects of any resource by their metadata alone (client-go's metadata
 * client), asking the server for PartialObjectMetadata so that whole objects never travel.
 */
export class MetadataClient {
  constructor(private readonly client: RestClient) {}

  /** The client of one resource (group, version and plural name). */
  resource(ref: ResourceRef): MetadataResourceClient {
    return new MetadataResourceClient(this.client, ref);
  }
}
