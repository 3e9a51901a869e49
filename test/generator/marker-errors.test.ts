/**
 * controller-gen style markers: malformed values and misplaced markers are reported as
 * file:line with a message naming the problem, and nothing is written; well-formed ones reach
 * the OpenAPI schema.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { crdSchema, kindComponents } from "../../generator/emit/crd/index.js";
import { V3 } from "../../generator/emit/openapi/schema.js";
import { GeneratorError } from "../../generator/model/diagnostics.js";
import { parseApi } from "../../generator/parse/parse-api.js";

const DOC = `/**
 * Package v1 is a test package.
 *
 * +groupName=markers.example.com
 * +k8s:deepcopy-gen=package
 * +kubegen:go-package=example.com/markers/v1
 */
export {};
`;

const SCALARS = `/**
 * +kubegen:scalar=int32
 */
export type int32 = number;
`;

/** A valid package; each case replaces the MARKER line. */
const TYPES = (marker: string, kindTags = "", listMarker = "   * +optional"): string => `import type { int32 } from "../../scalars.js";

/** Phase is an enum. */
/** +enum */
export type Phase = "A" | "B";

/**
 * Gadget is a resource.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
${kindTags}
 */
export interface Gadget {
  /** Spec. */
  spec?: GadgetSpec;
  /** Status. */
  status?: GadgetStatus;
}

/** GadgetStatus is observed. */
export interface GadgetStatus {
  /** Replicas. */
  replicas?: int32;
}

/**
 * GadgetList is a list.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface GadgetList {
  /** Items. */
  items: Gadget[];
}

/**
 * Short is a short name.
 * +kubebuilder:validation:MaxLength=3
 */
export type Short = string;

/**
 * GadgetSpec is wanted.
 * +kubebuilder:validation:MinProperties=1
 */
export interface GadgetSpec {
  /** A short name. */
  short?: Short;
  /**
   * Name.
${marker}
   */
  name?: string;
  /** Count. */
  count?: int32;
  /**
   * Tags.
${listMarker}
   */
  tags?: string[];
}
`;

interface Case {
  name: string;
  marker?: string;
  kindTags?: string;
  at: string;
  message: RegExp;
}

const cases: Case[] = [
  {
    name: "Minimum not a number",
    marker: "   * +kubebuilder:validation:Minimum=one",
    at: "Minimum=one",
    message: /tag \+kubebuilder:validation:Minimum: must be a number, not "one"/,
  },
  {
    name: "MaxLength negative",
    marker: "   * +kubebuilder:validation:MaxLength=-1",
    at: "MaxLength=-1",
    message: /MaxLength: must be a non-negative integer, not "-1"/,
  },
  {
    name: "MinItems fraction",
    marker: "   * +kubebuilder:validation:MinItems=1.5",
    at: "MinItems=1.5",
    message: /MinItems: must be a non-negative integer, not "1.5"/,
  },
  {
    name: "Pattern not a regex",
    marker: "   * +kubebuilder:validation:Pattern=`^(a`",
    at: "Pattern=",
    message: /Pattern: is not a valid Go \(RE2\) regular expression: error parsing regexp: missing closing \): `\^\(a`/,
  },
  {
    name: "Enum with an empty value",
    marker: "   * +kubebuilder:validation:Enum=a;;b",
    at: "Enum=a;;b",
    message: /Enum: must be values separated by ";" with none empty/,
  },
  {
    name: "unknown Format",
    marker: "   * +kubebuilder:validation:Format=colour",
    at: "Format=colour",
    message: /Format: is not a format apiextensions knows .*not "colour"/,
  },
  {
    name: "ExclusiveMinimum not a boolean",
    marker: "   * +kubebuilder:validation:ExclusiveMinimum=yes",
    at: "ExclusiveMinimum=yes",
    message: /ExclusiveMinimum: must be one of true, false, not "yes"/,
  },
  {
    name: "UniqueItems not a boolean",
    marker: "   * +kubebuilder:validation:UniqueItems=1",
    at: "UniqueItems=1",
    message: /UniqueItems: must be one of true, false/,
  },
  {
    name: "XPreserveUnknownFields with a value",
    marker: "   * +kubebuilder:validation:XPreserveUnknownFields=true",
    at: "XPreserveUnknownFields",
    message: /tag \+kubebuilder:validation:XPreserveUnknownFields takes no value/,
  },
  {
    name: "misspelt validation marker",
    marker: "   * +kubebuilder:validation:Minimun=1",
    at: "Minimun",
    message: /unknown tag \+kubebuilder:validation:Minimun/,
  },
  {
    name: "default not JSON",
    marker: "   * +kubebuilder:default={a:",
    at: "default={a:",
    message: /tag \+kubebuilder:default: must be a JSON value or a bare word/,
  },
  {
    name: "Required and Optional together",
    marker: "   * +kubebuilder:validation:Required\n   * +kubebuilder:validation:Optional",
    at: "validation:Required",
    message: /GadgetSpec\.name is tagged both required and optional/,
  },
  {
    name: "Required on a type",
    kindTags: " * +kubebuilder:validation:Required",
    at: "validation:Required",
    message: /tag \+kubebuilder:validation:Required does not apply to a type/,
  },
  {
    name: "scale without statuspath",
    kindTags: " * +kubebuilder:subresource:scale:specpath=.spec.count",
    at: "subresource:scale",
    message: /tag \+kubebuilder:subresource:scale: needs statuspath=/,
  },
  {
    name: "scale with a bad path",
    kindTags: " * +kubebuilder:subresource:scale:specpath=spec.count,statuspath=.status.replicas",
    at: "subresource:scale",
    message: /specpath must be a JSON path like \.spec\.replicas, not "spec\.count"/,
  },
  {
    name: "scale with an unknown argument",
    kindTags: " * +kubebuilder:subresource:scale:specpath=.spec.count,statuspath=.status.replicas,selector=.x",
    at: "subresource:scale",
    message: /unknown argument "selector"/,
  },
  {
    name: "resource with a bad scope",
    kindTags: " * +kubebuilder:resource:scope=Global",
    at: "kubebuilder:resource",
    message: /scope must be Namespaced or Cluster, not "Global"/,
  },
  {
    name: "printcolumn without JSONPath",
    kindTags: " * +kubebuilder:printcolumn:name=Count,type=integer",
    at: "printcolumn",
    message: /\+kubebuilder:printcolumn needs name=, type= and JSONPath=/,
  },
  {
    name: "XValidation without a rule",
    marker: '   * +kubebuilder:validation:XValidation:message="no rule"',
    at: "XValidation",
    message: /tag \+kubebuilder:validation:XValidation: missing argument "rule"/,
  },
  {
    name: "XValidation with an unknown argument",
    marker: '   * +kubebuilder:validation:XValidation:rule="self.size() > 1",msg="short"',
    at: "XValidation",
    message: /XValidation: unknown argument "msg"/,
  },
  {
    name: "XValidation with an unknown reason",
    marker: '   * +kubebuilder:validation:XValidation:rule="self.size() > 1",reason=FieldValueWrong',
    at: "XValidation",
    message:
      /XValidation: invalid reason FieldValueWrong, valid values are FieldValueRequired, FieldValueInvalid, FieldValueForbidden and FieldValueDuplicate/,
  },
  {
    name: "XValidation with an unterminated rule",
    marker: '   * +kubebuilder:validation:XValidation:rule="self.size() > 1',
    at: "XValidation",
    message: /XValidation: rule: unable to parse string: literal not terminated/,
  },
  {
    name: "XValidation with a bad escape",
    marker: '   * +kubebuilder:validation:XValidation:rule="self == \\q"',
    at: "XValidation",
    message: /XValidation: rule: unable to parse string: invalid syntax/,
  },
  {
    name: "XValidation with a non-boolean optionalOldSelf",
    marker: '   * +kubebuilder:validation:XValidation:rule="self == oldSelf",optionalOldSelf=yes',
    at: "XValidation",
    message: /XValidation: optionalOldSelf: expected true or false, got "yes"/,
  },
  {
    name: "items:XValidation without a rule",
    marker: '   * +kubebuilder:validation:items:XValidation:message="no rule"',
    at: "items:XValidation",
    message: /tag \+kubebuilder:validation:items:XValidation: missing argument "rule"/,
  },
  {
    name: "printcolumn with an unterminated JSONPath",
    kindTags: ' * +kubebuilder:printcolumn:name=Count,type=integer,JSONPath=".spec.count',
    at: "printcolumn",
    message: /tag \+kubebuilder:printcolumn: JSONPath: unable to parse string: literal not terminated/,
  },
  {
    name: "storageversion with a value",
    kindTags: " * +kubebuilder:storageversion=true",
    at: "storageversion",
    message: /tag \+kubebuilder:storageversion takes no value/,
  },
];

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fixture(marker: string, kindTags = "", listMarker?: string): { api: string; file: string; out: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-markers-"));
  dirs.push(root);
  const pkg = path.join(root, "api", "markers", "v1");
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(root, "api", "scalars.ts"), SCALARS);
  fs.writeFileSync(path.join(pkg, "doc.ts"), DOC);
  fs.writeFileSync(path.join(pkg, "types.ts"), TYPES(marker, kindTags, listMarker));
  const out = path.join(root, "out");
  fs.mkdirSync(out);
  return { api: path.join(root, "api"), file: path.join(pkg, "types.ts"), out };
}

describe("marker errors", () => {
  it.each(cases)("$name", async (c) => {
    const { api, file, out } = fixture(c.marker ?? "   * +optional", c.kindTags);
    const err = await generate({ input: api, output: out, runtimeImport: "kubegen/runtime" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GeneratorError);
    const diagnostics = (err as GeneratorError).diagnostics;
    const hit = diagnostics.find((d) => c.message.test(d.message));
    expect(hit, diagnostics.map((d) => d.message).join("\n")).toBeDefined();
    const lines = fs.readFileSync(file, "utf8").split("\n");
    expect(hit!.pos.file).toBe(file);
    expect(lines[hit!.pos.line - 1], `line ${hit!.pos.line}`).toContain(c.at);
    expect((err as Error).message).toContain(`types.ts:${hit!.pos.line}: `);
    expect(fs.readdirSync(out)).toEqual([]);
  });
});

describe("markers in the schema", () => {
  it("reach the OpenAPI v3 schema of the field, the alias and the struct", () => {
    const marker = [
      "   * +kubebuilder:validation:MinLength=2",
      "   * +kubebuilder:validation:MaxLength=8",
      "   * +kubebuilder:validation:Pattern=`^[a-z]+$`",
      "   * +kubebuilder:validation:Enum=ab;cd",
      "   * +kubebuilder:validation:Format=hostname",
      "   * +kubebuilder:validation:XIntOrString",
      "   * +kubebuilder:validation:Required",
      "   * +kubebuilder:default=ab",
    ].join("\n");
    const { api } = fixture(marker, " * +kubebuilder:subresource:scale:specpath=.spec.count,statuspath=.status.replicas");
    const model = parseApi(api);
    // The v3 emitter's definitions (the fixture has no meta/v1, so no routes and no document).
    const { components } = kindComponents(model, model.packages[0]!, "Gadget", V3);
    const schemas = components as Record<string, { properties: Record<string, unknown>; required?: string[] }>;
    const spec = schemas["com.example.markers.v1.GadgetSpec"]!;
    expect(spec.properties.name).toEqual({
      type: "string",
      description: "Name.",
      default: "ab",
      minLength: 2,
      maxLength: 8,
      pattern: "^[a-z]+$",
      enum: ["ab", "cd"],
      format: "hostname",
      "x-kubernetes-int-or-string": true,
    });
    // Required makes the `?` field required in the schema.
    expect(spec.required).toEqual(["name"]);
    // Markers on an alias apply where it is used; on a struct, to its definition.
    expect(spec.properties.short).toEqual({ type: "string", maxLength: 3, description: "A short name." });
    expect(spec).toMatchObject({ minProperties: 1 });
  });

  it("reads XValidation markers (several per target, quoted as controller-gen) into x-kubernetes-validations", () => {
    const marker = [
      '   * +kubebuilder:validation:XValidation:rule="self.startsWith(\\"a\\")",message="must start with \\"a\\", please",reason=FieldValueForbidden',
      "   * +kubebuilder:validation:XValidation:rule=`self.size() <= 8 && !self.contains('\\n')`,messageExpression=`'too long: ' + self`",
      "   * +kubebuilder:validation:XValidation:rule=self == oldSelf,fieldPath=.name,optionalOldSelf=true",
    ].join("\n");
    const { api } = fixture(marker, ' * +kubebuilder:validation:XValidation:rule="has(self.spec)",message="spec is required"');
    const model = parseApi(api);
    const { components } = kindComponents(model, model.packages[0]!, "Gadget", V3);
    const schemas = components as Record<string, Record<string, unknown> & { properties: Record<string, Record<string, unknown>> }>;
    expect(schemas["com.example.markers.v1.GadgetSpec"]!.properties.name!["x-kubernetes-validations"]).toEqual([
      { rule: 'self.startsWith("a")', message: 'must start with "a", please', reason: "FieldValueForbidden" },
      { rule: "self.size() <= 8 && !self.contains('\\n')", messageExpression: "'too long: ' + self" },
      { rule: "self == oldSelf", fieldPath: ".name", optionalOldSelf: true },
    ]);
    expect(schemas["com.example.markers.v1.Gadget"]!["x-kubernetes-validations"]).toEqual([
      { rule: "has(self.spec)", message: "spec is required" },
    ]);
  });

  it("keeps a field's rules before its type's in the CRD schema", () => {
    const marker = '   * +kubebuilder:validation:XValidation:rule="self.size() > 0"';
    const { api } = fixture(marker);
    const model = parseApi(api);
    // An alias's rules follow the rules of the field that uses it.
    const short = model.packages[0]!.types.find((t) => t.name === "Short");
    if (short?.kind === "alias") short.validation.xValidations = [{ rule: "self != 'x'" }];
    const spec = model.packages[0]!.types.find((t) => t.name === "GadgetSpec");
    const f = spec?.kind === "struct" ? spec.fields.find((x) => x.name === "short") : undefined;
    if (f) f.validation.xValidations = [{ rule: "self != 'y'" }];
    const gadgetSpec = model.packages[0]!.types.find((t) => t.name === "GadgetSpec");
    if (gadgetSpec?.kind === "struct") gadgetSpec.validation.xValidations = [{ rule: "has(self.name)" }];
    const gadget = model.packages[0]!.types.find((t) => t.name === "Gadget");
    const specField = gadget?.kind === "struct" ? gadget.fields.find((x) => x.name === "spec") : undefined;
    if (specField) specField.validation.xValidations = [{ rule: "self.name != ''" }];
    const schema = crdSchema(model, model.packages[0]!, "Gadget") as { properties: Record<string, Record<string, unknown>> };
    const specSchema = schema.properties.spec as { properties: Record<string, Record<string, unknown>> } & Record<string, unknown>;
    expect(specSchema["x-kubernetes-validations"]).toEqual([{ rule: "self.name != ''" }, { rule: "has(self.name)" }]);
    expect(specSchema.properties.short!["x-kubernetes-validations"]).toEqual([{ rule: "self != 'y'" }, { rule: "self != 'x'" }]);
    expect(specSchema.properties.name!["x-kubernetes-validations"]).toEqual([{ rule: "self.size() > 0" }]);
  });

  it("reads items:XValidation markers into the list's items.x-kubernetes-validations", () => {
    const list = [
      '   * +kubebuilder:validation:items:XValidation:rule="self.size() <= 16",message="tags are short"',
      "   * +kubebuilder:validation:items:XValidation:rule=`self.matches('^[a-z]+$')`,reason=FieldValueForbidden",
      '   * +kubebuilder:validation:XValidation:rule="self.size() <= 8"',
    ].join("\n");
    const { api } = fixture("   * +optional", "", list);
    const model = parseApi(api);
    const { components } = kindComponents(model, model.packages[0]!, "Gadget", V3);
    const tags = (components as Record<string, { properties: Record<string, Record<string, unknown>> }>)[
      "com.example.markers.v1.GadgetSpec"
    ]!.properties.tags!;
    expect(tags["x-kubernetes-validations"]).toEqual([{ rule: "self.size() <= 8" }]);
    expect(tags.items).toEqual({
      type: "string",
      default: "",
      "x-kubernetes-validations": [
        { rule: "self.size() <= 16", message: "tags are short" },
        { rule: "self.matches('^[a-z]+$')", reason: "FieldValueForbidden" },
      ],
    });
    // The CRD schema carries them where the apiserver runs them, on each element.
    const schema = crdSchema(model, model.packages[0]!, "Gadget") as { properties: Record<string, Record<string, unknown>> };
    const spec = schema.properties.spec as { properties: Record<string, { items?: Record<string, unknown> }> };
    expect(spec.properties.tags!.items!["x-kubernetes-validations"]).toHaveLength(2);
  });

  it("keeps the scale subresource marker", () => {
    const { api } = fixture("   * +optional", " * +kubebuilder:subresource:scale:specpath=.spec.count,statuspath=.status.replicas");
    const model = parseApi(api);
    const gadget = model.packages[0]!.types.find((t) => t.name === "Gadget");
    expect(gadget?.kind === "struct" && gadget.resource?.scale).toEqual({
      specReplicasPath: ".spec.count",
      statusReplicasPath: ".status.replicas",
    });
  });
});
