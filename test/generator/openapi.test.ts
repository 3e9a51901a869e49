/**
 * The OpenAPI emitter over the built-in API: every document validates with swagger-parser, every
 * `$ref` resolves, the committed files are what the emitter builds, and a table of facts from
 * upstream Kubernetes 1.34's published documents holds for ours.
 */
import { printProperty } from "../../generator/emit/layout.js";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { isGenerated } from "../../generator/emit/header.js";
import { buildOpenAPIV3, buildOpenAPIV3Documents, buildSwaggerV2, openapiEmitter } from "../../generator/emit/openapi/index.js";
import { documentJson, type Json } from "../../generator/emit/openapi/json.js";
import { paramHash } from "../../generator/emit/openapi/shared-parameters.js";
import { toValidOperationId } from "../../generator/emit/openapi/names.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { openapiV2, openapiV3, readOpenAPIDocument } from "../../generated/openapi/index.js";

type Obj = { [key: string]: Json };

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "../..");
const model = parseApi(path.join(root, "api"));
const v2 = buildSwaggerV2(model)!;
const v3 = buildOpenAPIV3Documents(model);
const core = v3.get("api/v1")!;

const META = "io.k8s.apimachinery.pkg.apis.meta.v1";
const get = (doc: Json, ...keys: string[]): Json => keys.reduce<Json>((o, k) => (o as Obj)[k]!, doc);
const defs = (name: string): Obj => get(v2, "definitions", name) as Obj;
const schemas = (name: string, doc: Json = core): Obj => get(doc, "components", "schemas", name) as Obj;

/** Every `$ref` string in a document, with where it was found. */
function refs(doc: Json, at = "#"): [string, string][] {
  if (Array.isArray(doc)) return doc.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (doc === null || typeof doc !== "object") return [];
  return Object.entries(doc).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [[v, at] as [string, string]] : refs(v, `${at}/${k}`),
  );
}

/** Every operation of a document: [path, method, operation]. */
function operations(doc: Json): [string, string, Obj][] {
  return Object.entries(get(doc, "paths") as Obj).flatMap(([p, item]) =>
    Object.entries(item as Obj)
      .filter(([m]) => m !== "parameters")
      .map(([m, op]) => [p, m, op as Obj] as [string, string, Obj]),
  );
}

describe("openapi documents", () => {
  const all: [string, Obj][] = [["v2", v2], ...[...v3].map(([p, d]) => [`v3 ${p}`, d] as [string, Obj])];

  it("builds one v3 document per served group-version and discovery path", () => {
    // Every group-version with a resource, the create-only reviews' groups included (as upstream's).
    const groups: [string, string[]][] = [
      ["admissionregistration.k8s.io", ["v1"]],
      ["apiextensions.k8s.io", ["v1"]],
      ["apiregistration.k8s.io", ["v1"]],
      ["apps", ["v1"]],
      ["authentication.k8s.io", ["v1"]],
      ["authorization.k8s.io", ["v1"]],
      ["autoscaling", ["v1", "v2"]],
      ["batch", ["v1"]],
      ["certificates.k8s.io", ["v1"]],
      ["coordination.k8s.io", ["v1"]],
      ["discovery.k8s.io", ["v1"]],
      ["events.k8s.io", ["v1"]],
      ["flowcontrol.apiserver.k8s.io", ["v1"]],
      ["networking.k8s.io", ["v1"]],
      ["node.k8s.io", ["v1"]],
      ["policy", ["v1"]],
      ["rbac.authorization.k8s.io", ["v1"]],
      ["resource.k8s.io", ["v1"]],
      ["scheduling.k8s.io", ["v1"]],
      ["storage.k8s.io", ["v1"]],
    ];
    expect([...v3.keys()]).toEqual([
      "api",
      "api/v1",
      "apis",
      ...groups.flatMap(([g, versions]) => [`apis/${g}`, ...versions.map((v) => `apis/${g}/${v}`)]),
    ]);
    expect(buildOpenAPIV3(model, { group: "rbac.authorization.k8s.io", version: "v1" })).toEqual(
      v3.get("apis/rbac.authorization.k8s.io/v1"),
    );
    expect(buildOpenAPIV3(model, { group: "meta.k8s.io", version: "v1" })).toBeUndefined();
  });

  it.each(all)("%s validates with swagger-parser", async (_name, doc) => {
    // swagger-parser dereferences in place: hand it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("swagger-parser is not vacuous: a dangling $ref fails validation", async () => {
    const broken = structuredClone<Obj>(core);
    (get(broken, "components", "schemas", "io.k8s.api.core.v1.Namespace", "properties", "spec") as Obj).allOf = [
      { $ref: "#/components/schemas/io.k8s.api.core.v1.Missing" },
    ];
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it.each(all)("%s: every $ref resolves", (_name, doc) => {
    const missing = refs(doc)
      .filter(([ref]) => {
        if (!ref.startsWith("#/")) return true;
        const target = ref
          .slice(2)
          .split("/")
          .reduce<Json | undefined>((o, k) => (o && typeof o === "object" && !Array.isArray(o) ? o[k] : undefined), doc);
        return target === undefined;
      })
      .map(([ref, at]) => `${at} -> ${ref}`);
    expect(missing).toEqual([]);
  });

  it.each(all)("%s: operation ids are unique and every operation has a 401 response", (_name, doc) => {
    const ops = operations(doc);
    const ids = ops.map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [p, m, op] of ops) expect(get(op, "responses", "401"), `${m} ${p}`).toEqual({ description: "Unauthorized" });
  });

  it("is deterministic", () => {
    expect(documentJson(buildSwaggerV2(model)!)).toBe(documentJson(v2));
    expect([...buildOpenAPIV3Documents(model)].map(([, d]) => documentJson(d))).toEqual([...v3].map(([, d]) => documentJson(d)));
  });
});

describe("openapi emitter output", () => {
  const files = openapiEmitter.emit(model, {
    outputRoot: path.join(root, "generated"),
    runtimeImport: path.join(root, "runtime"),
  });

  it("writes the fixed file layout", () => {
    expect(files.map((f) => f.path).sort()).toEqual(
      ["openapi/documents.ts", "openapi/index.ts", "openapi/v2/swagger.json", ...[...v3.keys()].map((p) => `openapi/v3/${p}.json`)].sort(),
    );
  });

  it.each(files.filter((f) => f.path.endsWith(".json")).map((f) => [f.path, f.content]))(
    "%s is marked generated, indented, newline-terminated JSON",
    (_p, content) => {
      expect(isGenerated(content)).toBe(true);
      expect(content.endsWith("}\n")).toBe(true);
      expect(content.startsWith('{\n  "info": {\n    "x-kubegen-generated"')).toBe(true);
      expect(JSON.stringify(JSON.parse(content), null, 2) + "\n").toBe(content);
    },
  );

  it("matches the committed generated/openapi documents", () => {
    for (const f of files.filter((f) => f.path.endsWith(".json"))) {
      expect(fs.readFileSync(path.join(root, "generated", f.path), "utf8"), f.path).toBe(f.content);
    }
  });

  it("carries every document's text in generated/openapi/documents.ts, so compiled code needs no JSON file", () => {
    const module = files.find((f) => f.path === "openapi/documents.ts")!;
    for (const f of files.filter((f) => f.path.endsWith(".json"))) {
      expect(module.content, f.path).toContain(printProperty(2, f.path.slice("openapi/".length), f.content, ","));
    }
  });

  it("lists every document with its hash in generated/openapi/index.ts", () => {
    expect(Object.keys(openapiV3)).toEqual([...v3.keys()]);
    const doc = openapiV3["apis/rbac.authorization.k8s.io/v1"]!;
    expect(readOpenAPIDocument(doc)).toBe(documentJson(v3.get("apis/rbac.authorization.k8s.io/v1")!));
    expect(openapiV2.hash).toMatch(/^[0-9A-F]{128}$/);
  });
});

describe("definitions carry upstream's facts", () => {
  it("names definitions after the OpenAPI package", () => {
    for (const name of [
      "io.k8s.api.core.v1.Namespace",
      `${META}.ObjectMeta`,
      "io.k8s.api.rbac.v1.ClusterRole",
      "io.k8s.api.coordination.v1.Lease",
      "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps",
      "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
      "io.k8s.apimachinery.pkg.runtime.RawExtension",
    ]) {
      expect(defs(name), name).toBeDefined();
    }
  });

  it.each([
    ["io.k8s.api.core.v1.Namespace", [{ group: "", kind: "Namespace", version: "v1" }]],
    ["io.k8s.api.rbac.v1.ClusterRoleList", [{ group: "rbac.authorization.k8s.io", kind: "ClusterRoleList", version: "v1" }]],
    [`${META}.Status`, [{ group: "", kind: "Status", version: "v1" }]],
    [
      `${META}.DeleteOptions`,
      [
        ["", "v1"],
        ["admission.k8s.io", "v1"],
        ["admissionregistration.k8s.io", "v1"],
        ["apiextensions.k8s.io", "v1"],
        ["apiregistration.k8s.io", "v1"],
        ["apps", "v1"],
        ["authentication.k8s.io", "v1"],
        ["authorization.k8s.io", "v1"],
        ["autoscaling", "v1"],
        ["autoscaling", "v2"],
        ["batch", "v1"],
        ["certificates.k8s.io", "v1"],
        ["coordination.k8s.io", "v1"],
        ["discovery.k8s.io", "v1"],
        ["events.k8s.io", "v1"],
        ["flowcontrol.apiserver.k8s.io", "v1"],
        ["networking.k8s.io", "v1"],
        ["node.k8s.io", "v1"],
        ["policy", "v1"],
        ["rbac.authorization.k8s.io", "v1"],
        ["resource.k8s.io", "v1"],
        ["scheduling.k8s.io", "v1"],
        ["storage.k8s.io", "v1"],
      ].map(([group, version]) => ({ group, kind: "DeleteOptions", version })),
    ],
    [`${META}.ObjectMeta`, undefined],
    ["io.k8s.api.core.v1.ServiceSpec", undefined],
  ])("%s x-kubernetes-group-version-kind", (name, gvks) => {
    expect(defs(name)["x-kubernetes-group-version-kind"]).toEqual(gvks);
    const doc = name.includes(".rbac.") ? v3.get("apis/rbac.authorization.k8s.io/v1")! : core;
    expect(schemas(name, doc)["x-kubernetes-group-version-kind"]).toEqual(gvks);
  });

  it("ServiceSpec.ports is a map list keyed by port and protocol, merged by port", () => {
    for (const ports of [
      get(defs("io.k8s.api.core.v1.ServiceSpec"), "properties", "ports"),
      get(schemas("io.k8s.api.core.v1.ServiceSpec"), "properties", "ports"),
    ]) {
      expect(ports).toMatchObject({
        type: "array",
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["port", "protocol"],
        "x-kubernetes-patch-merge-key": "port",
        "x-kubernetes-patch-strategy": "merge",
      });
    }
    // v2 refs sit beside their siblings; v3 wraps a ref that has siblings in allOf.
    expect(get(defs("io.k8s.api.core.v1.ServiceSpec"), "properties", "ports", "items")).toEqual({
      $ref: "#/definitions/io.k8s.api.core.v1.ServicePort",
    });
    expect(get(schemas("io.k8s.api.core.v1.ServiceSpec"), "properties", "ports", "items")).toEqual({
      allOf: [{ $ref: "#/components/schemas/io.k8s.api.core.v1.ServicePort" }],
      default: {},
    });
  });

  it("Time is a date-time string that creationTimestamp refers to", () => {
    expect(defs(`${META}.Time`)).toMatchObject({ type: "string", format: "date-time" });
    expect(schemas(`${META}.Time`)).toMatchObject({ type: "string", format: "date-time" });
    expect(get(defs(`${META}.ObjectMeta`), "properties", "creationTimestamp", "$ref")).toBe(`#/definitions/${META}.Time`);
    const v3Prop = get(schemas(`${META}.ObjectMeta`), "properties", "creationTimestamp") as Obj;
    expect(v3Prop.allOf).toEqual([{ $ref: `#/components/schemas/${META}.Time` }]);
    expect(v3Prop.default).toBeUndefined();
  });

  it("IntOrString is format int-or-string in v2 and integer-or-string in v3", () => {
    const name = "io.k8s.apimachinery.pkg.util.intstr.IntOrString";
    expect(defs(name)).toMatchObject({ type: "string", format: "int-or-string" });
    const s = schemas(name);
    // Upstream 1.34 states the two shapes with oneOf (kube-openapi's OpenAPIV3OneOfTypes) and keeps the format.
    expect(s).toMatchObject({ format: "int-or-string", oneOf: [{ type: "integer" }, { type: "string" }] });
    expect(s.type).toBeUndefined();
    expect(get(schemas("io.k8s.api.core.v1.ServicePort"), "properties", "targetPort")).toMatchObject({
      allOf: [{ $ref: `#/components/schemas/${name}` }],
    });
  });

  it("scalars carry their formats", () => {
    const port = get(defs("io.k8s.api.core.v1.ServicePort"), "properties", "port");
    expect(port).toMatchObject({ type: "integer", format: "int32" });
    expect(get(defs(`${META}.ObjectMeta`), "properties", "generation")).toMatchObject({
      type: "integer",
      format: "int64",
    });
    expect(get(defs("io.k8s.api.core.v1.Secret"), "properties", "data", "additionalProperties")).toEqual({
      type: "string",
      format: "byte",
    });
    expect(get(schemas("io.k8s.api.core.v1.Secret"), "properties", "data", "additionalProperties")).toEqual({
      type: "string",
      format: "byte",
    });
    expect(
      get(
        schemas("io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps", v3.get("apis/apiextensions.k8s.io/v1")),
        "properties",
        "maximum",
      ),
    ).toMatchObject({ type: "number", format: "double" });
  });

  it("enums are inlined with their values listed in the description", () => {
    const protocol = get(schemas("io.k8s.api.core.v1.ServicePort"), "properties", "protocol") as Obj;
    expect(protocol.enum).toEqual(["SCTP", "TCP", "UDP"]);
    expect(protocol.default).toBe("TCP");
    expect(protocol.description).toMatch(/\n\nPossible enum values:\n - `"SCTP"`\n - `"TCP"`\n - `"UDP"`$/);
    expect(get(defs("io.k8s.api.core.v1.ServicePort"), "properties", "protocol", "enum")).toEqual(["SCTP", "TCP", "UDP"]);
    expect(get(defs("io.k8s.api.core.v1.ServiceSpec"), "properties", "ipFamilies", "items", "enum")).toEqual(["", "IPv4", "IPv6"]);
  });

  it.each([
    ["io.k8s.api.core.v1.NamespaceList", ["items"]],
    ["io.k8s.api.rbac.v1.ClusterRoleBinding", ["roleRef"]],
    [`${META}.OwnerReference`, ["apiVersion", "kind", "name", "uid"]],
    [`${META}.WatchEvent`, ["type", "object"]],
    ["io.k8s.api.core.v1.ObjectReference", undefined],
    ["io.k8s.api.core.v1.Namespace", undefined],
  ])("%s required", (name, required) => {
    expect(defs(name).required).toEqual(required);
  });

  it("atomic structs are atomic maps; specials have upstream's shapes", () => {
    expect(defs(`${META}.OwnerReference`)["x-kubernetes-map-type"]).toBe("atomic");
    expect(defs("io.k8s.api.core.v1.ObjectReference")["x-kubernetes-map-type"]).toBe("atomic");
    expect(defs("io.k8s.apimachinery.pkg.runtime.RawExtension")).toMatchObject({ type: "object" });
    expect(defs(`${META}.FieldsV1`)).toMatchObject({ type: "object" });
    const apiext = v3.get("apis/apiextensions.k8s.io/v1")!;
    const json = schemas("io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON", apiext);
    expect(Object.keys(json)).toEqual(["description"]);
    const props = get(schemas("io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps", apiext), "properties") as Obj;
    expect(props.items).toEqual({
      allOf: [
        {
          $ref: "#/components/schemas/io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrArray",
        },
      ],
      description: expect.any(String),
    });
    expect(get(props, "$ref")).toMatchObject({ type: "string" });
  });

  it("v3 publishes the zero defaults openapi-gen enforces; v2 carries none", () => {
    const ref = schemas(`${META}.OwnerReference`);
    expect(get(ref, "properties", "uid", "default")).toBe("");
    expect(get(ref, "properties", "controller", "default")).toBeUndefined(); // a pointer
    expect(get(schemas("io.k8s.api.core.v1.ConfigMap"), "properties", "metadata", "default")).toEqual({});
    expect(get(schemas(`${META}.ObjectMeta`), "properties", "labels", "additionalProperties")).toEqual({
      type: "string",
      default: "",
    });
    for (const [name, ...keys] of [
      [`${META}.OwnerReference`, "properties", "uid"],
      ["io.k8s.api.core.v1.ConfigMap", "properties", "metadata"],
      [`${META}.ObjectMeta`, "properties", "labels", "additionalProperties"],
      ["io.k8s.api.core.v1.ServicePort", "properties", "protocol"],
      ["io.k8s.api.core.v1.ServiceSpec", "properties", "ports", "items"],
    ] as [string, ...string[]][]) {
      expect((get(defs(name), ...keys) as Obj).default, `${name} ${keys.join(".")}`).toBeUndefined();
    }
  });
});

describe("paths follow upstream's routes", () => {
  const v2Ops = new Map(operations(v2).map(([p, m, op]) => [op.operationId as string, { p, m, op }]));

  it.each([
    ["listCoreV1Namespace", "get", "/api/v1/namespaces", "list"],
    ["createCoreV1Namespace", "post", "/api/v1/namespaces", "post"],
    ["readCoreV1Namespace", "get", "/api/v1/namespaces/{name}", "get"],
    ["replaceCoreV1Namespace", "put", "/api/v1/namespaces/{name}", "put"],
    ["patchCoreV1Namespace", "patch", "/api/v1/namespaces/{name}", "patch"],
    ["deleteCoreV1Namespace", "delete", "/api/v1/namespaces/{name}", "delete"],
    ["readCoreV1NamespaceStatus", "get", "/api/v1/namespaces/{name}/status", "get"],
    ["replaceCoreV1NamespaceStatus", "put", "/api/v1/namespaces/{name}/status", "put"],
    ["patchCoreV1NamespaceStatus", "patch", "/api/v1/namespaces/{name}/status", "patch"],
    ["replaceCoreV1NamespaceFinalize", "put", "/api/v1/namespaces/{name}/finalize", "put"],
    ["watchCoreV1Namespace", "get", "/api/v1/watch/namespaces/{name}", "watch"],
    ["watchCoreV1NamespaceList", "get", "/api/v1/watch/namespaces", "watchlist"],
    ["listCoreV1NamespacedConfigMap", "get", "/api/v1/namespaces/{namespace}/configmaps", "list"],
    ["listCoreV1ConfigMapForAllNamespaces", "get", "/api/v1/configmaps", "list"],
    ["deleteCoreV1CollectionNamespacedConfigMap", "delete", "/api/v1/namespaces/{namespace}/configmaps", "deletecollection"],
    ["watchCoreV1NamespacedConfigMap", "get", "/api/v1/watch/namespaces/{namespace}/configmaps/{name}", "watch"],
    ["watchCoreV1NamespacedConfigMapList", "get", "/api/v1/watch/namespaces/{namespace}/configmaps", "watchlist"],
    ["watchCoreV1ConfigMapListForAllNamespaces", "get", "/api/v1/watch/configmaps", "watchlist"],
    ["replaceCoreV1NamespacedServiceStatus", "put", "/api/v1/namespaces/{namespace}/services/{name}/status", "put"],
    ["listRbacAuthorizationV1ClusterRole", "get", "/apis/rbac.authorization.k8s.io/v1/clusterroles", "list"],
    ["listRbacAuthorizationV1RoleBindingForAllNamespaces", "get", "/apis/rbac.authorization.k8s.io/v1/rolebindings", "list"],
    ["patchCoordinationV1NamespacedLease", "patch", "/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}", "patch"],
    [
      "replaceApiextensionsV1CustomResourceDefinitionStatus",
      "put",
      "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/{name}/status",
      "put",
    ],
  ])("%s is %s %s (x-kubernetes-action %s)", (id, method, p, action) => {
    const found = v2Ops.get(id);
    expect(found, id).toBeDefined();
    expect([found!.m, found!.p, found!.op["x-kubernetes-action"]]).toEqual([method, p, action]);
  });

  it.each([
    ["getCoreV1APIResources", "/api/v1/", "core_v1", "APIResourceList"],
    ["getRbacAuthorizationV1APIResources", "/apis/rbac.authorization.k8s.io/v1/", "rbacAuthorization_v1", "APIResourceList"],
    ["getRbacAuthorizationAPIGroup", "/apis/rbac.authorization.k8s.io/", "rbacAuthorization", "APIGroup"],
    ["getCoreAPIVersions", "/api/", "core", "APIVersions"],
    ["getAPIVersions", "/apis/", "apis", "APIGroupList"],
  ])("discovery %s at %s, tagged %s", (id, p, tag, kind) => {
    const found = v2Ops.get(id)!;
    expect(found.p).toBe(p);
    expect(found.op.tags).toEqual([tag]);
    expect(get(found.op, "responses", "200", "schema", "$ref")).toBe(`#/definitions/${META}.${kind}`);
  });

  it("has no deletecollection where upstream has none (namespaces, services)", () => {
    expect(v2Ops.has("deleteCoreV1CollectionNamespace")).toBe(false);
    expect(v2Ops.has("deleteCoreV1CollectionNamespacedService")).toBe(false);
  });

  it("operations carry tags, the kind and upstream's media types", () => {
    const { op } = v2Ops.get("listCoreV1NamespacedConfigMap")!;
    expect(op.tags).toEqual(["core_v1"]);
    expect(op["x-kubernetes-group-version-kind"]).toEqual({ group: "", kind: "ConfigMap", version: "v1" });
    expect(op.consumes).toEqual(["*/*"]);
    expect(op.produces).toEqual([
      "application/json",
      "application/yaml",
      "application/vnd.kubernetes.protobuf",
      "application/json;stream=watch",
      "application/vnd.kubernetes.protobuf;stream=watch",
    ]);
    expect(op.schemes).toEqual(["https"]);
    expect(get(op, "responses", "200", "schema", "$ref")).toBe("#/definitions/io.k8s.api.core.v1.ConfigMapList");
    expect(v2Ops.get("patchCoreV1Namespace")!.op.consumes).toEqual([
      "application/json-patch+json",
      "application/merge-patch+json",
      "application/strategic-merge-patch+json",
      "application/apply-patch+yaml",
    ]);
    expect(v2Ops.get("createCoreV1Namespace")!.op.tags).toEqual(["core_v1"]);
    expect(v2Ops.get("listRbacAuthorizationV1ClusterRole")!.op.tags).toEqual(["rbacAuthorization_v1"]);
  });

  it("status codes and response kinds are upstream's", () => {
    const codes = (id: string): string[] => Object.keys(get(v2Ops.get(id)!.op, "responses") as Obj);
    expect(codes("createCoreV1Namespace")).toEqual(["200", "201", "202", "401"]);
    expect(codes("replaceCoreV1Namespace")).toEqual(["200", "201", "401"]);
    expect(codes("patchCoreV1Namespace")).toEqual(["200", "201", "401"]);
    expect(codes("deleteCoreV1Namespace")).toEqual(["200", "202", "401"]);
    expect(codes("deleteCoreV1CollectionNamespacedConfigMap")).toEqual(["200", "401"]);
    expect(get(v2Ops.get("deleteCoreV1Namespace")!.op, "responses", "200", "schema", "$ref")).toBe(`#/definitions/${META}.Status`);
    // Services and service accounts answer DELETE with the deleted object.
    expect(get(v2Ops.get("deleteCoreV1NamespacedService")!.op, "responses", "200", "schema", "$ref")).toBe(
      "#/definitions/io.k8s.api.core.v1.Service",
    );
    expect(get(v2Ops.get("watchCoreV1Namespace")!.op, "responses", "200", "schema", "$ref")).toBe(`#/definitions/${META}.WatchEvent`);
  });

  it("v3 PATCH of a namespace takes fieldValidation and every patch content type", () => {
    const patch = get(core, "paths", "/api/v1/namespaces/{name}", "patch") as Obj;
    const names = (patch.parameters as Obj[]).map((p) => p.name);
    expect(names).toEqual(["dryRun", "fieldManager", "fieldValidation", "force"]);
    expect(get(patch, "requestBody", "required")).toBe(true);
    expect(Object.keys(get(patch, "requestBody", "content") as Obj).sort()).toEqual([
      "application/apply-patch+yaml",
      "application/json-patch+json",
      "application/merge-patch+json",
      "application/strategic-merge-patch+json",
    ]);
    expect(get(patch, "requestBody", "content", "application/strategic-merge-patch+json", "schema", "$ref")).toBe(
      `#/components/schemas/${META}.Patch`,
    );
    expect(get(patch, "responses", "200", "content", "application/json", "schema", "$ref")).toBe(
      "#/components/schemas/io.k8s.api.core.v1.Namespace",
    );
    expect(get(core, "paths", "/api/v1/namespaces/{name}", "parameters")).toEqual([
      expect.objectContaining({
        in: "path",
        name: "name",
        required: true,
        schema: { type: "string", uniqueItems: true },
      }),
      expect.objectContaining({ in: "query", name: "pretty" }),
    ]);
  });

  it("list, delete and deletecollection take the options' query parameters", () => {
    const list = get(core, "paths", "/api/v1/namespaces/{namespace}/configmaps", "get", "parameters") as Obj[];
    expect(list.map((p) => p.name)).toEqual([
      "allowWatchBookmarks",
      "continue",
      "fieldSelector",
      "labelSelector",
      "limit",
      "resourceVersion",
      "resourceVersionMatch",
      "sendInitialEvents",
      "timeoutSeconds",
      "watch",
    ]);
    const del = get(core, "paths", "/api/v1/namespaces/{namespace}/configmaps/{name}", "delete") as Obj;
    expect((del.parameters as Obj[]).map((p) => p.name)).toEqual([
      "dryRun",
      "gracePeriodSeconds",
      "ignoreStoreReadErrorWithClusterBreakingPotential",
      "orphanDependents",
      "propagationPolicy",
    ]);
    expect(get(del, "requestBody")).toEqual({
      content: { "*/*": { schema: { $ref: `#/components/schemas/${META}.DeleteOptions` } } },
    });
    const collection = get(core, "paths", "/api/v1/namespaces/{namespace}/configmaps", "delete", "parameters") as Obj[];
    expect(collection.map((p) => p.name)).not.toContain("watch");
    expect(collection.map((p) => p.name)).toContain("propagationPolicy");
    expect(collection.map((p) => p.name)).toContain("labelSelector");
    // A path with a single operation carries all its parameters at the path level.
    expect((get(core, "paths", "/api/v1/namespaces/{name}/finalize", "parameters") as Obj[]).map((p) => p.name)).toEqual([
      "dryRun",
      "fieldManager",
      "fieldValidation",
      "name",
      "pretty",
    ]);
  });

  it("v2 shares the generic parameters; dryRun, fieldValidation, name and kind bodies stay inline", () => {
    const shared = Object.keys(get(v2, "parameters") as Obj);
    for (const name of [
      "pretty",
      "namespace",
      "labelSelector",
      "fieldSelector",
      "limit",
      "continue",
      "watch",
      "gracePeriodSeconds",
      "force",
      "body",
    ]) {
      expect(
        shared.some((s) => s.startsWith(`${name}-`)),
        name,
      ).toBe(true);
    }
    for (const name of ["dryRun", "fieldValidation", "name"])
      expect(
        shared.some((s) => s.startsWith(`${name}-`)),
        name,
      ).toBe(false);
    const create = v2Ops.get("createCoreV1Namespace")!.op.parameters as Obj[];
    expect(create[0]).toEqual({
      in: "body",
      name: "body",
      required: true,
      schema: { $ref: "#/definitions/io.k8s.api.core.v1.Namespace" },
    });
    expect(create.find((p) => p.name === "fieldValidation")).toMatchObject({
      in: "query",
      type: "string",
      uniqueItems: true,
    });
    const patchBody = (v2Ops.get("patchCoreV1Namespace")!.op.parameters as Obj[])[0]!;
    expect(get(v2, ...(patchBody.$ref as string).slice(2).split("/"))).toEqual({
      in: "body",
      name: "body",
      required: true,
      schema: { $ref: `#/definitions/${META}.Patch` },
    });
  });
});

describe("naming helpers", () => {
  it.each([
    ["rbac.authorization", true, "RbacAuthorization"],
    ["rbac.authorization", false, "rbacAuthorization"],
    ["apiextensions", true, "Apiextensions"],
    ["v1beta1", true, "V1beta1"],
    ["9lives", false, "Lives"],
  ])("toValidOperationId(%s, %s) = %s", (s, cap, want) => {
    expect(toValidOperationId(s, cap)).toBe(want);
  });

  it("names shared parameters by an 8-character FNV-1 hash", () => {
    expect(paramHash("")).toBe("y_Kc5IQi"); // the FNV-1 offset basis, unhashed
    expect(paramHash('{"in":"query","name":"pretty"}')).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });
});
