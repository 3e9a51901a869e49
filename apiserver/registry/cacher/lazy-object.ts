/**
 * An object of the watch cache kept as its stored bytes until something needs it decoded (a get,
 * a list, a watcher it is delivered to, a selector that must see it), then decoded once and kept.
 * With several apiserver workers, every worker's cache receives every event of the resource but
 * most of them are only ever read, if at all, by the worker that wrote them (which hands the
 * cache the object it decoded for its answer): the others hold bytes, not objects.
 */
import type { KeyValue } from "../../storage/interface.js";
import type { KubeObject } from "../rest.js";
import { markShared, releaseEncodings } from "./shared-encoding.js";

/** A stored value as an object with metadata.resourceVersion = `rv`. */
export type DecodeFn = (kv: KeyValue, rv: number) => KubeObject;

/** The object at another revision, sharing every field but the resourceVersion. */
export function withResourceVersion(obj: KubeObject, rv: number): KubeObject {
  return markShared({ ...obj, metadata: { ...obj.metadata, resourceVersion: String(rv) } });
}

export class LazyObject {
  private obj: KubeObject | undefined;
  /** Until decoded: the stored value, or the object this one restates at {@link rev}, and how to decode. */
  private kv: KeyValue | undefined;
  private base: LazyObject | undefined;
  private decodeFn: DecodeFn | undefined;
  /** Retired long enough ago that its encodings are no longer kept (see Cacher's retirement). */
  private released = false;

  private constructor(readonly rev: number) {}

  /** An object decoded already, at resourceVersion `rv` (it is shared from now on). */
  static of(obj: KubeObject, rv: number): LazyObject {
    const o = new LazyObject(rv);
    o.obj = markShared(obj);
    return o;
  }

  /** The value `kv` at resourceVersion `rv`, decoded by `decode` on first use. */
  static fromValue(kv: KeyValue, rv: number, decode: DecodeFn): LazyObject {
    const o = new LazyObject(rv);
    o.kv = kv;
    o.decodeFn = decode;
    return o;
  }

  /** `base`'s object restated at resourceVersion `rv` (a DELETED event's last state). */
  static atRevision(base: LazyObject, rv: number): LazyObject {
    const o = new LazyObject(rv);
    if (base.obj !== undefined) o.obj = withResourceVersion(base.obj, rv);
    else o.base = base;
    return o;
  }

  /** Whether the object was decoded (tests, diagnostics). */
  get decoded(): boolean {
    return this.obj !== undefined;
  }

  /** The object, decoded now if it was not yet; always the same object after that. */
  get(): KubeObject {
    if (this.obj !== undefined) return this.obj;
    const obj = this.base !== undefined ? withResourceVersion(this.base.get(), this.rev) : markShared(this.decodeFn!(this.kv!, this.rev));
    if (this.released) releaseEncodings(obj);
    this.obj = obj;
    // The bytes are no longer needed: the object is what is kept.
    this.kv = undefined;
    this.base = undefined;
    this.decodeFn = undefined;
    return obj;
  }

  /** Keeps no encodings of the object from now on, decoded or not. */
  release(): void {
    this.released = true;
    if (this.obj !== undefined) releaseEncodings(this.obj);
  }
}
