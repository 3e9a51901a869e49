/**
 * A transient JSON answer (sent and dropped) may be a view into a slab shared with other answers:
 * its bytes must be JSON.stringify's and its own, whatever answers are made after it, with and
 * without spliced FieldsV1 trees, on either side of the sizes the slab serves.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeJSON } from "../../../apiserver/endpoints/serializers.js";
import { sharedFieldsV1 } from "../../../runtime/protobuf/specials.js";

/** A shared tree long enough to be spliced. */
const tree = sharedFieldsV1(JSON.stringify(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f:field-${i}`, {}]))))!;

const pod = (name: string, padding: number, withTree: boolean) => ({
  kind: "Pod",
  apiVersion: "v1",
  metadata: {
    name,
    managedFields: [{ manager: "m", operation: "Update", fieldsType: "FieldsV1", fieldsV1: withTree ? tree : { "f:x": {} } }],
  },
  spec: { containers: [{ name: "c", image: "nginx", args: ["é".repeat(padding % 7), "x".repeat(padding)] }] },
});

describe("transient JSON answers", () => {
  it("are JSON.stringify's bytes and stay so while more answers are made", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.integer({ min: 0, max: 20_000 }), fc.boolean()), { minLength: 1, maxLength: 40 }),
        (specs) => {
          const objects = specs.map(([name, padding, withTree]) => pod(name, padding, withTree));
          const answers = objects.map((o) => encodeJSON(o, false, { transient: true }));
          objects.forEach((o, i) => {
            expect(answers[i]!.toString("utf8")).toBe(JSON.stringify(o) + "\n");
            expect(answers[i]!.equals(encodeJSON(o))).toBe(true);
          });
        },
      ),
      { numRuns: 30 },
    );
  });

  it("do not overlap one another", () => {
    const answers = Array.from({ length: 40 }, (_, i) => encodeJSON(pod(`p${i}`, 5000 + i * 13, i % 2 === 0), false, { transient: true }));
    const ranges = answers
      .filter((a) => a.buffer.byteLength > a.length)
      .map((a) => ({ buffer: a.buffer, start: a.byteOffset, end: a.byteOffset + a.length }));
    for (const a of ranges) {
      for (const b of ranges) {
        if (a === b || a.buffer !== b.buffer) continue;
        expect(a.end <= b.start || b.end <= a.start).toBe(true);
      }
    }
  });
});
