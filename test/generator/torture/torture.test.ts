/**
 * The torture suite: small API packages that exercise every tag and TypeScript shape, valid and
 * invalid. An invalid case must give exactly its expected `file:line` errors and write nothing;
 * a valid one must give output its readers take as meant: strict tsc compiles it, protoc accepts
 * its .proto files, a YAML 1.1 reader (kubectl's) reads its CRDs as the values the generator
 * meant and the apiserver accepts them, and deepcopy and protobuf round trips of fast-check
 * samples hold. tsc runs once over every case.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import descriptor from "protobufjs/ext/descriptor.js";
import { parse } from "yaml";
import { crdResources, customResourceDefinition } from "../../../generator/emit/crd/index.js";
import { protoFiles } from "../../../generator/model/proto-model.js";
import { ModelIndex } from "../../../generator/model/lookup.js";
import type { StructDecl } from "../../../generator/model/types.js";
import { Reader, Writer } from "../../../runtime/index.js";
import { arbitraryFor } from "../../support/arbitrary.js";
import type { TestServer } from "../../apiserver/server/harness.js";
import { CRD_PATH, json, startCRDServer } from "../../apiserver/apiextensions/support.js";
import { caseChecks } from "./checks.js";
import { caseNames, type CaseResult, filesUnder, OUT, protoc, runCase, typecheck } from "./harness.js";

const names = caseNames();
const results = new Map<string, CaseResult>();
let tscErrors = new Map<string, string[]>();
let server: TestServer;

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  for (const name of names) results.set(name, await runCase(name));
  const valid = [...results.values()].filter((r) => r.model);
  tscErrors = typecheck(valid);
  server = await startCRDServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const errorCases = names.filter((n) => JSON.parse(fs.readFileSync(path.join("test/fixtures/torture", n, "expect.json"), "utf8")).errors);
const validCases = names.filter((n) => !errorCases.includes(n));

describe("torture: invalid input gives exactly the expected file:line errors and writes nothing", () => {
  it.each(errorCases)("%s", (name) => {
    const r = results.get(name)!;
    expect(r.crash).toBeUndefined();
    expect(r.errors).toEqual(r.expect.errors);
    expect(filesUnder(r.out)).toEqual([]);
  });
});

describe("torture: valid input gives output its readers accept", () => {
  it("tsc found nothing outside the cases' output", () => {
    expect(tscErrors.get("(tsc)")).toBeUndefined();
  });

  describe.each(validCases)("%s", (name) => {
    const r = (): CaseResult => results.get(name)!;

    it("generates without errors", () => {
      expect(r().crash).toBeUndefined();
      expect(r().errors).toBeUndefined();
    });

    it("compiles with strict tsc", () => {
      expect(tscErrors.get(name)).toEqual([]);
    });

    it("protoc accepts the .proto files, and reads every message field the model has", () => {
      expect(protoc(r())).toBe("");
      const set = path.join(r().out, "set.pb");
      if (!fs.existsSync(set)) return;
      type Desc = { file: { package: string; messageType?: { name: string; field?: { name: string; number: number }[] }[] }[] };
      const read = descriptor.FileDescriptorSet.decode(fs.readFileSync(set)) as unknown as Desc;
      for (const file of protoFiles(r().model!)) {
        const got = read.file.find((f) => f.package === file.protoPackage)!;
        for (const m of file.messages) {
          const fields = got.messageType?.find((x) => x.name === m.name)?.field ?? [];
          expect(
            fields.map((f) => [f.name, f.number]),
            `${file.protoPackage}.${m.name}`,
          ).toEqual(m.fields.map((f) => [f.name, f.number]));
        }
      }
    });

    it("JSON documents read back as written, and name every kind in their schemas", () => {
      const json = filesUnder(r().out).filter((f) => f.endsWith(".json"));
      for (const f of json) {
        const text = fs.readFileSync(path.join(r().out, f), "utf8");
        expect(`${JSON.stringify(JSON.parse(text), null, 2)}\n`, f).toBe(text);
      }
      const swagger = JSON.parse(fs.readFileSync(path.join(r().out, "openapi/v2/swagger.json"), "utf8")) as {
        definitions: Record<string, unknown>;
      };
      for (const pkg of r().model!.packages.filter((p) => !p.external && p.openapi)) {
        for (const t of pkg.types.filter((x) => x.kind === "struct" && x.runtimeObject)) {
          expect(
            Object.keys(swagger.definitions).some((k) => k.endsWith(`.${t.name}`)),
            t.name,
          ).toBe(true);
        }
      }
    });

    it("CRDs read by a YAML 1.1 reader are what the generator meant, and the apiserver accepts them", async () => {
      const model = r().model!;
      for (const [key, served] of crdResources(model)) {
        const [group, plural] = key.split("/");
        const text = fs.readFileSync(path.join(r().out, "crds", `${group}_${plural}.yaml`), "utf8");
        const meant = JSON.parse(JSON.stringify(customResourceDefinition(model, served)));
        expect(parse(text, { version: "1.1" })).toEqual(meant);
        expect(parse(text, { version: "1.2" })).toEqual(meant);
        const res = await server.request("POST", `${CRD_PATH}?dryRun=All`, json(meant));
        expect(res.status, res.text).toBe(201);
      }
    });

    it("deepcopy and protobuf round trips of fast-check samples hold", async () => {
      const model = r().model!;
      const index = new ModelIndex(model);
      for (const pkg of model.packages.filter((p) => !p.external)) {
        const mod = (await import(path.join(r().out, "apis", pkg.path, "index.ts"))) as Record<string, unknown>;
        for (const s of pkg.types.filter((t): t is StructDecl => t.kind === "struct")) {
          const copy = mod[`deepCopy${s.name}`] as ((x: unknown) => unknown) | undefined;
          const enc = mod[`encode${s.name}`] as ((x: unknown, w: Writer) => void) | undefined;
          const dec = mod[`decode${s.name}`] as ((r: Reader, end: number) => unknown) | undefined;
          const bytes = (x: unknown): Uint8Array => {
            const w = Writer.create();
            enc!(x, w);
            return w.finish();
          };
          fc.assert(
            fc.property(arbitraryFor(index, pkg.path, s.name), (x) => {
              if (s.deepcopy) {
                const c = copy!(x);
                expect(c).toEqual(x);
                expect(JSON.stringify(c)).toBe(JSON.stringify(x));
                if (typeof x === "object" && x !== null) expect(c).not.toBe(x);
              }
              if (s.protobuf && enc && dec) {
                // Decoding gives the object Go's JSON shows (zero omitempty values left out),
                // so the property is that this view survives a second round trip unchanged.
                const roundTrip = (v: unknown): unknown => {
                  const b = bytes(v);
                  return dec(Reader.create(b), b.length);
                };
                const once = roundTrip(x);
                expect(roundTrip(once)).toEqual(once);
              }
            }),
            { seed: 22, numRuns: 25 },
          );
        }
      }
    });

    it("holds its case-specific expectations", async () => {
      await caseChecks[name]?.({ result: r(), server });
    });
  });
});
