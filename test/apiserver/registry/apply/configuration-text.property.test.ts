/**
 * An applied configuration sent as JSON decodes through JSON.parse: the value must be the one
 * the YAML parser gives the same text, and repeated keys (which JSON.parse drops silently) must
 * still be reported with their YAML line, as before.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeConfigurationText, decodeConfigurationYAML } from "../../../../apiserver/registry/apply/configuration.js";

const objects = fc.dictionary(fc.string(), fc.jsonValue());

describe("applied configuration text", () => {
  it("decodes JSON objects (compact and indented) to the value the YAML parser gives", () => {
    fc.assert(
      fc.property(objects, fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        expect(decodeConfigurationText(text)).toEqual(decodeConfigurationYAML(text));
      }),
    );
  });

  it("keeps numbers, escapes and special keys as the YAML parser reads them", () => {
    const text =
      ' \n{"a": -0, "b": 1e400, "c": "\\ud800\\/\\u0000", "e": 12345678901234567890, "f": 1.0, "<<": {"x": 1}, "__proto__": {"y": 2}, "n": null}\n';
    const fast = decodeConfigurationText(text);
    expect(fast).toEqual(decodeConfigurationYAML(text));
    expect(Object.is((fast.value as { a: number }).a, -0)).toBe(true);
    expect(Object.keys(fast.value as object)).toContain("__proto__");
  });

  it("reports repeated keys of JSON text with their line, as the YAML path words them", () => {
    const text = '{\n"apiVersion": "v1",\n"data": {"k": "1",\n"k": "2"}}';
    expect(decodeConfigurationText(text)).toEqual({
      value: { apiVersion: "v1", data: { k: "2" } },
      duplicates: ['line 4: key "k" already set in map'],
    });
  });

  it("reads YAML, flow mappings that are not JSON, and further documents as the YAML parser does", () => {
    for (const text of ["apiVersion: v1\nkind: ConfigMap\n", "{a: 1, b: [x, y]}", '{"a": 1}\n---\n{"b": 2}\n', '{"a": 1,}']) {
      let want: unknown;
      try {
        want = decodeConfigurationYAML(text);
      } catch (err) {
        want = (err as Error).message;
      }
      let got: unknown;
      try {
        got = decodeConfigurationText(text);
      } catch (err) {
        got = (err as Error).message;
      }
      expect(got).toEqual(want);
    }
  });
});
