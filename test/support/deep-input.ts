/**
 * Request bodies nested as deep as the apiserver accepts (JSON 1,000 levels, YAML 500) and one
 * level past, through every verb and content type that takes a body, and what must hold for each
 * answer: 2xx or a 4xx metav1.Status, never a 5xx or a dropped connection; a 4xx stores nothing;
 * the server stays up. Pure case building plus a runner over any HTTP target (in-process or a
 * child process with a smaller stack), used by test/apiserver/fuzz/deep-input.test.ts.
 */
import { MAX_NESTING_DEPTH } from "../../apiserver/registry/patch/json-text.js";
import { MAX_YAML_DEPTH } from "../../apiserver/registry/patch/yaml-depth.js";

export interface DeepTarget {
  request(
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: string | Uint8Array,
  ): Promise<{ status: number; body: Buffer }>;
}

export const NS = "deep";
export const GROUP = "deep.example.com";
export const CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
export const CR_PATH = `/apis/${GROUP}/v1/namespaces/${NS}/things`;
export const CM_PATH = `/api/v1/namespaces/${NS}/configmaps`;
export const NS_PATH = "/api/v1/namespaces";

const JSON_CT = "application/json";
const YAML_CT = "application/yaml";
const MERGE = "application/merge-patch+json";
const SMP = "application/strategic-merge-patch+json";
const JSONPATCH = "application/json-patch+json";
const APPLY = "application/apply-patch+yaml";

/** JSON text of a value nesting exactly `depth` levels (objects or arrays count one each). */
export function nested(kind: "object" | "array", depth: number): string {
  return kind === "object" ? `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** The same in YAML block style: maps one per indented line. */
export function nestedBlockYAML(key: string, depth: number, indent = 0): string {
  let s = "";
  for (let i = 0; i < depth; i++) s += `${" ".repeat(indent + i)}${i === 0 ? key : "a"}:\n`;
  return `${s}${" ".repeat(indent + depth)}{}\n`;
}

/** A CRD of kind Thing whose spec keeps any unknown field (so any depth can be stored). */
export function thingsCRD(): Record<string, unknown> {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `things.${GROUP}` },
    spec: {
      group: GROUP,
      scope: "Namespaced",
      names: { plural: "things", singular: "thing", kind: "Thing" },
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
}

/**
 * A CRD text nesting `depth` JSON levels in all: its schema is `properties` inside `properties`
 * (two JSON levels a schema level) down to a preserve-unknown-fields object, plus a CEL rule
 * at the bottom, so the CR's schema, its validation and CEL compile all see the recursion.
 */
export function deepSchemaCRD(plural: string, depth: number): { text: string; levels: number } {
  // Above the schema: root, spec, versions, [0], schema; the bottom schema object is level 6 +
  // 2 a level, its rule list and rule 2 more (8 in all), and a default 3 more (9: odd depths).
  const levels = Math.floor((depth - 8) / 2);
  const odd = depth - 8 - 2 * levels === 1;
  let schema = `{"type":"object","x-kubernetes-preserve-unknown-fields":true,"x-kubernetes-validations":[{"rule":"!has(self.bad)"}]${odd ? ',"default":{"q":{"r":{}}}' : ""}}`;
  for (let i = 0; i < levels; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
  const text =
    `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"${plural}.${GROUP}"},` +
    `"spec":{"group":"${GROUP}","scope":"Namespaced","names":{"plural":"${plural}","kind":"${kindOf(plural)}"},` +
    `"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":${schema}}}]}}`;
  return { text, levels };
}

/** A CRD whose schema is `items` inside `items` (one JSON level a schema level), with CEL rules at its root. */
export function deepItemsCRD(plural: string, levels: number): string {
  let schema = '{"type":"integer"}';
  for (let i = 0; i < levels; i++) schema = `{"type":"array","items":${schema}}`;
  return (
    `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"${plural}.${GROUP}"},` +
    `"spec":{"group":"${GROUP}","scope":"Namespaced","names":{"plural":"${plural}","kind":"${kindOf(plural)}"},` +
    `"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object",` +
    `"x-kubernetes-validations":[{"rule":"self == self"},{"rule":"has(self.spec)"}],"properties":{"spec":${schema}}}}}]}}`
  );
}

export function kindOf(plural: string): string {
  return `K${plural.replace(/[^a-z0-9]/g, "")}`;
}

/** What a 4xx must leave as it was. */
export type Stored = { kind: "absent"; path: string } | { kind: "unchanged"; path: string } | { kind: "none" };

export interface DeepCase {
  what: string;
  method: string;
  path: string;
  contentType: string;
  /** The body, or a function of the target's current resourceVersion (updates). */
  body: string | Uint8Array | ((rv: string) => string);
  stored: Stored;
  /** The status class the case must get (upstream's answer), when it is known. */
  expect?: "2xx" | "4xx" | number;
  /** A text the Status message must contain. */
  message?: string;
}

const cr = (name: string, spec: string): string =>
  `{"apiVersion":"${GROUP}/v1","kind":"Thing","metadata":{"name":"${name}"},"spec":${spec}}`;

/**
 * Every body-taking request on a preserve-unknown-fields CR, a ConfigMap and a Namespace with a
 * value nesting `depth` levels in all (the limit, or one past it).
 */
export function deepCases(depth: number): DeepCase[] {
  const past = depth > MAX_NESTING_DEPTH;
  const out: DeepCase[] = [];
  for (const kind of ["object", "array"] as const) {
    const tag = `${depth}-${kind === "object" ? "o" : "a"}`;
    const inSpec = `{"x":${nested(kind, depth - 2)}}`; // root, spec, then the value
    const ok = past ? "4xx" : "2xx";
    const deepMsg = past ? "exceeded max depth" : undefined;
    const add = (c: DeepCase): void => {
      out.push(deepMsg && c.message === undefined ? { ...c, message: deepMsg } : c);
    };
    // The custom resource keeps any depth the decoder accepts.
    add({
      what: `CR create JSON ${tag}`,
      method: "POST",
      path: CR_PATH,
      contentType: JSON_CT,
      body: cr(`c-${tag}`, inSpec),
      stored: { kind: "absent", path: `${CR_PATH}/c-${tag}` },
      expect: past ? 400 : 201,
    });
    add({
      what: `CR update JSON ${tag}`,
      method: "PUT",
      path: `${CR_PATH}/existing`,
      contentType: JSON_CT,
      body: (rv) => cr("existing", inSpec).replace('"name":"existing"', `"name":"existing","resourceVersion":"${rv}"`),
      stored: { kind: "unchanged", path: `${CR_PATH}/existing` },
      expect: past ? 400 : 200,
    });
    add({
      what: `CR merge patch ${tag}`,
      method: "PATCH",
      path: `${CR_PATH}/existing`,
      contentType: MERGE,
      body: `{"spec":{"m":${nested(kind, depth - 2)}}}`,
      stored: { kind: "unchanged", path: `${CR_PATH}/existing` },
      expect: past ? 400 : 200,
    });
    add({
      what: `CR JSON patch add ${tag}`,
      method: "PATCH",
      path: `${CR_PATH}/existing`,
      contentType: JSONPATCH,
      // The patch document nests 2 levels above its value; the value lands 2 deep (spec, j).
      body: `[{"op":"add","path":"/spec/j","value":${nested(kind, depth - 2)}}]`,
      stored: { kind: "unchanged", path: `${CR_PATH}/existing` },
      expect: past ? 400 : 200,
    });
    // Custom resources take no strategic merge patch (415), whatever the body.
    add({
      what: `CR strategic merge patch ${tag}`,
      method: "PATCH",
      path: `${CR_PATH}/existing`,
      contentType: SMP,
      body: `{"spec":{"s":${nested(kind, depth - 2)}}}`,
      stored: { kind: "unchanged", path: `${CR_PATH}/existing` },
      expect: 415,
      message: "",
    });
    add({
      what: `CR apply (JSON text) ${tag}`,
      method: "PATCH",
      path: `${CR_PATH}/ap-${tag}?fieldManager=deep`,
      contentType: APPLY,
      body: cr(`ap-${tag}`, inSpec),
      stored: { kind: "absent", path: `${CR_PATH}/ap-${tag}` },
      expect: ok,
    });
    add({
      what: `CR apply over an object ${tag}`,
      method: "PATCH",
      path: `${CR_PATH}/existing?fieldManager=deep&force=true`,
      contentType: APPLY,
      body: cr("existing", `{"ap":${nested(kind, depth - 2)}}`),
      stored: { kind: "unchanged", path: `${CR_PATH}/existing` },
      expect: ok,
    });
    // A ConfigMap's data holds strings: a deep value there is a type error; a deep unknown field is dropped (a warning).
    add({
      what: `ConfigMap data ${tag}`,
      method: "POST",
      path: CM_PATH,
      contentType: JSON_CT,
      body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"d-${tag}"},"data":${inSpec}}`,
      stored: { kind: "absent", path: `${CM_PATH}/d-${tag}` },
      expect: 400,
      message: past ? "exceeded max depth" : "cannot unmarshal",
    });
    add({
      what: `ConfigMap unknown field ${tag}`,
      method: "POST",
      path: CM_PATH,
      contentType: JSON_CT,
      body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"u-${tag}"},"zz":${nested(kind, depth - 1)}}`,
      stored: { kind: "absent", path: `${CM_PATH}/u-${tag}` },
      expect: past ? 400 : 201,
    });
    add({
      what: `ConfigMap strict unknown field ${tag}`,
      method: "POST",
      path: `${CM_PATH}?fieldValidation=Strict`,
      contentType: JSON_CT,
      body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"s-${tag}"},"zz":${nested(kind, depth - 1)}}`,
      stored: { kind: "absent", path: `${CM_PATH}/s-${tag}` },
      expect: 400,
      message: past ? "exceeded max depth" : 'unknown field "zz"',
    });
    add({
      what: `ConfigMap strategic merge patch ${tag}`,
      method: "PATCH",
      path: `${CM_PATH}/existing`,
      contentType: SMP,
      body: `{"zz":${nested(kind, depth - 1)}}`,
      stored: { kind: "unchanged", path: `${CM_PATH}/existing` },
      expect: past ? 400 : 200,
    });
    add({
      what: `ConfigMap merge patch ${tag}`,
      method: "PATCH",
      path: `${CM_PATH}/existing`,
      contentType: MERGE,
      body: `{"data":{"k":${nested(kind, depth - 2)}}}`,
      stored: { kind: "unchanged", path: `${CM_PATH}/existing` },
      expect: "4xx",
    });
    add({
      what: `ConfigMap JSON patch ${tag}`,
      method: "PATCH",
      path: `${CM_PATH}/existing`,
      contentType: JSONPATCH,
      body: `[{"op":"add","path":"/data/k","value":${nested(kind, depth - 2)}}]`,
      stored: { kind: "unchanged", path: `${CM_PATH}/existing` },
      expect: "4xx",
    });
    add({
      what: `ConfigMap apply ${tag}`,
      method: "PATCH",
      path: `${CM_PATH}/existing?fieldManager=deep`,
      contentType: APPLY,
      body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"existing"},"data":${inSpec}}`,
      stored: { kind: "unchanged", path: `${CM_PATH}/existing` },
      expect: "4xx",
    });
    if (!past && kind === "object") {
      // Patches that build depth no body had: the stored object is at the limit already.
      const deepPath = `/spec/x${"/a".repeat(depth - 10)}`;
      const created = `${CR_PATH}/c-${tag}`;
      add({
        what: `CR JSON patch copy onto itself ${tag}`,
        method: "PATCH",
        path: created,
        contentType: JSONPATCH,
        body: `[{"op":"copy","from":"/spec/x","path":"${deepPath}/b"}]`,
        stored: { kind: "unchanged", path: created },
        expect: "4xx",
        message: "exceeded max depth",
      });
      add({
        what: `CR JSON patch add deep at depth ${tag}`,
        method: "PATCH",
        path: created,
        contentType: JSONPATCH,
        body: `[{"op":"add","path":"${deepPath}/b","value":${nested(kind, depth - 3)}}]`,
        stored: { kind: "unchanged", path: created },
        expect: "4xx",
        message: "exceeded max depth",
      });
      add({
        what: `CR merge patch deeper ${tag}`,
        method: "PATCH",
        path: created,
        contentType: MERGE,
        body: `{"spec":{"x":${nested(kind, depth - 2).replace("{}", '{"b":1}')}}}`,
        stored: { kind: "unchanged", path: created },
        expect: 200,
        message: "",
      });
    }
    // Bodies of other verbs: DeleteOptions (one object, a collection) and a create-only review.
    const deleteOptions = `{"kind":"DeleteOptions","apiVersion":"v1","zz":${nested(kind, depth - 1)}}`;
    add({
      what: `delete with DeleteOptions ${tag}`,
      method: "DELETE",
      path: `${CM_PATH}/missing-${tag}`,
      contentType: JSON_CT,
      body: deleteOptions,
      stored: { kind: "none" },
      expect: past ? 400 : 404,
    });
    add({
      what: `deletecollection with DeleteOptions ${tag}`,
      method: "DELETE",
      path: `${CM_PATH}?labelSelector=none%3Dnone`,
      contentType: JSON_CT,
      body: deleteOptions,
      stored: { kind: "none" },
      expect: past ? 400 : 200,
    });
    add({
      what: `SelfSubjectAccessReview ${tag}`,
      method: "POST",
      path: "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
      contentType: JSON_CT,
      body: `{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"verb":"get","resource":"pods"},"zz":${nested(kind, depth - 2)}}}`,
      stored: { kind: "none" },
      expect: past ? 400 : 201,
    });
    add({
      what: `Namespace unknown field ${tag}`,
      method: "POST",
      path: NS_PATH,
      contentType: JSON_CT,
      body: `{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"n-${tag}"},"spec":${inSpec}}`,
      stored: { kind: "absent", path: `${NS_PATH}/n-${tag}` },
      expect: past ? 400 : 201,
    });
  }
  return out;
}

/** YAML bodies at YAML's limit (500) and past it, flow and block style. */
export function deepYAMLCases(depth: number): DeepCase[] {
  const past = depth > MAX_YAML_DEPTH;
  const tag = `y${depth}`;
  const message = past ? `exceeded max depth of ${MAX_YAML_DEPTH}` : undefined;
  const block = (name: string): string =>
    `apiVersion: ${GROUP}/v1\nkind: Thing\nmetadata:\n  name: ${name}\n${nestedBlockYAML("spec", depth - 1)}`;
  return [
    {
      what: `CR create YAML flow ${tag}`,
      method: "POST",
      path: CR_PATH,
      contentType: YAML_CT,
      body: cr(`f-${tag}`, `{"x":${nested("array", depth - 2)}}`),
      stored: { kind: "absent", path: `${CR_PATH}/f-${tag}` },
      expect: past ? 400 : 201,
      ...(message && { message }),
    },
    {
      what: `CR create YAML block ${tag}`,
      method: "POST",
      path: CR_PATH,
      contentType: YAML_CT,
      body: block(`b-${tag}`),
      stored: { kind: "absent", path: `${CR_PATH}/b-${tag}` },
      expect: past ? 400 : 201,
      ...(message && { message }),
    },
    {
      what: `CR apply YAML block ${tag}`,
      method: "PATCH",
      path: `${CR_PATH}/ay-${tag}?fieldManager=deep`,
      contentType: APPLY,
      body: block(`ay-${tag}`),
      stored: { kind: "absent", path: `${CR_PATH}/ay-${tag}` },
      expect: past ? 400 : 201,
      ...(message && { message }),
    },
    {
      what: `ConfigMap create YAML ${tag}`,
      method: "POST",
      path: CM_PATH,
      contentType: YAML_CT,
      body: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: y-${tag}\n${nestedBlockYAML("zz", depth - 1)}`,
      stored: { kind: "absent", path: `${CM_PATH}/y-${tag}` },
      expect: past ? 400 : 201,
      ...(message && { message }),
    },
  ];
}

export interface Answer {
  what: string;
  status: number;
  message: string;
  /** What broke a rule, or undefined. */
  failure?: string;
}

async function resourceVersion(target: DeepTarget, path: string): Promise<string | undefined> {
  const r = await target.request("GET", path);
  if (r.status !== 200) return undefined;
  return (JSON.parse(r.body.toString()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
}

/** Sends one case and checks the rules every answer must keep. */
export async function runCase(target: DeepTarget, c: DeepCase): Promise<Answer> {
  const rvBefore = c.stored.kind === "unchanged" ? await resourceVersion(target, c.stored.path) : undefined;
  const body = typeof c.body === "function" ? c.body(rvBefore ?? "") : c.body;
  const r = await target.request(c.method, c.path, { "Content-Type": c.contentType, Accept: "application/json" }, body);
  let message = "";
  let failure: string | undefined;
  const fail = (why: string): void => {
    failure ??= why;
  };
  if (r.status === 0) fail("no HTTP answer");
  else if (r.status >= 500) fail(`answered ${r.status}: ${r.body.toString().slice(0, 300)}`);
  else if (r.status >= 400) {
    try {
      const s = JSON.parse(r.body.toString()) as { kind?: string; code?: number; message?: string };
      message = s.message ?? "";
      if (s.kind !== "Status" || s.code !== r.status) fail(`a ${r.status} without a matching Status: ${r.body.toString().slice(0, 200)}`);
    } catch {
      fail(`a ${r.status} whose body is not JSON: ${r.body.toString().slice(0, 200)}`);
    }
    if (c.stored.kind === "absent" && (await target.request("GET", c.stored.path)).status !== 404)
      fail("a refused create stored an object");
    if (c.stored.kind === "unchanged" && (await resourceVersion(target, c.stored.path)) !== rvBefore)
      fail("a refused write changed the object");
  }
  if (c.expect !== undefined && failure === undefined) {
    const klass = `${Math.floor(r.status / 100)}xx`;
    if (typeof c.expect === "number" ? r.status !== c.expect : klass !== c.expect)
      fail(`expected ${c.expect}, got ${r.status}: ${r.body.toString().slice(0, 300)}`);
  }
  if (failure === undefined && c.message && r.status >= 400 && !message.includes(c.message))
    fail(`message ${JSON.stringify(message)} lacks ${JSON.stringify(c.message)}`);
  if (failure === undefined) {
    const ready = await target.request("GET", "/readyz");
    if (ready.status !== 200) fail(`readyz answered ${ready.status} after it`);
  }
  return { what: c.what, status: r.status, message, ...(failure !== undefined && { failure }) };
}
