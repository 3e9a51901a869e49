/**
 * Checks an applied configuration against its apply schema, as upstream's typed conversion of
 * the patch object does: fields the schema does not declare, values of the wrong shape, list-map
 * items without their keys, and duplicate items, each as `.path: problem`.
 */
import { fieldElement, pathString } from "./field-set.js";
import type { ApplySchema, ScalarType } from "./schema.js";
import { itemElement, resolveSchema } from "./typed.js";

function shapeOf(v: unknown): string {
  if (Array.isArray(v)) return "list";
  if (typeof v === "object" && v !== null) return "map";
  return "scalar";
}

/** What is wrong with a scalar of the wrong JSON type, worded as upstream's structured-merge-diff (Go's %#v, %T, %v). */
function scalarProblem(type: ScalarType, v: unknown): string | undefined {
  switch (type) {
    case "string":
      return typeof v === "string" ? undefined : `expected string, got &value.valueUnstructured{Value:${String(v)}}`;
    case "numeric":
      return typeof v === "number" ? undefined : `expected numeric (int or float), got ${typeof v === "boolean" ? "bool" : "string"}`;
    case "boolean":
      return typeof v === "boolean" ? undefined : `expected boolean, got &{${String(v)}}`;
  }
}

/** Every problem with `value`, in document order. */
export function validateConfiguration(value: unknown, schema: ApplySchema): string[] {
  const out: string[] = [];
  walk(value, schema, [], out);
  return out;
}

/** A path as problems print it (the root is empty). */
function at(path: readonly string[]): string {
  return path.length === 0 ? "" : pathString(path);
}

// Paths are printed only for problems: most configurations have none, and printing a list-map
// item's key (a JSON parse) for every node cost more than the walk itself. No closures per node either.
function walk(value: unknown, schema: ApplySchema, path: string[], out: string[]): void {
  if (value === null || value === undefined) return;
  const s = resolveSchema(schema, value);
  const shape = shapeOf(value);
  if (s.kind === "scalar") {
    if (shape !== "scalar") out.push(`${at(path)}: expected scalar, got ${shape}`);
    else if (s.scalar) {
      const problem = scalarProblem(s.scalar, value);
      if (problem) out.push(`${at(path)}: ${problem}`);
    }
    return;
  }
  if (s.kind === "map") {
    if (shape !== "map") {
      out.push(`${at(path)}: expected map, got ${shape}`);
      return;
    }
    const obj = value as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      const p = [...path, fieldElement(k)];
      if (s.declares && !s.declares(k)) {
        out.push(`${pathString(p)}: field not declared in schema`);
        continue;
      }
      walk(obj[k], s.field(k), p, out);
    }
    return;
  }
  if (s.kind === "list") {
    if (shape !== "list") {
      out.push(`${at(path)}: expected list, got ${shape}`);
      return;
    }
    const items = value as unknown[];
    const seen = new Set<string>();
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (s.listType === "map") {
        if (typeof item !== "object" || item === null || Array.isArray(item)) {
          out.push(`${at(path)}[${i}]: expected map, got ${shapeOf(item)}`);
          continue;
        }
        const missing = missingKey(item as Record<string, unknown>, s.keys, s.keyDefaults);
        if (missing !== undefined) {
          out.push(
            `${at(path)}: associative list with keys has an element that omits key field ${JSON.stringify(missing)} (and doesn't have default value)`,
          );
          continue;
        }
      }
      if (s.listType === "atomic") {
        walk(item, s.items, [...path, `i:${i}`], out);
        continue;
      }
      const e = itemElement(s, item);
      if (seen.has(e)) out.push(`${at(path)}: duplicate entries for key ${pathString([e])}`);
      seen.add(e);
      walk(item, s.items, [...path, e], out);
    }
  }
}

/** The first key field a list-map item leaves out that has no default. */
function missingKey(
  item: Record<string, unknown>,
  keys: readonly string[],
  defaults: Readonly<Record<string, unknown>>,
): string | undefined {
  for (const k of keys) if (item[k] === undefined && defaults[k] === undefined) return k;
  return undefined;
}
