/**
 * Decoding an applied configuration (an `application/apply-patch+yaml` body) as upstream's apply
 * patcher and field manager do, with their 400s: YAML that is not an object, a group, version or
 * kind other than the URL's resource, managedFields, and anything the kind's schema does not
 * declare (upstream's typed conversion of the patch object). Duplicate keys are allowed (the last
 * wins) and reported afterwards as fieldValidation asks.
 */
import { parseDocument } from "yaml";
import { newBadRequest } from "../../../runtime/rest/errors.js";
import { findDuplicateFields, parseJSONText } from "../patch/json-text.js";
import { MAX_YAML_DEPTH, yamlNestsDeeperThan } from "../patch/yaml-depth.js";
import type { KubeObject } from "../rest.js";
import type { ApplySchema } from "./schema.js";
import { validateConfiguration } from "./validate.js";

const utf8 = new TextDecoder("utf-8", { fatal: false });

export interface ApplyTarget {
  group: string;
  version: string;
  kind: string;
  schema: ApplySchema;
}

export interface ParsedConfiguration {
  config: KubeObject;
  /** What a strict decoding finds wrong (duplicate keys), for fieldValidation; undefined when nothing. */
  strictError?: string;
}

/** `group/version, Kind=kind` as Go prints a GroupVersionKind (an unparsable apiVersion is empty). */
function gvkString(apiVersion: unknown, kind: unknown): string {
  const v = typeof apiVersion === "string" ? apiVersion : "";
  const parts = v.split("/");
  let group = "";
  let version = "";
  if (parts.length === 1) version = parts[0]!;
  else if (parts.length === 2) [group, version] = parts as [string, string];
  return `${group}/${version}, Kind=${typeof kind === "string" ? kind : ""}`;
}

/** Decodes and checks the configuration; throws 400 with upstream's text for what upstream refuses. */
export function parseApplyConfiguration(body: Uint8Array, target: ApplyTarget): ParsedConfiguration {
  const text = utf8.decode(body);
  const { value, duplicates } = decodeConfigurationText(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw newBadRequest(`error decoding YAML: cannot unmarshal ${Array.isArray(value) ? "array" : typeof value} into an object`);
  }
  const config = value as KubeObject;
  const expected = `${target.group === "" ? "" : `${target.group}/`}${target.version}`;
  const gvk = gvkString(config.apiVersion, config.kind);
  // Upstream's outermost check: the applied object must be the resource's group, version and kind.
  if (config.apiVersion !== expected || config.kind !== target.kind) throw newBadRequest(`invalid object type: ${gvk}`);
  const meta = config.metadata as Record<string, unknown> | undefined | null;
  if (meta && typeof meta === "object" && meta.managedFields !== undefined && meta.managedFields !== null) {
    throw newBadRequest("metadata.managedFields must be nil");
  }
  const problems = validateConfiguration(config, target.schema);
  if (problems.length > 0) {
    const ns = typeof meta?.namespace === "string" ? meta.namespace : "";
    const name = typeof meta?.name === "string" ? meta.name : "";
    const detail = problems.length === 1 ? problems[0]! : ["errors:", ...problems.map((p) => `  ${p}`)].join("\n");
    throw newBadRequest(`failed to create typed patch object (${ns}/${name}; ${gvk}): ${detail}`);
  }
  const out: ParsedConfiguration = { config };
  if (duplicates.length > 0) out.strictError = `error converting YAML to JSON: yaml: unmarshal errors:\n  ${duplicates.join("\n  ")}`;
  return out;
}

/** The decoded text and its repeated keys in upstream's words. */
export interface DecodedConfiguration {
  value: unknown;
  duplicates: string[];
}

/**
 * Decodes a configuration's text. Clients mostly send JSON (kubectl and client-go do): JSON text
 * without repeated keys decodes to the same value under JSON.parse as under the YAML parser, at
 * a fraction of the cost; anything else (YAML, repeated keys, invalid or too deep JSON) takes the
 * YAML path, which words the errors.
 */
export function decodeConfigurationText(text: string): DecodedConfiguration {
  if (startsLikeJSONObject(text)) {
    const parsed = parseJSONText(text);
    if (parsed.ok && findDuplicateFields(text).length === 0) return { value: parsed.value, duplicates: [] };
  }
  return decodeConfigurationYAML(text);
}

/** The YAML decoding of a configuration: one parse that notes repeated keys (the last one wins, as upstream's lenient decoding). */
export function decodeConfigurationYAML(text: string): DecodedConfiguration {
  if (yamlNestsDeeperThan(text))
    throw newBadRequest(`error decoding YAML: error converting YAML to JSON: yaml: exceeded max depth of ${MAX_YAML_DEPTH}`);
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const duplicates: string[] = [];
  for (const err of doc.errors) {
    if (err.code === "DUPLICATE_KEY") duplicates.push(duplicateMessage(text, err.pos));
    else throw newBadRequest(`error decoding YAML: ${err.message}`);
  }
  try {
    return { value: doc.toJS({ maxAliasCount: 100 }), duplicates };
  } catch (err) {
    throw newBadRequest(`error decoding YAML: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Whether the first non-blank character is `{` (only such a text is tried as JSON first). */
export function startsLikeJSONObject(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) return true;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return false;
}

/** One repeated key as upstream's strict YAML decoding words it. */
function duplicateMessage(text: string, pos: readonly [number, number]): string {
  const line = text.slice(0, pos[0]).split("\n").length;
  const m = /"([^"]*)"|'([^']*)'|([^\s:]+)/.exec(text.slice(pos[0], Math.max(pos[1], pos[0] + 1) + 256));
  return `line ${line}: key ${JSON.stringify(m?.[1] ?? m?.[2] ?? m?.[3] ?? "")} already set in map`;
}
