/**
 * fast-check arbitraries for any struct of the model, derived from the model itself: the same
 * field walk the emitters do (ModelIndex.jsonFields), so every type in api/ gets a generator
 * without anyone writing one by hand.
 *
 * Values look like decoded JSON of the type: optional fields are sometimes absent and sometimes
 * null, maps sometimes carry awkward keys ("__proto__", "constructor"), specials take their wire
 * forms. Recursive types (JSONSchemaProps) are cut after a fixed number of nested levels so
 * generation terminates and stays small.
 */
import fc from "fast-check";
import type { ModelIndex } from "../../generator/model/lookup.js";
import type { SpecialKind, StructDecl, TypeRef } from "../../generator/model/types.js";

export interface ArbitraryOptions {
  /** How many nested levels of a recursive struct (one that can contain itself) to generate. */
  maxRecursion?: number;
  /** Longest generated list. */
  maxItems?: number;
  /** Most keys in a generated map. */
  maxKeys?: number;
  /** One optional field in `nullFreq` that is present is null. */
  nullFreq?: number;
  /**
   * Honour list types as a valid object must: `+listType=map` lists hold each key tuple once,
   * `+listType=set` lists each element once (duplicates are dropped after generation).
   */
  listTypes?: boolean;
  /**
   * Mix in values the wire changes or that trip its edge cases: lone surrogates and characters
   * beyond ASCII and the BMP in strings and map keys, int32s beyond 32 bits, int64s beyond 2^53,
   * -0, non-canonical base64, Go's zero time, unset-looking quantities and durations ("").
   */
  odd?: boolean;
}

const DEFAULTS: Required<ArbitraryOptions> = {
  maxRecursion: 2,
  maxItems: 3,
  maxKeys: 3,
  nullFreq: 6,
  listTypes: false,
  odd: false,
};

/** Keeps the first element of each identity (by `keyOf`), dropping later duplicates. */
function uniqueBy(list: unknown, keyOf: (e: unknown) => string): unknown {
  if (!Array.isArray(list)) return list;
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = keyOf(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The identity of a list element under the field's list type, or undefined when any list will do. */
function listIdentity(f: { listType?: string; listMapKeys: string[] }): ((e: unknown) => string) | undefined {
  if (f.listType === "set") return (e) => JSON.stringify(e);
  if (f.listType === "map" && f.listMapKeys.length) {
    return (e) => JSON.stringify(f.listMapKeys.map((k) => (e as Record<string, unknown> | null)?.[k] ?? null));
  }
  return undefined;
}

type Arb = fc.Arbitrary<unknown>;
type NamedRef = Extract<TypeRef, { kind: "named" }>;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Fresh object per draw: `fc.constant({})` would hand out one shared instance. */
const emptyObject = (): Arb => fc.constant(null).map(() => ({}));
const emptyArray = (): Arb => fc.constant(null).map(() => []);

/** Map keys, with the keys that trip naive copies (`out[key] = v` on "__proto__") mixed in. */
export const mapKeyArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 8 }), weight: 6 },
  {
    arbitrary: fc.constantFrom("app.kubernetes.io/name", "a", "b", "x.y/z", ""),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty"),
    weight: 2,
  },
);

const dateArb = fc.date({
  min: new Date("1970-01-01T00:00:00Z"),
  max: new Date("2199-12-31T23:59:59Z"),
  noInvalidDate: true,
});

/** RFC 3339 at second precision, as metav1.Time marshals. */
const timeArb: fc.Arbitrary<string> = dateArb.map((d) => d.toISOString().replace(/\.\d{3}Z$/, "Z"));

/** RFC 3339 with microseconds, as metav1.MicroTime marshals. */
const microTimeArb: fc.Arbitrary<string> = fc
  .tuple(dateArb, fc.integer({ min: 0, max: 999_999 }))
  .map(([d, us]) => d.toISOString().replace(/\.\d{3}Z$/, `.${String(us).padStart(6, "0")}Z`));

/** Go duration strings: "1h2m3s", "300ms", "0s", "1.5s". */
const durationArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.nat({ max: 200 }), fc.nat({ max: 59 }), fc.nat({ max: 59 })).map(([h, m, s]) => `${h}h${m}m${s}s`),
  fc.tuple(fc.nat({ max: 999 }), fc.constantFrom("ns", "us", "ms", "s", "m", "h")).map(([n, u]) => `${n}${u}`),
  fc.constantFrom("0s", "1.5s", "-2m30s"),
);

/** Quantity strings: "100m", "1Gi", "0.5", "1e3". */
const quantityArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.nat({ max: 100_000 }), fc.constantFrom("", "m", "k", "M", "G", "T", "Ki", "Mi", "Gi", "Ti", "e3", "E6", "n", "u"))
    .map(([n, suffix]) => `${n}${suffix}`),
  fc.constantFrom("0", "0.5", "1.25Gi", "-1", "+3"),
);

const intOrStringArb: Arb = fc.oneof(
  fc.integer({ min: INT32_MIN, max: INT32_MAX }),
  fc.string({ maxLength: 8 }),
  fc.constantFrom("http", "50%", "8080"),
);

const jsonArb = (): Arb => fc.jsonValue({ maxDepth: 2 });

/** managedFields' fieldsV1: a small object of "f:name" keys holding small objects. */
const fieldsV1Arb: Arb = fc.letrec((tie) => ({
  node: fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 6 }).map((s) => `f:${s}`),
      fc.constantFrom(".", 'k:{"name":"a"}', 'v:"x"', "__proto__"),
    ),
    fc.oneof({ depthSize: "small", maxDepth: 3 }, emptyObject(), tie("node")),
    { maxKeys: 3, noNullPrototype: true },
  ),
})).node;

/** Odd forms of the specials: Go's zero time, unset-looking text, times with fractions and offsets. */
const ODD_SPECIALS: Partial<Record<SpecialKind, Arb>> = {
  Time: fc.constantFrom("", "0001-01-01T00:00:00Z", "2024-01-01T00:00:00.5Z", "2024-01-01T01:00:00+01:00"),
  MicroTime: fc.constantFrom("", "0001-01-01T00:00:00.000000Z", "2024-01-01T00:00:00.1234567Z", "2024-01-01T01:00:00+01:00"),
  Duration: fc.constantFrom("", "1.0000000001s", "90m"),
  Quantity: fc.constantFrom("", "1000m", "\u00b5"),
  IntOrString: fc.constantFrom(-0, "", "\ud800"),
  RawExtension: fc.constantFrom(-0, "\ud800", { a: -0, b: [1e21] }, { __proto__x: null }),
};

const primitiveArbs: Record<Extract<TypeRef, { kind: "primitive" }>["name"], Arb> = {
  string: fc.string({ maxLength: 12 }),
  boolean: fc.boolean(),
  int32: fc.integer({ min: INT32_MIN, max: INT32_MAX }),
  int64: fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -1000, max: 1000 })),
  float64: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -1000, max: 1000 })),
  bytes: fc.uint8Array({ maxLength: 16 }).map((b) => Buffer.from(b).toString("base64")),
};

/** Strings the writer changes (a lone surrogate becomes U+FFFD) or writes in more bytes than characters. */
const oddStrings = fc.constantFrom("", "\ud800", "a\udc00b", "\udbff\udfff", "\ufffd", "é", "日本語", "😀x", "\u0000");

const oddPrimitiveArbs: typeof primitiveArbs = {
  string: fc.oneof(
    { arbitrary: primitiveArbs.string, weight: 4 },
    { arbitrary: oddStrings, weight: 2 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 6 }), weight: 1 },
  ),
  boolean: primitiveArbs.boolean,
  int32: fc.oneof(primitiveArbs.int32, fc.constantFrom(-0, 2 ** 31, 2 ** 32 + 7, -(2 ** 31) - 1)),
  int64: fc.oneof(primitiveArbs.int64, fc.constantFrom(-0, 2 ** 53 + 2, -(2 ** 60), 2 ** 64 + 4096)),
  float64: fc.oneof(primitiveArbs.float64, fc.constantFrom(-0, 0.1, 1e300)),
  // Accepted as base64 but not as Go writes it: the unused bits are set ("QR==" reads as "QQ==").
  bytes: fc.oneof(primitiveArbs.bytes, fc.constantFrom("", "QR==", "QUJ=", "AAAA")),
};

const oddMapKeyArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: mapKeyArb, weight: 4 },
  { arbitrary: oddStrings, weight: 2 },
  { arbitrary: fc.constantFrom("\ud800", "\udc00", "\ufffd", "😀", "\uffff", "10", "2"), weight: 2 },
);

class ArbitraryBuilder {
  private readonly opts: Required<ArbitraryOptions>;
  /** Struct arbitraries by `pkg.Name#recursionBudget`; null when none can be built at that budget. */
  private readonly structs = new Map<string, Arb | null>();
  private readonly cyclic = new Map<string, boolean>();

  constructor(
    private readonly index: ModelIndex,
    options: ArbitraryOptions,
  ) {
    this.opts = { ...DEFAULTS, ...options };
  }

  /** The arbitrary for a struct, with the full recursion budget. */
  forStruct(pkg: string, name: string): Arb {
    const arb = this.struct(pkg, name, this.opts.maxRecursion);
    if (!arb) throw new Error(`cannot build values of ${pkg}.${name}`);
    return arb;
  }

  /** The arbitrary for any reference, with the full recursion budget. */
  forRef(ref: TypeRef): Arb {
    const arb = this.ref(ref, this.opts.maxRecursion);
    if (!arb) throw new Error(`cannot build values of ${JSON.stringify(ref)}`);
    return arb;
  }

  private structDecl(pkg: string, name: string): StructDecl {
    const d = this.index.decl(pkg, name);
    if (!d || d.kind !== "struct") throw new Error(`${pkg}.${name} is not a struct`);
    return d;
  }

  /** The structs a reference leads to directly (through aliases, lists, maps and specials). */
  private structRefs(ref: TypeRef, out: Array<[string, string]>): void {
    switch (ref.kind) {
      case "primitive":
        return;
      case "array":
        return this.structRefs(ref.elem, out);
      case "map":
        return this.structRefs(ref.value, out);
      case "named": {
        const d = this.index.resolve(ref);
        if (d.kind === "struct") out.push([ref.pkg, ref.name]);
        else if (d.kind === "alias") this.structRefs(d.target, out);
        else if (d.kind === "special" && d.special.startsWith("JSONSchemaProps")) out.push([ref.pkg, "JSONSchemaProps"]);
        return;
      }
    }
  }

  /** True when a struct can contain a value of its own type (directly or through others). */
  private isCyclic(pkg: string, name: string): boolean {
    const key = `${pkg}.${name}`;
    const known = this.cyclic.get(key);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    const stack: Array<[string, string]> = [[pkg, name]];
    let found = false;
    while (stack.length && !found) {
      const [p, n] = stack.pop()!;
      const refs: Array<[string, string]> = [];
      for (const f of this.index.jsonFields(this.structDecl(p, n))) this.structRefs(f.type, refs);
      for (const [rp, rn] of refs) {
        const k = `${rp}.${rn}`;
        if (k === key) found = true;
        if (!seen.has(k)) {
          seen.add(k);
          stack.push([rp, rn]);
        }
      }
    }
    this.cyclic.set(key, found);
    return found;
  }

  private struct(pkg: string, name: string, budget: number): Arb | undefined {
    const cacheKey = `${pkg}.${name}#${budget}`;
    if (this.structs.has(cacheKey)) return this.structs.get(cacheKey) ?? undefined;
    const s = this.structDecl(pkg, name);
    let inner = budget;
    if (this.isCyclic(pkg, name)) {
      if (budget <= 0) {
        this.structs.set(cacheKey, null);
        return undefined;
      }
      inner = budget - 1;
    }
    // Mark as in progress: a required cycle would otherwise recurse forever.
    this.structs.set(cacheKey, null);
    const model: Record<string, Arb> = {};
    const required: string[] = [];
    for (const f of this.index.jsonFields(s)) {
      let arb = this.ref(f.type, inner);
      const identity = this.opts.listTypes ? listIdentity(f) : undefined;
      if (arb && identity) arb = arb.map((list) => uniqueBy(list, identity));
      if (!arb) {
        if (!f.optional) {
          this.structs.delete(cacheKey);
          return undefined;
        }
        continue; // too deep: leave the optional field out
      }
      if (f.optional) {
        model[f.name] = fc.option(arb, { nil: null, freq: this.opts.nullFreq });
      } else {
        model[f.name] = arb;
        required.push(f.name);
      }
    }
    const arb: Arb = fc.record(model, {
      requiredKeys: required,
      noNullPrototype: true,
    });
    this.structs.set(cacheKey, arb);
    return arb;
  }

  private ref(ref: TypeRef, budget: number): Arb | undefined {
    switch (ref.kind) {
      case "primitive":
        return (this.opts.odd ? oddPrimitiveArbs : primitiveArbs)[ref.name];
      case "array": {
        const elem = this.ref(ref.elem, budget);
        return elem ? fc.array(elem, { maxLength: this.opts.maxItems }) : emptyArray();
      }
      case "map": {
        const value = this.ref(ref.value, budget);
        return value
          ? fc.dictionary(this.opts.odd ? oddMapKeyArb : mapKeyArb, value, {
              maxKeys: this.opts.maxKeys,
              noNullPrototype: true,
            })
          : emptyObject();
      }
      case "named":
        return this.named(ref, budget);
    }
  }

  private named(ref: NamedRef, budget: number): Arb | undefined {
    const d = this.index.resolve(ref);
    switch (d.kind) {
      case "struct":
        return this.struct(ref.pkg, ref.name, budget);
      case "enum":
        return d.values.length ? fc.constantFrom(...d.values) : fc.string({ maxLength: 8 });
      case "alias":
        return this.ref(d.target, budget);
      case "special":
        return this.special(ref.pkg, d.special, budget);
    }
  }

  private special(pkg: string, kind: SpecialKind, budget: number): Arb | undefined {
    const arb = this.plainSpecial(pkg, kind, budget);
    const odd = this.opts.odd ? ODD_SPECIALS[kind] : undefined;
    return arb && odd ? fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: odd, weight: 1 }) : arb;
  }

  private plainSpecial(pkg: string, kind: SpecialKind, budget: number): Arb | undefined {
    switch (kind) {
      case "Time":
        return timeArb;
      case "MicroTime":
        return microTimeArb;
      case "Duration":
        return durationArb;
      case "IntOrString":
        return intOrStringArb;
      case "Quantity":
        return quantityArb;
      case "RawExtension":
      case "JSON":
        return jsonArb();
      case "FieldsV1":
        return fieldsV1Arb;
      case "JSONSchemaPropsOrArray": {
        const props = this.struct(pkg, "JSONSchemaProps", budget);
        return props ? fc.oneof(props, fc.array(props, { maxLength: this.opts.maxItems })) : emptyArray();
      }
      case "JSONSchemaPropsOrBool": {
        const props = this.struct(pkg, "JSONSchemaProps", budget);
        return props ? fc.oneof(fc.boolean(), props) : fc.boolean();
      }
      case "JSONSchemaPropsOrStringArray": {
        const props = this.struct(pkg, "JSONSchemaProps", budget);
        const strings = fc.array(fc.string({ maxLength: 8 }), {
          maxLength: this.opts.maxItems,
        });
        return props ? fc.oneof(props, strings) : strings;
      }
    }
  }
}

const builders = new WeakMap<ModelIndex, Map<string, ArbitraryBuilder>>();
const arbitraries = new WeakMap<ArbitraryBuilder, Map<string, Arb>>();

function builderFor(index: ModelIndex, options: ArbitraryOptions): ArbitraryBuilder {
  let byOptions = builders.get(index);
  if (!byOptions) builders.set(index, (byOptions = new Map()));
  const key = JSON.stringify({ ...DEFAULTS, ...options });
  let b = byOptions.get(key);
  if (!b) byOptions.set(key, (b = new ArbitraryBuilder(index, options)));
  return b;
}

/**
 * An arbitrary producing JSON-shaped values of the struct `pkg.name` (cached per index, options
 * and type). Throws if the model has no such struct.
 */
export function arbitraryFor(index: ModelIndex, pkg: string, name: string, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const b = builderFor(index, options);
  let cache = arbitraries.get(b);
  if (!cache) arbitraries.set(b, (cache = new Map()));
  const key = `${pkg}.${name}`;
  let arb = cache.get(key);
  if (!arb) cache.set(key, (arb = b.forStruct(pkg, name)));
  return arb;
}

/** An arbitrary for any type reference (a field's type, a list of structs, a special, ...). */
export function arbitraryForRef(index: ModelIndex, ref: TypeRef, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return builderFor(index, options).forRef(ref);
}
