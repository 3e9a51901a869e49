/** The protobuf codec a RestConfig needs, built from a scheme whose generated kinds carry protobuf codecs. */
import { decodeObject, encodeObject, type TypedObject } from "../protobuf/envelope.js";
import type { Scheme } from "../scheme.js";
import type { ProtobufObjectCodec } from "./config.js";

/**
 * Encodes and decodes enveloped protobuf (`k8s\0` + runtime.Unknown) with the codecs
 * registered in `scheme`, e.g. the generated `scheme` of `generated/apis/register.ts`.
 */
export function protobufObjectCodec(scheme: Scheme): ProtobufObjectCodec {
  return {
    decode: (bytes) => decodeObject(scheme, bytes),
    encode: (obj) => encodeObject(scheme, obj as TypedObject),
  };
}
