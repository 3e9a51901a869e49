/**
 * YAML nesting is measured without recursion and deep texts are refused before the yaml library
 * builds values: repeated deep parses from a deep stack once killed the process (V8 compiling
 * one of the library's regular expressions with no stack left is a fatal error, not a RangeError).
 */
import { describe, expect, it } from "vitest";
import { decodeYAML } from "../../../../apiserver/endpoints/serializers.js";
import { decodeConfigurationText } from "../../../../apiserver/registry/apply/configuration.js";
import { MAX_YAML_DEPTH, yamlNestsDeeperThan } from "../../../../apiserver/registry/patch/yaml-depth.js";

const flow = (depth: number): string => `{"metadata":{"labels":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
const compactSeq = (depth: number): string => `a:\n${"- ".repeat(depth)}x\n`;
function blockMaps(depth: number): string {
  let s = "";
  for (let i = 0; i < depth; i++) s += `${" ".repeat(i)}k:\n`;
  return `${s}${" ".repeat(depth)}v\n`;
}

/** Runs `f` with `frames` calls already on the stack, as a request handler would. */
function deepIn<T>(frames: number, f: () => T): T {
  return frames > 0 ? deepIn(frames - 1, f) : f();
}

describe("YAML nesting depth", () => {
  it("counts every block and flow collection a level, as the decoded value would", () => {
    expect(MAX_YAML_DEPTH).toBe(500);
    expect(yamlNestsDeeperThan(flow(498))).toBe(false); // 2 maps + 498 lists
    expect(yamlNestsDeeperThan(flow(499))).toBe(true);
    expect(yamlNestsDeeperThan(compactSeq(499))).toBe(false);
    expect(yamlNestsDeeperThan(compactSeq(500))).toBe(true);
    expect(yamlNestsDeeperThan(blockMaps(500))).toBe(false);
    expect(yamlNestsDeeperThan(blockMaps(501))).toBe(true);
    expect(yamlNestsDeeperThan("apiVersion: v1\nkind: ConfigMap\ndata:\n  k: |\n    x\n        y\n")).toBe(false);
  });

  it("refuses deep request bodies with upstream's message however often and from however deep a stack", () => {
    const message = "error converting YAML to JSON: yaml: exceeded max depth of 500";
    for (let round = 0; round < 3; round++) {
      for (const text of [flow(100_000), compactSeq(100_000), blockMaps(1_000)]) {
        expect(() => deepIn(2_000, () => decodeYAML(Buffer.from(text)))).toThrow(message);
        expect(() => deepIn(2_000, () => decodeConfigurationText(text))).toThrow(`error decoding YAML: ${message}`);
      }
    }
    expect(deepIn(2_000, () => decodeYAML(Buffer.from(flow(498))))).toHaveProperty("metadata");
  });
});
