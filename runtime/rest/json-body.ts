// JSON response bodies: their text, and decoders that take a body while it arrives.
import { isAscii } from "node:buffer";

/**
 * Takes a JSON response body in one or more chunks, and returns at the end what `JSON.parse`
 * returns for the whole body (undefined for an empty one), or throws its error. A request's
 * `jsonDecoder` makes one per body; the client pushes the body once it has all of it.
 */
export interface JsonBodyDecoder {
  push(chunk: Buffer): void;
  end(): unknown;
}

/**
 * The text of a JSON body. ASCII (all of it, unless a value holds other characters) is decoded
 * as Latin-1, which reads those bytes alike and which Node does several times faster than UTF-8
 * for a large body (a 7 MB list: ~0.6 ms against ~3 ms).
 */
export function jsonText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}
