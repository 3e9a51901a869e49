/**
 * The storage protocol's frames: every message decodes to what was encoded, whether it takes
 * the binary layout or node:v8's, and a stream cut anywhere reassembles in order.
 */
import { PassThrough } from "node:stream";
import type { Socket } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBody, encodeFrame, type Message } from "../../../apiserver/storage/remote/codec.js";
import { FrameWriter, readFrames } from "../../../apiserver/storage/remote/frames.js";

const rev = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const key = fc.string({ unit: "grapheme", maxLength: 40 });
const value = fc.uint8Array({ maxLength: 300 });
const kv = fc.record({ key, value, createRevision: rev, modRevision: rev });

const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ t: fc.constant("ev" as const), id, type: fc.constantFrom("PUT" as const, "DELETE" as const), kv, revision: rev }),
  fc.record(
    { t: fc.constant("ev" as const), id, type: fc.constantFrom("PUT" as const, "DELETE" as const), kv, prev: kv, revision: rev },
    { requiredKeys: ["t", "id", "type", "kv", "revision"] },
  ),
  // A delete whose previous value is the same array (its last state): sent once.
  fc.record({ id, kv, prevCreate: rev, prevMod: rev, revision: rev }).map(({ id, kv, prevCreate, prevMod, revision }) => ({
    t: "ev" as const,
    id,
    type: "DELETE" as const,
    kv,
    prev: { key: kv.key, value: kv.value, createRevision: prevCreate, modRevision: prevMod },
    revision,
  })),
  fc.record({ t: fc.constant("ok" as const), id, kv }),
  fc.record({ t: fc.constant("ok" as const), id, written: fc.record({ createRevision: rev, modRevision: rev }) }),
  fc.record({ t: fc.constant("ok" as const), id }),
  fc.record({ t: fc.constant("ok" as const), id, revision: rev, compacted: rev }),
  fc.record({ t: fc.constant("ok" as const), id, compacted: rev }),
  fc.record(
    { t: fc.constant("ok" as const), id, items: fc.array(kv, { maxLength: 3 }), revision: rev },
    { requiredKeys: ["t", "id", "items"] },
  ),
  fc.record({ t: fc.constant("progress" as const), id, revision: rev }),
  fc.record({ t: fc.constant("lost" as const), id, fresh: fc.option(kv, { nil: undefined }) }),
  fc.record({ op: fc.constant("create" as const), id, key, value }),
  fc.record({ op: fc.constant("swap" as const), id, key, expect: rev, value }),
  fc.record({ op: fc.constant("get" as const), id, key }),
  fc.record({ op: fc.constant("revision" as const), id }),
  fc.record({ op: fc.constant("revision" as const), id, progress: fc.array(id, { minLength: 1, maxLength: 5 }) }),
  fc.record({ op: fc.constant("progress" as const), id }),
  fc.record({ op: fc.constant("delete" as const), id, key, revision: rev }),
  fc.record({ op: fc.constant("watch" as const), id, prefix: key, afterRevision: rev, progress: fc.boolean() }),
);

/** Values compare as plain byte arrays, whichever typed-array class carries them. */
function plain(m: unknown): unknown {
  if (m instanceof Uint8Array) return [...m];
  if (Array.isArray(m)) return m.map(plain);
  if (m && typeof m === "object")
    return Object.fromEntries(Object.entries(m).flatMap(([k, v]) => (v === undefined ? [] : [[k, plain(v)]])));
  return m;
}

describe("storage protocol codec", () => {
  it("decodes every message to what was encoded", () => {
    fc.assert(
      fc.property(message, (m) => {
        const frame = encodeFrame(m);
        expect(frame.readUInt32BE(0)).toBe(frame.length - 4);
        expect(plain(decodeBody(frame.subarray(4)))).toEqual(plain(m));
      }),
    );
  });

  it("sends a delete's value once when its previous value is the same array", () => {
    const value = new Uint8Array(100).fill(7);
    const kv = { key: "/k", value, createRevision: 3, modRevision: 9 };
    const shared: Message = { t: "ev", id: 1, type: "DELETE", kv, prev: { ...kv, modRevision: 5 }, revision: 9 };
    const copied: Message = { ...shared, prev: { ...kv, value: new Uint8Array(value), modRevision: 5 } };
    expect(encodeFrame(shared).length).toBeLessThan(encodeFrame(copied).length - value.length);
    expect(plain(decodeBody(encodeFrame(shared).subarray(4)))).toEqual(plain(copied));
  });

  it("reassembles frames from a stream cut at any points, in order", () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (ms, cuts) => {
        const bytes = Buffer.concat(ms.map(encodeFrame));
        const stream = new PassThrough();
        const got: Message[] = [];
        readFrames(stream as unknown as Socket, (m) => got.push(m));
        let at = 0;
        for (const c of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
          stream.emit("data", bytes.subarray(at, c));
          at = c;
        }
        stream.emit("data", bytes.subarray(at));
        expect(plain(got)).toEqual(plain(ms));
      }),
    );
  });

  it("gives decoded values their own bytes, not views of the read chunk", () => {
    const frame = encodeFrame({
      t: "ev",
      id: 1,
      type: "PUT",
      kv: { key: "/k", value: new Uint8Array([1, 2, 3]), createRevision: 1, modRevision: 1 },
      revision: 1,
    });
    const m = decodeBody(frame.subarray(4)) as Extract<Message, { t: "ev" }>;
    frame.fill(0);
    expect([...m.kv.value]).toEqual([1, 2, 3]);
    expect(m.kv.value.buffer).not.toBe(frame.buffer);
  });

  it("keeps every decoded value whole and apart when many share a slab", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 40 }), (values) => {
        const decoded = values.map((value, i) => {
          const frame = encodeFrame({ t: "ok", id: i + 1, kv: { key: `/k${i}`, value, createRevision: 1, modRevision: 1 } });
          const m = decodeBody(frame.subarray(4)) as Extract<Message, { t: "ok" }>;
          frame.fill(0);
          return m.kv!.value;
        });
        decoded.forEach((d, i) => expect([...d]).toEqual([...values[i]!]));
        // Each value written through with a byte of its own: none overlaps another.
        decoded.forEach((d, i) => d.fill(i + 1));
        decoded.forEach((d, i) => expect(d.every((b) => b === i + 1)).toBe(true));
      }),
    );
  });

  it("writes the frames of many turns, large and small, without touching bytes already handed to the socket", async () => {
    // The socket keeps each write's buffer as it is (no copy): a writer reusing bytes it handed
    // over would change what these chunks hold by the end.
    const written: Buffer[] = [];
    const socket = { destroyed: false, write: (b: Buffer) => written.push(b), end: () => {} };
    const out = new FrameWriter(socket as unknown as Socket);
    const sent: Message[] = [];
    let n = 0;
    for (let turn = 0; turn < 12; turn++) {
      for (let i = 0; i < 40; i++) {
        // Every 97th value is larger than the writer's buffer.
        const size = ++n % 97 === 0 ? 100_000 + n : n % 700;
        const m: Message = {
          t: "ev",
          id: n,
          type: "PUT",
          kv: { key: `/registry/configmaps/ns/é-${n}`, value: new Uint8Array(size).fill(n & 255), createRevision: n, modRevision: n },
          revision: n,
        };
        out.send(m);
        sent.push(m);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(written.length).toBe(12);
    const bytes = Buffer.concat(written);
    expect(bytes.equals(Buffer.concat(sent.map(encodeFrame)))).toBe(true);
    const got: Message[] = [];
    const stream = new PassThrough();
    readFrames(stream as unknown as Socket, (m) => got.push(m));
    stream.emit("data", bytes);
    expect(plain(got)).toEqual(plain(sent));
  });
});
