/**
 * `+default=` values checked against the field they default: JSON type, integer ranges, enum
 * values and numeric bounds, so a default the apiserver would refuse never reaches a CRD.
 */
import type { ModelIndex } from "../model/lookup.js";
import type { Field, StructDecl, TypeRef, Validation } from "../model/types.js";
import type { Diagnostics } from "../model/diagnostics.js";

const INT32: [number, number] = [-(2 ** 31), 2 ** 31 - 1];

const show = (v: unknown): string => JSON.stringify(v);

/** Why `value` cannot be a value of `ref`, or undefined when it can. */
export function defaultProblem(index: ModelIndex, ref: TypeRef, value: unknown, validation: Validation = {}): string | undefined {
  const own = boundsProblem(value, validation);
  if (own) return own;
  switch (ref.kind) {
    case "primitive":
      switch (ref.name) {
        case "string":
        case "bytes":
          return typeof value === "string" ? undefined : `${show(value)} is not a string`;
        case "boolean":
          return typeof value === "boolean" ? undefined : `${show(value)} is not a boolean`;
        case "float64":
          return typeof value === "number" ? undefined : `${show(value)} is not a number`;
        case "int32":
        case "int64": {
          if (typeof value !== "number" || !Number.isInteger(value)) return `${show(value)} is not an integer`;
          if (ref.name === "int32" && (value < INT32[0] || value > INT32[1])) return `${value} is out of the int32 range`;
          if (!Number.isSafeInteger(value)) return `${value} is out of the int64 range JSON numbers hold exactly`;
          return undefined;
        }
      }
      return undefined;
    case "array":
      if (!Array.isArray(value)) return `${show(value)} is not a list`;
      for (const item of value) {
        const p = defaultProblem(index, ref.elem, item);
        if (p) return p;
      }
      return undefined;
    case "map":
      if (typeof value !== "object" || value === null || Array.isArray(value)) return `${show(value)} is not an object`;
      for (const item of Object.values(value)) {
        const p = defaultProblem(index, ref.value, item);
        if (p) return p;
      }
      return undefined;
    case "named": {
      const d = index.decl(ref.pkg, ref.name);
      if (!d) return undefined;
      switch (d.kind) {
        case "enum":
          return typeof value === "string" && d.values.includes(value)
            ? undefined
            : `${show(value)} is not one of the values of ${d.name} (${d.values.join(", ")})`;
        case "alias":
          return defaultProblem(index, d.target, value, d.validation);
        case "struct":
          return typeof value === "object" && value !== null && !Array.isArray(value)
            ? structProblem(index, d, value as Record<string, unknown>)
            : `${show(value)} is not an object`;
        case "special":
          switch (d.special) {
            case "IntOrString":
            case "Quantity":
              return typeof value === "string" || (typeof value === "number" && Number.isInteger(value))
                ? undefined
                : `${show(value)} is not an integer or a string`;
            case "Time":
            case "MicroTime":
            case "Duration":
              return typeof value === "string" ? undefined : `${show(value)} is not a string`;
            default:
              return undefined;
          }
      }
    }
  }
}

function structProblem(index: ModelIndex, s: StructDecl, value: Record<string, unknown>): string | undefined {
  const fields = new Map(index.jsonFields(s).map((f) => [f.name, f]));
  for (const [key, v] of Object.entries(value)) {
    const f = fields.get(key);
    if (!f) return `${s.name} has no field ${show(key)}`;
    const p = defaultProblem(index, f.type, v, f.validation);
    if (p) return p;
  }
  return undefined;
}

function boundsProblem(value: unknown, v: Validation): string | undefined {
  if (v.enum && !v.enum.includes(typeof value === "string" ? value : show(value))) {
    return `${show(value)} is not one of the Enum values (${v.enum.join(", ")})`;
  }
  if (typeof value === "number") {
    if (v.minimum !== undefined && (v.exclusiveMinimum ? value <= v.minimum : value < v.minimum))
      return `${value} is below the Minimum ${v.minimum}`;
    if (v.maximum !== undefined && (v.exclusiveMaximum ? value >= v.maximum : value > v.maximum))
      return `${value} is above the Maximum ${v.maximum}`;
  }
  if (typeof value === "string") {
    if (v.minLength !== undefined && [...value].length < v.minLength) return `${show(value)} is shorter than MinLength ${v.minLength}`;
    if (v.maxLength !== undefined && [...value].length > v.maxLength) return `${show(value)} is longer than MaxLength ${v.maxLength}`;
  }
  return undefined;
}

export function checkDefault(index: ModelIndex, owner: StructDecl, f: Field, diag: Diagnostics): void {
  if (f.default === undefined) return;
  const p = defaultProblem(index, f.type, f.default, f.validation);
  if (p) diag.error(f.pos, `${owner.name}.${f.name}: the default ${p}`);
}
