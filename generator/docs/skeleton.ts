/**
 * A YAML skeleton of a kind, to copy and fill in: apiVersion, kind, metadata and every field of
 * spec (or of the object, for kinds without one) with its default, first allowed value or an
 * empty value of its type, required fields marked. Status is left out: clients do not write it.
 */
import YAML from "yaml";
import { refOf, type Schema, type SchemaSet } from "./schema-set.js";

/** Lines past which fields are no longer expanded: a skeleton is for reading, not a dump. */
const MAX_LINES = 80;
const MAX_DEPTH = 5;

function placeholder(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  const values = schema.enum ?? schema.items?.enum;
  if (values?.length && schema.type !== "array") return values[0];
  if (schema["x-kubernetes-int-or-string"] || schema.format === "int-or-string") return 0;
  switch (schema.type) {
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return false;
    case "string":
      return "";
    default:
      return undefined;
  }
}

export function skeletonYaml(set: SchemaSet, definition: string, apiVersion: string, kind: string, namespaced: boolean): string {
  let lines = 0;
  const maker = new YAML.Document();
  const node = (v: unknown): YAML.Node => (YAML.isNode(v) ? v : maker.createNode(v));
  const resolve = (s: Schema): { schema: Schema; ref?: string } => {
    const ref = refOf(s);
    return ref ? { schema: set.schemas.get(ref) ?? {}, ref } : { schema: s };
  };
  const value = (given: Schema, depth: number, seen: readonly string[]): unknown => {
    const { schema, ref } = resolve(given);
    if (ref && seen.includes(ref)) return {};
    const trail = ref ? [...seen, ref] : seen;
    if (schema.type === "array") {
      if (given.default !== undefined) return given.default;
      const item = schema.items ? value(schema.items, depth + 1, trail) : "";
      return [item ?? ""];
    }
    if (schema.properties && Object.keys(schema.properties).length) {
      if (depth >= MAX_DEPTH || lines >= MAX_LINES) return {};
      return object(schema, depth, trail);
    }
    if (typeof schema.additionalProperties === "object") return {};
    const p = placeholder(given.default !== undefined ? given : schema);
    return p === undefined ? {} : p;
  };
  const object = (schema: Schema, depth: number, seen: readonly string[]): YAML.YAMLMap => {
    const map = new YAML.YAMLMap();
    const required = new Set(schema.required ?? []);
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      if (lines >= MAX_LINES) break;
      if (prop.deprecated) continue;
      lines++;
      const pair = new YAML.Pair(new YAML.Scalar(name), node(value(prop, depth + 1, seen)));
      if (required.has(name)) {
        // After a scalar on its line; after the key when the value is a block below it.
        const v = pair.value as YAML.Node;
        if (YAML.isScalar(v)) v.comment = " required";
        else (pair.key as YAML.Scalar).comment = " required";
      }
      map.items.push(pair);
    }
    return map;
  };

  const root = set.schemas.get(definition) ?? {};
  const metadata: Record<string, string> = { name: "example" };
  if (namespaced) metadata["namespace"] = "default";
  const doc = new YAML.Document({ apiVersion, kind, metadata });
  const body = root.properties?.["spec"];
  const top = doc.contents as YAML.YAMLMap;
  if (body) {
    top.items.push(new YAML.Pair(new YAML.Scalar("spec"), node(value(body, 0, [definition]))));
  } else {
    for (const [name, prop] of Object.entries(root.properties ?? {})) {
      if (["apiVersion", "kind", "metadata", "status"].includes(name) || prop.deprecated) continue;
      const v = value(prop, 0, [definition]);
      top.items.push(new YAML.Pair(new YAML.Scalar(name), node(v)));
    }
  }
  return doc.toString({ lineWidth: 0 });
}
