/**
 * Round-trip fuzzing of every kind the generated schemes register (the built-in API and the
 * CronTab example), as apimachinery's roundtrip tests do: random objects derived from the model
 * (formats, int32/int64 ranges, Time, bytes, IntOrString, Quantity, maps, and list types honoured)
 * must survive JSON -> object -> protobuf -> object -> JSON unchanged, through the merged scheme's
 * `k8s\0` envelope; and the scheme's deepcopy of the decoded object must be equal to it and share
 * no object or array with it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelIndex } from "../../generator/model/lookup.js";
import type { Model, StructDecl } from "../../generator/model/types.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { scheme as builtinScheme } from "../../generated/apis/register.js";
import { scheme as crontabScheme } from "../../examples/crontab/generated/apis/register.js";
import { decodeObject, encodeObject, mergeSchemes, type KindRegistration } from "../../runtime/index.js";
import { arbitraryFor } from "../support/arbitrary.js";
import { sharedContainers } from "../support/walk.js";

const NUM_RUNS = 100;
const SEED = 0x5eed_12c;

type Tester = Parameters<typeof expect.addEqualityTesters>[0][number];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Plain objects compared by own keys (an own "constructor" map key must not confuse vitest). */
const plainObjectEquality: Tester = function (a, b, testers) {
  if (!isPlainObject(a) || !isPlainObject(b)) return undefined;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && this.equals(a[k], b[k], testers, true));
};
expect.addEqualityTesters([plainObjectEquality]);

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(here, "../..");
const scheme = mergeSchemes(builtinScheme, crontabScheme);

interface KindCase {
  /** Which API tree it comes from, for the test names. */
  tree: string;
  index: ModelIndex;
  pkg: string;
  apiVersion: string;
  kind: string;
  reg: KindRegistration;
}

/** The kinds of one API tree: every register file of its own (not library) packages. */
async function kindsOf(tree: string, model: Model, generatedDir: string): Promise<KindCase[]> {
  const index = new ModelIndex(model);
  const out: KindCase[] = [];
  for (const pkg of model.packages) {
    if (pkg.external) continue;
    let register: { groupVersion: { group: string; version: string }; kinds: readonly KindRegistration[] } | undefined;
    try {
      // A computed specifier so vite resolves it at run time (`.js` to `.ts`).
      register = await import(/* @vite-ignore */ path.join(generatedDir, pkg.path, "zz_generated.register.js"));
    } catch {
      register = undefined; // packages without kinds have no register file
    }
    if (!register) continue;
    const gv = register.groupVersion;
    for (const reg of register.kinds) {
      out.push({ tree, index, pkg: pkg.path, apiVersion: gv.group ? `${gv.group}/${gv.version}` : gv.version, kind: reg.kind, reg });
    }
  }
  return out;
}

const builtinModel = parseApi(path.join(ROOT, "api"));
const crontabModel = parseApi(path.join(ROOT, "examples/crontab/api"), { libraryRoots: [path.join(ROOT, "api")] });
const cases = [
  ...(await kindsOf("api", builtinModel, path.join(ROOT, "generated/apis"))),
  ...(await kindsOf("examples/crontab", crontabModel, path.join(ROOT, "examples/crontab/generated/apis"))),
];

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const stats = { kinds: 0, protobufKinds: 0, runs: 0 };

describe.each([...new Set(cases.map((c) => `${c.tree}: ${c.apiVersion}`))])("round trips of %s", (group) => {
  it.each(cases.filter((c) => `${c.tree}: ${c.apiVersion}` === group).map((c) => [c.kind, c] as const))("%s", (_kind, c) => {
    const registered = scheme.kind({ ...splitApiVersion(c.apiVersion), kind: c.kind });
    expect(registered, `${c.apiVersion} ${c.kind} is in the merged scheme`).toBeDefined();
    expect(c.reg.deepCopy, `${c.kind} has a deepcopy function`).toBeTypeOf("function");
    const decl = c.index.decl(c.pkg, c.kind);
    expect(decl?.kind, `${c.pkg}.${c.kind} is a struct of the model`).toBe("struct");
    const hasProtobuf = c.reg.protobuf !== undefined;
    // WatchEvent has no TypeMeta: only the envelope carries its kind, and a copy has none.
    const fields = new Set(c.index.jsonFields(decl as StructDecl).map((f) => f.name));
    const typeMeta = fields.has("kind") && fields.has("apiVersion");
    if (hasProtobuf) expect((decl as StructDecl).protobuf).toBe(true);

    // kind and apiVersion first, where Go's JSON and the decoders put them.
    const arb = arbitraryFor(c.index, c.pkg, c.kind, { listTypes: true }).map((x) =>
      Object.assign({ kind: c.kind, apiVersion: c.apiVersion }, x, { kind: c.kind, apiVersion: c.apiVersion }),
    );
    fc.assert(
      fc.property(arb, (generated) => {
        // The Go-canonical form (what Go's JSON of the decoded object shows): one trip through
        // protobuf, or for kinds with no message, the JSON text itself.
        const canonical = hasProtobuf ? decodeObject(scheme, encodeObject(scheme, generated)) : JSON.parse(JSON.stringify(generated));
        const json = JSON.stringify(canonical);

        // JSON -> object -> protobuf -> object -> JSON: the same text, and the same bytes again.
        const obj = JSON.parse(json) as { apiVersion: string; kind: string };
        if (hasProtobuf) {
          const bytes = encodeObject(scheme, obj);
          const back = decodeObject(scheme, bytes);
          expect(JSON.stringify(back)).toBe(json);
          expect(back).toStrictEqual(obj);
          expect(hex(encodeObject(scheme, back as typeof obj))).toBe(hex(bytes));
        }

        // deepcopy: equal, disjoint, and the original untouched by it. (Key order may differ:
        // a copy writes fields in declaration order, a decode kind and apiVersion first.)
        const copy = scheme.deepCopy(obj);
        const { kind: _k, apiVersion: _v, ...bare } = obj;
        expect(copy).toStrictEqual(typeMeta ? obj : bare);
        expect(sharedContainers(obj, copy)).toEqual([]);
        expect(JSON.stringify(obj)).toBe(json);
        if (hasProtobuf && typeMeta) expect(hex(encodeObject(scheme, copy))).toBe(hex(encodeObject(scheme, obj)));
        stats.runs++;
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    stats.kinds++;
    if (hasProtobuf) stats.protobufKinds++;
  });
});

function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf("/");
  return i < 0 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

describe("round-trip coverage", () => {
  it("covered every registered kind of both trees, the CronTab example's included", () => {
    expect(cases.length).toBeGreaterThan(40);
    expect(stats.kinds).toBe(cases.length);
    expect(stats.runs).toBe(cases.length * NUM_RUNS);
    expect(stats.protobufKinds).toBeGreaterThan(40);
    // Every kind the merged scheme serves as a resource is among them.
    const covered = new Set(cases.map((c) => `${c.apiVersion} ${c.kind}`));
    const served = scheme.groupVersions().flatMap((gv) =>
      scheme
        .resourcesFor(gv)
        // Create-only kinds (the reviews) have no list type, as upstream's.
        .flatMap((r) =>
          [r.kind, ...(r.verbs.includes("list") ? [r.listKind] : [])].map(
            (k) => `${gv.group ? `${gv.group}/${gv.version}` : gv.version} ${k}`,
          ),
        ),
    );
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((k) => !covered.has(k))).toEqual([]);
    expect(cases.filter((c) => c.tree === "examples/crontab").map((c) => c.kind)).toEqual(["CronTab", "CronTabList"]);
    for (const kind of ["Service", "ConfigMap", "CustomResourceDefinition", "Lease", "Role", "Status"]) {
      expect(cases.map((c) => c.kind)).toContain(kind);
    }
  });
});
