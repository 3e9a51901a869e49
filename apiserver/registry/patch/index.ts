/**
 * PATCH bodies: parsing them (400 for malformed ones, as upstream) and applying them to the
 * current object as JSON patch, merge patch or strategic merge patch, with upstream's statuses
 * for failures.
 */
import { StatusError, newBadRequest, newGenericServerResponse, newRequestEntityTooLarge } from "../../../runtime/rest/errors.js";
import { unknownError } from "../errors.js";
import type { KubeObject, PatchType } from "../rest.js";
import { applyJSONPatch, type Operation } from "./json-patch.js";
import { mergePatch } from "./merge-patch.js";
import { EMPTY_PATCH_SCHEMA, type PatchSchema } from "./patch-meta.js";
import { StrategicPatchError, strategicMergePatch, type JSONMap } from "./strategic.js";

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
  | { type: "json"; ops: Operation[] }
  | { type: "merge"; patch: unknown }
  | { type: "strategic"; patch: JSONMap }
  | { type: "apply"; body: Uint8Array };

const utf8 = new TextDecoder("utf-8", { fatal: false });

function parseJSON(body: Uint8Array): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(body)) };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

function goTypeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  return typeof v === "boolean" ? "bool" : typeof v;
}

/** Parses a PATCH body; throws 400 (or 413 for too many JSON patch operations) as upstream does. */
export function parsePatch(type: PatchType, body: Uint8Array): ParsedPatch {
  if (type === "apply") return { type, body };
  const parsed = parseJSON(body);
  switch (type) {
    case "json": {
      if (!parsed.ok) throw newBadRequest(parsed.message);
      if (!Array.isArray(parsed.value)) {
        throw newBadRequest(`json: cannot unmarshal ${goTypeName(parsed.value)} into Go value of type jsonpatch.Patch`);
      }
      if (parsed.value.length > MAX_JSON_PATCH_OPERATIONS) {
        throw newRequestEntityTooLarge(`The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${parsed.value.length}`);
      }
      return { type, ops: parsed.value as Operation[] };
    }
    case "merge":
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

/** 422 without details, the status upstream gives a JSON patch that does not apply. */
function unprocessable(message: string): StatusError {
  return newGenericServerResponse(422, "", { group: "", resource: "" }, "", message, 0, false);
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
        result = applyJSONPatch(current, structuredClone(patch.ops));
      } catch (err) {
        throw unprocessable(err instanceof Error ? err.message : String(err));
      }
      return asObject(result, () => JSON.stringify(result));
    }
    case "merge": {
      const result = mergePatch(current as never, structuredClone(patch.patch) as never);
      return asObject(result, () => JSON.stringify(result));
    }
    case "strategic":
      try {
        return strategicMergePatch(current as unknown as JSONMap, structuredClone(patch.patch), schema ?? EMPTY_PATCH_SCHEMA) as unknown as KubeObject;
      } catch (err) {
        if (!(err instanceof StrategicPatchError)) throw err;
        if (err.kind === "bad-request") throw newBadRequest(err.message);
        if (err.kind === "unprocessable") throw unprocessable(err.message);
        throw unknownError(err.message);
      }
    case "apply":
      throw newBadRequest("server-side apply is not handled by the registry");
  }
}
