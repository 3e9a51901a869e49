/**
 * The generated canonical functions against the codecs they stand in for: for every message and
 * every registered kind, over values built from the model with odd shapes mixed in (empty and
 * absent lists and maps, zeros, nulls, lone surrogates, awkward map keys, int32s past 32 bits,
 * non-canonical base64, Go's zero time), canonical(x) must be decode(encode(x)): the same values
 * (Object.is), keys in the same order, so the same JSON text. Decoded objects (shared FieldsV1
 * trees and all) must come back as they are.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelIndex } from "../../generator/model/lookup.js";
import type { StructDecl } from "../../generator/model/types.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { scheme } from "../../generated/apis/register.js";
import { benchObjects } from "../../bench/fixtures/objects.js";
import {
  canonicalObject,
  decodeObject,
  encodeObject,
  newReader,
  newWriter,
  type KindRegistration,
  type Reader,
  type Writer,
} from "../../runtime/index.js";
import { arbitraryFor } from "../support/arbitrary.js";

const NUM_RUNS = 40;
/** A fixed seed: a failure reproduces run after run. */
const SEED = 0x0ca7_0b1c;

const here = path.dirname(fileURLToPath(import.meta.url));
const model = parseApi(path.join(here, "../../api"));
const index = new ModelIndex(model);

type Encode = (obj: never, w: Writer) => void;
type Decode = (r: Reader, end: number) => unknown;
type Canonical = (obj: never) => unknown;

interface MessageCase {
  pkg: string;
  name: string;
  encode: Encode;
  decode: Decode;
  canonical: Canonical | undefined;
}

const messages: MessageCase[] = [];
const kinds: { pkg: string; apiVersion: string; kind: string }[] = [];
for (const pkg of model.packages) {
  if (pkg.external || !pkg.protobuf) continue;
  const structs = pkg.types.filter((t): t is StructDecl => t.kind === "struct" && t.protobuf);
  if (!structs.length) continue;
  const dir = path.join(here, "../../generated/apis", pkg.path);
  const mod = (await import(/* @vite-ignore */ path.join(dir, "zz_generated.protobuf.js"))) as Record<string, unknown>;
  for (const decl of structs) {
    messages.push({
      pkg: pkg.path,
      name: decl.name,
      encode: mod[`encode${decl.name}`] as Encode,
      decode: mod[`decode${decl.name}`] as Decode,
      canonical: mod[`canonical${decl.name}`] as Canonical | undefined,
    });
  }
  let register: { groupVersion: { group: string; version: string }; kinds: readonly KindRegistration[] } | undefined;
  try {
    register = await import(/* @vite-ignore */ path.join(dir, "zz_generated.register.js"));
  } catch {
    register = undefined; // packages without kinds (runtime, intstr) have no register file
  }
  for (const k of register?.kinds ?? []) {
    if (k.protobuf === undefined) continue;
    const gv = register!.groupVersion;
    kinds.push({ pkg: pkg.path, apiVersion: gv.group ? `${gv.group}/${gv.version}` : gv.version, kind: k.kind });
  }
}

/**
 * Where `a` and `b` differ as values (Object.is, so -0 and NaN count) or in their keys' order,
 * or undefined when they do not: equal JSON text follows, and more.
 */
function difference(a: unknown, b: unknown, at = "$"): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return `${at}: ${String(a)} vs ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs not`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototypes differ`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join("\0") !== kb.join("\0")) return `${at}: keys ${JSON.stringify(ka)} vs ${JSON.stringify(kb)}`;
  for (const k of ka) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

function written(encode: Encode, obj: unknown): Uint8Array | undefined {
  const w = newWriter();
  try {
    encode(obj as never, w);
  } catch {
    // What the writer refuses is never stored, so never made canonical: not a case.
    return undefined;
  }
  return w.finish();
}

function read(decode: Decode, bytes: Uint8Array): unknown {
  return decode(newReader(bytes), bytes.length);
}

const stats = { messages: 0, kinds: 0, runs: 0, refused: 0 };

describe.each([...new Set(messages.map((m) => m.pkg))])("canonical messages of %s", (pkg) => {
  it.each(messages.filter((m) => m.pkg === pkg).map((m) => [m.name, m] as const))("%s", (_name, m) => {
    expect(m.canonical, `generated/apis/${m.pkg}/zz_generated.protobuf.ts exports canonical${m.name}`).toBeTypeOf("function");
    const canonical = m.canonical!;
    fc.assert(
      fc.property(arbitraryFor(index, m.pkg, m.name, { odd: true }), (x) => {
        const bytes = written(m.encode, x);
        if (bytes === undefined) {
          stats.refused++;
          return;
        }
        const decoded = read(m.decode, bytes);
        expect(difference(canonical(x as never), decoded)).toBeUndefined();
        expect(JSON.stringify(canonical(x as never))).toBe(JSON.stringify(decoded));
        // What was read is its own canonical form.
        expect(difference(canonical(decoded as never), read(m.decode, written(m.encode, decoded)!))).toBeUndefined();
        stats.runs++;
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    stats.messages++;
  });
});

describe.each([...new Set(kinds.map((k) => k.pkg))])("canonical objects of %s", (pkg) => {
  it.each(kinds.filter((k) => k.pkg === pkg).map((k) => [k.kind, k] as const))("%s", (_kind, k) => {
    fc.assert(
      fc.property(arbitraryFor(index, k.pkg, k.kind, { odd: true }), (x) => {
        const obj = { ...(x as object), apiVersion: k.apiVersion, kind: k.kind };
        let bytes: Uint8Array;
        try {
          bytes = encodeObject(scheme, obj);
        } catch {
          stats.refused++;
          return;
        }
        const decoded = decodeObject(scheme, bytes);
        const canonical = canonicalObject(scheme, obj);
        expect(difference(canonical, decoded)).toBeUndefined();
        expect(JSON.stringify(canonical)).toBe(JSON.stringify(decoded));
        expect(difference(canonicalObject(scheme, decoded), decoded)).toBeUndefined();
        stats.runs++;
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    stats.kinds++;
  });
});

describe("the benchmark's objects", () => {
  it.each(Object.entries(benchObjects()))("%s", (_kind, obj) => {
    const o = obj as { apiVersion: string; kind: string };
    const decoded = decodeObject(scheme, encodeObject(scheme, o));
    expect(difference(canonicalObject(scheme, o), decoded)).toBeUndefined();
    expect(difference(canonicalObject(scheme, decoded), decoded)).toBeUndefined();
  });
});

describe("canonical coverage", () => {
  it("covered every message and every kind, few values refused", () => {
    expect(stats.messages).toBe(messages.length);
    expect(stats.kinds).toBe(kinds.length);
    for (const kind of ["Pod", "ConfigMap", "Service", "Deployment", "Node", "CustomResourceDefinition"]) {
      expect(kinds.map((k) => k.kind)).toContain(kind);
    }
    expect(stats.refused).toBeLessThan(stats.runs / 10);
  });
});
