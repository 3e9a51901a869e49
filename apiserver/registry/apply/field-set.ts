/**
 * Sets of field paths as server-side apply tracks them: a tree keyed by upstream's FieldsV1 path
 * elements (`f:name`, `k:{"port":80}`, `v:"x"`, `i:0`), where a node is a member when the path
 * itself is in the set. Encodes to and from FieldsV1 and prints paths as upstream's errors do.
 */

/** One node of a field set: whether its own path is a member, and its children by path element. */
export class FieldSet {
  member = false;
  readonly children = new Map<string, FieldSet>();

  /** The child at `element`, created when missing. */
  child(element: string): FieldSet {
    let c = this.children.get(element);
    if (!c) {
      c = new FieldSet();
      this.children.set(element, c);
    }
    return c;
  }

  /** Adds a path (a list of path elements). */
  insert(path: readonly string[]): void {
    path.reduce<FieldSet>((node, e) => node.child(e), this).member = true;
  }

  has(path: readonly string[]): boolean {
    return this.descendant(path)?.member === true;
  }

  /** Whether some member path starts with `path` (or is it). */
  hasPrefix(path: readonly string[]): boolean {
    const node = this.descendant(path);
    return node !== undefined && !node.empty();
  }

  /** The node at `path` below this one, if the tree has it. */
  private descendant(path: readonly string[]): FieldSet | undefined {
    return path.reduce<FieldSet | undefined>((node, e) => node?.children.get(e), this);
  }

  empty(): boolean {
    if (this.member) return false;
    for (const c of this.children.values()) if (!c.empty()) return false;
    return true;
  }

  /** Every member path, depth first. */
  paths(prefix: string[] = []): string[][] {
    const out: string[][] = [];
    if (this.member) out.push(prefix);
    for (const [e, c] of this.children) out.push(...c.paths([...prefix, e]));
    return out;
  }

  union(other: FieldSet): FieldSet {
    if (other.children.size === 0 && !other.member) return this.clone();
    const out = this.clone();
    for (const p of other.paths()) out.insert(p);
    return out;
  }

  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const p of this.paths()) if (other.has(p)) out.insert(p);
    return out;
  }

  difference(other: FieldSet): FieldSet {
    // Every create and most updates remove nothing.
    if (other.children.size === 0 && !other.member) return this.clone();
    const out = new FieldSet();
    for (const p of this.paths()) if (!other.has(p)) out.insert(p);
    return out;
  }

  clone(): FieldSet {
    const out = new FieldSet();
    out.member = this.member;
    for (const [e, c] of this.children) out.children.set(e, c.clone());
    return out;
  }

  equals(other: FieldSet): boolean {
    const a = this.paths()
      .map((p) => JSON.stringify(p))
      .sort();
    const b = other
      .paths()
      .map((p) => JSON.stringify(p))
      .sort();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  /** The set as FieldsV1 JSON: `{}` for a leaf, `".": {}` for a member with children, elements in upstream's order. */
  toFieldsV1(): Record<string, unknown> {
    return this.encode() ?? {};
  }

  /** FieldsV1 of this node, undefined when nothing under it is a member: one pass, no separate emptiness walks. */
  private encode(): Record<string, unknown> | undefined {
    if (this.children.size === 0) return this.member ? {} : undefined;
    const encoded: [string, Record<string, unknown>][] = [];
    for (const [e, c] of this.children) {
      const v = c.encode();
      if (v !== undefined) encoded.push([e, v]);
    }
    if (encoded.length === 0) return this.member ? {} : undefined;
    if (encoded.length > 1) encoded.sort(([a], [b]) => compareElements(a, b));
    const out: Record<string, unknown> = {};
    if (this.member) out["."] = {};
    for (const [e, v] of encoded) out[e] = v;
    return out;
  }

  /** Reads FieldsV1 JSON; a node with no children is a member. */
  static fromFieldsV1(raw: unknown): FieldSet {
    const out = new FieldSet();
    fill(out, raw, true);
    out.member = false; // the root is never a member
    return out;
  }
}

function fill(node: FieldSet, raw: unknown, root: boolean): void {
  const entries = raw && typeof raw === "object" && !Array.isArray(raw) ? Object.entries(raw as Record<string, unknown>) : [];
  if (!root && entries.length === 0) node.member = true;
  for (const [k, v] of entries) {
    if (k === ".") node.member = true;
    else fill(node.child(k), v, false);
  }
}

const ELEMENT_ORDER = "fkvi";

/** Fields, then keys, values and indexes, each sorted: the order upstream serializes a set in. */
export function compareElements(a: string, b: string): number {
  const ka = ELEMENT_ORDER.indexOf(a[0] ?? "");
  const kb = ELEMENT_ORDER.indexOf(b[0] ?? "");
  if (ka !== kb) return ka - kb;
  if (a[0] === "i") return Number(a.slice(2)) - Number(b.slice(2));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The path element of an object field. */
export function fieldElement(name: string): string {
  return `f:${name}`;
}

/** Names that JSON.stringify would put first in an object whatever their place (array indexes). */
const INDEX_LIKE = /^(0|[1-9][0-9]*)$/;

/** The path element of a list-map item: its key fields (or their defaults), sorted by name, as compact JSON. */
export function keyElement(item: Record<string, unknown>, keys: readonly string[], defaults: Record<string, unknown> = {}): string {
  // Written directly rather than through a key object: this runs for every list-map item of
  // every apply and compare. Index-like names would be reordered by an object, so they take that way.
  const names = keys.length > 1 ? [...keys].sort() : keys;
  let out = "k:{";
  let first = true;
  let prev: string | undefined;
  for (const k of names) {
    if (k === prev || INDEX_LIKE.test(k) || k === "__proto__") return keyElementOfObject(item, names, defaults);
    prev = k;
    const v = item[k] !== undefined ? item[k] : defaults[k];
    // As in an object: an undefined value (or one JSON cannot write) leaves its key out.
    const json = v === undefined ? undefined : (JSON.stringify(v) as string | undefined);
    if (json === undefined) continue;
    out += `${first ? "" : ","}${quotedName(k)}:${json}`;
    first = false;
  }
  return `${out}}`;
}

/** Key field names as JSON strings; a schema has few, so they are kept. */
const QUOTED_NAMES = new Map<string, string>();

function quotedName(k: string): string {
  let q = QUOTED_NAMES.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    // Names come from schemas, but keep the map bounded whatever calls this.
    if (QUOTED_NAMES.size < 1024) QUOTED_NAMES.set(k, q);
  }
  return q;
}

function keyElementOfObject(item: Record<string, unknown>, names: readonly string[], defaults: Record<string, unknown>): string {
  const key: Record<string, unknown> = {};
  for (const k of names) {
    const v = item[k] !== undefined ? item[k] : defaults[k];
    if (v !== undefined) key[k] = v;
  }
  return `k:${JSON.stringify(key)}`;
}

/** The path element of a set item. */
export function valueElement(value: unknown): string {
  return `v:${JSON.stringify(value)}`;
}

export function indexElement(i: number): string {
  return `i:${i}`;
}

/** A path as upstream prints it in conflicts: `.spec.ports[port=80,protocol="TCP"].name`, `[=x]`, `[0]`. */
export function pathString(path: readonly string[]): string {
  return path
    .map((e) => {
      const body = e.slice(2);
      switch (e[0]) {
        case "f":
          return `.${body}`;
        case "k": {
          const key = JSON.parse(body) as Record<string, unknown>;
          return `[${Object.entries(key)
            .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
            .join(",")}]`;
        }
        case "v":
          return `[=${body}]`;
        default:
          return `[${body}]`;
      }
    })
    .join("");
}
