/**
 * The protobuf schema: protoc accepts every emitted generated.proto together, and the facts
 * the proto model derives from api/ are upstream's (checked by hand against the generated.proto
 * files of k8s.io/api, apimachinery and apiextensions-apiserver at v0.34.0). Bad input is a
 * file:line error.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import descriptor from "protobufjs/ext/descriptor.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProtoField, type ProtoFile, type ProtoMessage, protoFiles, protoTypeName } from "../../generator/model/proto-model.js";
import { protobufSchemaEmitter } from "../../generator/emit/protobuf/schema.js";
import type { Model } from "../../generator/model/types.js";
import { GeneratorError } from "../../generator/model/diagnostics.js";
import { parseApi } from "../../generator/parse/parse-api.js";

const model: Model = parseApi("api");
const files = protoFiles(model);
const options = { outputRoot: "/generated", runtimeImport: "kubegen/runtime" };

function message(protoPackage: string, name: string): ProtoMessage {
  const file = files.find((f) => f.protoPackage === protoPackage);
  const m = file?.messages.find((x) => x.name === name);
  if (!m) throw new Error(`no message ${protoPackage}.${name}`);
  return m;
}

/** A field as upstream's generated.proto writes it: `optional string clusterIP = 3`. */
function line(f: ProtoField, pkg: string): string {
  const type = protoTypeName(f.type, pkg);
  return `${f.label === "map" ? `map<string, ${type}>` : `${f.label} ${type}`} ${f.name} = ${f.number}`;
}

const fieldLines = (pkg: string, name: string): string[] => message(pkg, name).fields.map((f) => line(f, pkg));

const CORE = "k8s.io.api.core.v1";
const META = "k8s.io.apimachinery.pkg.apis.meta.v1";
const RUNTIME = "k8s.io.apimachinery.pkg.runtime";
const EXT = "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1";

/** The parts of a google.protobuf.FileDescriptorSet these tests read. */
interface DescriptorSet {
  file: {
    name: string;
    package: string;
    syntax?: string;
    options?: { goPackage?: string };
    messageType?: { name: string; field?: { name: string; number: number; typeName?: string }[] }[];
  }[];
}

describe("protoc over the emitted schema", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-proto-"));
  const set = path.join(dir, "set.pb");
  let emitted: string[] = [];
  beforeAll(() => {
    for (const f of protobufSchemaEmitter.emit(model, options)) {
      const file = path.join(dir, f.path);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, f.content);
      emitted.push(f.path.replace(/^proto\//, ""));
    }
    emitted = emitted.sort();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("emits one generated.proto per protobuf package, under its go package", () => {
    expect(emitted).toEqual([
      ...[
        "admission/v1",
        "admissionregistration/v1",
        "apps/v1",
        "authentication/v1",
        "authorization/v1",
        "autoscaling/v1",
        "autoscaling/v2",
        "batch/v1",
        "certificates/v1",
        "coordination/v1",
        "core/v1",
        "discovery/v1",
        "events/v1",
        "flowcontrol/v1",
        "networking/v1",
        "node/v1",
        "policy/v1",
        "rbac/v1",
        "resource/v1",
        "scheduling/v1",
        "storage/v1",
      ].map((gv) => `k8s.io/api/${gv}/generated.proto`),
      "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1/generated.proto",
      "k8s.io/apimachinery/pkg/api/resource/generated.proto",
      "k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto",
      "k8s.io/apimachinery/pkg/runtime/generated.proto",
      "k8s.io/apimachinery/pkg/util/intstr/generated.proto",
      "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1/generated.proto",
    ]);
  });

  it("compiles with protoc, and the descriptors carry upstream's names and numbers", () => {
    // protoc exits non-zero (and execFileSync throws with its message) on any error.
    execFileSync("protoc", [`--proto_path=${path.join(dir, "proto")}`, "--include_imports", `--descriptor_set_out=${set}`, ...emitted], {
      stdio: "pipe",
    });
    const decoded = descriptor.FileDescriptorSet.decode(fs.readFileSync(set)) as unknown as DescriptorSet;
    const core = decoded.file.find((f) => f.package === CORE);
    const ns = core?.messageType?.find((m) => m.name === "Namespace");
    expect(ns?.field?.map((f) => [f.name, f.number, f.typeName])).toEqual([
      ["metadata", 1, `.${META}.ObjectMeta`],
      ["spec", 2, `.${CORE}.NamespaceSpec`],
      ["status", 3, `.${CORE}.NamespaceStatus`],
    ]);
    expect(core?.options?.goPackage).toBe("k8s.io/api/core/v1");
    // protoc leaves syntax unset for proto2 (or says "proto2"); proto3 would say so.
    expect(decoded.file.filter((f) => f.syntax && f.syntax !== "proto2")).toEqual([]);
  });

  it("starts every file with the generated header and comments messages with our docs", () => {
    const text = fs.readFileSync(path.join(dir, "proto/k8s.io/api/core/v1/generated.proto"), "utf8");
    expect(text.startsWith("// Code generated by kubegen. DO NOT EDIT.\n")).toBe(true);
    expect(text).toMatch(
      /\n\/\/ Namespace partitions [^]*?\nmessage Namespace \{\n {2}\/\/ Standard object metadata\.\n {2}optional \.k8s\.io/,
    );
    expect(text).toContain('option go_package = "k8s.io/api/core/v1";');
    expect(text).toContain('import "k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto";');
    expect(text.split("\n").every((l) => l.length <= 100 || !l.trimStart().startsWith("//"))).toBe(true);
  });
});

describe("proto model facts (upstream v0.34.0)", () => {
  it.each<[string, string, string[]]>([
    // Declaration order, numbers out of order and skipped, as upstream's file lists them.
    [
      CORE,
      "ServiceSpec",
      [
        "repeated ServicePort ports = 1",
        "map<string, string> selector = 2",
        "optional string clusterIP = 3",
        "repeated string clusterIPs = 18",
        "optional string type = 4",
        "repeated string externalIPs = 5",
        "optional string sessionAffinity = 7",
        "optional string loadBalancerIP = 8",
        "repeated string loadBalancerSourceRanges = 9",
        "optional string externalName = 10",
        "optional string externalTrafficPolicy = 11",
        "optional int32 healthCheckNodePort = 12",
        "optional bool publishNotReadyAddresses = 13",
        "optional SessionAffinityConfig sessionAffinityConfig = 14",
        "repeated string ipFamilies = 19",
        "optional string ipFamilyPolicy = 17",
        "optional bool allocateLoadBalancerNodePorts = 20",
        "optional string loadBalancerClass = 21",
        "optional string internalTrafficPolicy = 22",
        "optional string trafficDistribution = 23",
      ],
    ],
    [
      META,
      "ObjectMeta",
      [
        "optional string name = 1",
        "optional string generateName = 2",
        "optional string namespace = 3",
        "optional string selfLink = 4",
        "optional string uid = 5",
        "optional string resourceVersion = 6",
        "optional int64 generation = 7",
        "optional Time creationTimestamp = 8",
        "optional Time deletionTimestamp = 9",
        "optional int64 deletionGracePeriodSeconds = 10",
        "map<string, string> labels = 11",
        "map<string, string> annotations = 12",
        "repeated OwnerReference ownerReferences = 13",
        "repeated string finalizers = 14",
        "repeated ManagedFieldsEntry managedFields = 17",
      ],
    ],
    [META, "Verbs", ["repeated string items = 1"]],
    [META, "Time", ["optional int64 seconds = 1", "optional int32 nanos = 2"]],
    [META, "FieldsV1", ["optional bytes Raw = 1"]],
    [META, "Duration", ["optional int64 duration = 1"]],
    [
      META,
      "DeleteOptions",
      [
        "optional int64 gracePeriodSeconds = 1",
        "optional Preconditions preconditions = 2",
        "optional bool orphanDependents = 3",
        "optional string propagationPolicy = 4",
        "repeated string dryRun = 5",
        "optional bool ignoreStoreReadErrorWithClusterBreakingPotential = 6",
      ],
    ],
    [META, "WatchEvent", ["optional string type = 1", `optional .${RUNTIME}.RawExtension object = 2`]],
    [
      "k8s.io.apimachinery.pkg.util.intstr",
      "IntOrString",
      ["optional int64 type = 1", "optional int32 intVal = 2", "optional string strVal = 3"],
    ],
    ["k8s.io.apimachinery.pkg.api.resource", "Quantity", ["optional string string = 1"]],
    [
      RUNTIME,
      "Unknown",
      [
        "optional TypeMeta typeMeta = 1",
        "optional bytes raw = 2",
        "optional string contentEncoding = 3",
        "optional string contentType = 4",
      ],
    ],
    [RUNTIME, "TypeMeta", ["optional string apiVersion = 1", "optional string kind = 2"]],
    [
      CORE,
      "ConfigMap",
      [
        `optional .${META}.ObjectMeta metadata = 1`,
        "optional bool immutable = 4",
        "map<string, string> data = 2",
        "map<string, bytes> binaryData = 3",
      ],
    ],
    [
      CORE,
      "ServicePort",
      [
        "optional string name = 1",
        "optional string protocol = 2",
        "optional string appProtocol = 6",
        "optional int32 port = 3",
        "optional .k8s.io.apimachinery.pkg.util.intstr.IntOrString targetPort = 4",
        "optional int32 nodePort = 5",
      ],
    ],
    [EXT, "JSONSchemaPropsOrArray", ["optional JSONSchemaProps schema = 1", "repeated JSONSchemaProps jSONSchemas = 2"]],
    [EXT, "JSONSchemaPropsOrBool", ["optional bool allows = 1", "optional JSONSchemaProps schema = 2"]],
    [EXT, "JSONSchemaPropsOrStringArray", ["optional JSONSchemaProps schema = 1", "repeated string property = 2"]],
    [EXT, "JSON", ["optional bytes raw = 1"]],
  ])("%s.%s", (pkg, name, want) => {
    expect(fieldLines(pkg, name)).toEqual(want);
  });

  it("APIResource.verbs refers to the Verbs wrapper message, not a repeated field", () => {
    const verbs = message(META, "APIResource").fields.find((f) => f.name === "verbs")!;
    expect(line(verbs, META)).toBe("optional Verbs verbs = 4");
    expect(verbs.type.kind === "message" && verbs.type.ref.source.kind).toBe("alias");
  });

  it("derives wire types from field types, whatever Go's struct tags said", () => {
    // Upstream tags JSONSchemaProps' booleans as "bytes"; the schema says bool, and so do we.
    const lines = fieldLines(EXT, "JSONSchemaProps");
    expect(lines).toContain("optional bool exclusiveMaximum = 10");
    expect(lines).toContain("optional double maximum = 9");
    expect(lines).toContain("optional string schema = 2");
    expect(lines).toContain("map<string, JSONSchemaPropsOrStringArray> dependencies = 32");
    expect(lines).toContain("optional bool xKubernetesPreserveUnknownFields = 38");
  });

  it("gives +protobuf=false types no message, and sorts messages by name", () => {
    const meta = files.find((f) => f.protoPackage === META)!;
    const names = meta.messages.map((m) => m.name);
    expect(names).not.toContain("Table");
    expect(names).not.toContain("TableRow");
    expect(names).toContain("TableOptions");
    expect(names).toContain("PartialObjectMetadataList");
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.indexOf("APIResourceList")).toBeLessThan(names.indexOf("ApplyOptions"));
  });

  it("imports exactly the files whose messages a file uses", () => {
    const byPkg = (p: string): ProtoFile => files.find((f) => f.protoPackage === p)!;
    expect(byPkg(CORE).imports).toEqual([
      "k8s.io/apimachinery/pkg/api/resource/generated.proto",
      "k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto",
      "k8s.io/apimachinery/pkg/util/intstr/generated.proto",
    ]);
    expect(byPkg(META).imports).toEqual(["k8s.io/apimachinery/pkg/runtime/generated.proto"]);
    expect(byPkg(RUNTIME).imports).toEqual([]);
  });
});

describe("proto model errors", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-proto-errors-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const DOC = `/**\n * Package v1 is a test package.\n *\n * +groupName=test.example.com\n * +k8s:protobuf-gen=package\n * +kubegen:go-package=example.com/test/v1\n */\nexport {};\n`;

  /** Writes a one-package API with `types` and returns the error (the validation pass reports protoFiles' problems). */
  function errorOf(name: string, types: string): GeneratorError {
    const dir = path.join(tmp, name, "test/v1");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "doc.ts"), DOC);
    fs.writeFileSync(path.join(dir, "types.ts"), types);
    try {
      protoFiles(parseApi(path.join(tmp, name)));
    } catch (err) {
      if (err instanceof GeneratorError) return err;
      throw err;
    }
    throw new Error("no error");
  }

  it("reports a field whose struct has +protobuf=false, at the field", () => {
    const err = errorOf(
      "disabled",
      `/**\n * Hidden has no message.\n * +protobuf=false\n */\nexport interface Hidden {\n  /** Name. */\n  name: string;\n}\n\n/** Thing refers to it. */\nexport interface Thing {\n  /**\n   * The hidden one.\n   * +protobuf=1\n   */\n  hidden?: Hidden;\n}\n`,
    );
    expect(err.diagnostics).toHaveLength(1);
    expect(err.diagnostics[0]!.pos.line).toBe(16);
    expect(err.message).toMatch(/types\.ts:16: Thing\.hidden: Hidden has \+protobuf=false, so it has no message to refer to/);
  });

  it("reports a list of lists, which protobuf cannot say without a named list", () => {
    const err = errorOf(
      "lists",
      `/** Thing has a matrix. */\nexport interface Thing {\n  /**\n   * Rows.\n   * +protobuf=1\n   */\n  rows?: string[][];\n}\n`,
    );
    expect(err.message).toMatch(/types\.ts:7: Thing\.rows: a list of lists has no protobuf form; name the inner list with a type alias/);
  });

  it("reports field numbers protobuf reserves", () => {
    const err = errorOf(
      "reserved",
      `/** Thing has a bad number. */\nexport interface Thing {\n  /**\n   * Name.\n   * +protobuf=19001\n   */\n  name?: string;\n}\n`,
    );
    expect(err.message).toMatch(/types\.ts:7: Thing\.name: protobuf field numbers 19000-19999 are reserved by protobuf/);
  });

  it("reports a JSON name that is no protobuf name when no name= is given", () => {
    const err = errorOf(
      "names",
      `/** Thing has an odd name. */\nexport interface Thing {\n  /**\n   * Ref.\n   * +protobuf=1\n   */\n  $ref?: string;\n}\n`,
    );
    expect(err.message).toMatch(/Thing\.\$ref: "\$ref" is not a protobuf field name; give one with \+protobuf=N,name=<name>/);
  });
});
