/**
 * Patches are typed: whatever a JSON, merge or strategic merge patch produces is decoded against
 * the kind's schema as a POST/PUT body is, so a wrong-typed value is a 4xx and the stored object
 * stays as it was (byte for byte); malformed patches, bad directives and too-deep nesting are
 * 4xx with upstream's texts, never a 500 or a JavaScript runtime message.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { encodeObject } from "../../../runtime/protobuf/envelope.js";
import type { TestServer } from "../server/harness.js";
import { createEstablished, cronTabCRD, json, startCRDServer, waitFor } from "../apiextensions/support.js";

const CM = "/api/v1/namespaces/default/configmaps";
const SVC = "/api/v1/namespaces/default/services";
const MERGE = "application/merge-patch+json";
const STRATEGIC = "application/strategic-merge-patch+json";
const JSONPATCH = "application/json-patch+json";

let t: TestServer;
beforeAll(async () => {
  t = await startCRDServer();
  const cm = await t.request(
    "POST",
    CM,
    json({ metadata: { name: "w", labels: { a: "b" }, annotations: { x: "y" }, finalizers: ["example.com/f"] }, data: { k: "v" } }),
  );
  expect(cm.status).toBe(201);
  const svc = await t.request("POST", SVC, json({ metadata: { name: "s" }, spec: { ports: [{ port: 80 }] } }));
  expect(svc.status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

function patch(path: string, type: string, body: string, query = ""): ReturnType<TestServer["request"]> {
  return t.request("PATCH", `${path}${query}`, { body, headers: { "Content-Type": type } });
}

/** Sends a patch that must fail with `code`, and checks the stored object did not change at all. */
async function refused(
  path: string,
  type: string,
  body: string,
  code: number,
): Promise<{ message: string; reason: string; details?: { causes?: { field?: string; message?: string }[] } }> {
  const before = await t.request("GET", path);
  const res = await patch(path, type, body);
  expect(res.status, res.text).toBe(code);
  const status = res.json<{ message: string; reason: string; details?: { causes?: { field?: string; message?: string }[] } }>();
  expect(status.message).not.toMatch(/Maximum call stack|is not a function|argument must be|Unexpected token|is not valid JSON/);
  const after = await t.request("GET", path);
  expect(after.text).toBe(before.text);
  return status;
}

describe("wrong-typed values in patches", () => {
  it("refuses data: 5 in a merge, strategic and JSON patch, keeping data", async () => {
    for (const [type, body, why] of [
      [MERGE, '{"data":5}', "json: cannot unmarshal number into Go struct field ConfigMap.data of type map[string]string"],
      // Upstream converts a strategic patch's result from a map: the converter's words.
      [STRATEGIC, '{"data":5}', "cannot restore map from int64"],
      [
        JSONPATCH,
        '[{"op":"replace","path":"/data","value":5}]',
        "json: cannot unmarshal number into Go struct field ConfigMap.data of type map[string]string",
      ],
    ] as const) {
      const status = await refused(`${CM}/w`, type, body, 422);
      expect(status.reason).toBe("Invalid");
      expect(status.message).toMatch(/^ "" is invalid: patch: Invalid value: /);
      expect(status.message.endsWith(`: ${why}`), status.message).toBe(true);
      expect(status.details?.causes?.[0]?.field).toBe("patch");
    }
  });

  it("shows the patched object (merge) or the patch (strategic) as the invalid value, as upstream", async () => {
    const merge = await refused(`${CM}/w`, MERGE, '{"data":5}', 422);
    expect(merge.message).toContain('Invalid value: "{\\"apiVersion\\":\\"v1\\",\\"data\\":5,');
    const strategic = await refused(`${CM}/w`, STRATEGIC, '{"data":5}', 422);
    expect(strategic.message).toContain('Invalid value: "map[data:5]"');
  });

  it("refuses labels: 5 and annotations as a list instead of wiping or reshaping them", async () => {
    await refused(`${CM}/w`, MERGE, '{"metadata":{"labels":5}}', 422);
    expect((await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"labels":"invalid"}}', 422)).message).toMatch(
      /: cannot restore map from string$/,
    );
    expect((await refused(`${CM}/w`, STRATEGIC, '{"metadata":5}', 422)).message).toMatch(/: cannot restore struct from: int64$/);
    expect((await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"finalizers":"x"}}', 422)).message).toMatch(
      /: cannot restore slice from string$/,
    );
    expect((await refused(`${CM}/w`, STRATEGIC, '{"data":{"a":1}}', 422)).message).toMatch(/: cannot convert int64 to string$/);
    expect((await refused(`${CM}/w`, STRATEGIC, '{"data":{"a":true}}', 422)).message).toMatch(/: unrecognized type: string$/);
    expect((await refused(`${SVC}/s`, STRATEGIC, '{"spec":{"ports":[{"port":80,"targetPort":true}]}}', 422)).message).toMatch(
      /: json: cannot unmarshal bool into Go value of type int32$/,
    );
    const s = await refused(`${CM}/w`, MERGE, '{"metadata":{"annotations":["x"]}}', 422);
    expect(s.message).toMatch(/cannot unmarshal array into Go struct field ObjectMeta.metadata.annotations of type map\[string\]string/);
    await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"annotations":["x"]}}', 422);
  });

  it("refuses a number among string values and a string for a list (these were 500s)", async () => {
    const s = await refused(`${CM}/w`, MERGE, '{"data":{"a":1}}', 422);
    expect(s.message).toMatch(/cannot unmarshal number into Go struct field ConfigMap.data\[a\] of type string/);
    await refused(`${CM}/w`, MERGE, '{"metadata":{"finalizers":"x"}}', 422);
    await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"finalizers":"x"}}', 422);
  });

  it("refuses an int64 field past its range and an int32 field written 1e2 or 1.5", async () => {
    const gen = await refused(`${CM}/w`, MERGE, '{"metadata":{"generation":1e27}}', 422);
    expect(gen.message).toMatch(/cannot unmarshal number 1e\+27 into Go struct field ObjectMeta.metadata.generation of type int64/);
    await refused(`${SVC}/s`, STRATEGIC, '{"spec":{"ports":[{"port":1.5}]}}', 422);
    await refused(`${SVC}/s`, JSONPATCH, '[{"op":"replace","path":"/spec/ports/0/port","value":3000000000}]', 422);
  });

  it("refuses 1e2 for an integer field in a JSON patch (kept as written upstream), not in a merge patch (re-encoded upstream)", async () => {
    const s = await refused(`${SVC}/s`, JSONPATCH, '[{"op":"replace","path":"/spec/ports/0/port","value":1e2}]', 422);
    expect(s.message).toContain("cannot unmarshal number 1e2 into Go struct field ServicePort.spec.ports[0].port of type int32");
    const whole = await refused(`${SVC}/s`, JSONPATCH, '[{"op":"replace","path":"/spec/ports","value":[{"port":8.0e1}]}]', 422);
    expect(whole.message).toContain("cannot unmarshal number 8.0e1 into Go struct field ServicePort.spec.ports[0].port of type int32");
    const target = await refused(`${SVC}/s`, MERGE, '{"spec":{"ports":[{"port":80,"targetPort":1.5}]}}', 422);
    expect(target.message).toContain("cannot unmarshal number 1.5 into Go struct field ServicePort.spec.ports[0].targetPort of type int32");
    const merged = await patch(`${SVC}/s`, STRATEGIC, '{"spec":{"ports":[{"port":80,"targetPort":8.1e1}]}}');
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json<{ spec: { ports: { targetPort: number }[] } }>().spec.ports[0]!.targetPort).toBe(81);
  });

  it("still applies well-typed patches", async () => {
    const res = await patch(`${CM}/w`, MERGE, '{"data":{"k2":"v2"}}');
    expect(res.status).toBe(200);
    expect(res.json<{ data: Record<string, string> }>().data).toEqual({ k: "v", k2: "v2" });
  });

  it("reports unknown fields of a patch: a warning by default, a 422 under Strict", async () => {
    const warn = await patch(`${CM}/w`, MERGE, '{"bogus":1,"data":{"k3":"v"}}');
    expect(warn.status).toBe(200);
    expect(String(warn.headers.warning)).toContain('unknown field \\"bogus\\"');
    const before = await t.request("GET", `${CM}/w`);
    const strict = await patch(`${CM}/w`, MERGE, '{"bogus":1}', "?fieldValidation=Strict");
    expect(strict.status).toBe(422);
    expect(strict.json<{ message: string }>().message).toContain('strict decoding error: unknown field "bogus"');
    expect((await t.request("GET", `${CM}/w`)).text).toBe(before.text);
  });
});

describe("POST bodies and numbers", () => {
  it("refuses generation 1e27 and port 1e2 / 1.0 as Go's decoder does, and accepts port 100", async () => {
    const gen = await t.request("POST", CM, {
      body: '{"metadata":{"name":"g","generation":1e27}}',
      headers: { "Content-Type": "application/json" },
    });
    expect(gen.status).toBe(400);
    expect(gen.json<{ message: string }>().message).toContain(
      "cannot unmarshal number 1e27 into Go struct field ObjectMeta.metadata.generation of type int64",
    );
    for (const literal of ["1e2", "1.0", "1E2"]) {
      const res = await t.request("POST", SVC, {
        body: `{"metadata":{"name":"p"},"spec":{"ports":[{"port":${literal}}]}}`,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, literal).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(
        `cannot unmarshal number ${literal} into Go struct field ServicePort.spec.ports[0].port of type int32`,
      );
    }
    const ok = await t.request("POST", SVC, {
      body: '{"metadata":{"name":"p100","annotations":{"v":"1.0e2"}},"spec":{"ports":[{"port":100}]}}',
      headers: { "Content-Type": "application/json" },
    });
    expect(ok.status).toBe(201);
  });
});

describe("malformed patches and directives", () => {
  it("a failed JSON-patch test op is a 422 whose cause says why", async () => {
    const s = await refused(`${CM}/w`, JSONPATCH, '[{"op":"test","path":"/data/k","value":"nope"}]', 422);
    expect(s.message).toBe("the server rejected our request due to an error in our request");
    expect(s.details?.causes?.[0]?.message).toBe("testing value /data/k failed: test failed");
    const missing = await refused(`${CM}/w`, JSONPATCH, '[{"op":"replace","path":"/data/nothere","value":"x"}]', 422);
    expect(missing.details?.causes?.[0]?.message).toBe(
      "replace operation does not apply: doc is missing key: /data/nothere: missing value",
    );
  });

  it("a malformed body is a 400 in Go's words", async () => {
    expect((await refused(`${CM}/w`, MERGE, "notjson", 400)).message).toBe(
      "error decoding patch: invalid character 'o' in literal null (expecting 'u')",
    );
    expect((await refused(`${CM}/w`, JSONPATCH, "notjson", 400)).message).toBe(
      "error decoding patch: invalid character 'o' in literal null (expecting 'u')",
    );
    expect((await refused(`${CM}/w`, STRATEGIC, '{"a":}', 400)).message).toBe("invalid character '}' looking for beginning of value");
    expect((await refused(`${CM}/w`, MERGE, '{"a":1', 400)).message).toBe("error decoding patch: unexpected end of JSON input");
  });

  it("bad strategic-merge directives are 400s with upstream's texts", async () => {
    expect((await refused(`${CM}/w`, STRATEGIC, '{"$patch":"bogus"}', 400)).message).toBe(
      "unknown patch type: bogus in map: map[$patch:bogus]",
    );
    expect((await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"$setElementOrder/finalizers":5}}', 400)).message).toBe(
      "expected a []interface {}, but received a int64",
    );
    expect((await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"$retainKeys":5,"labels":{"a":"c"}}}', 400)).message).toBe(
      "invalid patch format of retainKeys",
    );
    await refused(`${CM}/w`, STRATEGIC, '{"metadata":{"$deleteFromPrimitiveList/finalizers":5}}', 400);
  });
});

describe("nesting depth", () => {
  const nested = (n: number, leaf = "1"): string => '{"a":'.repeat(n) + leaf + "}".repeat(n);

  it("a merge patch nested 2,000 deep is a 400, not a stack overflow", async () => {
    const s = await refused(`${CM}/w`, MERGE, `{"data":${nested(2000)}}`, 400);
    expect(s.message).toBe("error decoding patch: invalid character '{' exceeded max depth");
    await refused(`${CM}/w`, STRATEGIC, `{"data":${nested(2000)}}`, 400);
    await refused(`${CM}/w`, JSONPATCH, `[{"op":"add","path":"/data/x","value":${nested(2000)}}]`, 400);
  });

  it("patches nested exactly to the limit go through every applier and are refused by type, not by the stack", async () => {
    // {"data": ...} and the 998 levels below it: 1,000 in all.
    await refused(`${CM}/w`, MERGE, `{"data":${nested(998)}}`, 422);
    await refused(`${CM}/w`, STRATEGIC, `{"data":${nested(998)}}`, 422);
    await refused(`${CM}/w`, STRATEGIC, `{"metadata":{"labels":${nested(997, '{"$patch":"delete"}')}}}`, 422);
    await refused(`${CM}/w`, JSONPATCH, `[{"op":"add","path":"/data","value":${nested(998)}}]`, 422);
  });

  it("POST bodies nested past the limit are 400s in JSON and YAML", async () => {
    const res = await t.request("POST", CM, {
      body: `{"metadata":{"name":"deep"},"data":${nested(10000)}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(
      "couldn't get version/kind; json parse error: invalid character '{' exceeded max depth",
    );
    const yaml = `metadata:\n  name: deepy\ndata: ${"[".repeat(5000)}1${"]".repeat(5000)}\n`;
    const y = await t.request("POST", CM, { body: yaml, headers: { "Content-Type": "application/yaml" } });
    expect(y.status).toBe(400);
    expect(y.json<{ message: string }>().message).toMatch(/exceeded max depth/);
    expect(y.json<{ message: string }>().message).not.toMatch(/Maximum call stack/);
  });

  it("a custom resource nested 10,000 deep is a 400; one just within the limit is stored, read, patched and listed", async () => {
    const crd = {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "deeps.example.com" },
      spec: {
        group: "example.com",
        scope: "Namespaced",
        names: { plural: "deeps", singular: "deep", kind: "Deep", listKind: "DeepList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: { type: "object", properties: { spec: { type: "object", "x-kubernetes-preserve-unknown-fields": true } } },
            },
          },
        ],
      },
    };
    await createEstablished(t, crd);
    const path = "/apis/example.com/v1/namespaces/default/deeps";
    const body = (name: string, depth: number): string =>
      `{"apiVersion":"example.com/v1","kind":"Deep","metadata":{"name":"${name}"},"spec":${nested(depth)}}`;
    const deep = await t.request("POST", path, { body: body("deep", 10000), headers: { "Content-Type": "application/json" } });
    expect(deep.status).toBe(400);
    expect(deep.json<{ message: string }>().message).toContain("exceeded max depth");
    // The object itself is a level: this is exactly the limit.
    const edge = await t.request("POST", path, { body: body("edge", 999), headers: { "Content-Type": "application/json" } });
    expect(edge.status, edge.text.slice(0, 300)).toBe(201);
    expect((await t.request("GET", `${path}/edge`)).status).toBe(200);
    expect((await t.request("GET", path)).status).toBe(200);
    const patched = await patch(`${path}/edge`, MERGE, '{"metadata":{"labels":{"x":"y"}}}');
    expect(patched.status).toBe(200);
    // A merge patch one level deeper is itself past the limit.
    await refused(`${path}/edge`, MERGE, `{"spec":${nested(999, '{"b":1}')}}`, 400);
    // A JSON patch whose value is within the limit, placed 500 levels down, would build an object past it.
    const deeper = await refused(
      `${path}/edge`,
      JSONPATCH,
      `[{"op":"replace","path":"/spec${"/a".repeat(500)}","value":${nested(600)}}]`,
      422,
    );
    expect(deeper.message).toContain("exceeded max depth of 1000");
    const within = await patch(`${path}/edge`, JSONPATCH, `[{"op":"replace","path":"/spec${"/a".repeat(500)}","value":${nested(400)}}]`);
    expect(within.status).toBe(200);
    const over = await t.request("POST", path, { body: body("over", 1000), headers: { "Content-Type": "application/json" } });
    expect(over.status).toBe(400);
  });

  it("a CRD whose schema nests as deep as a body may is served: defaults, validation, pruning and OpenAPI", async () => {
    // 495 levels of properties (two JSON levels each) with a default at every level: the body is just within the limit.
    const depth = 495;
    let schema = '{"type":"string","default":"d"}';
    for (let i = 0; i < depth; i++) schema = `{"type":"object","default":{},"properties":{"a":${schema}}}`;
    const crd = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"ds.example.com"},"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"ds","singular":"d","kind":"D","listKind":"DList"},"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":${schema}}}}}]}}`;
    const res = await t.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {
      body: crd,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    await waitFor(async () => ((await t.request("GET", "/apis/example.com/v1/ds")).status === 200 ? true : undefined));
    let value = '"x"';
    for (let i = 0; i < depth; i++) value = i === 0 ? `{"a":${value},"unknown":1}` : `{"a":${value}}`;
    const cr = await t.request("POST", "/apis/example.com/v1/namespaces/default/ds", {
      body: `{"apiVersion":"example.com/v1","kind":"D","metadata":{"name":"x"},"spec":${value}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(cr.status, cr.text.slice(0, 300)).toBe(201);
    const empty = await t.request("POST", "/apis/example.com/v1/namespaces/default/ds", {
      body: '{"apiVersion":"example.com/v1","kind":"D","metadata":{"name":"y"},"spec":{}}',
      headers: { "Content-Type": "application/json" },
    });
    expect(empty.status).toBe(201);
    // Defaults filled every level down to the string.
    expect(empty.text).toContain('{"a":"d"}');
    const wrong = await t.request("POST", "/apis/example.com/v1/namespaces/default/ds", {
      body: `{"apiVersion":"example.com/v1","kind":"D","metadata":{"name":"z"},"spec":${value.replace('"x"', "5")}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(wrong.status).toBe(422);
    expect((await t.request("GET", "/openapi/v2")).status).toBe(200);
    expect((await t.request("GET", "/openapi/v3/apis/example.com/v1")).status).toBe(200);
  });

  it("a CRD whose schema nests 2,000 deep is a 400", async () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 2000; i++) schema = { type: "object", properties: { a: schema } };
    const crd = cronTabCRD();
    const body = JSON.parse(JSON.stringify(crd)) as {
      metadata: { name: string };
      spec: { group: string; names: Record<string, string>; versions: { schema: { openAPIV3Schema: unknown } }[] };
    };
    body.spec.versions[0]!.schema.openAPIV3Schema = { type: "object", properties: { spec: "PLACEHOLDER" } };
    // Built as text: JSON.stringify itself cannot nest this deep.
    let text = '{"type":"string"}';
    for (let i = 0; i < 2000; i++) text = `{"type":"object","properties":{"a":${text}}}`;
    const res = await t.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {
      body: JSON.stringify(body).replace('"PLACEHOLDER"', text),
      headers: { "Content-Type": "application/json" },
    });
    expect(schema.type).toBe("object");
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toContain("exceeded max depth");
  });
});

describe("protobuf depth", () => {
  /** A protobuf varint. */
  const varint = (n: number): number[] => {
    const out: number[] = [];
    for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80);
    out.push(n);
    return out;
  };
  /** JSONSchemaProps nested through `not` (field 28) `depth` times around {type: "string"}. */
  const deepSchema = (depth: number): Buffer => {
    let msg = Buffer.from([0x2a, 6, ...Buffer.from("string")]);
    for (let i = 0; i < depth; i++) msg = Buffer.concat([Buffer.from([0xe2, 0x01, ...varint(msg.length)]), msg]);
    return msg;
  };
  /** A CRD in protobuf whose schema is `deepSchema(depth)`: encoded with a same-sized `required` entry, then swapped in. */
  const deepCRD = (depth: number): Buffer => {
    const schema = deepSchema(depth);
    const crd = JSON.parse(JSON.stringify(cronTabCRD())) as {
      metadata: { name: string };
      spec: { names: Record<string, string>; versions: { schema: { openAPIV3Schema: unknown } }[] };
    };
    crd.metadata.name = `pb${depth}s.stable.example.com`;
    crd.spec.names = { plural: `pb${depth}s`, singular: `pb${depth}`, kind: `Pb${depth}`, listKind: `Pb${depth}List` };
    crd.spec.versions[0]!.schema.openAPIV3Schema = { required: ["X".repeat(schema.length)] };
    const bytes = Buffer.from(encodeObject(scheme, crd as never));
    // `required` is field 23 (tag 0xBA 0x01), `not` field 28 (0xE2 0x01): same size.
    const marker = Buffer.concat([Buffer.from([0xba, 0x01, ...varint(schema.length)]), Buffer.from("X".repeat(schema.length))]);
    const at = bytes.indexOf(marker);
    expect(at).toBeGreaterThan(0);
    return Buffer.concat([
      bytes.subarray(0, at),
      Buffer.from([0xe2, 0x01, ...varint(schema.length)]),
      schema,
      bytes.subarray(at + marker.length),
    ]);
  };

  it.each([1200, 20000])("a CRD whose schema nests %i messages deep is a 400 without a runtime text", async (depth) => {
    const res = await t.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {
      body: deepCRD(depth),
      headers: { "Content-Type": "application/vnd.kubernetes.protobuf", Accept: "application/json" },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.json<{ message: string }>().message).toContain("exceeded maximum recursion depth");
    expect(res.text).not.toMatch(/Maximum call stack/);
  });
});

describe("random wrong-typed merge patches (property)", () => {
  /** JSON values of every shape, none of them the right type for the fields they are put at. */
  const wrong = fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.constant({ x: 1 }),
  );

  it("never answer 5xx and never change a ConfigMap", async () => {
    const fields = [
      ["data"],
      ["binaryData"],
      ["immutable"],
      ["metadata", "labels"],
      ["metadata", "annotations"],
      ["metadata", "finalizers"],
      ["metadata", "generation"],
      ["metadata", "ownerReferences"],
      ["data", "k"],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), wrong, fc.constantFrom(MERGE, STRATEGIC), async (field, value, type) => {
        // Skip values that happen to have the right type.
        const ok =
          (field.join(".") === "immutable" && typeof value === "boolean") ||
          (field.join(".") === "metadata.finalizers" && Array.isArray(value)) ||
          (field.join(".") === "metadata.generation" && Number.isInteger(value) && Math.abs(value as number) < 2 ** 53);
        fc.pre(!ok);
        let body: unknown = value;
        for (const f of [...field].reverse()) body = { [f]: body };
        const before = await t.request("GET", `${CM}/w`);
        const res = await patch(`${CM}/w`, type, JSON.stringify(body));
        expect(res.status, res.text).toBeGreaterThanOrEqual(400);
        expect(res.status, res.text).toBeLessThan(500);
        expect((await t.request("GET", `${CM}/w`)).text).toBe(before.text);
      }),
      { seed: 1234, numRuns: 60 },
    );
  });

  it("never answer 5xx and never change a Service", async () => {
    const fields = [
      ["spec", "ports"],
      ["spec", "type"],
      ["spec", "selector"],
      ["spec", "clusterIP"],
      ["spec", "sessionAffinity"],
      ["spec"],
      ["status"],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), wrong, fc.constantFrom(MERGE, STRATEGIC), async (field, value, type) => {
        // An empty port list is the right type (and a Service may have none); any object is a struct's right type.
        fc.pre(!(field.join(".") === "spec.ports" && Array.isArray(value) && value.length === 0));
        fc.pre(!(field.length === 1 && typeof value === "object" && !Array.isArray(value)));
        let body: unknown = value;
        for (const f of [...field].reverse()) body = { [f]: body };
        const before = await t.request("GET", `${SVC}/s`);
        const res = await patch(`${SVC}/s`, type, JSON.stringify(body));
        expect(res.status, res.text).toBeGreaterThanOrEqual(400);
        expect(res.status, res.text).toBeLessThan(500);
        expect((await t.request("GET", `${SVC}/s`)).text).toBe(before.text);
      }),
      { seed: 4321, numRuns: 60 },
    );
  });
});

describe("server-side apply", () => {
  it("refuses an applied object with wrong-typed values instead of wiping them", async () => {
    const apply = "application/apply-patch+yaml";
    for (const body of [
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"w"},"data":5}',
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"w","labels":5}}',
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"w","generation":1e27}}',
    ]) {
      const before = await t.request("GET", `${CM}/w`);
      const res = await patch(`${CM}/w`, apply, body, "?fieldManager=typing");
      // The apply engine refuses what its typed conversion cannot take (upstream's text, a 400
      // where upstream answers 500); what it lets through is decoded as a body and refused there.
      expect([400, 422], res.text).toContain(res.status);
      expect(res.json<{ message: string }>().message).toMatch(/failed to create typed patch object|cannot unmarshal/);
      expect((await t.request("GET", `${CM}/w`)).text).toBe(before.text);
    }
  });
});
