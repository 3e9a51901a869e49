/**
 * `kubegen import go`: Go API packages in, the api/ form out. On a kubebuilder-style fixture of
 * our own writing (test/fixtures/importgo/kubebuilder): what each Go construct becomes, that the
 * output is what test/fixtures/importgo/kubebuilder-expected holds, and that the generator reads
 * it as the resource the markers describe. On kubernetes/api v0.34.0 when a copy is present
 * (KUBE_API_DIR, or the checkout holding KUBE_API_TESTDATA): importing every package our api/
 * holds gives, type for type and field for field, the model our api/ gives.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { GoSyntaxError } from "../../generator/importgo/go-lexer.js";
import { parseGoFile } from "../../generator/importgo/go-parser.js";
import { importGo, writeImport } from "../../generator/importgo/import-go.js";
import type { Model, StructDecl, TypeDecl, TypeRef } from "../../generator/model/types.js";
import { parseApi } from "../../generator/parse/parse-api.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const API = path.join(ROOT, "api");
const FIXTURE = path.join(ROOT, "test/fixtures/importgo/kubebuilder");
const EXPECTED = path.join(ROOT, "test/fixtures/importgo/kubebuilder-expected");

const tmpDirs: string[] = [];
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A scratch project whose node_modules/kubegen is this checkout, as a user's would be. */
function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-importgo-"));
  tmpDirs.push(dir);
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(ROOT, path.join(dir, "node_modules", "kubegen"));
  return dir;
}

function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p).split(path.sep).join("/"), fs.readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return out;
}

describe("import go: a kubebuilder-style group", () => {
  const project = scratch();
  const output = path.join(project, "api");
  const report = importGo({ from: FIXTURE, output, libraryRoot: API, noDocs: false });
  writeImport(output, report);
  const types = report.files.get("api/v1/widget-types.ts") ?? "";

  it("writes the package comment with the group, deepcopy and the Go import path from go.mod", () => {
    expect(report.errors).toEqual([]);
    expect(report.files.get("api/v1/doc.ts")).toContain("+groupName=widgets.example.com");
    expect(report.files.get("api/v1/doc.ts")).toContain("+k8s:deepcopy-gen=package");
    expect(report.files.get("api/v1/doc.ts")).toContain("+kubegen:go-package=example.com/widgets/api/v1");
  });

  it("turns Go constructs into their api/ form", () => {
    expect(types).toContain('export type Size = "Large" | "Small";'); // +enum: its string constants, sorted
    expect(types).toContain("export type Labels = Record<string, string>;");
    expect(types).toMatch(/\+kubegen:pointer\n {3}\*\/\n {2}replicas\?: int32;/); // *int32 with omitempty
    expect(types).toMatch(/\+patchStrategy=merge\n {3}\* \+patchMergeKey=name/); // from the struct tag
    expect(types).toContain("payload?: bytes;"); // []byte
    expect(types).toContain("target: IntOrString;"); // no omitempty: required
    expect(types).not.toContain("Secret"); // json:"-"
    expect(types).toContain("export interface Widget extends TypeMeta {"); // inline embedding
    expect(types).toContain("metadata?: ObjectMeta;"); // embedded with a JSON name: a field
    expect(types).toContain('import type { ResourceRequirements } from "kubegen/api/core/v1/types.js";');
  });

  it("carries doc comments over, and kubebuilder's root marker as a runtime.Object with a client", () => {
    expect(types).toContain(" * Widget is a thing that does widget work.");
    expect(types).not.toContain("A file header that is not documentation.");
    expect(types).toMatch(/\+genclient\n \* \+k8s:deepcopy-gen:interfaces=k8s\.io\/apimachinery\/pkg\/runtime\.Object/);
  });

  it("leaves out tags the generator does not read, counting them", () => {
    expect(types).not.toContain("kubebuilder:example");
    expect(report.dropped.get("+kubebuilder:example")).toBe(1);
  });

  it("carries XValidation markers over as written", () => {
    expect(types).toContain(`+kubebuilder:validation:XValidation:rule="self != ''",message="must not be empty"`);
  });

  it("writes what kubebuilder-expected holds", () => {
    expect(readTree(output)).toEqual(readTree(EXPECTED));
  });

  it("is read by the generator as the resource its markers describe", () => {
    const model = parseApi(output, { libraryRoots: [API] });
    const widget = model.packages.find((p) => p.path === "api/v1")?.types.find((t) => t.name === "Widget") as StructDecl;
    expect(widget.resource).toMatchObject({
      plural: "widgets",
      namespaced: true,
      shortNames: ["wd"],
      categories: ["all"],
      subresources: ["status"],
    });
    const spec = model.packages.find((p) => p.path === "api/v1")?.types.find((t) => t.name === "WidgetSpec") as StructDecl;
    const ports = spec.fields.find((f) => f.name === "ports")!;
    expect(ports).toMatchObject({ listType: "map", listMapKeys: ["name"], patchStrategy: "merge", patchMergeKey: "name", omitEmpty: true });
    expect(spec.fields.find((f) => f.name === "replicas")).toMatchObject({ pointer: true, validation: { minimum: 0, maximum: 10 } });
  });

  it("--no-docs writes tags only", () => {
    const bare = importGo({ from: FIXTURE, output: path.join(scratch(), "api"), libraryRoot: API, noDocs: true });
    const text = bare.files.get("api/v1/widget-types.ts")!;
    expect(text).not.toContain("Size of the widget");
    expect(text).toContain("+kubebuilder:validation:Enum=Small;Large");
  });
});

describe("import go: bad input", () => {
  it("a Go syntax error names file and line", () => {
    expect(() => parseGoFile('package v1\n\ntype X struct {\n\tA string `json:"a"\n}\n', "x.go")).toThrow(GoSyntaxError);
    try {
      parseGoFile("package v1\n\ntype X struct {\n\tA map[string \n}\n", "x.go");
    } catch (e) {
      expect((e as Error).message).toMatch(/^x\.go:4: /);
    }
  });

  it("a type no package declares is an error, and nothing is converted silently", () => {
    const dir = scratch();
    fs.writeFileSync(path.join(dir, "go.mod"), "module example.com/x\n");
    fs.mkdirSync(path.join(dir, "v1"));
    fs.writeFileSync(
      path.join(dir, "v1", "types.go"),
      'package v1\n\ntype A struct {\n\tB Missing `json:"b"`\n\tC chan int `json:"c"`\n}\n',
    );
    const r = importGo({ from: dir, output: path.join(dir, "api"), libraryRoot: API, noDocs: true });
    expect(r.errors).toEqual(["v1/types.go:4: A.B: unknown type Missing", "v1/types.go:5: A.C: chan types have no api/ form"]);
  });
});

/** kubernetes/api at v0.34.0, when a copy is present. */
function upstreamDir(): string | undefined {
  if (process.env.KUBE_API_DIR) return process.env.KUBE_API_DIR;
  const td = process.env.KUBE_API_TESTDATA;
  if (td && fs.existsSync(path.join(td, "../../go.mod"))) return path.resolve(td, "../..");
  return undefined;
}

/** A type reference named by Go package, so two models with different folders compare. */
function refText(model: Model, r: TypeRef): string {
  switch (r.kind) {
    case "primitive":
      return r.name;
    case "array":
      return `[]${refText(model, r.elem)}`;
    case "map":
      return `map[${refText(model, r.value)}]`;
    case "named":
      return `${model.packages.find((p) => p.path === r.pkg)?.goPackage ?? r.pkg}.${r.name}`;
  }
}

/** What must match upstream: every fact but documentation and source positions. */
function facts(model: Model, t: TypeDecl): unknown {
  if (t.kind === "enum") return { kind: t.kind, values: t.values };
  if (t.kind === "alias") return { kind: t.kind, target: refText(model, t.target) };
  if (t.kind === "special") return { kind: t.kind, special: t.special };
  return {
    kind: t.kind,
    embeds: t.embeds.map((e) => refText(model, e)),
    protobufEmbeds: (t.protobufEmbeds ?? []).map((e) => ({ ...e, ref: refText(model, e.ref) })),
    runtimeObject: t.runtimeObject,
    protobuf: t.protobuf,
    structType: t.structType,
    lifecycle: t.lifecycle,
    client: t.client,
    resource: t.resource,
    fields: t.fields.map((f) => ({
      name: f.name,
      type: refText(model, f.type),
      omitEmpty: f.omitEmpty,
      optional: f.optional,
      pointer: f.pointer,
      protobuf: f.protobuf,
      listType: f.listType,
      listMapKeys: f.listMapKeys,
      mapType: f.mapType,
      structType: f.structType,
      patchStrategy: f.patchStrategy,
      patchMergeKey: f.patchMergeKey,
      default: f.default,
    })),
  };
}

/**
 * Where our api/ says more than upstream's types.go, on purpose: Namespace's Finalize and Pod's
 * Bind and Evict client methods are hand-written expansions in client-go, tags here; Binding is
 * `+genclient` (create only) here because our OpenAPI paths for the served `bindings` resource and
 * `pods/{name}/binding` come from the client tags, where upstream's come from the server's routes.
 */
const KNOWN_DIFFERENCES: Record<string, string[]> = { "core/v1": ["Pod", "Namespace", "Binding"] };

const upstream = upstreamDir();
// Without a copy of kubernetes/api, the kubebuilder fixture above is what the importer is tested on.
const comparable = upstream ? fs.readdirSync(API, { recursive: true }) : [];
const packages = upstream
  ? [...new Set((comparable as string[]).filter((f) => f.endsWith("doc.ts")).map((f) => path.dirname(f).split(path.sep).join("/")))]
      .filter((p) => fs.existsSync(path.join(upstream, p, "types.go")))
      .sort()
  : [];

if (packages.length)
  describe("import go: kubernetes/api v0.34.0 against api/", () => {
    const pkgs = packages;
    const project = scratch();
    const output = path.join(project, "api");
    const report = importGo({ from: upstream!, output, libraryRoot: API, noDocs: true, packages: pkgs });
    writeImport(output, report);
    const ours = parseApi(API);
    const theirs = parseApi(output, { libraryRoots: [API] });

    it("imports without errors", () => {
      expect(report.errors).toEqual([]);
    });

    for (const p of pkgs) {
      it(`${p}: every type, field, tag and protobuf number`, () => {
        const a = ours.packages.find((x) => x.path === p)!;
        const b = theirs.packages.find((x) => x.path === p)!;
        expect(a.types.map((t) => t.name).sort()).toEqual(b.types.map((t) => t.name).sort());
        const differ = b.types.filter(
          (t) =>
            !isDeepStrictEqual(
              facts(
                ours,
                a.types.find((x) => x.name === t.name)!,
              ),
              facts(theirs, t),
            ),
        );
        expect(differ.map((t) => t.name)).toEqual(KNOWN_DIFFERENCES[p] ?? []);
      });
    }
  });
