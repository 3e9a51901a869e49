/** The fake clientset's patch support: RFC 6902 JSON patch and RFC 7386 merge patch, as tables. */
import { describe, expect, it } from "vitest";
import { applyJsonPatch, applyMergePatch, type JsonPatchOperation } from "../../../runtime/testing/patch.js";

const doc = { metadata: { name: "x", labels: { a: "1" } }, spec: { list: ["p", "q"] } };

describe("applyJsonPatch", () => {
  it.each<[string, JsonPatchOperation[], unknown]>([
    [
      "add a field",
      [{ op: "add", path: "/metadata/labels/b", value: "2" }],
      { metadata: { name: "x", labels: { a: "1", b: "2" } }, spec: { list: ["p", "q"] } },
    ],
    ["append with -", [{ op: "add", path: "/spec/list/-", value: "r" }], { metadata: doc.metadata, spec: { list: ["p", "q", "r"] } }],
    ["insert at an index", [{ op: "add", path: "/spec/list/0", value: "o" }], { metadata: doc.metadata, spec: { list: ["o", "p", "q"] } }],
    ["remove an element", [{ op: "remove", path: "/spec/list/0" }], { metadata: doc.metadata, spec: { list: ["q"] } }],
    ["replace", [{ op: "replace", path: "/metadata/name", value: "y" }], { metadata: { name: "y", labels: { a: "1" } }, spec: doc.spec }],
    [
      "move",
      [{ op: "move", from: "/metadata/labels", path: "/spec/labels" }],
      { metadata: { name: "x" }, spec: { list: ["p", "q"], labels: { a: "1" } } },
    ],
    [
      "copy",
      [{ op: "copy", from: "/metadata/name", path: "/spec/name" }],
      { metadata: doc.metadata, spec: { list: ["p", "q"], name: "x" } },
    ],
    [
      "escaped keys",
      [{ op: "add", path: "/metadata/labels/example.com~1team", value: "t" }],
      { metadata: { name: "x", labels: { a: "1", "example.com/team": "t" } }, spec: doc.spec },
    ],
    ["a passing test", [{ op: "test", path: "/metadata/name", value: "x" }], doc],
  ])("%s", (_name, ops, want) => {
    expect(applyJsonPatch(doc, ops)).toEqual(want);
    expect(doc.spec.list).toEqual(["p", "q"]);
  });

  it.each<[string, JsonPatchOperation[]]>([
    ["a failing test", [{ op: "test", path: "/metadata/name", value: "y" }]],
    ["removing what is absent", [{ op: "remove", path: "/metadata/nope" }]],
    ["an index past the end", [{ op: "add", path: "/spec/list/5", value: "z" }]],
    ["a path without a parent", [{ op: "add", path: "/status/phase", value: "z" }]],
  ])("%s throws", (_name, ops) => {
    expect(() => applyJsonPatch(doc, ops)).toThrow();
  });
});

describe("applyMergePatch", () => {
  it.each<[string, unknown, unknown]>([
    ["merges maps", { metadata: { labels: { b: "2" } } }, { metadata: { name: "x", labels: { a: "1", b: "2" } }, spec: doc.spec }],
    ["null removes", { metadata: { labels: null } }, { metadata: { name: "x" }, spec: doc.spec }],
    ["lists are replaced", { spec: { list: ["z"] } }, { metadata: doc.metadata, spec: { list: ["z"] } }],
  ])("%s", (_name, patch, want) => {
    expect(applyMergePatch(doc, patch)).toEqual(want);
  });
});
