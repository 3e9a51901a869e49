/**
 * Free-form JSON values (apiextensions JSON, RawExtension) holding a plain string literal are
 * read without a JSON parser (Reader#jsonString): they must read as JSON.parse reads them, for
 * strings the shortcut takes (printable ASCII) and those it leaves to the parser (escapes,
 * quotes, control characters, non-ASCII, long), and other values must still go to the parser.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Reader, Writer, decodeJSONValue, decodeRawExtension, encodeJSONValue } from "../../../runtime/index.js";

/** The value read back from the message body an encoder writes for `v`. */
function roundTrip(v: unknown, decode = decodeJSONValue): unknown {
  const w = Writer.create();
  encodeJSONValue(v, w);
  const bytes = w.finish();
  return decode(Reader.create(bytes), bytes.length);
}

/** A raw JSON text in a {bytes raw = 1} body, as another writer may have written it. */
function rawText(text: string): unknown {
  const body = Buffer.from(text, "utf8");
  const bytes = new Uint8Array([0x0a, body.length, ...body]);
  return decodeRawExtension(Reader.create(bytes), bytes.length);
}

describe("JSON values holding a string", () => {
  it("reads plain and awkward strings as JSON.parse does", () => {
    for (const s of [
      "",
      "a",
      "IfNotPresent",
      "25%",
      "x".repeat(47),
      "x".repeat(49),
      'q"uote',
      "back\\slash",
      "tab\t",
      "é",
      "😀",
      "\u007f",
      "</script>",
    ]) {
      expect(roundTrip(s)).toBe(s);
    }
  });

  it("reads any string as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(roundTrip(s)).toBe(s);
      }),
    );
  });

  it("leaves texts that are not a bare string literal to the parser", () => {
    expect(rawText(' "padded" ')).toBe("padded");
    expect(rawText('"\\u0041"')).toBe("A");
    expect(rawText("1")).toBe(1);
    expect(rawText('["a"]')).toEqual(["a"]);
    expect(() => rawText('"a"b"')).toThrow(/not valid JSON/);
    expect(() => rawText('"')).toThrow(/not valid JSON/);
  });
});
