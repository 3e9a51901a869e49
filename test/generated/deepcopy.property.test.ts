/**
 * Property tests of the generated deepcopy functions: for every struct of every package in
 * api/, random values built from the model must copy to an equal value that shares no object
 * or array with the original, and scribbling over the copy must leave the original untouched.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelIndex } from "../../generator/model/lookup.js";
import type { StructDecl } from "../../generator/model/types.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { arbitraryFor } from "../support/arbitrary.js";
import { MUTATION_KEY, isContainer, mutateEverywhere, reachableContainers, sharedContainers } from "../support/walk.js";

const NUM_RUNS = 100;
/** A fixed seed: a failure reproduces run after run. */
const SEED = 0xdee9_c0b1;

type Tester = Parameters<typeof expect.addEqualityTesters>[0][number];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * Strict equality of plain objects by prototype, own keys and values. vitest's `typeEquality`
 * compares `a.constructor === b.constructor`, which an own "constructor" key holding an object
 * (a legal map key: `properties: { constructor: {...} }`) makes fail for any correct copy; this
 * tester decides plain objects first, and is at least as strict otherwise.
 */
const plainObjectEquality: Tester = function (a, b, testers) {
  if (!isPlainObject(a) || !isPlainObject(b)) return undefined;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && this.equals(a[k], b[k], testers, true));
};
expect.addEqualityTesters([plainObjectEquality]);

const here = path.dirname(fileURLToPath(import.meta.url));
const model = parseApi(path.join(here, "../../api"));
const index = new ModelIndex(model);

type CopyFn = (src: unknown) => unknown;

interface Case {
  pkg: string;
  name: string;
  decl: StructDecl;
  copy: CopyFn | undefined;
}

interface PackageCases {
  pkg: string;
  cases: Case[];
}

const packages: PackageCases[] = [];
for (const pkg of model.packages) {
  if (pkg.external || !pkg.deepcopy) continue;
  const structs = pkg.types.filter((t): t is StructDecl => t.kind === "struct" && t.deepcopy);
  if (!structs.length) continue;
  // A computed specifier (not a template literal) so vite resolves it at run time, `.js` to `.ts`.
  const file = path.join(here, "../../generated/apis", pkg.path, "zz_generated.deepcopy.js");
  const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
  packages.push({
    pkg: pkg.path,
    cases: structs.map((decl) => {
      const fn = mod[`deepCopy${decl.name}`];
      return {
        pkg: pkg.path,
        name: decl.name,
        decl,
        copy: typeof fn === "function" ? (fn as CopyFn) : undefined,
      };
    }),
  });
}

/** What the generated values exercised, summed over all types: the test must not pass on trivia. */
const stats = { types: 0, runs: 0, nullFields: 0, protoKeys: 0, containers: 0 };

function countProtoKeys(value: unknown): number {
  let n = 0;
  for (const c of reachableContainers(value)) if (!Array.isArray(c) && Object.hasOwn(c, "__proto__")) n++;
  return n;
}

describe.each(packages.map((p) => [p.pkg, p.cases] as const))("deepcopy of %s", (_pkg, cases) => {
  it.each(cases.map((c) => [`deepCopy${c.name}`, c] as const))("%s", (_title, { pkg, name, decl, copy }) => {
    expect(copy, `generated/apis/${pkg}/zz_generated.deepcopy.ts exports deepCopy${name}`).toBeTypeOf("function");
    const deepCopy = copy!;
    expect(deepCopy(null)).toBeNull();
    expect(deepCopy(undefined)).toBeUndefined();

    const fields = index.jsonFields(decl).map((f) => f.name);
    const seenSet = new Set<string>(); // fields seen holding a value (not absent, not null)
    const arb = arbitraryFor(index, pkg, name);

    fc.assert(
      fc.property(arb, (original) => {
        expect(isContainer(original)).toBe(true);
        const o = original as Record<string, unknown>;
        for (const f of fields) {
          if (o[f] === null) stats.nullFields++;
          else if (Object.hasOwn(o, f)) seenSet.add(f);
        }
        stats.protoKeys += countProtoKeys(original);
        stats.runs++;

        const snapshot = JSON.stringify(original);
        const copied = deepCopy(original);

        // (1) equal, with absent kept absent and null kept null.
        expect(copied).toStrictEqual(original);

        // (2) no object or array of the copy is one of the original's.
        expect(sharedContainers(original, copied)).toEqual([]);

        // (3) scribbling over the copy leaves the original as it was.
        stats.containers += mutateEverywhere(copied);
        expect((copied as Record<string, unknown>)[MUTATION_KEY]).toBe(true);
        expect(JSON.stringify(original)).toBe(snapshot);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );

    // Every field of the type was generated with a value at least once.
    expect(fields.filter((f) => !seenSet.has(f))).toEqual([]);
    stats.types++;
  });
});

describe("deepcopy property coverage", () => {
  it("covered every struct of the built-in packages with non-trivial values", () => {
    const all = packages.flatMap((p) => p.cases);
    expect(all.length).toBeGreaterThan(60);
    expect(stats.types).toBe(all.length);
    expect(stats.runs).toBe(all.length * NUM_RUNS);
    expect(stats.nullFields).toBeGreaterThan(0);
    expect(stats.protoKeys).toBeGreaterThan(0);
    expect(stats.containers).toBeGreaterThan(stats.runs);
    for (const pkg of ["core/v1", "meta/v1", "apiextensions/v1", "rbac/v1", "coordination/v1"]) {
      expect(packages.map((p) => p.pkg)).toContain(pkg);
    }
  });
});
