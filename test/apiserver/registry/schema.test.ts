/** Structural schemas, validation, defaulting and pruning of custom objects, with upstream's messages. */
import { describe, expect, it } from "vitest";
import { validateDefaults } from "../../../apiserver/registry/schema/default-validation.js";
import { applyDefaults } from "../../../apiserver/registry/schema/defaults.js";
import { pruneObject } from "../../../apiserver/registry/schema/prune.js";
import { validateStructural } from "../../../apiserver/registry/schema/structural.js";
import type { JSONSchemaProps } from "../../../apiserver/registry/schema/types.js";
import { validateValue } from "../../../apiserver/registry/schema/validate.js";
import { errorText, FieldPath } from "../../../apiserver/registry/validation/field.js";

const texts = (errs: { field: string }[]): string[] => errs.map((e) => errorText(e as never));
const root = FieldPath.of("spec", "versions").index(0).child("schema", "openAPIV3Schema");

describe("structural schemas", () => {
  it("requires types on specified fields and array items, an object root, items on arrays", () => {
    const schema: JSONSchemaProps = {
      type: "object",
      properties: { spec: { properties: { list: { type: "array" }, xs: { type: "array", items: {} } } } },
    };
    expect(texts(validateStructural(schema, root))).toEqual([
      "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[list].items: Required value: must be specified",
      "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[xs].items.type: Required value: must not be empty for specified array items",
      "spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields",
    ]);
    expect(texts(validateStructural({ type: "string" }, root))).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.type: Invalid value: "string": must be object at the root',
    ]);
    expect(texts(validateStructural({}, root))).toEqual([
      "spec.versions[0].schema.openAPIV3Schema.type: Required value: must not be empty at the root",
    ]);
  });

  it("accepts int-or-string and preserve-unknown-fields without a type, and refuses structure under junctors", () => {
    expect(
      validateStructural(
        {
          type: "object",
          properties: { port: { "x-kubernetes-int-or-string": true }, any: { "x-kubernetes-preserve-unknown-fields": true } },
        },
        root,
      ),
    ).toEqual([]);
    const junctor: JSONSchemaProps = {
      type: "object",
      properties: { a: { type: "string", anyOf: [{ type: "string" }, { pattern: "^x" }] } },
    };
    expect(texts(validateStructural(junctor, root))).toEqual([
      "spec.versions[0].schema.openAPIV3Schema.properties[a].anyOf[0].type: Forbidden: must be empty to be structural",
    ]);
    const meta: JSONSchemaProps = {
      type: "object",
      properties: { metadata: { type: "object", properties: { labels: { type: "object" } } } },
    };
    expect(texts(validateStructural(meta, root))).toEqual([
      "spec.versions[0].schema.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified",
    ]);
    expect(texts(validateStructural({ type: "object", additionalProperties: { type: "string" } }, root))).toEqual([
      "spec.versions[0].schema.openAPIV3Schema.additionalProperties: Forbidden: must not be used at the root",
    ]);
  });
});

const cron: JSONSchemaProps = {
  type: "object",
  properties: {
    spec: {
      type: "object",
      required: ["cronSpec"],
      properties: {
        cronSpec: { type: "string", pattern: "^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$" },
        image: { type: "string", minLength: 3, maxLength: 10 },
        replicas: { type: "integer", minimum: 1, maximum: 10, default: 1 },
        ratio: { type: "number", exclusiveMaximum: true, maximum: 1 },
        mode: { type: "string", enum: ["a", "b"] },
        started: { type: "string", format: "date-time" },
        port: { "x-kubernetes-int-or-string": true },
        tags: { type: "array", items: { type: "string" }, maxItems: 2, uniqueItems: true, minItems: 1 },
        labels: { type: "object", additionalProperties: { type: "string" }, maxProperties: 1 },
        note: { type: "string", nullable: true },
      },
    },
  },
};

describe("validation", () => {
  it("reports each failure at its field path with upstream's text", () => {
    const obj = {
      apiVersion: "stable.example.com/v1",
      kind: "CronTab",
      metadata: { name: "x" },
      spec: {
        cronSpec: "nope",
        image: "ab",
        replicas: "string",
        ratio: 1,
        mode: "c",
        started: "yesterday",
        port: 1.5,
        tags: ["a", "a", "b"],
        labels: { a: "1", b: 2 },
        note: null,
      },
    };
    expect(texts(validateValue(obj, cron))).toEqual([
      `spec.cronSpec: Invalid value: "nope": spec.cronSpec in body should match '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$'`,
      'spec.image: Invalid value: "ab": spec.image in body should be at least 3 chars long',
      'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
      "spec.ratio: Invalid value: 1: spec.ratio in body should be less than 1",
      'spec.mode: Unsupported value: "c": supported values: "a", "b"',
      'spec.started: Invalid value: "yesterday": spec.started in body must be of type date-time: "yesterday"',
      'spec.port: Invalid value: "number": spec.port in body must be of type integer,string: "number"',
      "spec.tags: Too many: 3: must have at most 2 items",
      'spec.tags: Invalid value: "": spec.tags in body shouldn\'t contain duplicates',
      "spec.labels: Too many: 2: must have at most 1 item",
      'spec.labels.b: Invalid value: "integer": spec.labels.b in body must be of type string: "integer"',
    ]);
  });

  it("requires required fields, and accepts a valid object", () => {
    expect(texts(validateValue({ spec: {} }, cron))).toEqual(["spec.cronSpec: Required value"]);
    expect(
      validateValue(
        { metadata: { name: "x" }, spec: { cronSpec: "* * * * */5", replicas: 3, port: "http", started: "2024-01-02T03:04:05Z" } },
        cron,
      ),
    ).toEqual([]);
    expect(texts(validateValue({ spec: { cronSpec: "* * * * *", replicas: 0 } }, cron))).toEqual([
      "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1",
    ]);
  });

  it("counts string lengths in code points: a surrogate pair is one, a lone surrogate one", () => {
    const s: JSONSchemaProps = { type: "string", minLength: 2, maxLength: 3 };
    expect(validateValue("😀😀😀", s)).toEqual([]);
    expect(validateValue("a\ud800", s)).toEqual([]);
    expect(texts(validateValue({ v: "😀" }, { type: "object", properties: { v: s } }))).toEqual([
      'v: Invalid value: "😀": v in body should be at least 2 chars long',
    ]);
    expect(validateValue("😀😀😀\udc00", s).map((e) => e.type)).toEqual(["FieldValueTooLong"]);
  });
});

describe("list types", () => {
  it("reports repeated set items and map keys once each", () => {
    const schema: JSONSchemaProps = {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string" }, "x-kubernetes-list-type": "set" },
        ports: {
          type: "array",
          "x-kubernetes-list-type": "map",
          "x-kubernetes-list-map-keys": ["name"],
          items: { type: "object", properties: { name: { type: "string" }, port: { type: "integer" } } },
        },
      },
    };
    const obj = {
      tags: ["a", "b", "a", "a"],
      ports: [
        { name: "http", port: 80 },
        { name: "http", port: 81 },
        { name: "https", port: 443 },
      ],
    };
    expect(texts(validateValue(obj, schema))).toEqual(['tags[2]: Duplicate value: "a"', 'ports[1]: Duplicate value: {"name":"http"}']);
  });
});

describe("defaults and pruning", () => {
  it("fills defaults of missing fields and of non-nullable nulls", () => {
    const obj: Record<string, unknown> = { spec: { cronSpec: "* * * * *" } };
    applyDefaults(obj, cron);
    expect(obj).toEqual({ spec: { cronSpec: "* * * * *", replicas: 1 } });
    const nulled: Record<string, unknown> = { spec: { replicas: null, image: null, note: null } };
    applyDefaults(nulled, cron);
    expect(nulled).toEqual({ spec: { replicas: 1, note: null } });
  });

  it("drops unknown fields and reports their paths, keeping TypeMeta, ObjectMeta's fields and preserved subtrees", () => {
    const schema: JSONSchemaProps = {
      type: "object",
      properties: {
        spec: {
          type: "object",
          properties: {
            a: { type: "string" },
            free: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
            items: { type: "array", items: { type: "object", properties: { n: { type: "integer" } } } },
          },
        },
        embedded: { type: "object", "x-kubernetes-embedded-resource": true, properties: { spec: { type: "object" } } },
      },
    };
    const obj: Record<string, unknown> = {
      apiVersion: "x/v1",
      kind: "X",
      metadata: { name: "n", labels: { a: "b" }, bogus: 1 },
      spec: { a: "x", b: "y", free: { anything: { goes: true } }, items: [{ n: 1, m: 2 }] },
      embedded: { apiVersion: "v1", kind: "Pod", metadata: { name: "p", extra: 1 }, spec: {}, other: 1 },
      status: { phase: "x" },
    };
    expect(pruneObject(obj, schema)).toEqual([
      "metadata.bogus",
      "spec.b",
      "spec.items[0].m",
      "embedded.metadata.extra",
      "embedded.other",
      "status",
    ]);
    expect(obj).toEqual({
      apiVersion: "x/v1",
      kind: "X",
      metadata: { name: "n", labels: { a: "b" } },
      spec: { a: "x", free: { anything: { goes: true } }, items: [{ n: 1 }] },
      embedded: { apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: {} },
    });
  });
});

describe("defaults in a CRD schema", () => {
  it("must validate against their node and have no unknown fields", () => {
    const schema: JSONSchemaProps = {
      type: "object",
      properties: {
        spec: {
          type: "object",
          properties: {
            replicas: { type: "integer", minimum: 1, default: 0 },
            mode: { type: "string", default: 3 },
            nested: { type: "object", properties: { a: { type: "string" } }, default: { a: "x", b: "y" } },
          },
        },
      },
    };
    expect(texts(validateDefaults(schema, root))).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[mode].default: Invalid value: "integer": in body must be of type string: "integer"',
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[nested].default: Invalid value: {"a":"x","b":"y"}: must not have unknown fields',
      "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[replicas].default: Invalid value: 0: in body should be greater than or equal to 1",
    ]);
  });
});
