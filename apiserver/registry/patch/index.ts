/**
 * PATCH bodies: parsing them (400 for malformed ones, as upstream) and applying them to the
 * current object as JSON patch, merge patch or strategic merge patch, with upstream's statuses
 * for failures.
 */
import { StatusError, newBadRequest, newGenericServerResponse, newRequestEntityTooLarge } from "../../../runtime/rest/errors.js";
import type { KubeObject, PatchType, WriteOptions } from "../rest.js";
import { fieldErrors, FieldPath, invalidError } from "../validation/field.js";
import { applyJSONPatch, jsonPatchErrorMessage, type Operation } from "./json-patch.js";
import { MAX_NESTING_DEPTH, nestsDeeperThan, nonIntegerLiterals, parseJSONText } from "./json-text.js";
import { mergePatch } from "./merge-patch.js";
import { EMPTY_PATCH_SCHEMA, type PatchSchema } from "./patch-meta.js";
import { SchemaIndex } from "./schema-check.js";
import { goFormat, StrategicPatchError, strategicMergePatch, type JSONMap } from "./strategic.js";
import { copyJSON } from "../../../runtime/deepcopy.js";

/** The media type of each patch type (Content-Type of the PATCH request). */
export const PATCH_MEDIA_TYPES: Readonly<Record<PatchType, string>> = {
  json: "application/json-patch+json",
  merge: "application/merge-patch+json",
  strategic: "application/strategic-merge-patch+json",
  apply: "application/apply-patch+yaml",
};

/** upstream's limit on JSON patch operations. */
const MAX_JSON_PATCH_OPERATIONS = 10000;

export type ParsedPatch =
  | { type: "json"; ops: Operation[]; text: string }
  | { type: "merge"; patch: unknown }
  | { type: "strategic"; patch: JSONMap }
  | { type: "apply"; body: Uint8Array };

const utf8 = new TextDecoder("utf-8", { fatal: false });

function goTypeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  return typeof v === "boolean" ? "bool" : typeof v;
}

/** Parses a PATCH body; throws 400 (or 413 for too many JSON patch operations) as upstream does. */
export function parsePatch(type: PatchType, body: Uint8Array): ParsedPatch {
  if (type === "apply") return { type, body };
  const text = utf8.decode(body);
  const parsed = parseJSONText(text);
  switch (type) {
    case "json": {
      if (!parsed.ok) throw newBadRequest(`error decoding patch: ${parsed.message}`);
      if (!Array.isArray(parsed.value)) {
        throw newBadRequest(`json: cannot unmarshal ${goTypeName(parsed.value)} into Go value of type jsonpatch.Patch`);
      }
      if (parsed.value.length > MAX_JSON_PATCH_OPERATIONS) {
        throw newRequestEntityTooLarge(
          `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${parsed.value.length}`,
        );
      }
      return { type, ops: parsed.value as Operation[], text };
    }
    case "merge":
      // evanphx/json-patch's text (the handler reports a malformed body before, as upstream's strict decode does).
      if (!parsed.ok || parsed.value === null) throw newBadRequest("Invalid JSON Patch");
      return { type, patch: parsed.value };
    case "strategic":
      if (!parsed.ok) throw newBadRequest(parsed.message);
      if (typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value)) {
        throw newBadRequest(`json: cannot unmarshal ${goTypeName(parsed.value)} into Go value of type map[string]interface {}`);
      }
      return { type, patch: parsed.value as JSONMap };
  }
}

/**
 * 422 with upstream's generic message, the status upstream gives a patch that does not apply;
 * why it did not apply is its cause (kubectl shows an Invalid status's causes).
 */
function unprocessable(message: string): StatusError {
  const err = newGenericServerResponse(422, "", { group: "", resource: "" }, "", message, 0, false);
  err.status.details = { ...err.status.details, causes: [{ reason: "FieldValueInvalid", message, field: "patch" }] };
  return err;
}

function asObject(result: unknown, patchText: () => string): KubeObject {
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    throw newGenericServerResponse(422, "", { group: "", resource: "" }, "", patchText(), 0, false);
  }
  return result as KubeObject;
}

/**
 * Applies a parsed patch to `current` (consumed). Strategic merge patch uses `schema` for
 * merge keys and strategies; without one, lists are replaced as for unknown fields.
 */
export function applyPatch(patch: ParsedPatch, current: KubeObject, schema: PatchSchema | undefined): KubeObject {
  switch (patch.type) {
    case "json": {
      let result: unknown;
      try {
        result = applyJSONPatch(current, copyJSON(patch.ops));
      } catch (err) {
        throw unprocessable(jsonPatchErrorMessage(err));
      }
      return asObject(result, () => JSON.stringify(result));
    }
    case "merge": {
      const result = mergePatch(current as never, copyJSON(patch.patch) as never);
      return asObject(result, () => JSON.stringify(result));
    }
    case "strategic":
      try {
        return strategicMergePatch(current as unknown as JSONMap, copyJSON(patch.patch), schema ?? EMPTY_PATCH_SCHEMA);
      } catch (err) {
        if (!(err instanceof StrategicPatchError)) throw err;
        if (err.kind === "unprocessable") throw unprocessable(err.message);
        // Upstream answers the rest (`$patch: bogus`, a directive of the wrong type) with a 500;
        // they are the patch's fault, so a 400 says so, in upstream's words.
        throw newBadRequest(err.message);
      }
    case "apply":
      throw newBadRequest("server-side apply is not handled by the registry");
  }
}

/** Go's json.Marshal of a map: keys sorted, HTML characters escaped (the patched object as upstream shows it). */
function goSortedJSON(v: unknown): string {
  const sorted = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sorted);
    if (typeof x !== "object" || x === null) return x;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x).sort()) out[k] = sorted((x as Record<string, unknown>)[k]);
    return out;
  };
  return (JSON.stringify(sorted(v)) ?? "null").replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The number literals with a fraction or exponent that a JSON patch's add and replace operations
 * put into `result`, by their path there: upstream's JSON patch keeps values as written, so
 * Go's decoder then refuses `1e2` for an integer field (a merge patch re-encodes them, and
 * does not). A path through a container the patch later removed is simply not met by the walk.
 */
function jsonPatchLiterals(patch: Extract<ParsedPatch, { type: "json" }>, result: unknown): Map<string, string> | undefined {
  const inPatch = nonIntegerLiterals(patch.text);
  if (inPatch.size === 0) return undefined;
  const out = new Map<string, string>();
  patch.ops.forEach((op, i) => {
    if ((op.op !== "add" && op.op !== "replace") || typeof op.path !== "string") return;
    const at = objectPath(op.path, result);
    if (at === undefined) return;
    const prefix = `[${i}].value`;
    for (const [p, literal] of inPatch) {
      if (p === prefix) out.set(at, literal);
      else if (p.startsWith(`${prefix}.`) || p.startsWith(`${prefix}[`)) {
        const rest = p.slice(prefix.length);
        out.set(at === "" ? rest.replace(/^\./, "") : `${at}${rest}`, literal);
      }
    }
  });
  return out;
}

/** A JSON pointer as the schema walk writes paths (`spec.ports[0].port`), following `doc` to tell indices from keys. */
function objectPath(pointer: string, doc: unknown): string | undefined {
  if (pointer === "") return "";
  let out = "";
  let cur = doc;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(key)) return undefined;
      out += `[${key}]`;
      cur = cur[Number(key)];
    } else if (typeof cur === "object" && cur !== null) {
      out += out === "" ? key : `.${key}`;
      cur = (cur as Record<string, unknown>)[key];
    } else return undefined;
  }
  return out;
}

/** The object a patch produced, with the kind it must decode as. */
export interface PatchedObject {
  object: KubeObject;
  group: string;
  version: string;
  kind: string;
}

/**
 * The object as its nesting is bounded: without its managedFields, whose field sets mirror the
 * object a few levels further down and which upstream carries as raw bytes, not nested values.
 */
function depthBounded(object: KubeObject): KubeObject {
  const meta = object.metadata;
  if (meta?.managedFields === undefined) return object;
  const { managedFields: _, ...rest } = meta;
  return { ...object, metadata: rest };
}

/**
 * Decodes a patched object strictly against its kind's schema, as a POST or PUT body is,
 * before anything is stored (upstream decodes the patched JSON into the typed object): a
 * value of the wrong type, or out of its integer field's range, is a 422 Invalid naming the
 * patch; unknown fields fail (Strict) or warn (Warn) and are dropped. Nesting past the limit
 * is refused before any recursive walk. Kinds without a built-in schema (custom resources)
 * are only bounded in depth: their structural schema validates them.
 */
export function decodePatched(patch: ParsedPatch, patched: PatchedObject, options: WriteOptions, warnings: string[]): KubeObject {
  const { object, group, version, kind } = patched;
  const shown = (): string => (patch.type === "strategic" ? goFormat(patch.patch) : goSortedJSON(object));
  if (nestsDeeperThan(depthBounded(object))) {
    throw invalidError({ group: "", kind: "" }, "", [
      fieldErrors.invalid(FieldPath.of("patch"), "<value omitted>", `exceeded max depth of ${MAX_NESTING_DEPTH}`),
    ]);
  }
  const literals = patch.type === "json" ? jsonPatchLiterals(patch, object) : undefined;
  // Upstream converts a strategic merge patch's result from a map, and decodes the others' JSON.
  const dialect = patch.type === "strategic" ? "unstructured" : "json";
  const problems = SchemaIndex.builtin().check(group, version, kind, object, literals, dialect);
  if (problems === undefined) return object;
  if (problems.invalid.length > 0) {
    throw invalidError({ group: "", kind: "" }, "", [fieldErrors.invalid(FieldPath.of("patch"), shown(), problems.invalid[0]!)]);
  }
  const directive = options.fieldValidation ?? "Warn";
  if (problems.unknown.length > 0 && directive !== "Ignore") {
    const messages = problems.unknown.map((p) => `unknown field ${JSON.stringify(p)}`);
    if (directive === "Strict") {
      throw invalidError({ group: "", kind: "" }, "", [
        fieldErrors.invalid(FieldPath.of("patch"), shown(), `strict decoding error: ${messages.join(", ")}`),
      ]);
    }
    warnings.push(...messages);
  }
  return object;
}
