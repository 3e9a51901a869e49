/**
 * Built-in kinds served at several group-versions from one storage (HPA autoscaling/v1 and v2,
 * Events in core/v1 and events.k8s.io/v1), as upstream serves them: every version's store
 * writes under the same keys in the storage version's form and converts on the way in and out.
 * This is the codec-level conversion custom resources use for conversion None
 * (apiextensions/storage.ts), with a kind's conversion functions instead of an apiVersion swap.
 */
import type { ObjectCodec } from "./codec.js";
import type { KubeObject } from "./rest.js";
import { GenericStore, type GenericStoreOptions } from "./store.js";

export interface KindConversion {
  /** The apiVersion objects are stored at (`autoscaling/v2`, `v1`). */
  readonly storageAPIVersion: string;
  /** The group whose key root every version shares (`""` is core). */
  readonly storageGroup: string;
  /** `obj` at `apiVersion`: a new object (or `obj` itself when it is already there). */
  convert(obj: KubeObject, apiVersion: string): KubeObject;
}

/** The codec of one served version over the storage version's codec. */
export function convertingCodec(inner: ObjectCodec, conversion: KindConversion, apiVersion: string): ObjectCodec {
  const { storageAPIVersion } = conversion;
  const toStored = (obj: KubeObject): KubeObject =>
    obj.apiVersion === storageAPIVersion ? obj : conversion.convert(obj, storageAPIVersion);
  const toServed = (obj: KubeObject): KubeObject => (obj.apiVersion === apiVersion ? obj : conversion.convert(obj, apiVersion));
  const canonical = inner.canonical;
  return {
    name: inner.name,
    encode: (obj) => inner.encode(toStored(obj)),
    decode: (bytes) => toServed(inner.decode(bytes)),
    // The stored form made canonical, as decode reads it, then converted as decode converts it.
    canonical: canonical && ((obj) => toServed(canonical(toStored(obj)))),
  };
}

export interface ConvertingStoreOptions extends GenericStoreOptions {
  conversion: KindConversion;
}

/** A generic store of one served version whose objects live at the storage version, under the storage group's keys. */
export class ConvertingStore extends GenericStore {
  constructor(options: ConvertingStoreOptions) {
    super(options);
    const apiVersion = options.group === "" ? options.version : `${options.group}/${options.version}`;
    (this as { codec: ObjectCodec }).codec = convertingCodec(this.codec, options.conversion, apiVersion);
  }

  // Called from the base constructor (the watch cache's prefix): reads only the options it set first.
  override keyRoot(namespace?: string): string {
    const group = (this.options as ConvertingStoreOptions).conversion.storageGroup;
    const base = `/registry/${group === "" ? "core" : group}/${this.info.plural}/`;
    return this.info.namespaced && namespace ? `${base}${namespace}/` : base;
  }
}
