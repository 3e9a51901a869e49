/**
 * The schema check behind fieldValidation and Go's typed decoding: the paths it reports (struct
 * fields, map keys, list indexes), its type messages in both dialects, and what it drops. The
 * walk writes paths only when it reports, so these pin every shape of path.
 */
import { describe, expect, it } from "vitest";
import { SchemaIndex } from "../../../../apiserver/registry/patch/schema-check.js";

const index = SchemaIndex.builtin();

describe("SchemaIndex.check", () => {
  it("reports unknown fields by path and drops them with nulls; a map value of the wrong type names its key", () => {
    const pod = {
      metadata: { labels: { app: 1 } },
      spec: { containers: [{ name: "a", ports: [{ containerPort: 80, bogus: 1 }], image: null }], bogus2: {} },
    };
    expect(index.check("", "v1", "Pod", pod)).toEqual({
      unknown: ["spec.containers[0].ports[0].bogus", "spec.bogus2"],
      invalid: ["json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels[app] of type string"],
    });
    expect(pod).toEqual({ metadata: { labels: { app: 1 } }, spec: { containers: [{ name: "a", ports: [{ containerPort: 80 }] }] } });
  });

  it("reports keys named as Object.prototype's members as unknown fields, as Go's decoder does, and checks a body alike twice", () => {
    const body = '{"metadata":{"name":"p","constructor":1},"spec":{"containers":[],"__proto__":{"a":1}},"hasOwnProperty":"x"}';
    for (let i = 0; i < 2; i++) {
      const pod = JSON.parse(body) as Record<string, unknown>;
      expect(index.check("", "v1", "Pod", pod)).toEqual({
        unknown: ["metadata.constructor", "spec.__proto__", "hasOwnProperty"],
        invalid: [],
      });
      expect(JSON.stringify(pod)).toBe('{"metadata":{"name":"p"},"spec":{"containers":[]}}');
    }
  });

  it("refuses a literal written with a fraction for an integer field, at the literal's path", () => {
    const pod = { spec: { containers: [{ name: "a", ports: [{ containerPort: 80 }, { containerPort: 81 }] }] } };
    const literals = new Map([["spec.containers[0].ports[1].containerPort", "81.0"]]);
    expect(index.check("", "v1", "Pod", pod, literals)?.invalid).toEqual([
      "json: cannot unmarshal number 81.0 into Go struct field ContainerPort.spec.containers[0].ports[1].containerPort of type int32",
    ]);
  });

  it("checks formats: base64 bytes in a map, RFC 3339 times", () => {
    expect(index.check("", "v1", "Secret", { data: { k: "not base64!" } })?.invalid).toEqual(["illegal base64 data in field data[k]"]);
    expect(index.check("", "v1", "Pod", { metadata: { creationTimestamp: "yesterday" } })?.invalid).toEqual([
      'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00" in field metadata.creationTimestamp: not an RFC 3339 time',
    ]);
  });

  it("speaks the unstructured converter's words for strategic merge patches", () => {
    expect(index.check("", "v1", "Pod", { spec: { containers: "x" } }, undefined, "unstructured")?.invalid).toEqual([
      "cannot restore slice from string",
    ]);
  });

  it("passes a clean Pod untouched, and knows no unregistered kind", () => {
    const pod = {
      metadata: { name: "p" },
      spec: { containers: [{ name: "a", image: "nginx", ports: [{ containerPort: 80, name: "http" }] }] },
    };
    const before = JSON.stringify(pod);
    expect(index.check("", "v1", "Pod", pod)).toEqual({ unknown: [], invalid: [] });
    expect(JSON.stringify(pod)).toBe(before);
    expect(index.check("example.com", "v1", "Nothing", {})).toBeUndefined();
  });
});
