/**
 * A user's project outside this repository, as a consumer of the kubegen package: its own
 * annotated API (widgets.example.org/v1alpha1, referencing meta/v1 through `kubegen/api/...`),
 * `npx kubegen generate`, a strict tsc over the result, then our apiserver serving the group
 * compiled in with its generated OpenAPI (runAPIServer with apiGroups, from a script run with
 * tsx) and the GENERATED clientset driving it: create, get, list, watch and delete, in JSON and
 * in protobuf; server-side apply merging a set by the group's schema; fieldValidation=Strict.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = (name: string): string => path.join(ROOT, "node_modules/.bin", name);

const DOC = `/**
 * Package v1alpha1 holds the widgets API.
 *
 * +groupName=widgets.example.org
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=example.org/widgets/api/widgets/v1alpha1
 */
export {};
`;

const TYPES = `import type { Condition, ListMeta, ObjectMeta, Time, TypeMeta } from "kubegen/api/meta/v1/types.js";
import type { int32 } from "kubegen/api/scalars.js";

/**
 * Widget is something the factory makes.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +kubebuilder:resource:shortName=wd
 * +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=.spec.size
 */
export interface Widget extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;
  /**
   * What is wanted.
   * +optional
   * +protobuf=2
   */
  spec?: WidgetSpec;
  /**
   * What was seen.
   * +optional
   * +protobuf=3
   */
  status?: WidgetStatus;
}

/** Colour is a widget's paint. */
export type Colour = string;

/** WidgetSpec is the desired state of a Widget. */
export interface WidgetSpec {
  /**
   * How big.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=100
   * +protobuf=1
   */
  size: int32;
  /**
   * The paint.
   * +optional
   * +kubebuilder:validation:Enum=red;green;blue
   * +kubebuilder:default=red
   * +protobuf=2
   */
  colour?: Colour;
  /**
   * Labels printed on it.
   * +optional
   * +listType=set
   * +kubebuilder:validation:MaxItems=8
   * +protobuf=3
   */
  tags?: string[];
}

/** WidgetStatus is the observed state of a Widget. */
export interface WidgetStatus {
  /**
   * When it was last painted.
   * +optional
   * +protobuf=1
   */
  paintedAt?: Time;
  /**
   * The widget's conditions.
   * +optional
   * +listType=map
   * +listMapKey=type
   * +protobuf=2
   */
  conditions?: Condition[];
}

/**
 * WidgetList is a list of Widgets.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface WidgetList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;
  /**
   * The widgets.
   * +protobuf=2
   */
  items: Widget[];
}
`;

/** Serves the group compiled in and drives it with the generated clientset; prints what it saw. */
const DRIVE = `import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAPIServer } from "kubegen/apiserver";
import type { Widget } from "./api/widgets/v1alpha1/types.js";
import { scheme } from "./generated/apis/register.js";
import { Clientset } from "./generated/clientset/index.js";
import * as openapi from "./generated/openapi/index.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "widgets-apiserver-"));
const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", apiGroups: [{ scheme, openapi }], log: () => {} });
const out: Record<string, unknown> = {};
try {
  const modes = ["application/json", "application/vnd.kubernetes.protobuf"] as const;
  for (const contentType of modes) {
    const cs = Clientset.fromKubeconfig({ path: server.kubeconfig }, { contentType });
    const widgets = cs.widgetsV1alpha1().widgets("default");
    const name = contentType === "application/json" ? "w-json" : "w-proto";
    const events: string[] = [];
    const watch = await widgets.watch({});
    const watched = (async () => {
      for await (const ev of watch) {
        events.push(\`\${ev.type} \${(ev.object as Widget).metadata?.name ?? ""}\`);
        if (events.length === 2) return;
      }
    })();
    const created = await widgets.create({ metadata: { name, labels: { app: "demo" } }, spec: { size: 3, tags: ["a", "b"] } });
    const got = await widgets.get(name);
    const listed = await widgets.list({ labelSelector: "app=demo" });
    await widgets.delete(name);
    let gone = "";
    try {
      await widgets.get(name);
    } catch (err) {
      gone = (err as { status?: { reason?: string } }).status?.reason ?? String(err);
    }
    await watched;
    out[name] = {
      created: { spec: created.spec, uid: Boolean(created.metadata?.uid), apiVersion: created.apiVersion, kind: created.kind },
      got: { name: got.metadata?.name, rv: got.metadata?.resourceVersion === created.metadata?.resourceVersion },
      listed: listed.items.map((w) => w.metadata?.name),
      gone,
      events,
    };
  }
  // Server-side apply by the group's schema: spec.tags is a set, so two managers each own their tags.
  const widgets = Clientset.fromKubeconfig({ path: server.kubeconfig }).widgetsV1alpha1().widgets("default");
  await widgets.apply({ apiVersion: "widgets.example.org/v1alpha1", kind: "Widget", metadata: { name: "w-apply" }, spec: { size: 2, tags: ["a"] } }, { fieldManager: "one" });
  const applied = await widgets.apply({ apiVersion: "widgets.example.org/v1alpha1", kind: "Widget", metadata: { name: "w-apply" }, spec: { size: 2, tags: ["b"] } }, { fieldManager: "two" });
  out.applied = { tags: applied.spec?.tags, managers: applied.metadata?.managedFields?.map((m) => m.manager) };
  // fieldValidation=Strict knows the group's fields.
  try {
    await widgets.create({ metadata: { name: "w-strict" }, spec: { size: 1, bogus: true } as never }, { fieldValidation: "Strict" });
    out.strict = "created";
  } catch (err) {
    out.strict = (err as { status?: { message?: string } }).status?.message ?? String(err);
  }
  const discovery = await Clientset.fromKubeconfig({ path: server.kubeconfig }).discovery().serverResourcesForGroupVersion("widgets.example.org/v1alpha1");
  out.discovery = discovery.resources.map((r) => [r.name, r.namespaced, r.shortNames ?? []]);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023"],
    types: ["node"],
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ["api", "generated", "drive.ts"],
};

let project = "";

function write(rel: string, content: string): void {
  const file = path.join(project, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function exec(file: string, args: string[], timeout = 240_000): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(file, args, { cwd: project, timeout, maxBuffer: 16 << 20, env: { ...process.env, NODE_OPTIONS: "" } });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(file)} ${args.join(" ")} failed: ${err.message}\n${err.stdout ?? ""}\n${err.stderr ?? ""}`, {
      cause: e,
    });
  }
}

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-user-project-"));
  write("package.json", JSON.stringify({ name: "widgets", private: true, type: "module", dependencies: { kubegen: "*" } }, null, 2));
  write("tsconfig.json", JSON.stringify(TSCONFIG, null, 2));
  write("api/widgets/v1alpha1/doc.ts", DOC);
  write("api/widgets/v1alpha1/types.ts", TYPES);
  write("drive.ts", DRIVE);
  // What `npm install kubegen` leaves (offline: the package is this checkout, linked): the package,
  // its bin, and @types/node for the project's own compile.
  const modules = path.join(project, "node_modules");
  fs.mkdirSync(path.join(modules, ".bin"), { recursive: true });
  fs.mkdirSync(path.join(modules, "@types"), { recursive: true });
  fs.symlinkSync(ROOT, path.join(modules, "kubegen"), "dir");
  fs.symlinkSync("../kubegen/bin/kubegen.js", path.join(modules, ".bin", "kubegen"));
  fs.symlinkSync(path.join(ROOT, "node_modules/@types/node"), path.join(modules, "@types", "node"), "dir");
});

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe("a user's project", () => {
  it("generates its SDK and CRD with `npx kubegen generate`", async () => {
    const { stdout } = await exec("npx", ["--no-install", "kubegen", "generate", "--input", "api", "--output", "generated"]);
    expect(stdout).toContain("wrote crds/widgets.example.org_widgets.yaml");
    for (const f of [
      "apis/widgets/v1alpha1/zz_generated.deepcopy.ts",
      "apis/widgets/v1alpha1/zz_generated.protobuf.ts",
      "apis/register.ts",
      "clientset/clientset.ts",
      "clientset/fake/clientset.ts",
      "listers/widgets/v1alpha1/widget.ts",
      "informers/factory.ts",
      "openapi/v3/apis/widgets.example.org/v1alpha1.json",
      "proto/example.org/widgets/api/widgets/v1alpha1/generated.proto",
    ]) {
      expect(fs.existsSync(path.join(project, "generated", f)), f).toBe(true);
    }
    // Everything from kubegen comes through the package's name, never a path into it.
    const sources = fs.readdirSync(path.join(project, "generated"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    for (const f of sources) {
      const text = fs.readFileSync(path.join(project, "generated", f), "utf8");
      expect(text, f).not.toContain(ROOT);
      expect(text, f).not.toMatch(/from "(\.\.\/)+(runtime|node_modules)\//);
      // A relative import stays inside the project: a path out of it names this machine's folders.
      for (const [, spec] of text.matchAll(/from "(\.{1,2}\/[^"]*)"/g)) {
        expect(path.resolve(path.dirname(path.join(project, "generated", f)), spec!).startsWith(project + path.sep), `${f}: ${spec}`).toBe(
          true,
        );
      }
    }
    const register = fs.readFileSync(path.join(project, "generated/apis/register.ts"), "utf8");
    expect(register).toContain('from "kubegen/runtime"');
    expect(register).toContain('from "kubegen/generated/apis/meta/v1/zz_generated.register.js"');

    const crd = parse(fs.readFileSync(path.join(project, "generated/crds/widgets.example.org_widgets.yaml"), "utf8"));
    const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
    expect(spec.properties.size).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(spec.properties.colour).toMatchObject({ type: "string", enum: ["red", "green", "blue"], default: "red" });
    expect(spec.properties.tags).toMatchObject({ type: "array", maxItems: 8, "x-kubernetes-list-type": "set" });
    const status = crd.spec.versions[0].schema.openAPIV3Schema.properties.status;
    expect(status.properties.paintedAt).toMatchObject({ type: "string", format: "date-time" });
    expect(status.properties.conditions.items.properties.lastTransitionTime).toMatchObject({ type: "string", format: "date-time" });
    expect(crd.spec.names.shortNames).toEqual(["wd"]);
  }, 240_000);

  it("compiles the generated code with tsc --strict", async () => {
    await exec(BIN("tsc"), ["-p", "."]);
  }, 240_000);

  it("serves the group compiled into our apiserver and drives it with the generated clientset", async () => {
    const { stdout } = await exec(BIN("tsx"), ["drive.ts"], 120_000);
    const out = JSON.parse(stdout.trim().split("\n").pop()!) as Record<string, Record<string, unknown>>;
    for (const name of ["w-json", "w-proto"]) {
      expect(out[name]).toEqual({
        // colour: the +default= of the group's schema, applied compiled in as for its CRD.
        created: {
          spec: { size: 3, tags: ["a", "b"], colour: "red" },
          uid: true,
          apiVersion: "widgets.example.org/v1alpha1",
          kind: "Widget",
        },
        got: { name, rv: true },
        listed: [name],
        gone: "NotFound",
        events: [`ADDED ${name}`, `DELETED ${name}`],
      });
    }
    expect(out.applied).toEqual({ tags: ["a", "b"], managers: ["one", "two"] });
    expect(out.strict).toContain('strict decoding error: unknown field "spec.bogus"');
    expect(out.discovery).toEqual([
      ["widgets", true, ["wd"]],
      ["widgets/status", true, []],
    ]);
  }, 120_000);
});
