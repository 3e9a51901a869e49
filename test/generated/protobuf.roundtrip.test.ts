/**
 * Round trips through the generated protobuf codecs, for every struct that has a message and
 * every registered kind (through the `k8s\0` envelope): random values built from the model are
 * first brought to Go-canonical form (what Go's JSON of the decoded object shows: one decode of
 * their encoding), and from there JSON -> object -> protobuf -> object -> JSON must give the same
 * text, the same object and the same bytes. Hand-written canonical objects round-trip exactly,
 * and the benchmark's realistic objects lose nothing.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelIndex } from "../../generator/model/lookup.js";
import type { StructDecl } from "../../generator/model/types.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { scheme } from "../../generated/apis/register.js";
import { benchObjects } from "../../bench/fixtures/objects.js";
import { decodeObject, encodeObject, newReader, newWriter, type KindRegistration, type Reader, type Writer } from "../../runtime/index.js";
import { arbitraryFor } from "../support/arbitrary.js";

const NUM_RUNS = 60;
/** A fixed seed: a failure reproduces run after run. */
const SEED = 0x9b0f_5eed;

type Tester = Parameters<typeof expect.addEqualityTesters>[0][number];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Plain objects compared by own keys (an own "constructor" map key must not confuse vitest). */
const plainObjectEquality: Tester = function (a, b, testers) {
  if (!isPlainObject(a) || !isPlainObject(b)) return undefined;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && this.equals(a[k], b[k], testers, true));
};
expect.addEqualityTesters([plainObjectEquality]);

const here = path.dirname(fileURLToPath(import.meta.url));
const model = parseApi(path.join(here, "../../api"));
const index = new ModelIndex(model);

type Encode = (obj: never, w: Writer) => void;
type Decode = (r: Reader, end: number) => unknown;

interface MessageCase {
  pkg: string;
  name: string;
  decl: StructDecl;
  encode?: Encode;
  decode?: Decode;
}

interface KindCase {
  pkg: string;
  apiVersion: string;
  kind: string;
  hasCodec: boolean;
  /** False for kinds upstream serves without a protobuf message (meta/v1 Table). */
  hasMessage: boolean;
}

const messages: MessageCase[] = [];
const kinds: KindCase[] = [];
for (const pkg of model.packages) {
  if (pkg.external || !pkg.protobuf) continue;
  const structs = pkg.types.filter((t): t is StructDecl => t.kind === "struct" && t.protobuf);
  if (!structs.length) continue;
  const dir = path.join(here, "../../generated/apis", pkg.path);
  // Computed specifiers so vite resolves them at run time (`.js` to `.ts`).
  const mod = (await import(/* @vite-ignore */ path.join(dir, "zz_generated.protobuf.js"))) as Record<string, unknown>;
  for (const decl of structs) {
    messages.push({
      pkg: pkg.path,
      name: decl.name,
      decl,
      encode: mod[`encode${decl.name}`] as Encode | undefined,
      decode: mod[`decode${decl.name}`] as Decode | undefined,
    });
  }
  let register: { groupVersion: { group: string; version: string }; kinds: readonly KindRegistration[] } | undefined;
  try {
    register = await import(/* @vite-ignore */ path.join(dir, "zz_generated.register.js"));
  } catch {
    register = undefined; // packages without kinds (runtime, intstr) have no register file
  }
  for (const k of register?.kinds ?? []) {
    const gv = register!.groupVersion;
    kinds.push({
      pkg: pkg.path,
      apiVersion: gv.group ? `${gv.group}/${gv.version}` : gv.version,
      kind: k.kind,
      hasCodec: k.protobuf !== undefined,
      hasMessage: structs.some((d) => d.name === k.kind),
    });
  }
}

function encodeMessage(encode: Encode, obj: unknown): Uint8Array {
  const w = newWriter();
  encode(obj as never, w);
  return w.finish();
}

function decodeMessage(decode: Decode, bytes: Uint8Array): unknown {
  const r = newReader(bytes);
  const out = decode(r, bytes.length);
  expect(r.pos).toBe(bytes.length);
  return out;
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");

/**
 * The round-trip laws for one value, given how to write and read it: canonical form first, then
 * same bytes, same object, same JSON text.
 */
function checkRoundTrip(x: unknown, write: (v: unknown) => Uint8Array, read: (b: Uint8Array) => unknown): unknown {
  // Canonical form: what Go's JSON of the decoded object shows. (Its bytes may differ from x's:
  // Go too writes an empty []byte but reads it back as absent.)
  const canonical = read(write(x));
  const bytes = write(canonical);
  // From the canonical form on, object and bytes are fixed points.
  expect(read(bytes)).toStrictEqual(canonical);
  expect(hex(write(read(bytes)))).toBe(hex(bytes));
  // JSON -> object -> protobuf -> object -> JSON, unchanged.
  const json = JSON.stringify(canonical);
  expect(JSON.stringify(read(write(JSON.parse(json))))).toBe(json);
  return canonical;
}

/** Fields (JSON names) holding a value in `obj`. */
function presentFields(obj: unknown): string[] {
  if (!isPlainObject(obj)) return [];
  return Object.keys(obj).filter((k) => obj[k] !== undefined && obj[k] !== null);
}

const stats = { messages: 0, kinds: 0, runs: 0 };

describe.each([...new Set(messages.map((m) => m.pkg))])("protobuf messages of %s", (pkg) => {
  it.each(messages.filter((m) => m.pkg === pkg).map((m) => [m.name, m] as const))("%s", (_name, m) => {
    expect(m.encode, `generated/apis/${m.pkg}/zz_generated.protobuf.ts exports encode${m.name}`).toBeTypeOf("function");
    expect(m.decode, `generated/apis/${m.pkg}/zz_generated.protobuf.ts exports decode${m.name}`).toBeTypeOf("function");
    const encode = m.encode!;
    const decode = m.decode!;
    // Own fields only: inlined structs (TypeMeta's apiVersion and kind) are not on the wire.
    const wireFields = new Set(m.decl.fields.filter((f) => f.protobuf).map((f) => f.name));
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbitraryFor(index, m.pkg, m.name), (x) => {
        const canonical = checkRoundTrip(
          x,
          (v) => encodeMessage(encode, v),
          (b) => decodeMessage(decode, b),
        );
        for (const f of presentFields(canonical)) seen.add(f);
        stats.runs++;
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    // Not vacuous: every field that has a protobuf number survived the trip with a value at least once.
    expect([...wireFields].filter((f) => !seen.has(f))).toEqual([]);
    stats.messages++;
  });
});

describe.each([...new Set(kinds.map((k) => k.pkg))])("enveloped kinds of %s", (pkg) => {
  it.each(kinds.filter((k) => k.pkg === pkg).map((k) => [k.kind, k] as const))("%s", (_kind, k) => {
    expect(k.hasCodec, `${k.kind} is registered with a protobuf codec`).toBe(k.hasMessage);
    if (!k.hasMessage) {
      expect(() => encodeObject(scheme, { apiVersion: k.apiVersion, kind: k.kind })).toThrow("has no protobuf codec");
      stats.kinds++;
      return;
    }
    fc.assert(
      fc.property(arbitraryFor(index, k.pkg, k.kind), (x) => {
        const obj = { ...(x as object), apiVersion: k.apiVersion, kind: k.kind };
        const canonical = checkRoundTrip(
          obj,
          (v) => encodeObject(scheme, v as object),
          (b) => decodeObject(scheme, b),
        ) as Record<string, unknown>;
        expect(Object.keys(canonical).slice(0, 2)).toEqual(["kind", "apiVersion"]);
        expect([canonical.kind, canonical.apiVersion]).toEqual([k.kind, k.apiVersion]);
        stats.runs++;
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    stats.kinds++;
  });
});

/** Objects already in Go-canonical form: they must come back exactly, JSON text included. */
const canonicalObjects: Record<string, object> = {
  ConfigMap: {
    kind: "ConfigMap",
    apiVersion: "v1",
    metadata: {
      name: "settings",
      namespace: "default",
      uid: "0b9f6c1e-4c1d-4d8a-9b0e-7f2a1c3d5e6f",
      resourceVersion: "42",
      generation: 3,
      creationTimestamp: "2024-05-14T09:21:07Z",
      // Go's JSON writes map keys sorted, so a canonical object has them sorted.
      labels: { __proto__x: "y", "app.kubernetes.io/name": "web" },
      ownerReferences: [{ apiVersion: "apps/v1", kind: "Deployment", name: "web", uid: "u-1", controller: true, blockOwnerDeletion: true }],
      managedFields: [
        {
          manager: "kubectl",
          operation: "Apply",
          apiVersion: "v1",
          time: "2024-05-14T09:21:07Z",
          fieldsType: "FieldsV1",
          fieldsV1: { "f:data": { "f:a": {} } },
        },
      ],
    },
    immutable: false,
    data: { "": "empty key", a: "1", b: "" },
    binaryData: { blob: "AAEC/w==" },
  },
  Lease: {
    kind: "Lease",
    apiVersion: "coordination.k8s.io/v1",
    metadata: { name: "kube-controller-manager", namespace: "kube-system" },
    spec: {
      holderIdentity: "node-1_5f1c",
      leaseDurationSeconds: 15,
      acquireTime: "2024-05-14T09:21:07.123456Z",
      renewTime: "2024-05-14T09:21:22.000001Z",
      leaseTransitions: 0,
    },
  },
  Role: {
    kind: "Role",
    apiVersion: "rbac.authorization.k8s.io/v1",
    metadata: { name: "reader", namespace: "default" },
    rules: [{ verbs: ["get", "list", "watch"], apiGroups: [""], resources: ["pods", "pods/log"] }],
  },
  Event: {
    kind: "Event",
    apiVersion: "v1",
    metadata: { name: "web.17f", namespace: "default" },
    involvedObject: { kind: "Pod", namespace: "default", name: "web-1", uid: "p-1", apiVersion: "v1" },
    reason: "BackOff",
    message: "Back-off restarting failed container",
    source: { component: "kubelet", host: "node-1" },
    firstTimestamp: "2024-05-14T09:21:07Z",
    lastTimestamp: "2024-05-14T09:25:07Z",
    count: 12,
    type: "Warning",
    eventTime: "2024-05-14T09:21:07.000000Z",
    series: { count: 3, lastObservedTime: "2024-05-14T09:25:07.500000Z" },
    reportingComponent: "kubelet",
    reportingInstance: "node-1",
  },
  CustomResourceDefinition: {
    kind: "CustomResourceDefinition",
    apiVersion: "apiextensions.k8s.io/v1",
    metadata: { name: "widgets.example.com" },
    spec: {
      group: "example.com",
      names: { plural: "widgets", kind: "Widget" },
      scope: "Namespaced",
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: "object",
              properties: {
                extra: { type: "object", additionalProperties: false },
                labels: { type: "object", additionalProperties: { type: "string" } },
                mode: { type: "string", default: "a", enum: ["a", "b"] },
                port: { anyOf: [{ type: "integer" }, { type: "string" }], "x-kubernetes-int-or-string": true },
                tags: { type: "array", items: { type: "string" } },
              },
            },
          },
        },
      ],
    },
    // The status struct is not a pointer: Go writes it, and its names' plural and kind, always.
    // (Go's JSON shows the two lists as null, being nil slices without omitempty; ours as [].)
    status: { conditions: [], acceptedNames: { plural: "", kind: "" }, storedVersions: [] },
  },
  Status: {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: 'pods "x" not found',
    reason: "NotFound",
    details: { name: "x", kind: "pods", causes: [{ reason: "FieldValueNotFound", message: "gone", field: "metadata.name" }] },
    code: 404,
  },
};

describe("canonical objects", () => {
  it.each(Object.entries(canonicalObjects))("%s comes back exactly", (_kind, obj) => {
    const back = decodeObject(scheme, encodeObject(scheme, obj as { apiVersion: string; kind: string }));
    expect(back).toStrictEqual(obj);
    expect(JSON.stringify(back)).toBe(JSON.stringify(obj));
  });
});

/** A zero value, which Go's JSON leaves out under omitempty. */
const isZero = (v: unknown): boolean =>
  v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0);

/** Paths where `before` held a value that `after` lost or changed (zero values may go). */
function lostValues(before: unknown, after: unknown, at = ""): string[] {
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length !== before.length) return isZero(before) && after === undefined ? [] : [at];
    return before.flatMap((v, i) => lostValues(v, after[i], `${at}[${i}]`));
  }
  if (isPlainObject(before)) {
    if (!isPlainObject(after)) return isZero(before) && after === undefined ? [] : [at];
    return Object.keys(before).flatMap((k) => lostValues(before[k], after[k], `${at}.${k}`));
  }
  if (before === after || (after === undefined && (before === null || isZero(before)))) return [];
  return [`${at}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`];
}

describe("the benchmark's objects", () => {
  it.each(Object.entries(benchObjects()))("%s loses nothing", (_kind, obj) => {
    const back = decodeObject(scheme, encodeObject(scheme, obj as { apiVersion: string; kind: string }));
    // Go fills in zero-valued structs and drops zero values under omitempty; nothing else changes.
    expect(lostValues(obj, back)).toEqual([]);
    expect(decodeObject(scheme, encodeObject(scheme, back))).toStrictEqual(back);
  });

  it("drops only zero values (the check above is not vacuous)", () => {
    expect(lostValues({ a: { b: false, c: [1] } }, { a: { c: [1] } })).toEqual([]);
    expect(lostValues({ a: { b: true, c: [1] } }, { a: { c: [2] } })).toEqual([".a.b: true -> undefined", ".a.c[0]: 1 -> 2"]);
  });
});

describe("protobuf round-trip coverage", () => {
  it("covered every message and every kind", () => {
    expect(messages.length).toBeGreaterThan(60);
    expect(kinds.length).toBeGreaterThan(20);
    expect(stats.messages).toBe(messages.length);
    expect(stats.kinds).toBe(kinds.length);
    for (const pkg of ["core/v1", "meta/v1", "apiextensions/v1", "rbac/v1", "coordination/v1"]) {
      expect(messages.map((m) => m.pkg)).toContain(pkg);
    }
  });
});
