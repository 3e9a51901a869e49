import { describe, expect, it } from "vitest";
import { boundedMemo } from "../../runtime/bounded-memo.js";

describe("boundedMemo", () => {
  it("computes once per kept key, undefined results included", () => {
    const calls: string[] = [];
    const memo = boundedMemo((k: string) => {
      calls.push(k);
      return k === "none" ? undefined : k.length;
    }, 8);
    expect(memo("abc")).toBe(3);
    expect(memo("abc")).toBe(3);
    expect(memo("none")).toBeUndefined();
    expect(memo("none")).toBeUndefined();
    expect(calls).toEqual(["abc", "none"]);
  });

  it("empties itself when full, so it never holds more than its bound", () => {
    const calls: number[] = [];
    const memo = boundedMemo((k: number) => {
      calls.push(k);
      return k * 2;
    }, 3);
    for (const k of [1, 2, 3]) memo(k);
    memo(1); // kept
    memo(4); // full: emptied, then 4 kept
    memo(1); // computed again
    expect(calls).toEqual([1, 2, 3, 4, 1]);
  });

  it("keeps nothing when compute throws", () => {
    let n = 0;
    const memo = boundedMemo((k: string) => {
      n++;
      if (k === "bad") throw new Error("refused");
      return k;
    }, 4);
    expect(() => memo("bad")).toThrow("refused");
    expect(() => memo("bad")).toThrow("refused");
    expect(n).toBe(2);
  });
});
