/** JSON patch (RFC 6902) through fast-json-patch, with each operation validated against the document. */
import jsonpatch from "fast-json-patch";
import type { Operation } from "fast-json-patch";

/** Applies `ops` to `doc` (which is consumed); throws fast-json-patch's error on a failed operation or test. */
export function applyJSONPatch(doc: unknown, ops: readonly Operation[]): unknown {
  return jsonpatch.applyPatch(doc, ops, true, true, true).newDocument;
}

/** A field of an operation as text, for messages. */
function field(op: unknown, name: string): string {
  const v = typeof op === "object" && op !== null ? (op as Record<string, unknown>)[name] : undefined;
  return typeof v === "string" ? v : "";
}

/**
 * Why an operation failed, in the words of the JSON patch library upstream uses
 * (evanphx/json-patch), never fast-json-patch's own text (which dumps the document).
 */
export function jsonPatchErrorMessage(err: unknown): string {
  if (!(err instanceof jsonpatch.JsonPatchError)) return "invalid JSON patch";
  const op = err.operation as unknown;
  const kind = field(op, "op");
  const path = field(op, "path");
  switch (err.name) {
    case "TEST_OPERATION_FAILED":
      return `testing value ${path} failed: test failed`;
    case "OPERATION_OP_INVALID":
      return `Unexpected kind: ${kind}`;
    case "OPERATION_NOT_AN_OBJECT":
      return "Unexpected kind: ";
    case "OPERATION_PATH_INVALID":
      return `${kind} operation does not apply: doc is missing path: ${path}: missing value`;
    case "OPERATION_FROM_REQUIRED":
    case "OPERATION_FROM_UNRESOLVABLE":
      return `${kind} operation does not apply: doc is missing from path: ${field(op, "from")}: missing value`;
    case "OPERATION_VALUE_REQUIRED":
    case "OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED":
      return `${kind} operation does not apply: value is required: missing value`;
    case "OPERATION_PATH_ILLEGAL_ARRAY_INDEX":
    case "OPERATION_VALUE_OUT_OF_BOUNDS":
      return `Unable to access invalid index: ${path.slice(path.lastIndexOf("/") + 1)}: invalid index referenced`;
    case "OPERATION_PATH_CANNOT_ADD":
      return `add operation does not apply: doc is missing path: "${path}": missing value`;
    case "OPERATION_PATH_UNRESOLVABLE":
      return kind === "replace"
        ? `replace operation does not apply: doc is missing key: ${path}: missing value`
        : `${kind} operation does not apply: doc is missing path: "${path}": missing value`;
    default:
      return "invalid JSON patch";
  }
}

export type { Operation };
