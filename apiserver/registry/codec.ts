/** How the registry stores objects: enveloped protobuf through the scheme for built-in kinds, JSON for custom resources. */
import type { Scheme } from "../../runtime/scheme.js";
import { canonicalObject, decodeObject, encodeObject } from "../../runtime/protobuf/envelope.js";
import type { KubeObject } from "./rest.js";

export interface ObjectCodec {
  readonly name: "protobuf" | "json";
  encode(obj: KubeObject): Uint8Array;
  decode(bytes: Uint8Array): KubeObject;
  /**
   * What `decode` gives for the bytes `encode` wrote of `obj` (an object it accepted), built
   * from the object without reading them: a write's answer. Absent: the bytes are decoded.
   */
  readonly canonical?: (obj: KubeObject) => KubeObject;
}

/** Built-in kinds: `k8s\0` + runtime.Unknown, as upstream stores them in etcd. */
export function protobufCodec(scheme: Scheme): ObjectCodec {
  return {
    name: "protobuf",
    encode: (obj) => encodeObject(scheme, obj),
    decode: (bytes) => decodeObject<KubeObject>(scheme, bytes),
    canonical: (obj) => canonicalObject<KubeObject>(scheme, obj),
  };
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Custom resources: their JSON. */
export function jsonCodec(): ObjectCodec {
  return {
    name: "json",
    encode: (obj) => utf8.encode(JSON.stringify(obj)),
    decode: (bytes) => JSON.parse(fromUtf8.decode(bytes)) as KubeObject,
  };
}
