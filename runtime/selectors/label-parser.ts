/** The lexer and recursive-descent parser of label selector strings, with upstream's grammar and error messages. */
import type { LabelOperator } from "./labels.js";
import { compareBytewise } from "../go-strings.js";
import { invalidFieldError, InvalidSelectorError, isQualifiedName } from "./validation.js";

/** The token kinds of the selector grammar. */
export type LabelToken =
  | "error"
  | "end"
  | "closePar"
  | "comma"
  | "doesNotExist"
  | "doubleEquals"
  | "equals"
  | "greaterThan"
  | "identifier"
  | "in"
  | "lessThan"
  | "notEquals"
  | "notIn"
  | "openPar";

const LITERAL_TOKENS: Readonly<Record<string, LabelToken>> = {
  ")": "closePar",
  ",": "comma",
  "!": "doesNotExist",
  "==": "doubleEquals",
  "=": "equals",
  ">": "greaterThan",
  in: "in",
  "<": "lessThan",
  "!=": "notEquals",
  notin: "notIn",
  "(": "openPar",
};

function literalToken(s: string): LabelToken | undefined {
  return Object.prototype.hasOwnProperty.call(LITERAL_TOKENS, s) ? LITERAL_TOKENS[s] : undefined;
}

function isWhitespace(ch: string): boolean {
  return ch === " " || ch === "\t" || ch === "\r" || ch === "\n";
}

function isSpecial(ch: string): boolean {
  return ch === "=" || ch === "!" || ch === "(" || ch === ")" || ch === "," || ch === ">" || ch === "<";
}

/** One scanned token with its text. */
export interface ScannedToken {
  token: LabelToken;
  literal: string;
}

/** Splits a selector into tokens; the last one is always `end`. */
export function lexLabelSelector(s: string): ScannedToken[] {
  const out: ScannedToken[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isWhitespace(s[pos]!)) pos++;
    if (pos >= s.length) {
      out.push({ token: "end", literal: "" });
      return out;
    }
    if (isSpecial(s[pos]!)) {
      // The longest run of special characters that still forms a token wins ("!=" over "!").
      let buffer = "";
      let last: ScannedToken | undefined;
      while (pos < s.length && isSpecial(s[pos]!)) {
        buffer += s[pos]!;
        const tok = literalToken(buffer);
        if (tok !== undefined) last = { token: tok, literal: buffer };
        else if (last !== undefined) break;
        pos++;
      }
      out.push(last ?? { token: "error", literal: `error expected: keyword found '${buffer}'` });
      continue;
    }
    const start = pos;
    while (pos < s.length && !isSpecial(s[pos]!) && !isWhitespace(s[pos]!)) pos++;
    const word = s.slice(start, pos);
    out.push({ token: literalToken(word) ?? "identifier", literal: word });
  }
}

/** Makes (and validates) one requirement; the parser calls it as soon as a requirement is read. */
export type RequirementFactory<R> = (key: string, operator: LabelOperator, values: readonly string[]) => R;

/** Where the parser is: after a key, or among values, where `in`/`notin` are plain identifiers. */
type Context = "keyAndOperator" | "values";

class Parser<R> {
  private position = 0;

  constructor(
    private readonly items: ScannedToken[],
    private readonly make: RequirementFactory<R>,
  ) {}

  private lookahead(context: Context): ScannedToken {
    return this.asContext(this.items[this.position]!, context);
  }

  private consume(context: Context): ScannedToken {
    return this.asContext(this.items[this.position++]!, context);
  }

  private asContext(item: ScannedToken, context: Context): ScannedToken {
    if (context === "values" && (item.token === "in" || item.token === "notIn")) return { token: "identifier", literal: item.literal };
    return item;
  }

  parse(): R[] {
    const reqs: R[] = [];
    for (;;) {
      const { token, literal } = this.lookahead("values");
      if (token === "end") return reqs;
      if (token !== "identifier" && token !== "doesNotExist") {
        throw new InvalidSelectorError(`found '${literal}', expected: !, identifier, or 'end of string'`);
      }
      reqs.push(this.parseRequirementOrThrow());
      const next = this.consume("values");
      if (next.token === "end") return reqs;
      if (next.token !== "comma") throw new InvalidSelectorError(`found '${next.literal}', expected: ',' or 'end of string'`);
      const after = this.lookahead("values");
      if (after.token !== "identifier" && after.token !== "doesNotExist") {
        throw new InvalidSelectorError(`found '${after.literal}', expected: identifier after ','`);
      }
    }
  }

  private parseRequirementOrThrow(): R {
    try {
      return this.parseRequirement();
    } catch (err) {
      throw new InvalidSelectorError(`unable to parse requirement: ${(err as Error).message}`);
    }
  }

  private parseRequirement(): R {
    const { key, operator } = this.parseKeyAndInferOperator();
    if (operator === "exists" || operator === "!") return this.make(key, operator, []);
    const op = this.parseOperator();
    const values = op === "in" || op === "notin" ? this.parseValues() : this.parseExactValue();
    return this.make(key, op, [...values].sort(compareBytewise));
  }

  private parseKeyAndInferOperator(): { key: string; operator: LabelOperator | undefined } {
    let operator: LabelOperator | undefined;
    let item = this.consume("values");
    if (item.token === "doesNotExist") {
      operator = "!";
      item = this.consume("values");
    }
    if (item.token !== "identifier") throw new Error(`found '${item.literal}', expected: identifier`);
    const keyErrs = isQualifiedName(item.literal);
    // Upstream validates the key here against a nil field path, which prints as "<nil>".
    if (keyErrs.length > 0) throw new Error(invalidFieldError("<nil>", item.literal, keyErrs.join("; ")));
    const next = this.lookahead("values").token;
    if ((next === "end" || next === "comma") && operator !== "!") operator = "exists";
    return { key: item.literal, operator };
  }

  private parseOperator(): LabelOperator {
    const { token, literal } = this.consume("keyAndOperator");
    switch (token) {
      case "in":
        return "in";
      case "equals":
        return "=";
      case "doubleEquals":
        return "==";
      case "greaterThan":
        return "gt";
      case "lessThan":
        return "lt";
      case "notIn":
        return "notin";
      case "notEquals":
        return "!=";
      default:
        throw new Error(`found '${literal}', expected: in, notin, =, ==, !=, gt, lt`);
    }
  }

  private parseValues(): Set<string> {
    const open = this.consume("values");
    if (open.token !== "openPar") throw new Error(`found '${open.literal}' expected: '('`);
    const first = this.lookahead("values");
    switch (first.token) {
      case "identifier":
      case "comma": {
        const values = this.parseIdentifiersList();
        // Upstream reports the token after "(" here, not the one that failed.
        if (this.consume("values").token !== "closePar") throw new Error(`found '${first.literal}', expected: ')'`);
        return values;
      }
      case "closePar":
        this.consume("values");
        return new Set([""]);
      default:
        throw new Error(`found '${first.literal}', expected: ',', ')' or identifier`);
    }
  }

  private parseIdentifiersList(): Set<string> {
    const values = new Set<string>();
    for (;;) {
      const { token, literal } = this.consume("values");
      if (token === "identifier") {
        values.add(literal);
        const next = this.lookahead("values");
        if (next.token === "comma") continue;
        if (next.token === "closePar") return values;
        throw new Error(`found '${next.literal}', expected: ',' or ')'`);
      }
      if (token === "comma") {
        // Empty slots ("(,a)", "(a,)", "(a,,b)") stand for the empty value.
        if (values.size === 0) values.add("");
        const next = this.lookahead("values").token;
        if (next === "closePar") {
          values.add("");
          return values;
        }
        if (next === "comma") {
          this.consume("values");
          values.add("");
        }
        continue;
      }
      throw new Error(`found '${literal}', expected: ',', or identifier`);
    }
  }

  private parseExactValue(): Set<string> {
    const next = this.lookahead("values").token;
    if (next === "end" || next === "comma") return new Set([""]);
    const { token, literal } = this.consume("values");
    if (token === "identifier") return new Set([literal]);
    throw new Error(`found '${literal}', expected: identifier`);
  }
}

/**
 * Parses a selector into requirements in the order written (callers sort them by key).
 * @throws InvalidSelectorError with upstream's message.
 */
export function parseLabelRequirements<R>(selector: string, make: RequirementFactory<R>): R[] {
  return new Parser(lexLabelSelector(selector), make).parse();
}
