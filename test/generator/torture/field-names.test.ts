/**
 * Field names, arbitrary ones included: a name the generated code cannot carry (an
 * Object.prototype member, a name outside JSON-name characters) is refused with file:line;
 * any other name, JavaScript reserved words among them, comes through deepcopy and protobuf
 * round trips as an own property, and an unset field stays absent.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generate } from "../../../generator/generate.js";
import { GeneratorError } from "../../../generator/model/diagnostics.js";
import { PROTOTYPE_NAMES } from "../../../generator/parse/field-tags.js";
import { Reader, Writer } from "../../../runtime/index.js";
import { OUT, REPO } from "./harness.js";

const DOC = `/**
 * Package v1 holds one struct with an arbitrary field name.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +kubegen:go-package=example.com/torture/names/v1
 */
export {};
`;

const types = (name: string): string => `/** Thing has the field under test. */
export interface Thing {
  /**
   * The field under test.
   * +optional
   * +protobuf=1,name=underTest
   */
  ${JSON.stringify(name)}?: string;
  /**
   * Another field.
   * +optional
   * +protobuf=2
   */
  other?: string;
}
`;

const JSON_NAME = /^[A-Za-z_$][A-Za-z0-9_$.-]*$/;
const nameArb = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES, "class", "delete", "default", "function", "in", "new", "then", "$ref", "x-kubernetes-a", "a.b", "_"),
  fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$.-]{0,8}$/),
  fc.string({ maxLength: 6 }),
);

let run = 0;

describe("field names", () => {
  it("are refused with file:line or carried as own properties through deepcopy and protobuf", async () => {
    await fc.assert(
      fc.asyncProperty(nameArb, async (name) => {
        const dir = path.join(OUT, "names", String(run++));
        fs.rmSync(dir, { recursive: true, force: true });
        const pkg = path.join(dir, "api/t/v1");
        fs.mkdirSync(pkg, { recursive: true });
        fs.writeFileSync(path.join(pkg, "doc.ts"), DOC);
        fs.writeFileSync(path.join(pkg, "types.ts"), types(name));
        const out = path.join(dir, "out");
        const refused = PROTOTYPE_NAMES.has(name) || !JSON_NAME.test(name) || name === "other";
        const result = await generate({
          input: path.join(dir, "api"),
          output: out,
          runtimeImport: "kubegen/runtime",
          libraryRoots: [path.join(REPO, "api")],
        }).then(
          () => undefined,
          (err: unknown) => err,
        );
        if (refused) {
          expect(result).toBeInstanceOf(GeneratorError);
          const [d, ...rest] = (result as GeneratorError).diagnostics;
          expect(rest).toEqual([]);
          expect(`${path.relative(dir, d!.pos.file)}:${d!.pos.line}`).toBe("api/t/v1/types.ts:8");
          expect(d!.message).toMatch(
            name === "other"
              ? /JSON name "other" is used twice/
              : /^Thing(\.\S+)?: (a field may not be named|field name .* must start with)/,
          );
          return;
        }
        expect(result).toBeUndefined();
        const mod = (await import(path.join(out, "apis/t/v1/index.ts"))) as Record<string, (...a: never[]) => unknown>;
        const copy = mod.deepCopyThing as (x: object) => object;
        const encode = mod.encodeThing as (x: object, w: Writer) => void;
        const decode = mod.decodeThing as (r: Reader, end: number) => object;
        const roundTrip = (x: object): object => {
          const w = Writer.create();
          encode(x, w);
          const b = w.finish();
          return decode(Reader.create(b), b.length);
        };
        const set = { [name]: "v", other: "w" };
        for (const back of [copy(set), roundTrip(set)]) {
          expect(back).toEqual(set);
          expect(Object.keys(back).sort()).toEqual([name, "other"].sort());
        }
        for (const back of [copy({ other: "w" }), roundTrip({ other: "w" })]) {
          expect(Object.hasOwn(back, name)).toBe(false);
        }
      }),
      { seed: 22, numRuns: 12 },
    );
  });
});
