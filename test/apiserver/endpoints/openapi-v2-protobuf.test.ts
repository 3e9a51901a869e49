/**
 * /openapi/v2 as gnostic's openapi.v2.Document protobuf: decoded with protobufjs from gnostic's
 * OpenAPIv2.proto (a fixture protoc accepts) and mapped back to JSON, it equals the JSON document
 * the server serves; negotiation, ETag and 304 as upstream's handler; the rarer shapes of Swagger
 * 2.0 (file schemas, header and form parameters, OAuth2, boolean additionalProperties...).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import protobuf from "protobufjs";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeOpenAPIV2Document } from "../../../apiserver/endpoints/openapi-v2-protobuf.js";
import { openapiV2, readOpenAPIDocument } from "../../../generated/openapi/index.js";
import { startTestServer, type TestServer } from "../server/harness.js";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/openapiv2");
const PROTO = path.join(FIXTURES, "OpenAPIv2.proto");
const PROTOBUF_TYPE = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";

const root = new protobuf.Root().loadSync(PROTO, { keepCase: true });
const Document = root.lookupType("openapi.v2.Document");

type Json = unknown;
type Obj = Record<string, Json>;

/** Messages that are only a list of (name, value) pairs, i.e. a JSON object. */
const MAPS = new Set([
  "Definitions",
  "Properties",
  "ParameterDefinitions",
  "ResponseDefinitions",
  "SecurityDefinitions",
  "Oauth2Scopes",
  "Headers",
  "Examples",
  "Default",
  "SecurityRequirement",
  "VendorExtension",
]);
/** Messages that are a oneof: the JSON is whichever alternative is set. */
const ONEOFS = new Set([
  "AdditionalPropertiesItem",
  "ParametersItem",
  "Parameter",
  "NonBodyParameter",
  "ResponseValue",
  "SchemaItem",
  "SecurityDefinitionsItem",
]);

const camel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Named<X> pairs back to a JSON object. */
function pairs(type: protobuf.Type, list: Obj[] | undefined, out: Obj = {}): Obj {
  const valueField = type.fields.value!;
  for (const p of list ?? [])
    out[p.name as string] = valueField.resolvedType ? back(valueField.resolvedType as protobuf.Type, p.value as Obj) : (p.value ?? "");
  return out;
}

/** A decoded message (protobufjs plain object, snake_case) back to the Swagger JSON it came from, as gnostic's ToRawInfo reads it. */
function back(type: protobuf.Type, m: Obj): Json {
  const field = (name: string): protobuf.Field => type.fields[name]!;
  const named = (name: string, out?: Obj): Obj => pairs(field(name).resolvedType as protobuf.Type, m[name] as Obj[] | undefined, out);
  switch (type.name) {
    case "Any":
      return YAML.parse(m.yaml as string) as Json;
    case "TypeItem": {
      const v = (m.value as string[] | undefined) ?? [];
      return v.length === 1 ? v[0] : v;
    }
    case "ItemsItem": {
      const list = ((m.schema as Obj[] | undefined) ?? []).map((s) => back(field("schema").resolvedType as protobuf.Type, s));
      return list.length === 1 ? list[0] : list;
    }
    case "StringArray":
      return m.value ?? [];
    case "Paths":
      return named("path", named("vendor_extension"));
    case "Responses":
      return named("vendor_extension", named("response_code"));
  }
  if (MAPS.has(type.name)) return named("additional_properties");
  if (ONEOFS.has(type.name)) {
    const [name, value] = Object.entries(m)[0]!;
    const f = field(name);
    return f.resolvedType ? back(f.resolvedType as protobuf.Type, value as Obj) : value;
  }
  const out: Obj = {};
  for (const [name, value] of Object.entries(m)) {
    if (name === "vendor_extension") continue;
    const f = field(name);
    const t = f.resolvedType as protobuf.Type | null;
    const conv = (v: Json): Json => (t ? back(t, v as Obj) : v);
    out[name === "_ref" ? "$ref" : camel(name)] = f.repeated ? (value as Json[]).map(conv) : conv(value);
  }
  if (field("vendor_extension")) named("vendor_extension", out);
  return out;
}

function decode(bytes: Uint8Array): Obj {
  const msg = Document.decode(bytes);
  return back(Document, Document.toObject(msg, { longs: Number, defaults: false, arrays: false })) as Obj;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

describe("/openapi/v2 as protobuf", () => {
  it("the fixture .proto is gnostic's, and protoc accepts it", () => {
    expect(() =>
      execFileSync("protoc", [
        `--proto_path=${FIXTURES}`,
        "--proto_path=/usr/include",
        "--descriptor_set_out=/dev/null",
        "OpenAPIv2.proto",
      ]),
    ).not.toThrow();
    expect(Document.fieldsArray.map((f) => `${f.id}:${f.name}`)).toContain("16:vendor_extension");
  });

  it("serves the protobuf message for either protobuf media type, equal to the JSON document", async () => {
    const json = JSON.parse(readOpenAPIDocument(openapiV2)) as Obj;
    for (const accept of ["application/com.github.proto-openapi.spec.v2@v1.0+protobuf", PROTOBUF_TYPE]) {
      const res = await t.request("GET", "/openapi/v2", { headers: { Accept: accept } });
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe(PROTOBUF_TYPE);
      expect(res.headers.vary).toBe("Accept");
      expect(decode(res.body)).toEqual(json);
    }
  });

  it("negotiates as upstream: JSON by default, the first acceptable clause by q, 406 for nothing acceptable", async () => {
    const type = async (accept?: string): Promise<[number, string | undefined]> => {
      const res = await t.request("GET", "/openapi/v2", { headers: accept === undefined ? {} : { Accept: accept } });
      return [res.status, res.headers["content-type"] as string | undefined];
    };
    expect((await type())[1]).toMatch(/^application\/json/);
    expect((await type("*/*"))[1]).toMatch(/^application\/json/);
    // kubectl's and client-go's header: protobuf first, JSON as fallback.
    expect((await type(`application/com.github.proto-openapi.spec.v2@v1.0+protobuf, application/json`))[1]).toBe(PROTOBUF_TYPE);
    expect((await type(`application/json;q=0.5, ${PROTOBUF_TYPE}`))[1]).toBe(PROTOBUF_TYPE);
    expect((await type(`${PROTOBUF_TYPE};q=0.4, application/json`))[1]).toMatch(/^application\/json/);
    expect((await type("text/html"))[0]).toBe(406);
  });

  it("has the JSON's ETag, and answers 304 to it", async () => {
    const json = await t.request("GET", "/openapi/v2");
    const pb = await t.request("GET", "/openapi/v2", { headers: { Accept: PROTOBUF_TYPE } });
    expect(pb.headers.etag).toBe(json.headers.etag);
    const again = await t.request("GET", "/openapi/v2", { headers: { Accept: PROTOBUF_TYPE, "If-None-Match": pb.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe("encodeOpenAPIV2Document", () => {
  it("encodes every Swagger 2.0 shape the message has, and nothing is lost but proto3's zero values", () => {
    const doc = {
      swagger: "2.0",
      info: {
        title: "T",
        version: "1",
        description: "d",
        contact: { name: "n", email: "e@x" },
        license: { name: "Apache-2.0" },
        "x-info": { a: [1, 2] },
      },
      host: "example.com",
      basePath: "/base",
      schemes: ["https"],
      consumes: ["application/json"],
      produces: ["application/json", "application/yaml"],
      paths: {
        "x-paths": "on",
        "/things/{name}": {
          parameters: [
            { $ref: "#/parameters/pretty" },
            { name: "name", in: "path", required: true, type: "string", description: "the name" },
          ],
          get: {
            tags: ["things"],
            operationId: "getThing",
            parameters: [
              { name: "X-Trace", in: "header", type: "string", maxLength: 64, enum: ["a", "b"] },
              {
                name: "limit",
                in: "query",
                type: "integer",
                format: "int32",
                minimum: 1,
                maximum: 500.5,
                exclusiveMaximum: true,
                default: 50,
              },
              {
                name: "tags",
                in: "query",
                type: "array",
                items: { type: "string", items: { type: "string" } },
                collectionFormat: "csv",
                uniqueItems: true,
              },
              { name: "upload", in: "formData", type: "file", allowEmptyValue: true },
            ],
            responses: {
              "200": {
                description: "OK",
                schema: { $ref: "#/definitions/Thing" },
                headers: { "X-Rate": { type: "integer", description: "left" } },
              },
              "404": { $ref: "#/responses/NotFound" },
              default: { description: "file", schema: { type: "file" } },
              "x-responses": true,
            },
            security: [{ oauth: ["read", "write"] }],
            deprecated: true,
            "x-kubernetes-action": "get",
          },
        },
      },
      definitions: {
        Thing: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", pattern: "^[a-z]+$", minLength: 1, example: "abc" },
            count: { type: ["integer", "null"], format: "int64", multipleOf: 2, default: 0 },
            labels: { type: "object", additionalProperties: { type: "string" } },
            closed: { type: "object", additionalProperties: false, maxProperties: 3, minProperties: 1 },
            list: {
              type: "array",
              items: { $ref: "#/definitions/Thing" },
              maxItems: 10,
              minItems: 1,
              "x-kubernetes-list-type": "map",
              "x-kubernetes-list-map-keys": ["name"],
            },
            both: {
              allOf: [{ $ref: "#/definitions/Thing" }, { type: "object" }],
              readOnly: true,
              xml: { name: "b", wrapped: true },
              discriminator: "kind",
            },
          },
          externalDocs: { url: "https://example.com/docs" },
          "x-kubernetes-group-version-kind": [{ group: "", kind: "Thing", version: "v1" }],
        },
      },
      parameters: {
        pretty: { name: "pretty", in: "query", type: "string", uniqueItems: true },
        body: { name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Thing" } },
      },
      responses: { NotFound: { description: "not found", examples: { "application/json": { code: 404 } } } },
      security: [{ BearerToken: [] }],
      securityDefinitions: {
        BearerToken: { type: "apiKey", name: "authorization", in: "header", description: "Bearer" },
        basic: { type: "basic" },
        oauth: {
          type: "oauth2",
          flow: "accessCode",
          authorizationUrl: "https://a",
          tokenUrl: "https://t",
          scopes: { read: "r", write: "w" },
        },
        implicit: { type: "oauth2", flow: "implicit", authorizationUrl: "https://a", scopes: {} },
      },
      tags: [{ name: "things", description: "Things", externalDocs: { url: "https://example.com" } }],
      externalDocs: { description: "more", url: "https://example.com" },
      "x-top": { nested: ["yes", "no", 1.5, null] },
    };
    expect(decode(encodeOpenAPIV2Document(doc))).toEqual(doc);
    // Zero values are not on the wire (proto3), as with upstream's encoder.
    const zeros = {
      swagger: "2.0",
      info: { title: "", version: "1" },
      paths: {},
      definitions: { Z: { type: "object", readOnly: false, minLength: 0 } },
    };
    expect(decode(encodeOpenAPIV2Document(zeros))).toEqual({
      swagger: "2.0",
      info: { version: "1" },
      paths: {},
      definitions: { Z: { type: "object" } },
    });
  });

  it("writes fields in number order and free-form values as YAML", () => {
    const bytes = encodeOpenAPIV2Document({ paths: {}, info: { title: "t", version: "v" }, swagger: "2.0", "x-a": "on" });
    // swagger (1), info (2), paths (8), vendor_extension (16): tags 0x0a, 0x12, 0x42, 0x82 0x01.
    const tags: number[] = [];
    const r = protobuf.Reader.create(bytes);
    while (r.pos < r.len) {
      const tag = r.uint32();
      tags.push(tag >>> 3);
      r.skipType(tag & 7);
    }
    expect(tags).toEqual([1, 2, 8, 16]);
    const ext = (
      Document.toObject(Document.decode(bytes), { keepCase: true } as protobuf.IConversionOptions) as {
        vendor_extension: { value: { yaml: string } }[];
      }
    ).vendor_extension[0]!;
    // Quoted, so that YAML 1.1 readers (gopkg.in/yaml.v2) keep it a string.
    expect(ext.value.yaml).toBe('"on"\n');
  });
});
