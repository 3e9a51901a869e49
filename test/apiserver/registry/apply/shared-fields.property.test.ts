/**
 * A create's FieldsV1 written as text and handed out as a shared frozen tree, and FieldsV1 read
 * from protobuf as that shared tree, change no byte: on random objects of several kinds, the
 * entry's JSON is the general path's (the set built, stripped and encoded), the stored protobuf
 * bytes are those the plain tree (stringified) gives, and decoding gives the plain tree's value.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordUpdate } from "../../../../apiserver/registry/apply/field-manager.js";
import { applySchemaFor } from "../../../../apiserver/registry/apply/schema.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { scheme } from "../../../../generated/apis/register.js";
import { ModelIndex } from "../../../../generator/model/lookup.js";
import { parseApi } from "../../../../generator/parse/parse-api.js";
import { decodeObject, encodeObject } from "../../../../runtime/protobuf/envelope.js";
import { decodeFieldsV1, encodeFieldsV1 } from "../../../../runtime/protobuf/specials.js";
import { newReader, newWriter } from "../../../../runtime/index.js";
import { arbitraryFor } from "../../../support/arbitrary.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const index = new ModelIndex(parseApi(path.join(here, "../../../../api")));

/** The longest text shared (runtime/protobuf/specials.ts). */
const SHARED_TEXT_MAX = 16_000;

const OWNS_NOTHING = [{ manager: "other", operation: "Update", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1: {} }];

const KINDS = [
  { pkg: "core/v1", group: "", version: "v1", kind: "Pod", reset: ["status"] },
  { pkg: "core/v1", group: "", version: "v1", kind: "ConfigMap", reset: [] },
  { pkg: "core/v1", group: "", version: "v1", kind: "Service", reset: ["status"] },
  { pkg: "apps/v1", group: "apps", version: "v1", kind: "Deployment", reset: ["status"] },
  { pkg: "batch/v1", group: "batch", version: "v1", kind: "Job", reset: ["status"] },
];

type Entry = { fieldsV1?: unknown };

function managedFields(obj: KubeObject): Entry[] | undefined {
  return obj.metadata?.managedFields as Entry[] | undefined;
}

describe.each(KINDS)("shared FieldsV1 trees: $kind", (k) => {
  const schema = applySchemaFor({ group: k.group, version: k.version, kind: k.kind })!;
  const apiVersion = k.group ? `${k.group}/${k.version}` : k.version;
  const opts = { schema, apiVersion, now: "2026-01-01T00:00:00Z", resetFields: k.reset };
  const arb = arbitraryFor(index, k.pkg, k.kind, { listTypes: true }).map((x) => ({ ...(x as object), apiVersion, kind: k.kind }));

  it("the entry is the general path's, and the stored bytes and decoded value are the plain tree's", () => {
    let sharedRuns = 0;
    fc.assert(
      fc.property(arb, (generated) => {
        // Go-canonical first (one trip through protobuf), with no managedFields of its own.
        const obj = decodeObject<KubeObject>(scheme, encodeObject(scheme, generated));
        if (obj.metadata) delete obj.metadata.managedFields;

        const fast = structuredClone(obj);
        recordUpdate(undefined, fast, "kubectl", opts);
        const general = structuredClone(obj);
        general.metadata = { ...general.metadata, managedFields: OWNS_NOTHING };
        recordUpdate(undefined, general, "kubectl", opts);
        expect(JSON.stringify(managedFields(fast)) === JSON.stringify(managedFields(general))).toBe(true);

        const tree = managedFields(fast)?.[0]?.fieldsV1;
        if (tree === undefined) return;
        // Shared unless the text is too long to share or the object took the general path (a
        // list-map with a repeated key): then a tree of its own.
        const shared = Object.isFrozen(tree);
        if (JSON.stringify(tree).length > SHARED_TEXT_MAX) expect(shared).toBe(false);

        // The plain tree (a copy, as JSON.parse gives) is what was stored before: the same bytes.
        const plain = JSON.parse(JSON.stringify(fast)) as KubeObject;
        const bytes = encodeObject(scheme, fast);
        expect(Buffer.from(bytes).equals(Buffer.from(encodeObject(scheme, plain)))).toBe(true);

        // Decoded: the same value, a tree shared with the create's, and the same bytes again.
        const back = decodeObject<KubeObject>(scheme, bytes);
        // Compared as text: a failure's report stays short (these objects are large).
        expect(JSON.stringify(back) === JSON.stringify(plain)).toBe(true);
        if (shared) sharedRuns++;
        if (shared) expect(managedFields(back)?.[0]?.fieldsV1 === tree).toBe(true);
        else expect(Object.isFrozen(managedFields(back)?.[0]?.fieldsV1)).toBe(JSON.stringify(tree).length <= SHARED_TEXT_MAX);
        expect(Buffer.from(encodeObject(scheme, back)).equals(Buffer.from(bytes))).toBe(true);
      }),
      // No shrinking: these objects are large, and a shrink of one runs for minutes.
      { numRuns: 60, endOnFailure: true },
    );
    expect(sharedRuns).toBeGreaterThan(0);
  });
});

describe("FieldsV1 read from protobuf", () => {
  const read = (text: string): unknown => {
    const raw = Buffer.from(text);
    const buf = Uint8Array.from([0x0a, raw.length, ...raw]);
    const r = newReader(buf);
    const out = decodeFieldsV1(r, buf.length);
    expect(r.pos).toBe(buf.length);
    return out;
  };
  const write = (v: unknown): string => {
    const w = newWriter();
    encodeFieldsV1(v, w);
    return Buffer.from(w.finish().subarray(2)).toString();
  };

  it("equal compact texts give one frozen tree, written back as the text", () => {
    const text = '{"f:data":{".":{},"f:a":{}},"f:metadata":{"f:labels":{"f:app":{}}}}';
    const a = read(text);
    expect(read(text)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen((a as Record<string, object>)["f:data"])).toBe(true);
    expect(a).toEqual(JSON.parse(text));
    expect(write(a)).toBe(text);
  });

  it("texts JSON.stringify would write otherwise (spaces, Go's escapes) give a tree of their own, written as before", () => {
    for (const text of ['{"f:data": {}}', '{"f:data":{"f:\\u003ca":{}}}', '{"f:\\u00e9":{}}']) {
      const a = read(text);
      expect(a).toEqual(JSON.parse(text));
      expect(Object.isFrozen(a)).toBe(false);
      expect(read(text)).not.toBe(a);
      expect(write(a)).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it("other JSON values, as before", () => {
    expect(read("[1]")).toEqual([1]);
    expect(read('"x"')).toBe("x");
    expect(read("{}")).toEqual({});
  });
});
