/**
 * YAML responses of values nested as deep as the apiserver stores: block style down to
 * BLOCK_DEPTH, the JSON text of each deeper node below it, and the same value read back.
 */
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { encodeYAML } from "../../../apiserver/endpoints/serializers.js";
import { BLOCK_DEPTH, stringifyYAML } from "../../../apiserver/endpoints/yaml-encode.js";
import { MAX_NESTING_DEPTH } from "../../../apiserver/registry/patch/json-text.js";

function nestedMaps(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = { z: 1, b: [true, "x"] };
  for (let i = 1; i < depth; i++) v = { k: v, a: "s" };
  return v;
}

function nestedLists(depth: number): unknown[] {
  let v: unknown[] = [];
  for (let i = 1; i < depth; i++) v = [v, i];
  return v;
}

describe("YAML encoding of deep values", () => {
  it("writes shallow values exactly as the yaml library does", () => {
    const v = { b: { d: [1, { f: "g", e: null }], c: "x: y" }, a: "#" };
    expect(stringifyYAML(structuredClone(v))).toBe(YAML.stringify(v, { sortMapEntries: true, lineWidth: 0 }));
    // Nesting BLOCK_DEPTH levels in all (the innermost list one below its map).
    const deepest = nestedMaps(BLOCK_DEPTH - 1);
    expect(stringifyYAML(structuredClone(deepest))).toBe(YAML.stringify(deepest, { sortMapEntries: true, lineWidth: 0 }));
  });

  it("encodes maps and lists nested past block depth as YAML that reads back the same value", () => {
    // The yaml library's reader recurses too: 400 levels is as deep as it reads back here.
    for (const value of [{ spec: nestedMaps(400) }, { spec: nestedLists(400) }]) {
      const text = encodeYAML(value).toString();
      expect(YAML.parse(text)).toEqual(value);
      expect(text.startsWith("spec:\n")).toBe(true);
    }
  });

  it("encodes values nested to the JSON limit: block lines, then each deeper node's JSON on its line", () => {
    for (const value of [{ spec: nestedMaps(MAX_NESTING_DEPTH - 1) }, { spec: nestedLists(MAX_NESTING_DEPTH - 1) }]) {
      const lines = encodeYAML(value).toString().trimEnd().split("\n");
      // Compact sequences put nested lists on one line: `- - - [[...`.
      const flow = lines.map((l) => /(?:- |k: )([[{].*)$/.exec(l)?.[1]).filter((t) => t !== undefined);
      expect(flow.length).toBeGreaterThan(0);
      let node: unknown = value.spec;
      for (let d = 2; d <= BLOCK_DEPTH; d++) node = Array.isArray(node) ? node[0] : (node as Record<string, unknown>).k;
      const text = flow[0]!;
      expect(JSON.parse(text)).toEqual(node);
      if (!Array.isArray(node)) expect(text.startsWith('{"a":"s","k":{"a":"s","k":')).toBe(true);
    }
  });

  it("keeps the caller's options: gnostic's YAML 1.1 with four spaces, keys in their order", () => {
    const value = { z: 1, deep: nestedMaps(300) };
    const text = stringifyYAML(structuredClone(value), { version: "1.1", indent: 4, lineWidth: 0 });
    expect(text.startsWith("z: 1\ndeep:\n    k:\n")).toBe(true);
    expect(text).toContain('{"k":{"k":');
    expect(YAML.parse(text, { version: "1.1" })).toEqual(value);
  });

  it("leaves strings that look like its stand-ins alone", () => {
    const value = { a: "kubegen-flow-x-0", deep: nestedMaps(BLOCK_DEPTH + 5) };
    expect(YAML.parse(encodeYAML(value).toString())).toEqual(value);
  });
});
