/**
 * The generated deepcopy's edges, on each way it copies: a struct whose declared fields are
 * tested one by one (ServiceSpec, ObjectMeta), one walked by key (JSONSchemaProps), and the
 * module-local list and map copiers. Present-but-undefined fields come out absent, fields the
 * type does not declare are dropped, null stays null, and a `__proto__` map key stays an own key.
 */
import { describe, expect, it } from "vitest";
import { deepCopyJSONSchemaProps } from "../../generated/apis/apiextensions/v1/zz_generated.deepcopy.js";
import { deepCopyService, deepCopyServiceSpec } from "../../generated/apis/core/v1/zz_generated.deepcopy.js";
import { deepCopyObjectMeta } from "../../generated/apis/meta/v1/zz_generated.deepcopy.js";

/** A JSON object with an own `__proto__` key, as JSON.parse makes it. */
const withProtoKey = (value: unknown): Record<string, unknown> =>
  JSON.parse(`{"__proto__": ${JSON.stringify(value)}, "b": ${JSON.stringify(value)}}`) as Record<string, unknown>;

describe("generated deepcopy edges", () => {
  it("leaves present-but-undefined fields out, per declared field and when walking keys", () => {
    const spec = deepCopyServiceSpec({ type: "ClusterIP", clusterIP: undefined, ports: undefined });
    expect(Object.keys(spec)).toEqual(["type"]);
    const meta = deepCopyObjectMeta({ name: "a", labels: undefined, finalizers: undefined });
    expect(Object.keys(meta)).toEqual(["name"]);
    const schema = deepCopyJSONSchemaProps({ type: "object", description: undefined, properties: undefined });
    expect(Object.keys(schema)).toEqual(["type"]);
  });

  it("drops fields the type does not declare", () => {
    const src = { type: "ClusterIP", notAField: { x: 1 } } as unknown as Parameters<typeof deepCopyServiceSpec>[0];
    expect(deepCopyServiceSpec(src)).toStrictEqual({ type: "ClusterIP" });
    const schema = { type: "string", notAField: [1] } as unknown as Parameters<typeof deepCopyJSONSchemaProps>[0];
    expect(deepCopyJSONSchemaProps(schema)).toStrictEqual({ type: "string" });
  });

  it("keeps null lists, maps and list elements null", () => {
    const src = JSON.parse(
      '{"spec": {"ports": null, "selector": null}, "status": {"loadBalancer": {"ingress": [null, {"ip": "10.0.0.1", "ports": null}]}}}',
    ) as Parameters<typeof deepCopyService>[0];
    const copy = deepCopyService(src);
    expect(copy).toStrictEqual(src);
    expect(copy.status!.loadBalancer!.ingress).not.toBe(src.status!.loadBalancer!.ingress);
    const schema = JSON.parse('{"properties": null, "allOf": [null], "items": null}') as Parameters<typeof deepCopyJSONSchemaProps>[0];
    expect(deepCopyJSONSchemaProps(schema)).toStrictEqual(schema);
  });

  it("copies a __proto__ map key as an own key, with the copy's prototype untouched", () => {
    const properties = withProtoKey({ type: "string", enum: ["a"] });
    const copy = deepCopyJSONSchemaProps({ type: "object", properties } as Parameters<typeof deepCopyJSONSchemaProps>[0]);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.keys(copy.properties!)).toEqual(["__proto__", "b"]);
    expect(copy.properties).toStrictEqual(properties);
    expect(Object.getOwnPropertyDescriptor(copy.properties, "__proto__")!.value).not.toBe(
      Object.getOwnPropertyDescriptor(properties, "__proto__")!.value,
    );
  });

  it("copies maps of structs into plain objects, keys in the source's order", () => {
    // Map copies are made by a module-local constructor (own hidden classes): they must still be
    // plain objects to every reader.
    const properties = JSON.parse('{"z": {"type": "string"}, "a": {"type": "integer"}, "m": {"properties": {"k": {}}}}') as Record<
      string,
      Parameters<typeof deepCopyJSONSchemaProps>[0]
    >;
    const copy = deepCopyJSONSchemaProps({ type: "object", properties, patternProperties: {} }).properties!;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.constructor).toBe(Object);
    expect(Object.keys(copy)).toEqual(["z", "a", "m"]);
    expect(copy).toStrictEqual(properties);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(properties));
    expect(structuredClone(copy)).toStrictEqual(properties);
    expect({ ...copy }).toStrictEqual(properties);
    expect(Object.getPrototypeOf(copy.m!.properties)).toBe(Object.prototype);
  });

  it("copies lists of structs element by element, sharing none", () => {
    const src = JSON.parse('{"spec": {"ports": [{"port": 80, "targetPort": "http"}, {"port": 443, "targetPort": 8443}]}}') as Parameters<
      typeof deepCopyService
    >[0];
    const copy = deepCopyService(src);
    expect(copy).toStrictEqual(src);
    copy.spec!.ports!.forEach((p, i) => expect(p).not.toBe(src.spec!.ports![i]));
  });
});
