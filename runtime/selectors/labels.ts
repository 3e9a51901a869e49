/** Label selectors: requirements on an object's labels, matched, combined and printed in upstream's canonical form. */
import type { LabelSelector as MetaLabelSelector } from "../../api/meta/v1/types.js";
import { compareBytewise, goQuote } from "../go-strings.js";
import { parseLabelRequirements } from "./label-parser.js";
import {
  aggregateMessages,
  invalidFieldError,
  InvalidSelectorError,
  isQualifiedName,
  isValidLabelValue,
  notSupportedFieldError,
} from "./validation.js";

/**
 * A label requirement operator, spelled as upstream's `selection.Operator` values:
 * `=`, `==`, `!=`, `in`, `notin`, `exists`, `!` (does not exist), `gt` and `lt`.
 */
export type LabelOperator = "=" | "==" | "!=" | "in" | "notin" | "exists" | "!" | "gt" | "lt";

/** A set of labels to match: an object's `metadata.labels`. */
export type Labels = Readonly<Record<string, string>>;

/** The binary operators in upstream's order, as its "expected:" messages list them. */
export const BINARY_LABEL_OPERATORS: readonly LabelOperator[] = ["in", "notin", "=", "==", "!=", "gt", "lt"];
const VALID_OPERATORS: readonly LabelOperator[] = [...BINARY_LABEL_OPERATORS, "exists", "!"];

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Parses a base-10 int64 as Go's strconv.ParseInt does, or undefined. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

function hasOwn(labels: Labels, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(labels, key);
}

/** One condition on one label key. Build with {@link LabelRequirement.create}, which validates. */
export class LabelRequirement {
  private constructor(
    /** The label key tested. */
    readonly key: string,
    /** How the label relates to the values. */
    readonly operator: LabelOperator,
    /** The values, in the order given (printed sorted). */
    readonly values: readonly string[],
  ) {}

  /**
   * A requirement after upstream's checks: the key is a qualified name, the operator takes the
   * right number of values (integers for `gt`/`lt`), and every value is a valid label value.
   * @throws InvalidSelectorError listing every problem, as upstream's aggregate error does.
   */
  static create(key: string, operator: LabelOperator, values: readonly string[] = []): LabelRequirement {
    const errs: string[] = [];
    const keyErrs = isQualifiedName(key);
    if (keyErrs.length > 0) errs.push(invalidFieldError("key", key, keyErrs.join("; ")));
    switch (operator) {
      case "in":
      case "notin":
        if (values.length === 0) errs.push(invalidFieldError("values", values, "for 'in', 'notin' operators, values set can't be empty"));
        break;
      case "=":
      case "==":
      case "!=":
        if (values.length !== 1) errs.push(invalidFieldError("values", values, "exact-match compatibility requires one single value"));
        break;
      case "exists":
      case "!":
        if (values.length !== 0) errs.push(invalidFieldError("values", values, "values set must be empty for exists and does not exist"));
        break;
      case "gt":
      case "lt":
        if (values.length !== 1) errs.push(invalidFieldError("values", values, "for 'Gt', 'Lt' operators, exactly one value is required"));
        values.forEach((v, i) => {
          if (parseInt64(v) === undefined) {
            errs.push(invalidFieldError(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
          }
        });
        break;
      default:
        errs.push(notSupportedFieldError("operator", operator, VALID_OPERATORS));
    }
    values.forEach((v, i) => {
      const valueErrs = isValidLabelValue(v);
      if (valueErrs.length > 0) errs.push(invalidFieldError(`values[${i}][${key}]`, v, valueErrs.join("; ")));
    });
    const message = aggregateMessages(errs);
    if (message !== undefined) throw new InvalidSelectorError(message);
    return new LabelRequirement(key, operator, [...values]);
  }

  /** A requirement taken as given, for values already known to be valid (upstream's pre-validated sets). */
  static unchecked(key: string, operator: LabelOperator, values: readonly string[] = []): LabelRequirement {
    return new LabelRequirement(key, operator, [...values]);
  }

  /** Whether `labels` satisfy this requirement; absent labels satisfy only the negative operators. */
  matches(labels: Labels): boolean {
    switch (this.operator) {
      case "in":
      case "=":
      case "==":
        return hasOwn(labels, this.key) && this.values.includes(labels[this.key]!);
      case "notin":
      case "!=":
        return !hasOwn(labels, this.key) || !this.values.includes(labels[this.key]!);
      case "exists":
        return hasOwn(labels, this.key);
      case "!":
        return !hasOwn(labels, this.key);
      case "gt":
      case "lt": {
        if (!hasOwn(labels, this.key) || this.values.length !== 1) return false;
        const have = parseInt64(labels[this.key]!);
        const want = parseInt64(this.values[0]!);
        if (have === undefined || want === undefined) return false;
        return this.operator === "gt" ? have > want : have < want;
      }
      default:
        return false;
    }
  }

  /** Whether the other requirement has the same key, operator and values in the same order. */
  equals(other: LabelRequirement): boolean {
    return (
      this.key === other.key &&
      this.operator === other.operator &&
      this.values.length === other.values.length &&
      this.values.every((v, i) => v === other.values[i])
    );
  }

  /** The requirement in selector syntax, values sorted: `a in (x,y)`, `!a`, `a>1`. */
  toString(): string {
    let s = this.operator === "!" ? `!${this.key}` : this.key;
    switch (this.operator) {
      case "exists":
      case "!":
        return s;
      case "=":
      case "==":
      case "!=":
        s += this.operator;
        break;
      case "in":
      case "notin":
        s += ` ${this.operator} `;
        break;
      case "gt":
        s += ">";
        break;
      case "lt":
        s += "<";
        break;
    }
    const values = this.values.length === 1 ? this.values[0]! : [...this.values].sort(compareBytewise).join(",");
    return this.operator === "in" || this.operator === "notin" ? `${s}(${values})` : s + values;
  }
}

function sortByKey(reqs: LabelRequirement[]): LabelRequirement[] {
  // A stable sort, so requirements on one key keep their order and parsing is deterministic.
  return reqs.sort((a, b) => compareBytewise(a.key, b.key));
}

/**
 * A label selector (upstream's `labels.Selector`): requirements that must all hold, kept
 * sorted by key. `everything()` matches all label sets and `nothing()` none.
 */
export class LabelsSelector {
  private static readonly EVERYTHING = new LabelsSelector([]);
  private static readonly NOTHING = new LabelsSelector(null);

  // null is the "nothing" selector, which no requirement list can express.
  private constructor(private readonly reqs: readonly LabelRequirement[] | null) {}

  /** The selector that matches every label set (the empty selector). */
  static everything(): LabelsSelector {
    return LabelsSelector.EVERYTHING;
  }

  /** The selector that matches no label set. It prints as "", so it cannot be sent to a server. */
  static nothing(): LabelsSelector {
    return LabelsSelector.NOTHING;
  }

  /**
   * Parses upstream's selector syntax: comma-joined `k=v`, `k==v`, `k!=v`, `k in (a,b)`,
   * `k notin (a)`, `k`, `!k`, `k>1`, `k<1`, with free whitespace.
   * @throws InvalidSelectorError with upstream's message.
   */
  static parse(selector: string): LabelsSelector {
    return new LabelsSelector(sortByKey(parseLabelRequirements(selector, (key, op, values) => LabelRequirement.create(key, op, values))));
  }

  /** A selector requiring every label of `set` to equal its value, without validating them. */
  static fromSet(set: Labels | undefined): LabelsSelector {
    if (!set) return LabelsSelector.EVERYTHING;
    return new LabelsSelector(sortByKey(Object.keys(set).map((k) => LabelRequirement.unchecked(k, "=", [set[k]!]))));
  }

  /**
   * Like {@link LabelsSelector.fromSet}, but checks every key and value first.
   * @throws InvalidSelectorError for an invalid key or value.
   */
  static validatedFromSet(set: Labels | undefined): LabelsSelector {
    if (!set) return LabelsSelector.EVERYTHING;
    return new LabelsSelector(sortByKey(Object.keys(set).map((k) => LabelRequirement.create(k, "=", [set[k]!]))));
  }

  /** Whether `labels` (absent means none) satisfy every requirement. */
  matches(labels: Labels | undefined): boolean {
    if (this.reqs === null) return false;
    const ls = labels ?? {};
    for (const r of this.reqs) if (!r.matches(ls)) return false;
    return true;
  }

  /** True for a selector without requirements (it matches everything); false for `nothing()`. */
  empty(): boolean {
    return this.reqs !== null && this.reqs.length === 0;
  }

  /** True only for the `nothing()` selector. */
  isNothing(): boolean {
    return this.reqs === null;
  }

  /** The requirements, sorted by key (none for `nothing()`). */
  requirements(): readonly LabelRequirement[] {
    return this.reqs ?? [];
  }

  /** A selector with further requirements, re-sorted by key; `nothing()` stays nothing. */
  add(...reqs: LabelRequirement[]): LabelsSelector {
    if (this.reqs === null) return this;
    return new LabelsSelector(sortByKey([...this.reqs, ...reqs]));
  }

  /**
   * The value `label` must have for a match when the first requirement on it pins a single
   * value (`=`, `==`, or `in` with one value); undefined otherwise. Indexers use it.
   */
  requiresExactMatch(label: string): string | undefined {
    for (const r of this.reqs ?? []) {
      if (r.key !== label) continue;
      const exact = r.operator === "=" || r.operator === "==" || r.operator === "in";
      return exact && r.values.length === 1 ? r.values[0] : undefined;
    }
    return undefined;
  }

  /** Whether both selectors hold the same requirements in the same order. */
  equals(other: LabelsSelector): boolean {
    if (this.reqs === null || other.reqs === null) return this.reqs === other.reqs;
    return this.reqs.length === other.reqs.length && this.reqs.every((r, i) => r.equals(other.reqs![i]!));
  }

  /** The canonical string: requirements joined by "," in key order ("" for everything and nothing). */
  toString(): string {
    return (this.reqs ?? []).map((r) => r.toString()).join(",");
  }
}

/** Parses a label selector string; shorthand for {@link LabelsSelector.parse}. */
export function parseLabelSelector(selector: string): LabelsSelector {
  return LabelsSelector.parse(selector);
}

const META_OPERATORS: Readonly<Record<string, LabelOperator>> = {
  In: "in",
  NotIn: "notin",
  Exists: "exists",
  DoesNotExist: "!",
};

/**
 * Converts an API `LabelSelector` (matchLabels and matchExpressions) into a selector, as
 * upstream's `LabelSelectorAsSelector`: absent matches nothing, empty matches everything.
 * @throws InvalidSelectorError for an unknown operator or an invalid key or value.
 */
export function labelSelectorAsSelector(ps: MetaLabelSelector | null | undefined): LabelsSelector {
  if (ps === null || ps === undefined) return LabelsSelector.nothing();
  const matchLabels = ps.matchLabels ?? {};
  const keys = Object.keys(matchLabels).sort(compareBytewise);
  const expressions = ps.matchExpressions ?? [];
  if (keys.length + expressions.length === 0) return LabelsSelector.everything();
  const reqs = keys.map((k) => LabelRequirement.create(k, "=", [matchLabels[k]!]));
  for (const expr of expressions) {
    const op = Object.prototype.hasOwnProperty.call(META_OPERATORS, expr.operator) ? META_OPERATORS[expr.operator] : undefined;
    if (op === undefined) throw new InvalidSelectorError(`${goQuote(expr.operator)} is not a valid label selector operator`);
    reqs.push(LabelRequirement.create(expr.key, op, expr.values ?? []));
  }
  return LabelsSelector.everything().add(...reqs);
}
