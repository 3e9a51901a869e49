/**
 * Per-case assertions of the torture suite's valid cases, beyond the checks every case gets.
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { parse } from "yaml";
import type { TestServer } from "../../apiserver/server/harness.js";
import { createEstablished, json } from "../../apiserver/apiextensions/support.js";
import { Reader, Writer } from "../../../runtime/index.js";
import { type CaseResult, filesUnder } from "./harness.js";

export interface CheckContext {
  result: CaseResult;
  server: TestServer;
}

type CRD = {
  spec: { group: string; names: { plural: string }; versions: { name: string; schema: { openAPIV3Schema: Record<string, unknown> } }[] };
} & Record<string, unknown>;

/** The case's one CRD, as a YAML 1.1 reader reads it. */
export function readCRD(r: CaseResult, file = filesUnder(path.join(r.out, "crds"))[0]!): CRD {
  return parse(fs.readFileSync(path.join(r.out, "crds", file), "utf8"), { version: "1.1" }) as CRD;
}

/** Creates the case's CRD for real, then one custom resource; the response status and text. */
async function createResource(ctx: CheckContext, spec: Record<string, unknown>, file?: string): Promise<{ status: number; text: string }> {
  const crd = readCRD(ctx.result, file);
  const { group, names, versions } = crd.spec;
  const url = `/apis/${group}/${versions[0]!.name}/namespaces/default/${names.plural}`;
  if ((await ctx.server.request("GET", url)).status !== 200) await createEstablished(ctx.server, crd);
  const kind = (crd.spec as unknown as { names: { kind: string } }).names.kind;
  const obj = { apiVersion: `${group}/${versions[0]!.name}`, kind, metadata: { generateName: "x-" }, spec };
  const res = await ctx.server.request("POST", url, json(obj));
  return { status: res.status, text: res.text };
}

const specSchema = (crd: CRD): Record<string, Record<string, unknown>> =>
  (crd.spec.versions[0]!.schema.openAPIV3Schema.properties as Record<string, { properties: Record<string, Record<string, unknown>> }>).spec!
    .properties;

export const caseChecks: Record<string, (ctx: CheckContext) => Promise<void> | void> = {
  "yaml11-words": async (ctx) => {
    const crd = readCRD(ctx.result);
    const spec = specSchema(crd);
    expect(spec.mode).toMatchObject({ default: "Yes", enum: ["No", "Off", "On", "Yes"] });
    expect(spec.switch!.enum).toEqual(["on", "off", "y", "n", "~", "null", "0o17", "1_000"]);
    expect(Object.keys(spec)).toEqual(["false", "mode", "n", "null", "switch", "y"]);
    const specNode = (crd.spec.versions[0]!.schema.openAPIV3Schema.properties as Record<string, Record<string, unknown>>).spec!;
    expect(specNode.required).toEqual(["n", "false"]);
    const ok = await createResource(ctx, { mode: "No", switch: "y", n: "x", null: "z", false: "f" });
    expect(ok.status, ok.text).toBe(201);
    const bad = await createResource(ctx, { mode: "Maybe", n: "x", false: "f" });
    expect(bad.status, bad.text).toBe(422);
  },

  verbs: (ctx) => {
    const files = filesUnder(ctx.result.out);
    // Only Gizmo lists and watches; Widget skips watch, Gadget only gets and lists.
    expect(files.filter((f) => /^(informers|listers)\/t\/v1\/g|^(informers|listers)\/t\/v1\/w/.test(f))).toEqual([
      "informers/t/v1/gizmo.ts",
      "listers/t/v1/gizmo.ts",
    ]);
    for (const kind of ["widget", "gadget", "gizmo"]) expect(files).toContain(`clientset/typed/t/v1/${kind}.ts`);
  },

  "marker-quoting": async (ctx) => {
    const crd = readCRD(ctx.result);
    const version = crd.spec.versions[0] as unknown as { additionalPrinterColumns: Record<string, unknown>[] };
    expect(version.additionalPrinterColumns).toEqual([
      { name: "Ready", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready")].status', description: "Ready, or not" },
      { name: "Name", type: "string", jsonPath: ".spec.name" },
    ]);
    expect((crd.spec as unknown as { names: { shortNames: string[] } }).names.shortNames).toEqual(["wd", "wg"]);
    const spec = specSchema(crd);
    expect(spec.name!.pattern).toBe("^[a-z]+\\d?$");
    expect(spec.choice!.enum).toEqual(["with space", "single", "semi;colon", "raw\\n"]);
    expect(spec.quoted!.pattern).toBe('^\\"q\\\\d\\"$');
    expect(spec.note!.default).toBe("a, b");
    // The pattern is Go's: \" is a quote, \\d a backslash and a d.
    const ok = await createResource(ctx, { name: "ab1", choice: "semi;colon", quoted: '"q\\d"' });
    expect(ok.status, ok.text).toBe(201);
    const bad = await createResource(ctx, { quoted: '"q1"' });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.text).toContain(
      `spec.quoted: Invalid value: \\"\\\\\\"q1\\\\\\"\\": spec.quoted in body should match '^\\\\\\"q\\\\\\\\d\\\\\\"$'`,
    );
  },

  "patch-strategy": (ctx) => {
    const text = fs.readFileSync(path.join(ctx.result.out, "crds", filesUnder(path.join(ctx.result.out, "crds"))[0]!), "utf8");
    expect(text).toContain("x-kubernetes-list-map-keys");
    expect(text).not.toContain("x-kubernetes-patch");
  },

  "embedded-structs": async (ctx) => {
    const mod = (await import(path.join(ctx.result.out, "apis/t/v1/index.ts"))) as Record<string, (...a: never[]) => unknown>;
    const roundTrip = (name: string, x: object): unknown => {
      const w = Writer.create();
      (mod[`encode${name}`] as (x: object, w: Writer) => void)(x, w);
      const b = w.finish();
      return (mod[`decode${name}`] as (r: Reader, end: number) => unknown)(Reader.create(b), b.length);
    };
    const spec = { baseField: "b", baseCount: 7, own: "o", mine: "m", both: { p: "p", q: "q", own: "x" } };
    expect(roundTrip("WidgetSpec", spec)).toEqual(spec);
    expect((mod.deepCopyWidgetSpec as (x: object) => unknown)(spec)).toEqual(spec);
    const proto = fs.readFileSync(path.join(ctx.result.out, "proto/example.com/torture/embedded-structs/t/v1/generated.proto"), "utf8");
    expect(proto).toMatch(/message WidgetSpec \{[^}]*optional Base base = 3;/);
    expect(proto).toMatch(/message Both \{[^}]*optional P pHalf = 1;[^}]*optional Q q = 2;[^}]*optional string own = 3;/);
  },

  "kitchen-sink": async (ctx) => {
    const crds = filesUnder(path.join(ctx.result.out, "crds"));
    expect(crds).toEqual(["sink.example.com_clusters.yaml", "sink.example.com_sinks.yaml"]);
    const sink = parse(fs.readFileSync(path.join(ctx.result.out, "crds", crds[1]!), "utf8"), { version: "1.1" }) as CRD;
    const versions = sink.spec.versions as unknown as { name: string; storage: boolean; subresources: Record<string, unknown> }[];
    expect(versions.map((v) => [v.name, v.storage])).toEqual([
      ["v1", true],
      ["v1beta1", false],
    ]);
    expect(versions[0]!.subresources).toEqual({
      status: {},
      scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".status.selector" },
    });
    expect((sink.spec as unknown as { names: Record<string, unknown> }).names).toMatchObject({
      shortNames: ["sk"],
      categories: ["all", "torture"],
    });
    // A custom resource: defaults applied (from +default), bounds and enums enforced.
    const res = await createResource(ctx, { name: "a", ports: [{ name: "http" }] }, crds[1]);
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text).spec).toMatchObject({ replicas: 1, policy: "Always", ports: [{ name: "http", protocol: "TCP" }] });
    const bad = await createResource(ctx, { name: "a", replicas: 101, policy: "Sometimes" }, crds[1]);
    expect(bad.status, bad.text).toBe(422);
    expect(bad.text).toContain("spec.replicas: Invalid value: 101: spec.replicas in body should be less than or equal to 100");
    const cluster = fs.readFileSync(path.join(ctx.result.out, "clientset/typed/t/v1/cluster.ts"), "utf8");
    expect(cluster).not.toMatch(/deleteCollection\(/);
    expect(cluster).not.toMatch(/updateStatus\(/);
  },

  "custom-methods": (ctx) => {
    const client = fs.readFileSync(path.join(ctx.result.out, "clientset/typed/t/v1/widget.ts"), "utf8");
    expect(client).toMatch(/getScale\(name: string, opts\?: [\w.]+GetOptions\): Promise<Scale>/);
    expect(client).toMatch(/updateScale\(widgetName: string, scale: Scale, opts\?: [\w.]+UpdateOptions\): Promise<Scale>/);
    expect(client).toMatch(/kick\(widgetName: string, kickRequest: KickRequest, opts\?: [\w.]+CreateOptions\): Promise<Widget>/);
  },
};
