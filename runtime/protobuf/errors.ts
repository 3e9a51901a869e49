/**
 * The one error type the protobuf runtime throws, with a machine-readable reason so callers (the
 * apiserver's decoder, `kubegen proto`) can map it to a status without parsing messages.
 */

export type ProtobufErrorReason =
  /** The bytes do not start with the `k8s\0` magic of the Kubernetes envelope. */
  | "bad-magic"
  /** The bytes end inside a field, a frame or the envelope. */
  | "truncated"
  /** The envelope names an apiVersion/kind the scheme does not know or has no protobuf codec for. */
  | "unknown-kind"
  /** The bytes are protobuf, but not the message they claim to be. */
  | "malformed"
  /** A JSON-shaped value cannot be written as its protobuf message (bad time, duration, ...). */
  | "invalid-value";

/** An encoding or decoding failure, with the reason as a code and a sentence for people. */
export class ProtobufError extends Error {
  override readonly name = "ProtobufError";

  constructor(
    readonly reason: ProtobufErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Wraps whatever a decoder threw as a ProtobufError naming `what`: the reader signals the end of
 * the data with a RangeError ("index out of range"), which is truncation; anything else (a bad
 * wire type, a generated decoder meeting the wrong shape) is malformed input.
 */
export function asProtobufError(err: unknown, what: string): ProtobufError {
  if (err instanceof ProtobufError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // Messages nested past what the stack holds (recursive types: JSONSchemaProps), in protobuf-go's words.
  if (err instanceof RangeError && /Maximum call stack size exceeded/.test(message)) {
    return new ProtobufError("malformed", "exceeded maximum recursion depth", { cause: err });
  }
  if (err instanceof RangeError || /index out of range/.test(message)) {
    return new ProtobufError("truncated", `${what} ends early: ${message}`, { cause: err });
  }
  return new ProtobufError("malformed", `${what} is malformed: ${message}`, { cause: err });
}
