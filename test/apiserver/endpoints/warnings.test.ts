/** `Warning:` headers as upstream's warning recorder writes them: deduplicated, escaped, and cut to 4 Ki runes in all. */
import { describe, expect, it } from "vitest";
import { WARNING_ITEM_RUNES, WARNING_TOTAL_RUNES, warningHeader, warningHeaderValues } from "../../../apiserver/endpoints/warnings.js";

describe("warning header values", () => {
  it("formats, escapes and deduplicates in order", () => {
    expect(warningHeaderValues(["one", 'say "hi"', "back\\slash", "one", ""])).toEqual([
      '299 - "one"',
      '299 - "say \\"hi\\""',
      '299 - "back\\\\slash"',
    ]);
  });

  it("drops text a header cannot carry (control characters, lone surrogates)", () => {
    expect(warningHeader("my\ntext")).toBeUndefined();
    expect(warningHeader("bell\u0007")).toBeUndefined();
    expect(warningHeader("c1\u0085")).toBeUndefined();
    expect(warningHeader("half \ud800 pair")).toBeUndefined();
    expect(warningHeader("emoji \u{1f600}")).toBe('299 - "emoji \u{1f600}"');
    expect(warningHeaderValues(["ok", "bad\r\nInjected: 1", "fine"])).toEqual(['299 - "ok"', '299 - "fine"']);
  });

  it("cuts every warning to the item limit once the total is passed, then drops the rest (small limits)", () => {
    const limits = { totalRunes: 25, itemRunes: 5 };
    const before = ["aaaaaaaaaa", "aaaaaaaaaa", "bb", "ccc", "Iñtërnâtiô"];
    expect(warningHeaderValues(before, limits)).toEqual(['299 - "aaaaaaaaaa"', '299 - "bb"', '299 - "ccc"', '299 - "Iñtërnâtiô"']);
    // "e" passes 25 runes: all are replayed cut to 5 runes; later ones are cut until 25, then dropped.
    const after = [...before, "e", "ffffffffff", "ffffffffff", "gggggggggg", "h"];
    expect(warningHeaderValues(after, limits)).toEqual([
      '299 - "aaaaa"',
      '299 - "bb"',
      '299 - "ccc"',
      '299 - "Iñtër"',
      '299 - "e"',
      '299 - "fffff"',
      '299 - "ggggg"',
    ]);
  });

  it("cuts at code points, not UTF-16 units", () => {
    const limits = { totalRunes: 4, itemRunes: 2 };
    expect(warningHeaderValues(["\u{1f600}\u{1f601}\u{1f602}", "xyz"], limits)).toEqual(['299 - "\u{1f600}\u{1f601}"', '299 - "xy"']);
  });

  it("bounds the headers with upstream's limits (4 Ki runes, 256 per warning)", () => {
    const texts = Array.from({ length: 1000 }, (_v, i) => `warning ${i}: ${"x".repeat(500)}`);
    const values = warningHeaderValues(texts);
    const textRunes = values.map((v) => [...v.slice('299 - "'.length, -1)].length);
    expect(Math.max(...textRunes)).toBe(WARNING_ITEM_RUNES);
    // The last one added may take the total past the limit by at most one item.
    const total = textRunes.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(WARNING_TOTAL_RUNES);
    expect(total).toBeLessThan(WARNING_TOTAL_RUNES + WARNING_ITEM_RUNES);
    expect(values[0]).toBe(`299 - "warning 0: ${"x".repeat(WARNING_ITEM_RUNES - "warning 0: ".length)}"`);
    // Under the limit nothing is cut.
    expect(warningHeaderValues(["y".repeat(4000)])).toEqual([`299 - "${"y".repeat(4000)}"`]);
  });
});
