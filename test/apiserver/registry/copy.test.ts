/** deepCopy: equal to structuredClone on API data, sharing nothing with the original. */
import { describe, expect, it } from "vitest";
import { deepCopy } from "../../../apiserver/registry/copy.js";

describe("deepCopy", () => {
  it("copies nested objects, arrays, bytes and odd values like structuredClone, sharing nothing", () => {
    const original = {
      metadata: { name: "a", labels: { x: "1" }, managedFields: [{ fieldsV1: { "f:data": {} } }] },
      data: { k: "v" },
      binaryData: new Uint8Array([1, 2, 3]),
      when: new Date(0),
      list: [1, "two", null, [3], { four: 4 }],
      absent: undefined,
      bare: Object.assign(Object.create(null) as object, { z: 1 }),
    };
    const copy = deepCopy(original);
    expect(copy).toEqual(structuredClone(original));
    expect(copy.metadata).not.toBe(original.metadata);
    expect(copy.metadata.managedFields[0]).not.toBe(original.metadata.managedFields[0]);
    expect(copy.binaryData).not.toBe(original.binaryData);
    expect(copy.when).not.toBe(original.when);
    expect("absent" in copy).toBe(true);
    copy.metadata.labels.x = "2";
    copy.binaryData[0] = 9;
    expect(original.metadata.labels.x).toBe("1");
    expect(original.binaryData[0]).toBe(1);
  });
});
