/** Field selectors: `field=value` / `field!=value` terms on an object's selectable fields, with upstream's escaping. */
import { compareBytewise } from "../go-strings.js";
import { InvalidSelectorError } from "./validation.js";

/** One field selector term; `==` parses to `=`. */
export interface FieldRequirement {
  /** The field path, such as `metadata.name` or `status.phase`. */
  readonly field: string;
  /** `=` (equal) or `!=` (not equal). */
  readonly operator: "=" | "!=";
  /** The value compared with, unescaped. */
  readonly value: string;
}

/**
 * The fields of an object a field selector reads: a map, or a getter. A field the object
 * does not have reads as "" (as upstream's `fields.Set.Get`).
 */
export type FieldSource = Readonly<Record<string, string>> | ((field: string) => string | undefined);

function readField(source: FieldSource, field: string): string {
  if (typeof source === "function") return source(field) ?? "";
  return Object.prototype.hasOwnProperty.call(source, field) ? source[field]! : "";
}

/** Escapes `\`, `,` and `=` in a value so that it can sit in a field selector. */
export function escapeFieldValue(value: string): string {
  return value.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/**
 * Reverses {@link escapeFieldValue}.
 * @throws InvalidSelectorError for an unknown escape sequence or an unescaped `,` or `=`.
 */
export function unescapeFieldValue(value: string): string {
  if (!/[\\,=]/.test(value)) return value;
  let out = "";
  let inSlash = false;
  for (const c of value) {
    if (inSlash) {
      if (c !== "\\" && c !== "," && c !== "=") {
        throw new InvalidSelectorError(`invalid field selector: invalid escape sequence: \\${c}`);
      }
      out += c;
      inSlash = false;
    } else if (c === "\\") {
      inSlash = true;
    } else if (c === "," || c === "=") {
      // Upstream prints the rune with %v, which is its number.
      throw new InvalidSelectorError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    } else {
      out += c;
    }
  }
  if (inSlash) throw new InvalidSelectorError("invalid field selector: invalid escape sequence: \\");
  return out;
}

/** Splits at commas that are not escaped; "" gives no terms. */
export function splitFieldTerms(selector: string): string[] {
  if (selector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === "\\") inSlash = true;
    else if (c === ",") {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

const TERM_OPERATORS = ["!=", "==", "="] as const;

/** Splits one term at its first operator into field, operator and (still escaped) value. */
export function splitFieldTerm(term: string): { field: string; operator: "!=" | "==" | "="; value: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of TERM_OPERATORS) {
      if (term.startsWith(op, i)) return { field: term.slice(0, i), operator: op, value: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** Rewrites a term's field and value (a field label conversion); returning both empty drops the term. */
export type FieldTransform = (field: string, value: string) => readonly [field: string, value: string];

/**
 * A field selector (upstream's `fields.Selector`): terms that must all hold. `everything()`
 * matches every object and `nothing()` none.
 */
export class FieldsSelector {
  private static readonly EVERYTHING = new FieldsSelector([]);
  private static readonly NOTHING = new FieldsSelector(null);

  // null is the "nothing" selector.
  private constructor(private readonly terms: readonly FieldRequirement[] | null) {}

  /** The selector that matches everything. */
  static everything(): FieldsSelector {
    return FieldsSelector.EVERYTHING;
  }

  /** The selector that matches nothing; it prints as "". */
  static nothing(): FieldsSelector {
    return FieldsSelector.NOTHING;
  }

  /**
   * Parses comma-joined `field=value`, `field==value` and `field!=value` terms, with `\,`,
   * `\=` and `\\` escapes in values; terms are ordered as upstream orders them (by text).
   * @throws InvalidSelectorError with upstream's message.
   */
  static parse(selector: string, transform?: FieldTransform): FieldsSelector {
    const parts = splitFieldTerms(selector).sort(compareBytewise);
    const terms: FieldRequirement[] = [];
    for (const part of parts) {
      if (part === "") continue;
      const split = splitFieldTerm(part);
      if (split === undefined) throw new InvalidSelectorError(`invalid selector: '${selector}'; can't understand '${part}'`);
      const value = unescapeFieldValue(split.value);
      terms.push({ field: split.field, operator: split.operator === "!=" ? "!=" : "=", value });
    }
    const parsed = new FieldsSelector(terms);
    return transform ? parsed.transform(transform) : parsed;
  }

  /** A selector requiring each field of `set` to equal its value (terms in field order). */
  static fromSet(set: Readonly<Record<string, string>> | undefined): FieldsSelector {
    if (!set) return FieldsSelector.EVERYTHING;
    const fields = Object.keys(set).sort(compareBytewise);
    return new FieldsSelector(fields.map((field) => ({ field, operator: "=" as const, value: set[field]! })));
  }

  /** The selector `field=value`. */
  static oneTermEqual(field: string, value: string): FieldsSelector {
    return new FieldsSelector([{ field, operator: "=", value }]);
  }

  /** The selector `field!=value`. */
  static oneTermNotEqual(field: string, value: string): FieldsSelector {
    return new FieldsSelector([{ field, operator: "!=", value }]);
  }

  /** A selector that requires all of the given ones; any `nothing()` among them makes it nothing. */
  static and(...selectors: FieldsSelector[]): FieldsSelector {
    if (selectors.some((s) => s.terms === null)) return FieldsSelector.NOTHING;
    return new FieldsSelector(selectors.flatMap((s) => s.terms!));
  }

  /** Whether the object's fields satisfy every term. */
  matches(fields: FieldSource): boolean {
    if (this.terms === null) return false;
    for (const t of this.terms) {
      const equal = readField(fields, t.field) === t.value;
      if (equal !== (t.operator === "=")) return false;
    }
    return true;
  }

  /** True for a selector without terms (it matches everything); false for `nothing()`. */
  empty(): boolean {
    return this.terms !== null && this.terms.length === 0;
  }

  /** True only for the `nothing()` selector. */
  isNothing(): boolean {
    return this.terms === null;
  }

  /** The terms in order (none for `nothing()`). */
  requirements(): readonly FieldRequirement[] {
    return this.terms ?? [];
  }

  /** The value `field` must equal, from the first `=` term on it; undefined when none pins it. */
  requiresExactMatch(field: string): string | undefined {
    for (const t of this.terms ?? []) if (t.operator === "=" && t.field === field) return t.value;
    return undefined;
  }

  /** Whether some `=` term requires `field` to equal `value` (upstream's scoped-selector checks look at every term). */
  hasEqualsTerm(field: string, value: string): boolean {
    return (this.terms ?? []).some((t) => t.operator === "=" && t.field === field && t.value === value);
  }

  /** The selector with every term rewritten by `fn`; terms it maps to ("", "") are dropped. */
  transform(fn: FieldTransform): FieldsSelector {
    if (this.terms === null) return this;
    const out: FieldRequirement[] = [];
    for (const t of this.terms) {
      const [field, value] = fn(t.field, t.value);
      if (field === "" && value === "") continue;
      out.push({ field, operator: t.operator, value });
    }
    return new FieldsSelector(out);
  }

  /** Whether both selectors hold the same terms in the same order. */
  equals(other: FieldsSelector): boolean {
    if (this.terms === null || other.terms === null) return this.terms === other.terms;
    const b = other.terms;
    return (
      this.terms.length === b.length &&
      this.terms.every((t, i) => t.field === b[i]!.field && t.operator === b[i]!.operator && t.value === b[i]!.value)
    );
  }

  /** The selector string, values escaped, terms joined by "," ("" for everything and nothing). */
  toString(): string {
    return (this.terms ?? []).map((t) => `${t.field}${t.operator}${escapeFieldValue(t.value)}`).join(",");
  }
}

/** Parses a field selector string; shorthand for {@link FieldsSelector.parse}. */
export function parseFieldSelector(selector: string): FieldsSelector {
  return FieldsSelector.parse(selector);
}
