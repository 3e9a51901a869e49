/** Reading a list's continue token from the first bytes of its JSON body. */
import { describe, expect, it } from "vitest";
import { continueFromListHead } from "../../../runtime/cache/list-head.js";

const bytes = (s: string): Uint8Array => Buffer.from(s, "utf8");

describe("continueFromListHead", () => {
  it("reads the token from the metadata written before the items", () => {
    const head =
      '{"kind":"WidgetList","apiVersion":"example.com/v1","metadata":{"resourceVersion":"7","continue":"eyJ2Ij"},"items":[{"metad';
    expect(continueFromListHead(bytes(head), "application/json")).toBe("eyJ2Ij");
  });

  it("says nothing for the last page, a head without the start of the items, items first, or protobuf", () => {
    expect(continueFromListHead(bytes('{"metadata":{"resourceVersion":"7"},"items":['), "application/json")).toBeUndefined();
    expect(continueFromListHead(bytes('{"metadata":{"resourceVersion":"7","continue":""},"items":['), "application/json")).toBeUndefined();
    expect(
      continueFromListHead(bytes('{"kind":"WidgetList","metadata":{"resourceVersion":"7","contin'), "application/json"),
    ).toBeUndefined();
    expect(
      continueFromListHead(bytes('{"items":[{"data":{"continue":"x"}}],"metadata":{"continue":"t"}}'), "application/json"),
    ).toBeUndefined();
    expect(continueFromListHead(bytes('{"metadata":{"continue":"t"},"items":['), "application/vnd.kubernetes.protobuf")).toBeUndefined();
  });
});
