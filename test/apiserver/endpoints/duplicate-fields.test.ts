/**
 * Duplicate JSON fields under fieldValidation: Strict fails with upstream's `duplicate field "x"`
 * (in decode order among unknown fields), Warn answers with a Warning each, Ignore says nothing;
 * the last value wins either way, as in Go.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDuplicateFields } from "../../../apiserver/registry/patch/json-text.js";
import { keyCount, keyTokens, strictDecodingMessages } from "../../../apiserver/endpoints/strict-fields.js";
import { startTestServer, type TestServer } from "../server/harness.js";

const paths = (json: string): string[] => findDuplicateFields(json).map((d) => d.path);

describe("the key-count shortcut", () => {
  // Texts with repeated keys: an object's JSON with one of its keys written again (any value).
  const withRepeat = fc
    .tuple(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), fc.nat(), fc.jsonValue(), fc.boolean())
    .map(([obj, pick, value, nested]) => {
      const keys = Object.keys(obj);
      const key = keys[pick % keys.length]!;
      const text = `{${[...keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(obj[k])}`), `${JSON.stringify(key)} : ${JSON.stringify(value)}`].join(",")}}`;
      return nested ? `{"outer":[${text}],"s":"a\\":b"}` : text;
    });

  it("never skips the walk for a text with a repeated key, and agrees with it whenever it skips", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          withRepeat,
          fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
        ),
        (text) => {
          const parsed: unknown = JSON.parse(text);
          const tokens = keyTokens(text);
          expect(tokens).toBeGreaterThanOrEqual(keyCount(parsed));
          if (tokens === keyCount(parsed)) expect(findDuplicateFields(text)).toEqual([]);
          else if (findDuplicateFields(text).length > 0) expect(strictDecodingMessages(text, [], keyCount(parsed))).not.toEqual([]);
        },
      ),
    );
  });

  it("counts keys written with blanks before the colon, and no colon inside a value", () => {
    expect(keyTokens('{"a" :1, "b"\n:{"c"\t: "x:y"}}')).toBe(3);
    expect(keyCount({ a: 1, b: { c: "x:y" } })).toBe(3);
    expect(keyTokens('{"a":1,"a":2}')).toBe(2);
    expect(keyCount(JSON.parse('{"a":1,"a":2}'))).toBe(1);
  });
});

describe("findDuplicateFields", () => {
  it("names repeated keys by their path, as upstream's strict decoder", () => {
    expect(paths('{"a":1,"a":2}')).toEqual(["a"]);
    expect(paths('{"metadata":{"name":"x","labels":{"k":"1","k":"2"},"name":"y"}}')).toEqual(["metadata.labels.k", "metadata.name"]);
    expect(paths('{"spec":{"ports":[{"port":1},{"port":2,"name":"a","port":3}]}}')).toEqual(["spec.ports[1].port"]);
    expect(paths('{"a":[[{"x":1,"x":1}]]}')).toEqual(["a[0][0].x"]);
  });

  it("reports each path once, in the order the repeats occur", () => {
    expect(paths('{"b":1,"a":1,"a":2,"b":2,"a":3}')).toEqual(["a", "b"]);
  });

  it("keeps objects apart: the same key in sibling objects is no repeat", () => {
    expect(paths('{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":1}]}')).toEqual([]);
    expect(paths('{"a":{},"b":[],"c":[{}],"d":"{\\"x\\":1,\\"x\\":2}"}')).toEqual([]);
  });

  it("compares keys by their decoded value, escapes and whitespace included", () => {
    expect(paths('{ "a\\u0062" : 1 ,\n "ab" : 2 }')).toEqual(["ab"]);
    expect(paths('{"a\\"b":1,"a\\"b":2}')).toEqual(['a"b']);
    expect(paths('{"x":"}","x":"]"}')).toEqual(["x"]);
  });

  it("leaves out repeats inside unknown fields, and repeats of unknown keys", () => {
    const json = '{"metadata":{"name":"n","bogus":1,"bogus":2},"extra":{"y":1,"y":2},"data":{"k":"1","k":"2"}}';
    expect(strictDecodingMessages(json, ["metadata.bogus", "extra"])).toEqual([
      'unknown field "metadata.bogus"',
      'unknown field "extra"',
      'duplicate field "data.k"',
    ]);
  });

  it("orders duplicates among unknown fields by where the decoder meets them", () => {
    const json = '{"metadata":{"name":"n","name":"m"},"extra":1,"data":{"k":"1","k":"2"}}';
    expect(strictDecodingMessages(json, ["extra"])).toEqual([
      'duplicate field "metadata.name"',
      'unknown field "extra"',
      'duplicate field "data.k"',
    ]);
  });
});

describe("duplicate fields against the server", () => {
  let t: TestServer;
  const JSON_CT = { "Content-Type": "application/json" };
  beforeAll(async () => {
    t = await startTestServer();
    await t.request("POST", "/api/v1/namespaces", { body: JSON.stringify({ metadata: { name: "dup" } }) });
  });
  afterAll(async () => t.close());

  const post = (query: string, body: string) => t.request("POST", `/api/v1/namespaces/dup/configmaps${query}`, { body, headers: JSON_CT });
  const body = (name: string): string =>
    `{"metadata":{"name":"${name}","labels":{"a":"1","a":"2"}},"data":{"k":"first"},"data":{"k":"last"}}`;

  it("Strict: 400 BadRequest naming every duplicate", async () => {
    const res = await post("?fieldValidation=Strict", body("strict"));
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      kind: "Status",
      status: "Failure",
      reason: "BadRequest",
      code: 400,
      message: 'strict decoding error: duplicate field "metadata.labels.a", duplicate field "data"',
    });
    expect((await t.request("GET", "/api/v1/namespaces/dup/configmaps/strict")).status).toBe(404);
  });

  it("Strict: duplicates and unknown fields together, in body order", async () => {
    const res = await post("?fieldValidation=Strict", '{"metadata":{"name":"mixed","name":"mixed"},"bogus":true,"data":{"k":"1","k":"2"}}');
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'strict decoding error: duplicate field "metadata.name", unknown field "bogus", duplicate field "data.k"',
    );
  });

  it("Warn (the default): created with the last values, one Warning per duplicate", async () => {
    for (const [query, name] of [
      ["?fieldValidation=Warn", "warn"],
      ["", "default"],
    ] as const) {
      const res = await post(query, body(name));
      expect(res.status).toBe(201);
      expect(res.headers.warning).toBe('299 - "duplicate field \\"metadata.labels.a\\"", 299 - "duplicate field \\"data\\""');
      expect(res.json()).toMatchObject({ metadata: { labels: { a: "2" } }, data: { k: "last" } });
    }
  });

  it("Ignore: created with the last values, no warning", async () => {
    const res = await post("?fieldValidation=Ignore", body("ignore"));
    expect(res.status).toBe(201);
    expect(res.headers.warning).toBeUndefined();
    expect(res.json()).toMatchObject({ data: { k: "last" } });
  });

  it("updates are checked too", async () => {
    const current = (await t.request("GET", "/api/v1/namespaces/dup/configmaps/ignore")).json<{ metadata: { resourceVersion: string } }>();
    const res = await t.request("PUT", "/api/v1/namespaces/dup/configmaps/ignore?fieldValidation=Strict", {
      body: `{"metadata":{"name":"ignore","resourceVersion":"${current.metadata.resourceVersion}"},"data":{"k":"1"},"data":{"k":"2"}}`,
      headers: JSON_CT,
    });
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('strict decoding error: duplicate field "data"');
  });
});
