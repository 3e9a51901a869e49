import type { bytes } from "../../scalars.js";

/**
 * RawExtension carries an embedded object whose schema the enclosing type does not fix; in JSON
 * it is the object itself, in protobuf its serialized bytes.
 *
 * +kubegen:special=RawExtension
 */
export type RawExtension = unknown;

/**
 * TypeMeta names the kind and API version of an object. This is the runtime package's own
 * copy, used by Unknown to record the type of the object it wraps.
 */
export interface TypeMeta {
  /**
   * The API version ("group/version", or "v1" for the core group) of the wrapped object.
   * +optional
   * +protobuf=1
   */
  apiVersion?: string;

  /**
   * The kind of the wrapped object.
   * +optional
   * +protobuf=2
   */
  kind?: string;
}

/**
 * Unknown passes along an object whose type the reader has not decoded, keeping its serialized
 * bytes together with its kind, API version and encoding. It is also the envelope of the
 * Kubernetes protobuf wire format.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface Unknown {
  /**
   * The kind and API version of the wrapped object.
   * +protobuf=1
   */
  typeMeta?: TypeMeta;

  /**
   * The complete serialized form of the wrapped object, passed through untouched.
   * +protobuf=2
   */
  raw: bytes;

  /**
   * The encoding applied to raw, such as a compression scheme; empty when none was applied.
   * +protobuf=3
   */
  contentEncoding: string;

  /**
   * The media type raw is serialized in; empty means JSON.
   * +protobuf=4
   */
  contentType: string;
}
