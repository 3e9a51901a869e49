/** Field errors as upstream's validation reports them: a type, a field path, the bad value, a detail, and their rendered text. */
import type { StatusCause } from "../../../api/meta/v1/types.js";
import { newInvalid, type StatusError } from "../../../runtime/rest/errors.js";
import { goQuote } from "../../../runtime/go-strings.js";

/** Upstream's field error types, which a Status cause carries as its `reason`. */
export type FieldErrorType =
  | "FieldValueNotFound"
  | "FieldValueRequired"
  | "FieldValueDuplicate"
  | "FieldValueInvalid"
  | "FieldValueNotSupported"
  | "FieldValueForbidden"
  | "FieldValueTooLong"
  | "FieldValueTooMany"
  | "InternalError"
  | "FieldValueTypeInvalid";

/** The words each type renders as. */
const TYPE_TEXT: Readonly<Record<FieldErrorType, string>> = {
  FieldValueNotFound: "Not found",
  FieldValueRequired: "Required value",
  FieldValueDuplicate: "Duplicate value",
  FieldValueInvalid: "Invalid value",
  FieldValueNotSupported: "Unsupported value",
  FieldValueForbidden: "Forbidden",
  FieldValueTooLong: "Too long",
  FieldValueTooMany: "Too many",
  InternalError: "Internal error",
  FieldValueTypeInvalid: "Invalid value",
};

/** Types whose text never shows the bad value. */
const VALUELESS: ReadonlySet<FieldErrorType> = new Set(["FieldValueRequired", "FieldValueForbidden", "FieldValueTooLong", "InternalError"]);

/** Marks a value that should not be printed (upstream's omitValue). */
export const OMIT_VALUE: unique symbol = Symbol("omitValue");

/** The address a pointer prints as in Go's %#v: any address stands for upstream's. */
export const GO_ADDRESS = "0xc000000000";

/** A bad value upstream prints with Go's %#v (a struct of its internal types): the text as printed. */
export class GoSyntax {
  constructor(readonly text: string) {}
}

/** One validation failure. */
export interface FieldError {
  type: FieldErrorType;
  field: string;
  badValue: unknown;
  detail: string;
}

/** How a path segment joins its parent: `.name`, or in brackets (`[index]`, `[key]`). */
const CHILD = 0;
const BRACKETS = 1;
type Join = typeof CHILD | typeof BRACKETS;

/**
 * A field path as upstream prints it: children joined by dots, indexes and keys in brackets
 * (`spec.ports[0].name`, `data[my.key]`). Validation builds a path for every field it visits but
 * prints only the few that fail, so a path is a link to its parent and its text is made (and
 * kept) only when asked for.
 */
export class FieldPath {
  private constructor(
    private readonly parent: FieldPath | undefined,
    private readonly segment: string | number,
    private readonly join: Join,
    private text: string | undefined,
  ) {}

  /** A path from the root through `names`. */
  static of(...names: string[]): FieldPath {
    const text = names.join(".");
    return new FieldPath(undefined, text, CHILD, text);
  }

  /** The root (prints as ""). */
  static root(): FieldPath {
    return new FieldPath(undefined, "", CHILD, "");
  }

  /** Up to five names at once; no rest parameter: an array per call on the hottest path of validation. */
  child(name: string, b?: string, c?: string, d?: string, e?: string): FieldPath {
    let segment = name;
    if (b !== undefined) {
      segment += `.${b}`;
      if (c !== undefined) {
        segment += `.${c}`;
        if (d !== undefined) {
          segment += `.${d}`;
          if (e !== undefined) segment += `.${e}`;
        }
      }
    }
    return new FieldPath(this, segment, CHILD, undefined);
  }

  index(i: number): FieldPath {
    return new FieldPath(this, i, BRACKETS, undefined);
  }

  key(k: string): FieldPath {
    return new FieldPath(this, k, BRACKETS, undefined);
  }

  toString(): string {
    if (this.text !== undefined) return this.text;
    const base = this.parent === undefined ? "" : this.parent.toString();
    const seg = String(this.segment);
    this.text = this.join === BRACKETS ? `${base}[${seg}]` : base === "" ? seg : `${base}.${seg}`;
    return this.text;
  }
}

function make(type: FieldErrorType, path: FieldPath, badValue: unknown, detail: string): FieldError {
  return { type, field: path.toString(), badValue, detail };
}

export const fieldErrors = {
  invalid: (path: FieldPath, value: unknown, detail: string): FieldError => make("FieldValueInvalid", path, value, detail),
  required: (path: FieldPath, detail = ""): FieldError => make("FieldValueRequired", path, "", detail),
  forbidden: (path: FieldPath, detail: string): FieldError => make("FieldValueForbidden", path, "", detail),
  duplicate: (path: FieldPath, value: unknown): FieldError => make("FieldValueDuplicate", path, value, ""),
  notFound: (path: FieldPath, value: unknown): FieldError => make("FieldValueNotFound", path, value, ""),
  notSupported: (path: FieldPath, value: unknown, supported: readonly string[]): FieldError =>
    make("FieldValueNotSupported", path, value, supported.length > 0 ? `supported values: ${supported.map(goQuote).join(", ")}` : ""),
  tooLong: (path: FieldPath, maxLength: number): FieldError =>
    make(
      "FieldValueTooLong",
      path,
      "<value omitted>",
      maxLength >= 0 ? `may not be more than ${maxLength} ${maxLength === 1 ? "byte" : "bytes"}` : "value is too long",
    ),
  tooMany: (path: FieldPath, actual: number, max: number): FieldError =>
    make(
      "FieldValueTooMany",
      path,
      actual >= 0 ? actual : OMIT_VALUE,
      max >= 0 ? `must have at most ${max} ${max === 1 ? "item" : "items"}` : "has too many items",
    ),
};

/** Go's json.Marshal of a value, with its HTML escaping. */
function goJSON(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The error's text without its field: `Invalid value: "x": why`. */
export function errorBody(e: FieldError): string {
  let s: string;
  if (VALUELESS.has(e.type) || e.badValue === OMIT_VALUE) {
    s = TYPE_TEXT[e.type];
  } else if (e.badValue instanceof GoSyntax) {
    s = `${TYPE_TEXT[e.type]}: ${e.badValue.text}`;
  } else if (typeof e.badValue === "string") {
    s = `${TYPE_TEXT[e.type]}: ${goQuote(e.badValue)}`;
  } else if (typeof e.badValue === "number" || typeof e.badValue === "boolean") {
    s = `${TYPE_TEXT[e.type]}: ${String(e.badValue)}`;
  } else {
    s = `${TYPE_TEXT[e.type]}: ${goJSON(e.badValue)}`;
  }
  return e.detail ? `${s}: ${e.detail}` : s;
}

/** The error's full text: `field: body`. */
export function errorText(e: FieldError): string {
  return `${e.field}: ${errorBody(e)}`;
}

/** The Status causes of a list of field errors. */
/** Appends `more` to `errs`: most checks find nothing, and a spread of an empty list still costs a call. */
export function appendErrors(errs: FieldError[], more: readonly FieldError[]): void {
  for (let i = 0; i < more.length; i++) errs.push(more[i]!);
}

export function toCauses(errs: readonly FieldError[]): StatusCause[] {
  return errs.map((e) => ({ reason: e.type, message: errorBody(e), field: e.field }));
}

/** 422 Invalid for an object of a kind, with one cause per error (upstream's NewInvalid). */
export function invalidError(gk: { group: string; kind: string }, name: string, errs: readonly FieldError[]): StatusError {
  return newInvalid(gk, name, toCauses(errs));
}
