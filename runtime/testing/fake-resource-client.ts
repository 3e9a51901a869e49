/** A resource's verbs over a Fake: each call becomes a recorded action answered by the reactor chain (client-go's gentype.FakeClient). */
import type { PatchType } from "../rest/options.js";
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
} from "../gentype/options.js";
import type { CustomCall, ResourceClient } from "../gentype/resource-client.js";
import { apiVersionOf, nameOf, withTypeMeta, type ResourceDescriptor } from "../gentype/resource.js";
import type { Action } from "./actions.js";
import type { Fake } from "./fake.js";

const APPLY_PATCH: PatchType = "application/apply-patch+yaml";

/** A failed watch as a stream that throws on first read, as a REST watch fails. */
function failing<T>(err: unknown): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.reject(err),
    }),
  };
}

/**
 * The fake implementation of gentype's ResourceClient. Actions carry the options without the
 * signal; results and errors are whatever the reactors answer (by default, the tracker's).
 */
export class FakeResourceClient<T, TList> implements ResourceClient<T, TList> {
  readonly #apiVersion: string;

  constructor(
    readonly fake: Fake,
    readonly descriptor: ResourceDescriptor,
    readonly namespace: string = "",
  ) {
    this.#apiVersion = apiVersionOf(descriptor);
  }

  async create(obj: T, opts?: CreateOptions): Promise<T> {
    return this.#invoke({ verb: "create", object: this.#typed(obj) }, opts);
  }

  async update(obj: T, opts?: UpdateOptions): Promise<T> {
    return this.#invoke({ verb: "update", name: nameOf(obj, "update"), object: this.#typed(obj) }, opts);
  }

  async updateStatus(obj: T, opts?: UpdateOptions): Promise<T> {
    return this.#invoke({ verb: "update", subresource: "status", name: nameOf(obj, "updateStatus"), object: this.#typed(obj) }, opts);
  }

  async delete(name: string, opts?: DeleteOptions): Promise<void> {
    const { rest } = splitCall(opts);
    await this.#invoke({ verb: "delete", name, deleteOptions: rest ?? {} }, undefined);
  }

  async deleteCollection(opts?: DeleteOptions, listOpts?: ListOptions): Promise<void> {
    const { rest } = splitCall(opts);
    await this.#invoke({ verb: "delete-collection", deleteOptions: rest ?? {}, listOptions: splitCall(listOpts).rest ?? {} }, undefined);
  }

  async get(name: string, opts?: GetOptions): Promise<T> {
    return this.#invoke({ verb: "get", name }, opts);
  }

  async list(opts?: ListOptions): Promise<TList> {
    const d = this.descriptor;
    return this.#invoke(
      { verb: "list", kind: { group: d.group, version: d.version, kind: d.listKind }, listOptions: splitCall(opts).rest ?? {} },
      undefined,
    );
  }

  watch(opts?: ListOptions): AsyncIterable<WatchEvent<T>> {
    const { signal, rest } = splitCall(opts);
    const action: Action = { ...this.#base(), verb: "watch", listOptions: rest ?? {}, ...(signal && { signal }) };
    try {
      return this.fake.invokesWatch(action) as AsyncIterable<WatchEvent<T>>;
    } catch (err) {
      return failing(err);
    }
  }

  async patch(name: string, patchType: PatchType, data: PatchData, opts?: PatchOptions, ...subresources: string[]): Promise<T> {
    return this.#invoke({ verb: "patch", name, subresource: subresources.join("/"), patchType, patch: data }, opts);
  }

  async apply(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.customApply({ name: nameOf(obj, "apply"), input: obj, inputKind: this.descriptor.kind }, opts);
  }

  async applyStatus(obj: ApplyConfiguration<T>, opts: ApplyOptions): Promise<T> {
    return this.customApply({ name: nameOf(obj, "applyStatus"), subresource: "status", input: obj, inputKind: this.descriptor.kind }, opts);
  }

  async customGet<R>(call: CustomCall, opts?: GetOptions): Promise<R> {
    return this.#invoke({ verb: "get", ...this.#target(call) }, opts);
  }

  async customList<R>(call: CustomCall, opts?: ListOptions): Promise<R> {
    const d = this.descriptor;
    const kind = { group: d.group, version: d.version, kind: d.listKind };
    return this.#invoke({ verb: "list", ...this.#target(call), kind, listOptions: splitCall(opts).rest ?? {} }, undefined);
  }

  async customCreate<I, R>(call: CustomCall<I>, opts?: CreateOptions): Promise<R> {
    return this.#invoke({ verb: "create", ...this.#target(call), object: this.#input(call) }, opts);
  }

  async customUpdate<I, R>(call: CustomCall<I>, opts?: UpdateOptions): Promise<R> {
    const name = call.name ?? nameOf(call.input, "update");
    return this.#invoke({ verb: "update", ...this.#target(call), name, object: this.#input(call) }, opts);
  }

  async customApply<I, R>(call: CustomCall<I>, opts: ApplyOptions): Promise<R> {
    if (!opts?.fieldManager) return Promise.reject(new Error("apply: opts.fieldManager is required"));
    const name = call.name ?? nameOf(call.input, "apply");
    const patch = JSON.stringify(this.#input(call));
    return this.#invoke({ verb: "patch", ...this.#target(call), name, patchType: APPLY_PATCH, patch }, opts);
  }

  #target(call: CustomCall<unknown>): Pick<Action, "subresource"> & { name?: string } {
    return { subresource: call.subresource ?? "", ...(call.name !== undefined && { name: call.name }) };
  }

  #input<I>(call: CustomCall<I>): I | undefined {
    return call.inputKind === undefined || call.input === undefined
      ? call.input
      : withTypeMeta(call.input, call.inputAPIVersion ?? this.#apiVersion, call.inputKind);
  }

  #typed<O>(obj: O): O {
    return withTypeMeta(obj, this.#apiVersion, this.descriptor.kind);
  }

  #base(): Pick<Action, "resource" | "namespace" | "subresource"> {
    const d = this.descriptor;
    return { resource: { group: d.group, version: d.version, resource: d.resource }, namespace: this.namespace, subresource: "" };
  }

  /** Runs one action through the fake; the answer (or error) arrives asynchronously, as over the network. */
  async #invoke<R>(action: Partial<Action> & Pick<Action, "verb">, opts: CallOptions | undefined): Promise<R> {
    const { signal, rest } = splitCall(opts);
    signal?.throwIfAborted();
    const full: Action = { ...this.#base(), ...action };
    if (rest !== undefined && Object.keys(rest).length > 0) full.options = rest;
    return this.fake.invokes(full) as R;
  }
}
