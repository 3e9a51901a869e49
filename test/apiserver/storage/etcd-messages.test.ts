/**
 * The etcd client's hand-written Range and Txn requests (apiserver/storage/etcd/kv-client.ts):
 * byte for byte what the generic protobuf Writer writes for the same fields, for any keys,
 * values, limits and revisions, including varints past 32 bits; and a stream's DATA chunks cut
 * into whole gRPC messages, whatever the cuts, though each chunk is overwritten once handed over
 * (a cleartext session reads into one reused buffer).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Compare,
  encodeRange,
  encodeTxn,
  grpcMessages,
  type RangeRequest,
  type RequestOp,
} from "../../../apiserver/storage/etcd/kv-client.js";
import { Writer } from "../../../runtime/protobuf/writer.js";

// The reference: the fields written one by one with the Writer, nested messages forked.
const uintField = (w: Writer, field: number, v: number): Writer => w.uint32(field * 8).int64(v);
const bytesField = (w: Writer, field: number, b: Uint8Array): Writer => w.uint32(field * 8 + 2).bytes(b);
function messageField(w: Writer, field: number, write: (w: Writer) => void): Writer {
  w.uint32(field * 8 + 2).fork();
  write(w);
  return w.ldelim();
}
function writeRange(w: Writer, r: RangeRequest): void {
  bytesField(w, 1, r.key);
  if (r.rangeEnd) bytesField(w, 2, r.rangeEnd);
  if (r.limit) uintField(w, 3, r.limit);
  if (r.revision) uintField(w, 4, r.revision);
  if (r.countOnly) uintField(w, 9, 1);
}
function writeOp(w: Writer, op: RequestOp): void {
  if ("range" in op) messageField(w, 1, (m) => writeRange(m, op.range));
  else if ("put" in op) messageField(w, 2, (m) => bytesField(bytesField(m, 1, op.put.key), 2, op.put.value));
  else messageField(w, 3, (m) => bytesField(m, 1, op.deleteRange.key));
}
function framed(write: (w: Writer) => void): Buffer {
  const w = Writer.create();
  write(w);
  const body = w.finish();
  const out = Buffer.alloc(5 + body.length);
  out.writeUInt32BE(body.length, 1);
  out.set(body, 5);
  return out;
}
function referenceTxn(compare: Compare[], success: RequestOp[], failure: RequestOp[]): Buffer {
  return framed((w) => {
    for (const c of compare) {
      const [target, field] = c.target === "Create" ? [1, 5] : c.target === "Mod" ? [2, 6] : [0, 4];
      messageField(w, 1, (m) => uintField(bytesField(uintField(m, 2, target), 3, c.key), field, c.revision));
    }
    for (const op of success) messageField(w, 2, (m) => writeOp(m, op));
    for (const op of failure) messageField(w, 3, (m) => writeOp(m, op));
  });
}

const bytes = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b));
const big = fc.oneof(fc.nat({ max: 300 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
const range: fc.Arbitrary<RangeRequest> = fc.record(
  { key: bytes, rangeEnd: bytes, limit: big, revision: big, countOnly: fc.boolean() },
  { requiredKeys: ["key"] },
);
const op: fc.Arbitrary<RequestOp> = fc.oneof(
  range.map((r) => ({ range: r })),
  fc.record({ key: bytes, value: fc.uint8Array({ maxLength: 20_000 }) }).map((put) => ({ put })),
  bytes.map((key) => ({ deleteRange: { key } })),
);
const compare: fc.Arbitrary<Compare> = fc.record({ key: bytes, target: fc.constantFrom("Create", "Mod", "Version"), revision: big });

describe("etcd requests", () => {
  it("writes a Range as the Writer does", () => {
    fc.assert(
      fc.property(range, (r) => {
        expect(encodeRange(r).toString("hex")).toBe(framed((w) => writeRange(w, r)).toString("hex"));
      }),
    );
  });

  it("writes a Txn as the Writer does", () => {
    fc.assert(
      fc.property(fc.array(compare, { maxLength: 3 }), fc.array(op, { maxLength: 4 }), fc.array(op, { maxLength: 3 }), (c, s, f) => {
        expect(encodeTxn(c, s, f).toString("hex")).toBe(referenceTxn(c, s, f).toString("hex"));
      }),
    );
  });

  it("cuts lent DATA chunks into whole gRPC messages, whatever the cuts, and stops when told", () => {
    const grpc = (m: Uint8Array): Buffer => {
      const b = Buffer.alloc(5 + m.length);
      b.writeUInt32BE(m.length, 1);
      b.set(m, 5);
      return b;
    };
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 20 }),
        (messages, cuts) => {
          const stream = Buffer.concat(messages.map(grpc));
          const got: Buffer[] = [];
          const feed = grpcMessages((msg) => {
            got.push(Buffer.from(msg)); // lent: copied to be kept
            return true;
          });
          // One buffer for every chunk, overwritten after each is handed over, as reads do.
          const reused = Buffer.alloc(400);
          for (let at = 0, i = 0; at < stream.length; i++) {
            const n = Math.min(cuts[i % cuts.length]!, stream.length - at);
            stream.copy(reused, 0, at, at + n);
            feed(reused.subarray(0, n));
            reused.fill(0xee);
            at += n;
          }
          expect(got.map((b) => [...b])).toEqual(messages.map((m) => [...m]));
        },
      ),
    );
    const seen: number[] = [];
    const feed = grpcMessages((msg) => {
      seen.push(msg[0]!);
      return seen.length < 2;
    });
    feed(Buffer.concat([grpc(Uint8Array.of(1)), grpc(Uint8Array.of(2)), grpc(Uint8Array.of(3))]));
    expect(seen).toEqual([1, 2]);
  });
});
