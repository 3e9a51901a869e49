/**
 * A cached object's JSON writes its managedFields' shared FieldsV1 trees as the text they were
 * read from: the bytes must be JSON.stringify's, whatever the object, and a value that holds the
 * stand-in mark must not be mistaken for a tree. Objects not (yet) the cache's, a write's answer,
 * are written the same way.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeJSON, FIELDS_V1_MARK, objectJSON } from "../../../apiserver/endpoints/serializers.js";
import { isShared, markShared } from "../../../apiserver/registry/cacher/shared-encoding.js";
import { sharedFieldsV1, sharedFieldsV1Text } from "../../../runtime/protobuf/specials.js";

/** A shared tree long enough to be spliced (short ones are stringified with the rest). */
const tree = (o: object): object =>
  sharedFieldsV1(JSON.stringify({ ...o, ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f:padding-${i}`, {}])) }))!;

const pod = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "web",
    labels: { app: "wéb" },
    managedFields: fields.map((f, i) => ({ manager: `m${i}`, operation: "Update", fieldsType: "FieldsV1", fieldsV1: f, time: "t" })),
    ...extra,
  },
  spec: { containers: [{ name: "c", image: "busybox", env: [{ name: "E", value: 'ünïcode \u2028 "q"' }] }] },
});

const sharedLine = (obj: object): string => encodeJSON(markShared(obj)).toString("utf8");

describe("shared FieldsV1 trees in a cached object's JSON", () => {
  it("writes JSON.stringify's bytes with one, two, unshared and no trees", () => {
    const a = tree({ "f:metadata": { "f:labels": { ".": {}, "f:app": {} } } });
    const b = tree({ "f:spec": { "f:containers": { 'k:{"name":"ç"}': { ".": {} } } } });
    expect(sharedFieldsV1Text(a)?.text).toBe(JSON.stringify(a));
    for (const obj of [pod([a]), pod([a, b]), pod([a, { "f:x": {} }, b]), pod([]), { kind: "Status" }, pod([null, "x", 3])]) {
      expect(sharedLine({ ...obj })).toBe(JSON.stringify(obj) + "\n");
      expect(objectJSON(obj)).toBe(JSON.stringify(obj));
    }
  });

  it("falls back to JSON.stringify when a value holds a mark", () => {
    const a = tree({ "f:metadata": { "f:name": {} } });
    for (const value of [FIELDS_V1_MARK + "0", `${FIELDS_V1_MARK}0`.repeat(2), FIELDS_V1_MARK + "1"]) {
      const before = pod([a], { annotations: { x: value } });
      const after = { ...pod([a]), spec: { note: value } };
      // Before the entries in the text: the first place the mark is found is not the tree's.
      const first = { note: value, ...pod([a]) };
      const p = pod([a]);
      const inMeta = { ...p, metadata: { annotations: { x: value }, ...p.metadata } };
      for (const obj of [before, after, first, inMeta]) {
        expect(objectJSON(obj)).toBe(JSON.stringify(obj));
        expect(sharedLine({ ...obj })).toBe(JSON.stringify(obj) + "\n");
      }
    }
  });

  it("matches JSON.stringify for any managedFields entries and values", () => {
    const trees = [tree({ "f:a": {} }), tree({ "f:b": { ".": {}, "f:ü": {} } }), tree({ 'k:{"x":"\\u0000"}': {} })];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...trees), fc.jsonValue()), { maxLength: 4 }), fc.jsonValue(), (fields, value) => {
        const obj = pod(fields, { annotations: { v: JSON.stringify(value) } });
        (obj.spec as Record<string, unknown>).value = value;
        expect(objectJSON(obj)).toBe(JSON.stringify(obj));
        expect(sharedLine({ ...obj })).toBe(JSON.stringify(obj) + "\n");
        // An object not the cache's (a write's answer) is spliced too, and nothing is kept for it.
        const unshared = { ...obj };
        expect(encodeJSON(unshared).toString("utf8")).toBe(JSON.stringify(obj) + "\n");
        expect(isShared(unshared)).toBe(false);
      }),
    );
  });

  it("writes short shared trees as JSON.stringify does, beside long ones", () => {
    const short = sharedFieldsV1(JSON.stringify({ "f:data": { ".": {}, "f:k": {} } }))!;
    const long = tree({ "f:metadata": { "f:name": {} } });
    for (const obj of [pod([short]), pod([short, long]), pod([long, short, short])]) {
      expect(objectJSON(obj)).toBe(JSON.stringify(obj));
      expect(sharedLine({ ...obj })).toBe(JSON.stringify(obj) + "\n");
      expect(encodeJSON({ ...obj }).toString("utf8")).toBe(JSON.stringify(obj) + "\n");
    }
  });

  it("writes values that are not objects, and pretty JSON, as JSON.stringify", () => {
    const a = tree({ "f:metadata": { "f:name": {} } });
    for (const v of ["s", 3, null, true, [1, { a: 2 }]]) expect(encodeJSON(v).toString("utf8")).toBe(JSON.stringify(v) + "\n");
    expect(encodeJSON(pod([a]), true).toString("utf8")).toBe(JSON.stringify(pod([a]), null, 2) + "\n");
  });
});
