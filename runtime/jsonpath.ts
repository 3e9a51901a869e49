/**
 * Kubernetes JSONPath (client-go's util/jsonpath) as printer columns use it: `.a.b`, `['a']`,
 * `[n]`, negative indexes, slices `[a:b:c]`, `[*]` and `.*`, unions `[a,b]`, recursive descent
 * `..name`, and filters `[?(@.type=="Ready")]` with ==, !=, <, <=, >, >= or existence. Paths
 * may be wrapped in `{}`. Parsed once; evaluation returns every match in document order.
 */

type Filter = { left: Operand; op?: string; right?: Operand };
type Operand = { path: Step[] } | { literal: unknown };
type Step =
  | { kind: "field"; name: string }
  | { kind: "wildcard" }
  | { kind: "recursive" }
  | { kind: "index"; indexes: number[] }
  | { kind: "slice"; start?: number; end?: number; step?: number }
  | { kind: "names"; names: string[] }
  | { kind: "filter"; filter: Filter };

export class JSONPathError extends Error {}

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  fail(what: string): never {
    throw new JSONPathError(`${what} at position ${this.i} in ${JSON.stringify(this.s)}`);
  }

  peek(n = 0): string {
    return this.s[this.i + n] ?? "";
  }

  name(): string {
    const m = /^[A-Za-z0-9_\-/$]+/.exec(this.s.slice(this.i));
    if (!m) this.fail("expected a field name");
    this.i += m[0].length;
    return m[0];
  }

  steps(stop: (c: string) => boolean): Step[] {
    const out: Step[] = [];
    while (this.i < this.s.length && !stop(this.peek())) {
      const c = this.peek();
      if (c === ".") {
        this.i++;
        if (this.peek() === ".") {
          this.i++;
          out.push({ kind: "recursive" });
          if (this.peek() === "[") continue;
        }
        if (this.peek() === "*") {
          this.i++;
          out.push({ kind: "wildcard" });
        } else if (this.i < this.s.length && !stop(this.peek()) && this.peek() !== "[") out.push({ kind: "field", name: this.name() });
      } else if (c === "[") out.push(this.bracket());
      else if (c === "$" && out.length === 0) this.i++;
      else this.fail(`unexpected ${JSON.stringify(c)}`);
    }
    return out;
  }

  bracket(): Step {
    this.i++;
    const close = (): void => {
      if (this.peek() !== "]") this.fail("unterminated array notation");
      this.i++;
    };
    if (this.peek() === "?") {
      this.i++;
      if (this.peek() !== "(") this.fail("expected ( after ?");
      this.i++;
      const filter = this.filter();
      if (this.peek() !== ")") this.fail("unterminated filter");
      this.i++;
      close();
      return { kind: "filter", filter };
    }
    if (this.peek() === "*") {
      this.i++;
      close();
      return { kind: "wildcard" };
    }
    if (this.peek() === "'" || this.peek() === '"') {
      const names: string[] = [];
      for (;;) {
        names.push(this.quoted());
        if (this.peek() !== ",") break;
        this.i++;
      }
      close();
      return { kind: "names", names };
    }
    const end = this.s.indexOf("]", this.i);
    if (end < 0) this.fail("unterminated array notation");
    const body = this.s.slice(this.i, end).replace(/\s+/g, "");
    this.i = end + 1;
    if (body.includes(":")) {
      const parts = body.split(":");
      if (parts.length > 3 || parts.some((p) => p !== "" && !/^-?\d+$/.test(p))) this.fail(`invalid array index ${body}`);
      const n = (p: string | undefined): number | undefined => (p === undefined || p === "" ? undefined : Number(p));
      return { kind: "slice", start: n(parts[0]), end: n(parts[1]), step: n(parts[2]) };
    }
    const parts = body.split(",");
    if (parts.some((p) => !/^-?\d+$/.test(p))) this.fail(`invalid array index ${body}`);
    return { kind: "index", indexes: parts.map(Number) };
  }

  quoted(): string {
    const q = this.peek();
    if (q !== "'" && q !== '"') this.fail("expected a quoted string");
    const end = this.s.indexOf(q, this.i + 1);
    if (end < 0) this.fail("unterminated string");
    const v = this.s.slice(this.i + 1, end);
    this.i = end + 1;
    return v;
  }

  skipSpace(): void {
    while (this.peek() === " ") this.i++;
  }

  operand(): Operand {
    this.skipSpace();
    const c = this.peek();
    if (c === "@") {
      this.i++;
      return { path: this.steps((x) => x === " " || x === ")" || x === "=" || x === "!" || x === "<" || x === ">") };
    }
    if (c === "'" || c === '"') return { literal: this.quoted() };
    const m = /^(-?\d+(\.\d+)?|true|false|null)/.exec(this.s.slice(this.i));
    if (!m) this.fail("expected @, a string or a number in the filter");
    this.i += m[0].length;
    return { literal: JSON.parse(m[0]) as unknown };
  }

  filter(): Filter {
    const left = this.operand();
    this.skipSpace();
    const m = /^(==|!=|<=|>=|<|>)/.exec(this.s.slice(this.i));
    if (!m) return { left };
    this.i += m[0].length;
    const right = this.operand();
    this.skipSpace();
    return { left, op: m[0], right };
  }
}

export interface JSONPath {
  /** Every value the path selects, in document order. */
  find(obj: unknown): unknown[];
}

function children(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "object" && v !== null)
    return Object.keys(v)
      .sort()
      .map((k) => (v as Record<string, unknown>)[k]);
  return [];
}

function descendants(v: unknown, out: unknown[]): void {
  out.push(v);
  for (const c of children(v)) descendants(c, out);
}

function compare(a: unknown, op: string, b: unknown): boolean {
  switch (op) {
    case "==":
      return a === b;
    case "!=":
      return a !== b;
    default: {
      if (typeof a !== typeof b || (typeof a !== "number" && typeof a !== "string")) return false;
      const x = a as number;
      const y = b as number;
      return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
    }
  }
}

function evalSteps(steps: Step[], roots: unknown[]): unknown[] {
  let cur = roots;
  for (const st of steps) {
    const next: unknown[] = [];
    for (const v of cur) {
      switch (st.kind) {
        case "field":
          if (typeof v === "object" && v !== null && !Array.isArray(v) && st.name in v) next.push((v as Record<string, unknown>)[st.name]);
          break;
        case "names":
          for (const n of st.names)
            if (typeof v === "object" && v !== null && !Array.isArray(v) && n in v) next.push((v as Record<string, unknown>)[n]);
          break;
        case "wildcard":
          next.push(...children(v));
          break;
        case "recursive":
          descendants(v, next);
          break;
        case "index":
          if (Array.isArray(v))
            for (const i of st.indexes) {
              const j = i < 0 ? v.length + i : i;
              if (j >= 0 && j < v.length) next.push(v[j]);
            }
          break;
        case "slice":
          if (Array.isArray(v)) {
            const n = v.length;
            const step = st.step ?? 1;
            const norm = (x: number | undefined, d: number): number => (x === undefined ? d : x < 0 ? Math.max(0, n + x) : Math.min(n, x));
            const start = norm(st.start, 0);
            const end = norm(st.end, n);
            if (step > 0) for (let i = start; i < end; i += step) next.push(v[i]);
          }
          break;
        case "filter":
          for (const item of Array.isArray(v) ? v : []) {
            const side = (o: Operand): unknown[] => ("literal" in o ? [o.literal] : evalSteps(o.path, [item]));
            const left = side(st.filter.left);
            if (!st.filter.op) {
              if (left.length > 0) next.push(item);
              continue;
            }
            const right = side(st.filter.right!);
            if (left.length > 0 && right.length > 0 && compare(left[0], st.filter.op, right[0])) next.push(item);
          }
          break;
      }
    }
    cur = next;
  }
  return cur;
}

/** Parses a JSONPath (throws JSONPathError with the position of the problem). */
export function parseJSONPath(path: string): JSONPath {
  const inner = path.trim().replace(/^\{([\s\S]*)\}$/, "$1");
  const p = new Parser(inner);
  const steps = p.steps(() => false);
  return { find: (obj) => evalSteps(steps, [obj]) };
}
