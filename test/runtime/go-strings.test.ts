import { describe, expect, it } from "vitest";
import { utf8Length } from "../../runtime/go-strings.js";

describe("utf8Length", () => {
  it("counts UTF-8 bytes as Go's len of the decoded string", () => {
    expect(utf8Length("")).toBe(0);
    expect(utf8Length("abc")).toBe(3);
    expect(utf8Length("é")).toBe(2);
    expect(utf8Length("€")).toBe(3);
    expect(utf8Length("😀")).toBe(4);
    expect(utf8Length("a😀é")).toBe(7);
  });

  it("counts a lone surrogate as the 3 bytes of U+FFFD, as Go's JSON decoder stores it", () => {
    // Go: json.Unmarshal(`"\ud800x"`) gives "\uFFFDx" (4 bytes); two high surrogates give two U+FFFD.
    expect(utf8Length("\ud800x")).toBe(4);
    expect(utf8Length("\ud800\ud800")).toBe(6);
    expect(utf8Length("\udc00")).toBe(3);
    expect(utf8Length("x\ud800")).toBe(4);
  });
});
