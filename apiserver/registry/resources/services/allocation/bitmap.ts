/**
 * A bitmap over the items [0, max) of an allocation range, with upstream's allocation strategy:
 * a random free item from the upper, dynamic part of the range first, the lower, static part
 * (the first `offset` items, kept for users asking for specific values) only once it is full.
 */

export class AllocationBitmap {
  private bits: Uint8Array;
  private used = 0;

  constructor(
    readonly max: number,
    /** Items below this are handed out by allocateNext only when the rest is full. */
    readonly offset = 0,
    private readonly random: () => number = Math.random,
  ) {
    if (!Number.isInteger(max) || max < 0) throw new RangeError(`invalid bitmap size ${max}`);
    if (offset < 0 || (offset > 0 && offset >= max)) throw new RangeError(`offset ${offset} out of range [0,${max})`);
    this.bits = new Uint8Array(Math.ceil(max / 8));
  }

  /** How many items are allocated. */
  get count(): number {
    return this.used;
  }

  /** How many items are free. */
  get free(): number {
    return this.max - this.used;
  }

  has(i: number): boolean {
    if (!Number.isInteger(i) || i < 0 || i >= this.max) return false;
    return (this.bits[i >> 3]! & (1 << (i & 7))) !== 0;
  }

  /** Reserves item i; false when it already was. Throws RangeError outside [0, max). */
  allocate(i: number): boolean {
    if (!Number.isInteger(i) || i < 0 || i >= this.max) throw new RangeError(`offset ${i} out of range [0,${this.max}]`);
    if (this.has(i)) return false;
    this.bits[i >> 3]! |= 1 << (i & 7);
    this.used++;
    return true;
  }

  /** Reserves a free item, or returns undefined when none is left. */
  allocateNext(): number | undefined {
    if (this.used >= this.max) return undefined;
    const found = this.scan(this.offset, this.max) ?? this.scan(0, this.offset);
    if (found !== undefined) this.allocate(found);
    return found;
  }

  /** A free item of [from, to), scanning forward from a random start and wrapping. */
  private scan(from: number, to: number): number | undefined {
    const size = to - from;
    if (size <= 0) return undefined;
    const start = Math.floor(this.random() * size);
    for (let k = 0; k < size; k++) {
      const at = from + ((start + k) % size);
      if (!this.has(at)) return at;
    }
    return undefined;
  }

  /** Frees item i; freeing a free or out-of-range item does nothing. */
  release(i: number): void {
    if (!this.has(i)) return;
    this.bits[i >> 3]! &= ~(1 << (i & 7));
    this.used--;
  }

  /** Calls fn with every allocated item, in increasing order. */
  forEach(fn: (i: number) => void): void {
    for (let b = 0; b < this.bits.length; b++) {
      const byte = this.bits[b]!;
      if (byte === 0) continue;
      for (let k = 0; k < 8; k++) if (byte & (1 << k)) fn(b * 8 + k);
    }
  }

  /**
   * The bitmap as upstream stores it: the big-endian bytes of an integer whose bit i is item i,
   * without leading zero bytes (Go's big.Int.Bytes()).
   */
  toBytes(): Uint8Array {
    let top = this.bits.length;
    while (top > 0 && this.bits[top - 1] === 0) top--;
    return this.bits.slice(0, top).reverse();
  }

  /** Replaces the state with stored bytes (see toBytes); bits beyond max are ignored. */
  restore(data: Uint8Array): void {
    const bits = new Uint8Array(Math.ceil(this.max / 8));
    const n = Math.min(data.length, bits.length);
    for (let b = 0; b < n; b++) bits[b] = data[data.length - 1 - b]!;
    const spare = bits.length * 8 - this.max;
    if (spare > 0 && bits.length > 0) bits[bits.length - 1]! &= 0xff >> spare;
    let used = 0;
    for (let b = 0; b < bits.length; b++) used += POPCOUNT[bits[b]!]!;
    this.bits = bits;
    this.used = used;
  }

  /** An independent copy. */
  clone(): AllocationBitmap {
    const copy = new AllocationBitmap(this.max, this.offset, this.random);
    copy.bits = this.bits.slice();
    copy.used = this.used;
    return copy;
  }
}

/** Set bits per byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, v) => {
  let c = 0;
  for (let x = v; x; x &= x - 1) c++;
  return c;
});
