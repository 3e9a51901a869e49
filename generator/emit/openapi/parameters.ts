/**
 * Route parameters as kube-apiserver declares them: path parameters, `pretty`, the body, and
 * one query parameter per top-level scalar field of an options kind (ListOptions,
 * DeleteOptions...), described by that field's documentation.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { StructDecl, TypeRef } from "../../model/types.js";

type Named = Extract<TypeRef, { kind: "named" }>;

export type ParamType = "string" | "integer" | "number" | "boolean";

export type Param =
  | { in: "path" | "query"; name: string; description: string; type: ParamType; required: boolean }
  | { in: "body"; name: "body"; description: string; schema: Named; required: boolean };

export function pathParam(name: string, description: string): Param {
  return { in: "path", name, description, type: "string", required: true };
}

export const prettyParam: Param = {
  in: "query",
  name: "pretty",
  description: "If 'true', the response is indented for reading; browsers and command-line HTTP tools get that by default.",
  type: "string",
  required: false,
};

export const namespaceParam: Param = pathParam("namespace", "The namespace of the objects: the scope of their names and of access rules.");

export function nameParam(kind: string): Param {
  return pathParam("name", `name of the ${kind}`);
}

export function bodyParam(schema: Named, required: boolean): Param {
  return { in: "body", name: "body", description: "", schema, required };
}

/**
 * The query type of an options field, or undefined when the field cannot be a query parameter
 * (structs, such as DeleteOptions.preconditions). Lists of scalars are sent repeated, typed as
 * their element as upstream does.
 */
function queryType(index: ModelIndex, ref: TypeRef): ParamType | undefined {
  const t = index.underlying(ref);
  switch (t.kind) {
    case "primitive":
      return t.name === "boolean"
        ? "boolean"
        : t.name === "int32" || t.name === "int64"
          ? "integer"
          : t.name === "float64"
            ? "number"
            : "string";
    case "array":
      return t.elem.kind === "array" || t.elem.kind === "map" ? undefined : queryType(index, t.elem);
    case "map":
      return undefined;
    case "named": {
      const d = index.resolve(t);
      if (d.kind === "enum") return "string";
      if (d.kind === "special" && (d.special === "Time" || d.special === "MicroTime" || d.special === "Duration")) return "string";
      return undefined;
    }
  }
}

/** The query parameters an options kind contributes (its own fields; embedded TypeMeta is not). */
export function optionParams(index: ModelIndex, options: StructDecl, exclude: readonly string[] = []): Param[] {
  const out: Param[] = [];
  for (const f of options.fields) {
    if (exclude.includes(f.name)) continue;
    const type = queryType(index, f.type);
    if (type) out.push({ in: "query", name: f.name, description: f.doc, type, required: false });
  }
  return out;
}

/** Sorted by name, then location, as kube-openapi orders them. */
export function sortParams(params: Param[]): Param[] {
  return [...params].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.in < b.in ? -1 : a.in > b.in ? 1 : 0));
}

export const paramKey = (p: Param): string => `${p.in}:${p.name}`;
