/**
 * The allocation bitmap and ranges: specific and random allocation, the static sub-range used
 * last, release, iteration, upstream's stored byte form, and a property run checking that no
 * sequence of allocations and releases hands an item out twice or loses count.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AllocationBitmap } from "../../../apiserver/registry/resources/services/allocation/bitmap.js";
import { IPv4Range, PortRange } from "../../../apiserver/registry/resources/services/allocation/ranges.js";

describe("AllocationBitmap", () => {
  it("allocates specific items once, releases them, counts them", () => {
    const b = new AllocationBitmap(20);
    expect(b.allocate(3)).toBe(true);
    expect(b.allocate(3)).toBe(false);
    expect(b.has(3)).toBe(true);
    expect(b.count).toBe(1);
    expect(b.free).toBe(19);
    b.release(3);
    b.release(3);
    b.release(999);
    expect(b.has(3)).toBe(false);
    expect(b.count).toBe(0);
    expect(() => b.allocate(20)).toThrow(RangeError);
    expect(() => b.allocate(-1)).toThrow(RangeError);
  });

  it("hands out the dynamic part before the static offset, then fills the rest, then nothing", () => {
    const b = new AllocationBitmap(32, 16);
    const first = Array.from({ length: 16 }, () => b.allocateNext()!);
    expect(first.every((i) => i >= 16)).toBe(true);
    expect(new Set(first).size).toBe(16);
    const rest = Array.from({ length: 16 }, () => b.allocateNext()!);
    expect(rest.every((i) => i < 16)).toBe(true);
    expect(b.allocateNext()).toBeUndefined();
    expect(b.free).toBe(0);
  });

  it("stores as upstream's big.Int bytes: big-endian, no leading zeros", () => {
    const b = new AllocationBitmap(100);
    expect(b.toBytes()).toEqual(new Uint8Array([]));
    b.allocate(0);
    b.allocate(9);
    // bit 9 -> byte 1 bit 1 (0x02), bit 0 -> byte 0 bit 0 (0x01); big-endian puts byte 1 first.
    expect([...b.toBytes()]).toEqual([0x02, 0x01]);
    const c = new AllocationBitmap(100);
    c.restore(b.toBytes());
    const items: number[] = [];
    c.forEach((i) => items.push(i));
    expect(items).toEqual([0, 9]);
    expect(c.count).toBe(2);
  });

  it("never allocates an item twice and keeps count, whatever the sequence (property)", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("next" as const) }),
      fc.record({ kind: fc.constant("alloc" as const), i: fc.nat(49) }),
      fc.record({ kind: fc.constant("release" as const), i: fc.nat(49) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.integer({ min: 0, max: 40 }), (ops, offset) => {
        const b = new AllocationBitmap(50, offset);
        const model = new Set<number>();
        for (const o of ops) {
          if (o.kind === "next") {
            const i = b.allocateNext();
            if (i === undefined) expect(model.size).toBe(50);
            else {
              expect(model.has(i)).toBe(false);
              // The static part is used only when the dynamic part is full.
              if (i < offset) for (let k = offset; k < 50; k++) expect(model.has(k)).toBe(true);
              model.add(i);
            }
          } else if (o.kind === "alloc") {
            expect(b.allocate(o.i)).toBe(!model.has(o.i));
            model.add(o.i);
          } else {
            b.release(o.i);
            model.delete(o.i);
          }
          expect(b.count).toBe(model.size);
        }
        const restored = new AllocationBitmap(50, offset);
        restored.restore(b.toBytes());
        const items: number[] = [];
        restored.forEach((i) => items.push(i));
        expect(items).toEqual([...model].sort((x, y) => x - y));
      }),
      { numRuns: 300 },
    );
  });
});

describe("ranges", () => {
  it("an IPv4 CIDR excludes its network and broadcast addresses", () => {
    const r = new IPv4Range("10.96.0.0/12");
    expect(r.spec).toBe("10.96.0.0/12");
    expect(r.size).toBe(2 ** 20 - 2);
    expect(r.offset).toBe(256);
    expect(r.indexOf("10.96.0.1")).toBe(0);
    expect(r.valueAt(0)).toBe("10.96.0.1");
    expect(r.indexOf("10.96.0.0")).toBeUndefined();
    expect(r.indexOf("10.111.255.255")).toBeUndefined();
    expect(r.indexOf("10.111.255.254")).toBe(r.size - 1);
    expect(r.indexOf("10.112.0.1")).toBeUndefined();
    expect(r.indexOf("::1")).toBeUndefined();
    expect(new IPv4Range("192.168.1.77/24").spec).toBe("192.168.1.0/24");
    expect(new IPv4Range("192.168.1.0/24").offset).toBe(16);
    expect(new IPv4Range("192.168.1.0/29").offset).toBe(0);
    expect(() => new IPv4Range("10.0.0.0")).toThrow("invalid CIDR address: 10.0.0.0");
  });

  it("a port range maps ports to items, with upstream's offset", () => {
    const r = PortRange.parse("30000-32767");
    expect(r.spec).toBe("30000-32767");
    expect(r.size).toBe(2768);
    expect(r.offset).toBe(86);
    expect(r.indexOf(30000)).toBe(0);
    expect(r.indexOf(32767)).toBe(2767);
    expect(r.indexOf(32768)).toBeUndefined();
    expect(r.valueAt(5)).toBe(30005);
    expect(PortRange.parse("30000-30009").offset).toBe(0);
    expect(() => PortRange.parse("5-1")).toThrow("unable to parse port range: 5-1");
  });
});
