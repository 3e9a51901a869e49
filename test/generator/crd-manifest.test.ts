/**
 * The CRD manifest emitter on the CronTab example: the committed manifest is what the emitter
 * produces, its schema is the OpenAPI v3 emitter's schema for the kind with every $ref inlined,
 * the markers are rendered, the apiserver's own CRD validation accepts it, and built-in groups get
 * no manifests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { crdResources, crdSchema, customResourceDefinition } from "../../generator/emit/crd/index.js";
import { structuralSchema, withoutDefaults } from "../../generator/emit/crd/structural.js";
import type { Json } from "../../generator/emit/openapi/json.js";
import { buildOpenAPIV3 } from "../../generator/emit/openapi/v3.js";
import type { Schema } from "../../generator/emit/openapi/schema.js";
import { GeneratorError } from "../../generator/model/diagnostics.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { crdStrategy } from "../../apiserver/registry/resources/customresourcedefinitions/strategy.js";
import type { KubeObject } from "../../apiserver/registry/rest.js";

const ROOT = path.resolve(".");
const model = parseApi(path.join(ROOT, "examples/crontab/api"), { libraryRoots: [path.join(ROOT, "api")] });
const MANIFEST = path.join(ROOT, "examples/crontab/generated/crds/stable.example.com_crontabs.yaml");
const manifest = parse(fs.readFileSync(MANIFEST, "utf8")) as {
  metadata: { name: string };
  spec: {
    group: string;
    scope: string;
    names: Record<string, unknown>;
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      schema: { openAPIV3Schema: Schema };
      subresources: Record<string, unknown>;
      additionalPrinterColumns: Record<string, unknown>[];
    }[];
  };
};
const v1 = manifest.spec.versions[0]!;
const schema = v1.schema.openAPIV3Schema;

type Props = Record<string, Schema & { properties?: Props }>;
const props = (s: Schema): Props => s.properties as Props;

/** Every object in a schema, with its path, for the structural checks. */
function* nodes(s: Json, at = "$"): Generator<[string, Record<string, Json>]> {
  if (s === null || typeof s !== "object" || Array.isArray(s)) return;
  yield [at, s];
  for (const [k, v] of Object.entries(s)) {
    if (k === "enum" || k === "default") continue;
    if (k === "properties" && v && typeof v === "object" && !Array.isArray(v)) {
      for (const [name, p] of Object.entries(v)) yield* nodes(p, `${at}.${name}`);
    } else yield* nodes(v, `${at}/${k}`);
  }
}

describe("CRD manifest", () => {
  it("is the emitter's output for the CronTab group", () => {
    const served = crdResources(model).get("stable.example.com/crontabs")!;
    expect(parse(fs.readFileSync(MANIFEST, "utf8"))).toEqual(JSON.parse(JSON.stringify(customResourceDefinition(model, served))));
  });

  it("has the CRD's names, scope, version and subresources", () => {
    expect(manifest.metadata.name).toBe("crontabs.stable.example.com");
    expect(manifest.spec.group).toBe("stable.example.com");
    expect(manifest.spec.scope).toBe("Namespaced");
    expect(manifest.spec.names).toEqual({
      kind: "CronTab",
      listKind: "CronTabList",
      plural: "crontabs",
      singular: "crontab",
      shortNames: ["ct"],
      categories: ["all"],
    });
    expect(v1).toMatchObject({ name: "v1", served: true, storage: true });
    expect(v1.subresources).toEqual({
      status: {},
      scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".status.labelSelector" },
    });
    expect(v1.additionalPrinterColumns.map((c) => [c.name, c.type, c.jsonPath])).toEqual([
      ["Spec", "string", ".spec.cronSpec"],
      ["Replicas", "integer", ".spec.replicas"],
      ["Age", "date", ".metadata.creationTimestamp"],
    ]);
    expect(v1.additionalPrinterColumns[0]!.description).toBe("The cron spec defining the interval a CronJob is run");
  });

  it("renders the validation markers", () => {
    const spec = props(schema).spec!;
    const { cronSpec, image, replicas } = props(spec);
    expect(cronSpec).toMatchObject({ type: "string", maxLength: 64, pattern: "^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$" });
    expect(image).toMatchObject({ type: "string", minLength: 1 });
    expect(replicas).toMatchObject({ type: "integer", format: "int32", minimum: 1, maximum: 10, default: 1 });
    expect(spec.required).toEqual(["cronSpec"]);
    expect(new RegExp(cronSpec!.pattern as string).test("* * * * */5")).toBe(true);
    expect(new RegExp(cronSpec!.pattern as string).test("every minute")).toBe(false);
  });

  it("is structural: no $ref or allOf, a type on every node, metadata reduced to type object", () => {
    for (const [at, node] of nodes(schema)) {
      expect(node.$ref, at).toBeUndefined();
      expect(node.allOf, at).toBeUndefined();
      const free = node["x-kubernetes-preserve-unknown-fields"] === true || node["x-kubernetes-int-or-string"] === true;
      if (!free && !at.includes("/anyOf")) expect(node.type, at).toBeDefined();
    }
    expect(props(schema).metadata).toEqual({ type: "object" });
    expect(schema["x-kubernetes-group-version-kind"]).toBeUndefined();
  });

  it("equals the OpenAPI v3 document's schema for CronTab with every $ref inlined", () => {
    const doc = buildOpenAPIV3(model, { group: "stable.example.com", version: "v1" })!;
    const components = (doc.components as { schemas: Record<string, Schema> }).schemas;
    const root = "com.example.crontab.api.stable.v1.CronTab";
    expect(Object.keys(components)).toContain(root);
    const inlined = structuralSchema(components, root);
    // The published v3 document also carries openapi-gen's zero defaults (`default: {}`), which a
    // CRD leaves out: a zero value need not pass the field's own validation.
    expect(withoutDefaults(schema)).toEqual(withoutDefaults(inlined));
    const explicit = [...nodes(schema)].filter(([, n]) => n.default !== undefined).map(([at, n]) => [at, n.default]);
    expect(explicit).toEqual([["$.spec.replicas", 1]]);
    // And the same markers appear in the v3 document itself.
    const spec = components["com.example.crontab.api.stable.v1.CronTabSpec"]!;
    expect(props(spec).replicas).toMatchObject({ minimum: 1, maximum: 10, default: 1 });
  });

  it("is accepted by the apiserver's CustomResourceDefinition validation", () => {
    const obj = JSON.parse(JSON.stringify(manifest)) as KubeObject;
    crdStrategy.defaults?.(obj);
    crdStrategy.prepareForCreate?.(obj);
    expect(crdStrategy.validate?.(obj) ?? []).toEqual([]);
  });

  it("validation rejects a manifest with a broken schema (the check can fail)", () => {
    const obj = JSON.parse(JSON.stringify(manifest)) as KubeObject & typeof manifest;
    obj.spec.versions[0]!.subresources = { scale: { specReplicasPath: "spec.replicas" } };
    crdStrategy.defaults?.(obj);
    crdStrategy.prepareForCreate?.(obj);
    expect((crdStrategy.validate?.(obj) ?? []).length).toBeGreaterThan(0);
  });

  it("is not emitted for the built-in k8s.io groups", () => {
    const builtin = parseApi(path.join(ROOT, "api"));
    expect(crdResources(builtin).size).toBe(0);
    expect(fs.existsSync(path.join(ROOT, "generated/crds"))).toBe(false);
  });

  it("inlines shared types and states special types structurally", () => {
    // The built-in Lease through the same transform: MicroTime and nested structs inlined.
    const builtin = parseApi(path.join(ROOT, "api"));
    const coordination = builtin.packages.find((p) => p.path === "coordination/v1")!;
    const lease = crdSchema(builtin, coordination, "Lease");
    const leaseSpec = props(lease).spec!;
    expect(props(leaseSpec).renewTime).toMatchObject({ type: "string", format: "date-time" });
    expect(props(lease).metadata).toEqual({ type: "object" });
    // IntOrString as controller-gen writes it: no type, both branches, the extension.
    const core = builtin.packages.find((p) => p.path === "core/v1")!;
    const service = crdSchema(builtin, core, "Service");
    const port = (props(props(service).spec!).ports as Schema & { items: Schema }).items;
    const targetPort = props(port).targetPort!;
    expect(targetPort.type).toBeUndefined();
    expect(targetPort).toMatchObject({ anyOf: [{ type: "integer" }, { type: "string" }], "x-kubernetes-int-or-string": true });
    expect(targetPort.oneOf).toBeUndefined();
  });

  it("puts every version of a kind in one CRD, storage on the +kubebuilder:storageversion one", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-crd-versions-"));
    try {
      const write = (version: string, storage: boolean): void => {
        const dir = path.join(root, "things", version);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(
          path.join(dir, "doc.ts"),
          `/**\n * Package ${version}.\n *\n * +groupName=things.example.com\n * +kubegen:go-package=example.com/things/${version}\n */\nexport {};\n`,
        );
        fs.writeFileSync(
          path.join(dir, "types.ts"),
          `/**\n * Thing.\n *\n * +genclient\n * +genclient:nonNamespaced\n${storage ? " * +kubebuilder:storageversion\n" : ""} */\n` +
            `export interface Thing {\n  /** Size. */\n  size?: string;\n}\n\n/** ThingList. */\nexport interface ThingList {\n  /** Items. */\n  items: Thing[];\n}\n`,
        );
      };
      write("v1", true);
      write("v2beta1", false);
      write("v2", false);
      const m = parseApi(root);
      const crd = customResourceDefinition(m, crdResources(m).get("things.example.com/things")!) as {
        spec: { scope: string; versions: { name: string; storage: boolean; served: boolean }[] };
      };
      expect(crd.spec.scope).toBe("Cluster");
      expect(crd.spec.versions.map((v) => [v.name, v.served, v.storage])).toEqual([
        ["v2", true, false],
        ["v1", true, true],
        ["v2beta1", true, false],
      ]);
      // Without the marker the run fails, naming the resource.
      write("v1", false);
      expect(() => parseApi(root)).toThrow(GeneratorError);
      expect(() => parseApi(root)).toThrow(
        /things\.things\.example\.com is served in 3 versions: tag exactly one of them \+kubebuilder:storageversion \(now 0\)/,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
