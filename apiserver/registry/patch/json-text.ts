/**
 * JSON request text as Go's decoder sees it: its syntax errors in Go's words (JSON.parse's own
 * texts never reach a client), a bound on nesting, and the number literals JSON.parse
 * forgets (`1e2`, `1.0`), which Go refuses for integer fields.
 */
import { bracketPastDepth } from "../../../runtime/json-depth.js";

/**
 * How deep JSON (and any decoded body) may nest. Go's decoder allows 10,000 levels; V8
 * recurses on JSON.stringify (about 4,000 levels) and structuredClone (about 1,900), and so do
 * the copies, merges and walks after them, so the limit here is lower: past it the body is
 * refused with Go's "exceeded max depth" text before anything recursive sees it.
 */
export const MAX_NESTING_DEPTH = 1000;

/** Go's quoteChar: a byte as a quoted character literal, as its syntax errors show it. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return "'\"'";
  const q = JSON.stringify(c);
  return `'${q.slice(1, -1)}'`;
}

const enum Ctx {
  ObjectKey,
  ObjectValue,
  ArrayValue,
}

/**
 * Scans `text` as Go's encoding/json scanner does and returns the message of its first syntax
 * error (`invalid character 'o' in literal null (expecting 'u')`, `unexpected end of JSON
 * input`, `invalid character '[' exceeded max depth`), or undefined for valid JSON. Iterative.
 */
export function goJSONSyntaxError(text: string, maxDepth = MAX_NESTING_DEPTH): string | undefined {
  const stack: Ctx[] = [];
  let i = 0;
  const n = text.length;
  const err = (context: string): string => `invalid character ${quoteChar(text[i]!)} ${context}`;
  const isSpace = (c: string): boolean => c === " " || c === "\t" || c === "\r" || c === "\n";
  const skip = (): void => {
    while (i < n && isSpace(text[i]!)) i++;
  };
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
  /** Reads one literal (string, number, true/false/null) at i; an error message or undefined. */
  const literal = (): string | undefined => {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < n; i++) {
        const d = text[i]!;
        if (d === '"') {
          i++;
          return undefined;
        }
        if (d === "\\") {
          i++;
          if (i >= n) return "unexpected end of JSON input";
          const e = text[i]!;
          if (e === "u") {
            for (let k = 0; k < 4; k++) {
              i++;
              if (i >= n) return "unexpected end of JSON input";
              if (!/[0-9a-fA-F]/.test(text[i]!)) return err("in \\u hexadecimal character escape");
            }
          } else if (!'bfnrt\\/"'.includes(e)) return err("in string escape code");
        } else if (d.charCodeAt(0) < 0x20) return err("in string literal");
      }
      return "unexpected end of JSON input";
    }
    for (const word of ["true", "false", "null"]) {
      if (c !== word[0]) continue;
      for (let k = 1; k < word.length; k++) {
        i++;
        if (i >= n) return "unexpected end of JSON input";
        if (text[i] !== word[k]) return err(`in literal ${word} (expecting ${quoteChar(word[k]!)})`);
      }
      i++;
      return undefined;
    }
    // A number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    if (c === "-") {
      i++;
      if (i >= n) return "unexpected end of JSON input";
      if (!isDigit(text[i])) return err("in numeric literal");
    }
    if (text[i] === "0") i++;
    else if (isDigit(text[i])) while (isDigit(text[i])) i++;
    else return err("looking for beginning of value");
    if (text[i] === ".") {
      i++;
      if (i >= n) return "unexpected end of JSON input";
      if (!isDigit(text[i])) return err("after decimal point in numeric literal");
      while (isDigit(text[i])) i++;
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (i >= n) return "unexpected end of JSON input";
      if (!isDigit(text[i])) return err("in exponent of numeric literal");
      while (isDigit(text[i])) i++;
    }
    return undefined;
  };

  // Expecting a value.
  for (;;) {
    skip();
    if (i >= n) return "unexpected end of JSON input";
    const c = text[i]!;
    let closedValue: boolean;
    if (c === "{" || c === "[") {
      stack.push(c === "{" ? Ctx.ObjectKey : Ctx.ArrayValue);
      if (stack.length > maxDepth) return err("exceeded max depth");
      i++;
      skip();
      if (i >= n) return "unexpected end of JSON input";
      if (c === "[" && text[i] === "]") {
        stack.pop();
        i++;
        closedValue = true;
      } else if (c === "{") {
        if (text[i] === "}") {
          stack.pop();
          i++;
          closedValue = true;
        } else {
          if (text[i] !== '"') return err("looking for beginning of object key string");
          const e = literal();
          if (e) return e;
          skip();
          if (i >= n) return "unexpected end of JSON input";
          if (text[i] !== ":") return err("after object key");
          stack[stack.length - 1] = Ctx.ObjectValue;
          i++;
          continue;
        }
      } else continue;
    } else {
      const e = literal();
      if (e) return e;
      closedValue = true;
    }
    // After a value: close containers, or move to the next member.
    while (closedValue) {
      skip();
      if (stack.length === 0) {
        if (i < n) return err("after top-level value");
        return undefined;
      }
      if (i >= n) return "unexpected end of JSON input";
      const top = stack[stack.length - 1]!;
      const d = text[i]!;
      if (top === Ctx.ObjectValue) {
        if (d === "}") {
          stack.pop();
          i++;
          continue;
        }
        if (d !== ",") return err("after object key:value pair");
        i++;
        skip();
        if (i >= n) return "unexpected end of JSON input";
        if (text[i] !== '"') return err("looking for beginning of object key string");
        const e = literal();
        if (e) return e;
        skip();
        if (i >= n) return "unexpected end of JSON input";
        if (text[i] !== ":") return err("after object key");
        i++;
        closedValue = false;
      } else {
        if (d === "]") {
          stack.pop();
          i++;
          continue;
        }
        if (d !== ",") return err("after array element");
        i++;
        closedValue = false;
      }
    }
  }
}

export type ParsedJSON = { ok: true; value: unknown } | { ok: false; message: string };

/** Go's text for a bracket past the depth bound. */
function depthExceeded(bracket: string): ParsedJSON {
  return { ok: false, message: `invalid character ${quoteChar(bracket)} exceeded max depth` };
}

/**
 * Parses JSON text, refusing nesting past {@link MAX_NESTING_DEPTH}; a failure carries Go's
 * syntax error text.
 */
export function parseJSONText(text: string, maxDepth = MAX_NESTING_DEPTH): ParsedJSON {
  // Valid JSON nesting past maxDepth opens and closes that many brackets: shorter text is checked
  // only when JSON.parse refuses it (V8 parses any depth without recursing), most bodies never.
  const short = text.length < 2 * (maxDepth + 1);
  if (!short) {
    const deep = bracketPastDepth(text, maxDepth);
    if (deep !== undefined) return depthExceeded(deep);
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const deep = short ? bracketPastDepth(text, maxDepth) : undefined;
    if (deep !== undefined) return depthExceeded(deep);
    if (text.trim() === "") return { ok: false, message: "unexpected end of JSON input" };
    // JSON.parse and Go agree on what is JSON but for lone surrogates in escapes, which both take.
    return { ok: false, message: goJSONSyntaxError(text, maxDepth) ?? "invalid JSON" };
  }
}

/**
 * Whether a decoded value nests deeper than `maxDepth` (objects and arrays count a level each).
 * Iterative, for values that came from decoders without a bound or were built by a patch.
 */
export function nestsDeeperThan(value: unknown, maxDepth = MAX_NESTING_DEPTH): boolean {
  if (typeof value !== "object" || value === null) return false;
  const stack: { v: object; d: number }[] = [{ v: value, d: 1 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    if (d > maxDepth) return true;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const child of children) {
      if (typeof child === "object" && child !== null) stack.push({ v: child as object, d: d + 1 });
    }
  }
  return false;
}

/** What {@link walkMemberPaths} reports; each callback is optional and costs nothing when absent. */
interface MemberVisitor {
  /** An object key at `offset`: the member's path (made when asked for) and whether the same object had the key already. */
  key?(path: () => string, offset: number, repeated: boolean): void;
  /** A number literal written with a fraction or an exponent, and the path of its value. */
  nonInteger?(path: string, literal: string): void;
}

/**
 * Walks valid JSON `text` keeping the path of the value at hand (`spec.containers[0].image`, as
 * upstream's strict decoder and the schema walk write paths): the one scanner behind the
 * duplicate-field and non-integer-literal checks.
 */
function walkMemberPaths(text: string, visit: MemberVisitor): void {
  /** One entry per open container: the keys seen (objects, when keys are reported) or the next index (arrays, else -1). */
  const frames: { keys: Set<string> | undefined; index: number }[] = [];
  const segments: string[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      if (expectKey) {
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        const segment = segments.length > 0 ? `.${key}` : key;
        if (visit.key) {
          const frame = frames[frames.length - 1]!;
          const keys = (frame.keys ??= new Set());
          const repeated = keys.has(key);
          keys.add(key);
          visit.key(() => segments.join("") + segment, start, repeated);
        }
        segments.push(segment);
        expectKey = false;
      }
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      let special = false;
      while (i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d === 0x2e || d === 0x65 || d === 0x45) special = true;
        else if (!(d === 0x2b || d === 0x2d || (d >= 0x30 && d <= 0x39))) break;
        i++;
      }
      if (special) visit.nonInteger?.(segments.join(""), text.slice(start, i + 1));
      continue;
    }
    switch (c) {
      case 0x7b /* { */:
        frames.push({ keys: undefined, index: -1 });
        expectKey = true;
        break;
      case 0x5b /* [ */:
        frames.push({ keys: undefined, index: 0 });
        segments.push("[0]");
        break;
      case 0x2c /* , */: {
        const frame = frames[frames.length - 1]!;
        segments.pop();
        if (frame.index >= 0) segments.push(`[${++frame.index}]`);
        else expectKey = true;
        break;
      }
      case 0x7d /* } */:
        // An object's last member's key (none for `{}`).
        if (!expectKey) segments.pop();
        frames.pop();
        expectKey = false;
        break;
      case 0x5d /* ] */:
        segments.pop();
        frames.pop();
        break;
      default:
        break;
    }
  }
}

/** What {@link nonIntegerLiterals} answers for most bodies: one empty map, not one per body. */
const NO_LITERALS: ReadonlyMap<string, string> = new Map();

/** A digit followed by `.`, `e` or `E`: where a fraction or exponent could begin. */
const DIGIT_THEN_FRACTION_OR_EXPONENT = /[0-9][.eE]/g;

const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Whether `text` may hold a number literal with a fraction or an exponent: some digit followed
 * by `.`, `e` or `E` whose run of digits (and sign) starts in a value position: after a key's
 * closing quote and `:`, after `,` or `[`, or at the start. Every such literal outside strings
 * passes; text inside strings seldom does, because a `:` there follows a quote only when escaped
 * (`"nginx:1.2.3"` and `"1.2.3"` do not), so most bodies skip the walk.
 */
function mayHoldNonIntegerLiteral(text: string): boolean {
  DIGIT_THEN_FRACTION_OR_EXPONENT.lastIndex = 0;
  for (let m = DIGIT_THEN_FRACTION_OR_EXPONENT.exec(text); m !== null; m = DIGIT_THEN_FRACTION_OR_EXPONENT.exec(text)) {
    let i = m.index;
    while (i > 0 && text.charCodeAt(i - 1) >= 0x30 && text.charCodeAt(i - 1) <= 0x39) i--;
    if (i > 0 && text.charCodeAt(i - 1) === 0x2d /* - */) i--;
    while (i > 0 && isBlank(text.charCodeAt(i - 1))) i--;
    if (i === 0) return true;
    const c = text.charCodeAt(i - 1);
    if (c === 0x2c /* , */ || c === 0x5b /* [ */) return true;
    if (c === 0x3a /* : */) {
      let j = i - 1;
      while (j > 0 && isBlank(text.charCodeAt(j - 1))) j--;
      if (j > 0 && text.charCodeAt(j - 1) === 0x22 /* " */) return true;
    }
  }
  return false;
}

/**
 * The number literals of valid JSON `text` written with a fraction or an exponent (`1.0`,
 * `1e2`), by the path of their value (`spec.ports[0].port`, as the schema walk writes paths).
 * Go's decoder refuses such literals for integer fields even when their value is whole; JSON.parse
 * keeps no trace of them. Empty, without a scan, when no literal can be one.
 */
export function nonIntegerLiterals(text: string): ReadonlyMap<string, string> {
  if (!mayHoldNonIntegerLiteral(text)) return NO_LITERALS;
  const out = new Map<string, string>();
  walkMemberPaths(text, { nonInteger: (path, literal) => out.set(path, literal) });
  return out;
}

/** A key that appears twice in one JSON object: its path (as upstream's strict decoder writes it) and where it first appeared. */
export interface DuplicateField {
  path: string;
  /** Offset of the repeat, where upstream's decoder reports it, to order it among unknown fields. */
  offset: number;
}

/**
 * Finds keys repeated within one JSON object of a body, in the order the repeats occur, each
 * path once (as sigs.k8s.io/json's strict decoding reports them: `spec.containers[0].image`).
 * JSON.parse keeps the last value silently, as Go does; the path is what fieldValidation
 * reports. The text must be valid JSON (it has been parsed already). With `offsets`, the
 * first offset of every key path is recorded there, to order duplicates among unknown fields.
 */
export function findDuplicateFields(text: string, offsets?: Map<string, number>): DuplicateField[] {
  const out: DuplicateField[] = [];
  const seen = new Set<string>();
  walkMemberPaths(text, {
    key(pathOf, offset, repeated) {
      // Most keys are neither repeated nor recorded: their path is never joined.
      if (!repeated && !offsets) return;
      const path = pathOf();
      if (repeated && !seen.has(path)) {
        seen.add(path);
        out.push({ path, offset });
      }
      if (offsets && !offsets.has(path)) offsets.set(path, offset);
    },
  });
  return out;
}

/** The keys of a parsed JSON value, at every depth: what remains of the text's keys once repeats collapsed. */
export function keyCount(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (const v of value) n += keyCount(v);
    return n;
  }
  for (const k in value) {
    n++;
    n += keyCount((value as Record<string, unknown>)[k]);
  }
  return n;
}
