/** JSON patch (RFC 6902) through fast-json-patch, with each operation validated against the document. */
import jsonpatch from "fast-json-patch";
import type { Operation } from "fast-json-patch";

/** Applies `ops` to `doc` (which is consumed); throws fast-json-patch's error on a failed operation or test. */
export function applyJSONPatch(doc: unknown, ops: readonly Operation[]): unknown {
  return jsonpatch.applyPatch(doc, ops, true, true, true).newDocument;
}

export type { Operation };
