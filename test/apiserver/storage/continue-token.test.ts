/** Continue tokens in upstream's format, and etcd's prefix range ends. */
import { describe, expect, it } from "vitest";
import { decodeContinue, encodeContinue } from "../../../apiserver/storage/continue-token.js";
import { prefixEnd, prefixEndBytes } from "../../../apiserver/storage/key-range.js";

describe("continue tokens", () => {
  it("encode as upstream: base64url JSON of v, rv and the start key after the last one", () => {
    const token = encodeContinue("/registry/pods/ns/a", "/registry/pods/", 42);
    expect(token).not.toMatch(/[=+/]/);
    expect(Buffer.from(token, "base64url").toString()).toBe('{"v":"meta.k8s.io/v1","rv":42,"start":"ns/a\\u0000"}');
    expect(decodeContinue(token, "/registry/pods/")).toEqual({ startKey: "/registry/pods/ns/a\0", revision: 42 });
  });

  it("read a token written by upstream", () => {
    // base64.RawURLEncoding of {"v":"meta.k8s.io/v1","rv":7,"start":"default/web-0\u0000"}
    const go = Buffer.from('{"v":"meta.k8s.io/v1","rv":7,"start":"default/web-0\\u0000"}').toString("base64url");
    expect(decodeContinue(go, "/registry/pods/")).toEqual({ startKey: "/registry/pods/default/web-0\0", revision: 7 });
  });

  it.each([
    ["bad base64", "a", /illegal base64/],
    ["not JSON", Buffer.from("{").toString("base64url"), /continue key is not valid/],
    ["unknown version", Buffer.from('{"v":"x","rv":1,"start":"a"}').toString("base64url"), /does not recognize/],
    ["no revision", Buffer.from('{"v":"meta.k8s.io/v1","start":"a"}').toString("base64url"), /resourceVersion/],
    ["empty start", Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":""}').toString("base64url"), /start key empty/],
    ["escaping start", Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":"../x"}').toString("base64url"), /not valid/],
    ["unclean start", Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":"a//b"}').toString("base64url"), /not valid/],
  ])("reject %s with InvalidContinue", (_name, token, message) => {
    expect(() => decodeContinue(token, "/registry/pods/")).toThrow(message);
    try {
      decodeContinue(token, "/registry/pods/");
    } catch (e) {
      expect(e).toMatchObject({ name: "StorageError", code: "InvalidContinue" });
    }
  });
});

describe("prefix range ends", () => {
  it.each([
    ["/registry/pods/", "/registry/pods0"],
    ["a", "b"],
    ["é", "ê"],
  ])("%s ends before %s", (prefix, end) => {
    expect(prefixEnd(prefix)).toBe(end);
  });

  it("drop trailing 0xff bytes and cover everything for the empty prefix", () => {
    expect(prefixEndBytes("")).toBeUndefined();
    expect(prefixEnd("")).toBeUndefined();
    expect([...prefixEndBytes("a\u00ff")!]).toEqual([0x61, 0xc3, 0xc0]);
    // 0xc3 0xc0 is not UTF-8: the text end falls back to the highest code point after the prefix.
    expect(prefixEnd("a\u00ff")).toBe("a\u00ff\u{10FFFF}");
  });
});
