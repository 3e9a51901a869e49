/**
 * A compiled-in group served with its generated OpenAPI (the CronTab example) is validated,
 * defaulted and pruned by its kinds' schemas through the custom resource store's code: the
 * markers that hold for the group's CRD hold compiled in too.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledGroupStrategies, kindSchemas } from "../../../apiserver/registry/compiled-schema.js";
import { defaultStrategy } from "../../../apiserver/registry/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { Scheme } from "../../../runtime/scheme.js";
import { runAPIServer } from "../../../apiserver/server/run.js";
import { scheme } from "../../../examples/crontab/generated/apis/register.js";
import * as openapi from "../../../examples/crontab/generated/openapi/index.js";
import { AdminClient } from "../../support/apiserver-process.js";

const BASE = "/apis/stable.example.com/v1/namespaces/default/crontabs";
const cronTab = (name: string, spec: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: "stable.example.com/v1",
  kind: "CronTab",
  metadata: { name },
  spec,
});

let dataDir = "";
let server: Awaited<ReturnType<typeof runAPIServer>>;
let client: AdminClient;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-compiled-schema-"));
  server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", apiGroups: [{ scheme, openapi }], log: () => {} });
  client = new AdminClient(server.url, server.kubeconfig);
});

afterAll(async () => {
  client?.agent.destroy();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("kindSchemas", () => {
  it("gives each kind of the generated documents a self-contained schema, ObjectMeta as a plain object", () => {
    const schemas = kindSchemas(openapi);
    const s = schemas.get("stable.example.com/v1/CronTab");
    expect(s?.properties?.metadata).toMatchObject({ type: "object" });
    expect(s?.properties?.spec?.properties?.replicas).toMatchObject({ type: "integer", minimum: 1, maximum: 10, default: 1 });
    expect(JSON.stringify(s)).not.toContain("$ref");
    expect(schemas.has("stable.example.com/v1/CronTabList")).toBe(false);
  });
});

describe("a compiled-in group with its OpenAPI", () => {
  it("refuses a create that breaks a validation marker with 422 naming the field, and stores nothing", async () => {
    const res = await client.request("POST", BASE, cronTab("too-many", { cronSpec: "* * * * */5", image: "img", replicas: 11 }));
    expect(res.status, res.body).toBe(422);
    expect(res.json<{ message: string }>().message).toContain(
      "spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10",
    );
    expect((await client.request("GET", `${BASE}/too-many`)).status).toBe(404);
    const badSpec = await client.request("POST", BASE, cronTab("bad-spec", { cronSpec: "every minute", image: "img" }));
    expect(badSpec.status).toBe(422);
    expect(badSpec.json<{ message: string }>().message).toContain("spec.cronSpec");
  });

  it("applies +default= values and prunes fields the schema does not know", async () => {
    const res = await client.request("POST", BASE, cronTab("defaulted", { cronSpec: "* * * * */5", image: "img", bogus: true }));
    expect(res.status, res.body).toBe(201);
    const spec = res.json<{ spec: Record<string, unknown> }>().spec;
    expect(spec.replicas).toBe(1);
    expect(spec).not.toHaveProperty("bogus");
  });

  it("validates updates by the schema too", async () => {
    const got = (await client.request("GET", `${BASE}/defaulted`)).json<{ spec: Record<string, unknown> }>();
    const res = await client.request("PUT", `${BASE}/defaulted`, { ...got, spec: { ...got.spec, replicas: 0 } });
    expect(res.status, res.body).toBe(422);
    expect(res.json<{ message: string }>().message).toContain(
      "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1",
    );
  });
});

describe("enums and listType=map keys of a compiled-in kind", () => {
  // A generated OpenAPI module as a group with an enum and a list-map ships it.
  const doc = {
    components: {
      schemas: {
        "org.example.gadgets.v1.Gadget": {
          type: "object",
          "x-kubernetes-group-version-kind": [{ group: "gadgets.example.org", version: "v1", kind: "Gadget" }],
          properties: {
            metadata: { allOf: [{ $ref: "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta" }], default: {} },
            spec: { allOf: [{ $ref: "#/components/schemas/org.example.gadgets.v1.GadgetSpec" }] },
          },
        },
        "org.example.gadgets.v1.GadgetSpec": {
          type: "object",
          properties: {
            colour: { type: "string", enum: ["red", "green"], default: "red" },
            ports: {
              type: "array",
              items: { allOf: [{ $ref: "#/components/schemas/org.example.gadgets.v1.Port" }] },
              "x-kubernetes-list-type": "map",
              "x-kubernetes-list-map-keys": ["name"],
            },
          },
        },
        "org.example.gadgets.v1.Port": {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" }, port: { type: "integer", format: "int32" } },
        },
      },
    },
  };
  const file = { file: "v3/apis/gadgets.example.org/v1.json", hash: "0" };
  const module = { openapiV2: file, openapiV3: { "apis/gadgets.example.org/v1": file }, readOpenAPIDocument: () => JSON.stringify(doc) };
  const gadgets = new Scheme();
  gadgets.addKnownTypes(
    { group: "gadgets.example.org", version: "v1" },
    [{ kind: "Gadget" }],
    [
      {
        plural: "gadgets",
        singular: "gadget",
        kind: "Gadget",
        listKind: "GadgetList",
        namespaced: true,
        verbs: ["create", "get"],
        shortNames: [],
        categories: [],
        subresources: [],
        printerColumns: [],
      },
    ],
  );
  const hook = compiledGroupStrategies([{ scheme: gadgets, openapi: module }])["gadgets.example.org/v1/gadgets"]!;
  const strategy = hook(defaultStrategy({ namespaced: true, hasStatus: false }));
  const gadget = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "gadgets.example.org/v1",
    kind: "Gadget",
    metadata: { name: "g", namespace: "default" },
    spec,
  });

  it("refuses a value outside the enum, naming the supported values", () => {
    expect(strategy.validate!(gadget({ colour: "blue" })).map(errorText)).toEqual([
      'spec.colour: Unsupported value: "blue": supported values: "red", "green"',
    ]);
  });

  it("refuses two list-map entries with the same key", () => {
    const errs = strategy.validate!(
      gadget({
        ports: [
          { name: "http", port: 80 },
          { name: "http", port: 8080 },
        ],
      }),
    ).map(errorText);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toContain("spec.ports[1]: Duplicate value");
  });

  it("defaults the enum and accepts distinct keys", () => {
    const obj = gadget({
      ports: [
        { name: "http", port: 80 },
        { name: "https", port: 443 },
      ],
    });
    strategy.defaults!(obj);
    expect(obj.spec).toEqual({
      colour: "red",
      ports: [
        { name: "http", port: 80 },
        { name: "https", port: 443 },
      ],
    });
    expect(strategy.validate!(obj)).toEqual([]);
  });
});
