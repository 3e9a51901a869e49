/**
 * Bad input: every malformed API is reported as file:line with a clear message, and nothing
 * in the output folder is written or removed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { GeneratorError } from "../../generator/model/diagnostics.js";

const DOC = `/**
 * Package v1 is a test package.
 *
 * +groupName=test.example.com
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +kubegen:go-package=example.com/test/v1
 */
export {};
`;

const SCALARS = `/**
 * +kubegen:scalar=int32
 */
export type int32 = number;
`;

/** A valid package; each case replaces one line of it (marked by the text it holds). */
const TYPES = `import type { int32 } from "../../scalars.js";

/** Port is a list element. */
export interface Port {
  /**
   * Name.
   * +protobuf=1
   */
  name: string;
  /**
   * Number.
   * +protobuf=2
   */
  port?: int32;
}

/** Thing is a struct with a list map. */
export interface Thing {
  /**
   * Ports.
   * +listType=map
   * +listMapKey=name
   * +protobuf=1
   */
  ports?: Port[];
  /**
   * Count.
   * +protobuf=2
   */
  count?: int32;
}
`;

interface Case {
  name: string;
  /** Text in TYPES to replace, and its replacement. */
  replace?: [string, string];
  /** Replaces doc.ts. */
  doc?: string;
  /** The line (text) the error must point at. */
  at: string;
  message: RegExp;
}

const cases: Case[] = [
  {
    name: "unknown tag",
    replace: ["/** Thing is a struct with a list map. */", "/**\n * Thing.\n * +genclient:nonNamespace\n */"],
    at: "+genclient:nonNamespace",
    message: /unknown tag \+genclient:nonNamespace/,
  },
  {
    name: "malformed tag value",
    replace: ["+listType=map", "+listType=mapp"],
    at: "+listType=mapp",
    message: /tag \+listType: must be one of atomic, set, map, not "mapp"/,
  },
  {
    name: "listMapKey naming no field",
    replace: ["+listMapKey=name", "+listMapKey=nme"],
    at: "ports?: Port[];",
    message: /list key "nme" names no field of Port \(fields: name, port\)/,
  },
  {
    name: "duplicate protobuf number",
    replace: ["   * Count.\n   * +protobuf=2", "   * Count.\n   * +protobuf=1"],
    at: "count?: int32;",
    message: /protobuf field number 1 is already used by Thing\.ports/,
  },
  {
    name: "malformed protobuf number",
    replace: ["   * Count.\n   * +protobuf=2", "   * Count.\n   * +protobuf=two"],
    at: "+protobuf=two",
    message: /tag \+protobuf: must start with a positive field number, not "two"/,
  },
  {
    name: "missing protobuf number",
    replace: ["   * Count.\n   * +protobuf=2", "   * Count."],
    at: "count?: int32;",
    message: /Thing\.count: needs a protobuf field number/,
  },
  {
    name: "bare number",
    replace: ["count?: int32;", "count?: number;"],
    at: "count?: number;",
    message: /bare `number` is ambiguous on the wire/,
  },
  {
    name: "+required on an optional field",
    replace: ["   * Number.\n   * +protobuf=2", "   * Number.\n   * +required\n   * +protobuf=2"],
    at: "+required",
    message: /Port\.port is tagged \+required but is declared with "\?"/,
  },
  {
    name: "tag in the wrong place",
    replace: ["   * Name.\n   * +protobuf=1", "   * Name.\n   * +genclient\n   * +protobuf=1"],
    at: "+genclient",
    message: /tag \+genclient does not apply to a field/,
  },
  {
    name: "resource without a list type",
    replace: ["/** Thing is a struct with a list map. */", "/**\n * Thing.\n * +genclient\n */"],
    at: "export interface Thing",
    message: /resource Thing needs a list type ThingList/,
  },
  {
    name: "unknown type",
    replace: ["ports?: Port[];", "ports?: Prot[];"],
    at: "ports?: Prot[];",
    message: /unknown type Prot/,
  },
  {
    name: "package without go-package",
    doc: "/**\n * Package v1.\n *\n * +groupName=test.example.com\n */\nexport {};\n",
    at: "/**",
    message: /needs \+kubegen:go-package/,
  },
];

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function writeFixture(c: Case): { root: string; file: string; out: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-errors-"));
  dirs.push(root);
  const pkg = path.join(root, "api", "test", "v1");
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(root, "api", "scalars.ts"), SCALARS);
  fs.writeFileSync(path.join(pkg, "doc.ts"), c.doc ?? DOC);
  let types = TYPES;
  if (c.replace) {
    expect(types.includes(c.replace[0]), `fixture holds ${c.replace[0]}`).toBe(true);
    types = types.replace(c.replace[0], c.replace[1]);
  }
  fs.writeFileSync(path.join(pkg, "types.ts"), types);
  const out = path.join(root, "out");
  fs.mkdirSync(out);
  // A generated file from an earlier run: a failed run must neither rewrite nor remove it.
  fs.writeFileSync(path.join(out, "old.ts"), "// Code generated by kubegen. DO NOT EDIT.\nexport {};\n");
  return { root, file: path.join(pkg, c.doc ? "doc.ts" : "types.ts"), out };
}

function lineOf(file: string, text: string): number {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const i = lines.findIndex((l) => l.includes(text));
  expect(i, `${text} in ${file}`).toBeGreaterThanOrEqual(0);
  return i + 1;
}

describe("generator errors", () => {
  it("accepts the unmodified fixture", async () => {
    const { root, out } = writeFixture({ name: "valid", at: "", message: /./ });
    const { plan } = await generate({ input: path.join(root, "api"), output: out, runtimeImport: "kubegen/runtime" });
    expect(plan.write.map((f) => f.path)).toContain("apis/test/v1/zz_generated.deepcopy.ts");
  });

  it.each(cases)("$name", async (c) => {
    const { root, file, out } = writeFixture(c);
    const err = await generate({ input: path.join(root, "api"), output: out, runtimeImport: "kubegen/runtime" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GeneratorError);
    const diagnostics = (err as GeneratorError).diagnostics;
    const hit = diagnostics.find((d) => c.message.test(d.message));
    expect(hit, diagnostics.map((d) => d.message).join("\n")).toBeDefined();
    expect(hit!.pos.file).toBe(file);
    expect(hit!.pos.line).toBe(lineOf(file, c.at));
    expect((err as Error).message).toMatch(new RegExp(`types\\.ts:${hit!.pos.line}: |doc\\.ts:${hit!.pos.line}: `));
    expect(fs.readdirSync(out)).toEqual(["old.ts"]);
  });
});
