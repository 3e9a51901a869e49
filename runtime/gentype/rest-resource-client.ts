/** A resource's verbs over the REST client: paths, query options, bodies and content types as client-go's typed clients send them. */
import type { RestClient, RestRequest, Verb } from "../rest/client.js";
import { MEDIA_TYPE_APPLY_PATCH, MEDIA_TYPE_JSON, MEDIA_TYPE_PROTOBUF } from "../rest/config.js";
import { deleteOptionsBody, toQuery, type PatchType } from "../rest/options.js";
import { resourcePath } from "../rest/paths.js";
import type { WatchEvent } from "../rest/watch.js";
import {
  splitCall,
  type ApplyConfiguration,
  type ApplyOptions,
  type CallOptions,
  type CreateOptions,
  type DeleteOptions,
  type GetOptions,
  type ListOptions,
  type PatchData,
  type PatchOptions,
  type UpdateOptions,
} from "./options.js";
import type { CustomCall, ResourceClient } from "./resource-client.js";
import { apiVersionOf, nameOf, withTypeMeta, type ResourceDescriptor } from "./resource.js";

/** Where one request goes and what it carries. */
interface Call {
  method: Verb;
  name?: string | undefined;
  subresource?: string | undefined;
  query?: object | undefined;
  body?: unknown;
  /** The body's media type when it is not the negotiated one (patches, delete options). */
  contentType?: string;
  signal?: AbortSignal | undefined;
  onBodyStart?: RestRequest["onBodyStart"];
  warmConnection?: true;
  onRawItems?: RestRequest["onRawItems"];
}

/**
 * The REST implementation of {@link ResourceClient}. Bodies and answers use the config's
 * content type; a kind without a protobuf form is always sent and asked for as JSON, as
 * client-go does for kinds outside its protobuf scheme.
 */
export class RestResourceClient<T, TList> implements ResourceClient<T, TList> {
  readonly #apiVersion: string;
  readonly #jsonOnly: boolean;

  constructor(
    readonly client: RestClient,
    readonly descriptor: ResourceDescriptor,
    readonly namespace: string = "",
  ) {
    this.#apiVersion = apiVersionOf(descriptor);
    this.#jsonOnly = !descriptor.protobuf && client.config.contentType === MEDIA_TYPE_PROTOBUF;
  }

  async create(obj: T, opts?: CreateOptions): Promise<T> {
    return this.#send(opts, { method: "POST", body: this.#typed(obj) });
  }

  async update(obj: T, opts?: UpdateOptions): Promise<T> {
    return this.#send(opts, { method: "PUT", name: nameOf(obj, "update"), body: this.#typed(obj) });
  }

  async updateStatus(obj: T, opts?: UpdateOptions): Promise<T> {
    return this.#send(opts, { method: "PUT", name: nameOf(obj, "updateStatus"), subresource: "status", body: this.#typed(obj) });
  }

  async delete(name: string, opts?: DeleteOptions): Promise<void> {
    const { signal, rest } = splitCall(opts);
    await this.#request({ method: "DELETE", name, body: deleteOptionsBody(rest ?? {}), contentType: MEDIA_TYPE_JSON, signal });
  }

  async deleteCollection(opts?: DeleteOptions, listOpts?: ListOptions): Promise<void> {
    const { signal, rest } = splitCall(opts);
    const list = splitCall(listOpts);
    await this.#request({
      method: "DELETE",
      query: list.rest,
      body: deleteOptionsBody(rest ?? {}),
      contentType: MEDIA_TYPE_JSON,
      signal: signal ?? list.signal,
    });
  }

  async get(name: string, opts?: GetOptions): Promise<T> {
    return this.#send(opts, { method: "GET", name });
  }

  async list(opts?: ListOptions): Promise<TList> {
    return this.#send(opts, { method: "GET" });
  }

  watch(opts?: ListOptions): AsyncIterable<WatchEvent<T>> {
    const { signal, rest } = splitCall(opts);
    return this.client.watch<T>({
      path: resourcePath(this.#ref(), { namespace: this.namespace }),
      query: toQuery(rest),
      ...(signal && { signal }),
      ...(this.#jsonOnly && { accept: MEDIA_TYPE_JSON }),
    });
  }

  async patch(name: string, patchType: PatchType, data: PatchData, opts?: PatchOptions, ...subresources: string[]): Promise<T> {
    const subresource = subresources.length > 0 ? subresources.join("/") : undefined;
    return this.#send(opts, { method: "PATCH", name, subresource, body: data, contentType: patchType });
  }

  async apply(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.customApply({ name: nameOf(obj, "apply"), input: obj, inputKind: this.descriptor.kind }, opts);
  }

  async applyStatus(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.customApply({ name: nameOf(obj, "applyStatus"), subresource: "status", input: obj, inputKind: this.descriptor.kind }, opts);
  }

  async customGet<R>(call: CustomCall, opts?: GetOptions): Promise<R> {
    return this.#send(opts, { method: "GET", name: call.name, subresource: call.subresource || undefined });
  }

  async customList<R>(call: CustomCall, opts?: ListOptions): Promise<R> {
    return this.#send(opts, { method: "GET", name: call.name, subresource: call.subresource || undefined });
  }

  async customCreate<I, R>(call: CustomCall<I>, opts?: CreateOptions): Promise<R> {
    return this.#send(opts, { method: "POST", name: call.name, subresource: call.subresource || undefined, body: this.#input(call) });
  }

  async customUpdate<I, R>(call: CustomCall<I>, opts?: UpdateOptions): Promise<R> {
    const name = call.name ?? nameOf(call.input, "update");
    return this.#send(opts, { method: "PUT", name, subresource: call.subresource || undefined, body: this.#input(call) });
  }

  async customApply<I, R>(call: CustomCall<I>, opts: ApplyOptions): Promise<R> {
    if (!opts?.fieldManager) return Promise.reject(new Error("apply: opts.fieldManager is required"));
    const name = call.name ?? nameOf(call.input, "apply");
    // An apply body is YAML, of which JSON is a subset; it is never protobuf.
    const body = JSON.stringify(this.#input(call));
    return this.#send(opts, {
      method: "PATCH",
      name,
      subresource: call.subresource || undefined,
      body,
      contentType: MEDIA_TYPE_APPLY_PATCH,
    });
  }

  #ref(): { group: string; version: string; resource: string } {
    return { group: this.descriptor.group, version: this.descriptor.version, resource: this.descriptor.resource };
  }

  #typed<O>(obj: O): O {
    return withTypeMeta(obj, this.#apiVersion, this.descriptor.kind);
  }

  #input<I>(call: CustomCall<I>): I | undefined {
    return call.inputKind === undefined || call.input === undefined
      ? call.input
      : withTypeMeta(call.input, call.inputAPIVersion ?? this.#apiVersion, call.inputKind);
  }

  /** Sends a call whose options mix query parameters with the call's signal. */
  #send<R>(opts: CallOptions | undefined, call: Omit<Call, "query" | "signal">): Promise<R> {
    const { signal, rest, onBodyStart, warmConnection, onRawItems } = splitCall(opts);
    return this.#request<R>({
      ...call,
      query: rest,
      signal,
      ...(onBodyStart && { onBodyStart }),
      ...(warmConnection && { warmConnection }),
      ...(onRawItems && { onRawItems }),
    });
  }

  #request<R>(call: Call): Promise<R> {
    const req: RestRequest = {
      method: call.method,
      path: resourcePath(this.#ref(), { namespace: this.namespace, name: call.name, subresource: call.subresource }),
      query: toQuery(call.query),
    };
    if (call.body !== undefined) req.body = call.body;
    if (call.signal !== undefined) req.signal = call.signal;
    if (call.onBodyStart !== undefined) req.onBodyStart = call.onBodyStart;
    if (call.warmConnection) req.warmConnection = true;
    if (call.onRawItems !== undefined) req.onRawItems = call.onRawItems;
    if (call.contentType !== undefined) req.contentType = call.contentType;
    else if (this.#jsonOnly && call.body !== undefined) req.contentType = MEDIA_TYPE_JSON;
    if (this.#jsonOnly) req.accept = MEDIA_TYPE_JSON;
    return this.client.request<R>(req);
  }
}
