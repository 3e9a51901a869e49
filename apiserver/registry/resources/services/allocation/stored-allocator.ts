/**
 * An allocator whose bitmap lives in storage as a core/v1 RangeAllocation (enveloped protobuf,
 * as upstream keeps `/registry/ranges/serviceips` and `/registry/ranges/servicenodeports`):
 * every allocate and release is a compare-and-swap of that one key, so apiservers sharing a
 * storage never hand out the same value twice.
 */
import type { Scheme } from "../../../../../runtime/scheme.js";
import { decodeObject, encodeObject } from "../../../../../runtime/protobuf/envelope.js";
import type { KeyValue, Storage } from "../../../../storage/interface.js";
import { AllocationBitmap } from "./bitmap.js";
import type { AllocationRange } from "./ranges.js";

export type AllocationErrorReason = "Allocated" | "NotInRange" | "Full" | "RangeMismatch" | "MismatchedNetwork";

/** Why an allocation failed, with upstream's message. */
export class AllocationError extends Error {
  constructor(
    readonly reason: AllocationErrorReason,
    message: string,
  ) {
    super(message);
    this.name = "AllocationError";
  }
}

/** The texts of one kind of allocator's errors. */
export interface AllocatorMessages<T> {
  allocated: string;
  notInRange(value: T, rangeSpec: string): string;
}

export const IP_MESSAGES: AllocatorMessages<string> = {
  allocated: "provided IP is already allocated",
  notInRange: (ip, spec) => `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${spec}`,
};

export const PORT_MESSAGES: AllocatorMessages<number> = {
  allocated: "provided port is already allocated",
  notInRange: (_port, spec) => `provided port is not in the valid range. The range of valid ports is ${spec}`,
};

const FULL = "range is full";
const RANGE_MISMATCH = "the provided range does not match the current range";

/** A RangeAllocation's payload. */
export interface RangeSnapshot {
  range: string;
  data: Uint8Array;
}

interface RangeAllocationObject {
  apiVersion: string;
  kind: string;
  metadata?: Record<string, unknown>;
  range?: string;
  data?: string;
}

/** Decodes a stored RangeAllocation. */
export function decodeRangeAllocation(scheme: Scheme, kv: KeyValue): RangeSnapshot {
  const obj = decodeObject<RangeAllocationObject>(scheme, kv.value);
  return { range: obj.range ?? "", data: new Uint8Array(Buffer.from(obj.data ?? "", "base64")) };
}

/** Encodes a RangeAllocation as stored. */
export function encodeRangeAllocation(scheme: Scheme, snapshot: RangeSnapshot): Uint8Array {
  const obj: RangeAllocationObject = {
    apiVersion: "v1",
    kind: "RangeAllocation",
    metadata: {},
    range: snapshot.range,
    data: Buffer.from(snapshot.data).toString("base64"),
  };
  return encodeObject(scheme, obj);
}

/** Thrown inside an update to end it without writing. */
class Unchanged {}

export interface StoredAllocatorOptions<T> {
  storage: Storage;
  scheme: Scheme;
  /** The storage key, e.g. `/registry/ranges/serviceips`. */
  key: string;
  range: AllocationRange<T>;
  messages: AllocatorMessages<T>;
  /** Random source of allocateNext (tests). */
  random?: () => number;
}

export class StoredAllocator<T> {
  readonly key: string;
  readonly range: AllocationRange<T>;
  private readonly storage: Storage;
  private readonly scheme: Scheme;
  private readonly messages: AllocatorMessages<T>;
  private readonly random: () => number;
  private cached: { revision: number; bitmap: AllocationBitmap } | undefined;

  constructor(options: StoredAllocatorOptions<T>) {
    this.storage = options.storage;
    this.scheme = options.scheme;
    this.key = options.key;
    this.range = options.range;
    this.messages = options.messages;
    this.random = options.random ?? Math.random;
  }

  /** An empty bitmap of this range. */
  newBitmap(): AllocationBitmap {
    return new AllocationBitmap(this.range.size, this.range.offset, this.random);
  }

  /** The stored bitmap (empty when nothing is stored yet); RangeMismatch when it is of another range. */
  private load(kv: KeyValue | undefined): AllocationBitmap {
    if (!kv) return this.newBitmap();
    // A /12 bitmap is 128 KiB: the one this allocator last read or wrote is kept, by revision.
    if (this.cached?.revision === kv.modRevision) return this.cached.bitmap.clone();
    const snapshot = decodeRangeAllocation(this.scheme, kv);
    // A snapshot not yet initialized carries no range.
    if (snapshot.range !== "" && snapshot.range !== this.range.spec) throw new AllocationError("RangeMismatch", RANGE_MISMATCH);
    const bitmap = this.newBitmap();
    bitmap.restore(snapshot.data);
    this.cached = { revision: kv.modRevision, bitmap: bitmap.clone() };
    return bitmap;
  }

  private encode(bitmap: AllocationBitmap): Uint8Array {
    return encodeRangeAllocation(this.scheme, { range: this.range.spec, data: bitmap.toBytes() });
  }

  private indexOf(value: T): number {
    const i = this.range.indexOf(value);
    if (i === undefined) throw new AllocationError("NotInRange", this.messages.notInRange(value, this.range.spec));
    return i;
  }

  /**
   * Runs `change` on the stored bitmap and writes the result with compare-and-swap (retried
   * with the fresh bitmap when another writer won); a dry run only reads.
   */
  private async change<R>(dryRun: boolean, change: (bitmap: AllocationBitmap) => { result: R; changed: boolean }): Promise<R> {
    if (dryRun) return change(this.load(await this.storage.get(this.key))).result;
    let result: R | undefined;
    let written: AllocationBitmap | undefined;
    try {
      const kv = await this.storage.guaranteedUpdate(
        this.key,
        (current) => {
          const bitmap = this.load(current);
          const out = change(bitmap);
          result = out.result;
          if (!out.changed && current) throw new Unchanged();
          written = bitmap;
          return this.encode(bitmap);
        },
        { ignoreNotFound: true },
      );
      if (written) this.cached = { revision: kv.modRevision, bitmap: written };
    } catch (err) {
      if (!(err instanceof Unchanged)) throw err;
    }
    return result as R;
  }

  /** Reserves `value`: NotInRange or Allocated when it cannot be had. A dry run only checks. */
  allocate(value: T, dryRun = false): Promise<void> {
    const i = this.indexOf(value);
    return this.change(dryRun, (bitmap) => {
      if (bitmap.has(i)) throw new AllocationError("Allocated", this.messages.allocated);
      bitmap.allocate(i);
      return { result: undefined, changed: true };
    });
  }

  /** Reserves a free value (Full when none is left). A dry run picks one without reserving it. */
  allocateNext(dryRun = false): Promise<T> {
    return this.change(dryRun, (bitmap) => {
      const i = bitmap.allocateNext();
      if (i === undefined) throw new AllocationError("Full", FULL);
      return { result: this.range.valueAt(i), changed: true };
    });
  }

  /** Frees `value`; a value outside the range or not allocated is left alone. */
  async release(value: T): Promise<void> {
    const i = this.range.indexOf(value);
    if (i === undefined) return;
    await this.change(false, (bitmap) => {
      const had = bitmap.has(i);
      bitmap.release(i);
      return { result: undefined, changed: had };
    });
  }

  /** Whether `value` is allocated now. */
  async has(value: T): Promise<boolean> {
    const i = this.range.indexOf(value);
    if (i === undefined) return false;
    return this.load(await this.storage.get(this.key)).has(i);
  }

  /** Every allocated value, in order. */
  async allocated(): Promise<T[]> {
    const out: T[] = [];
    this.load(await this.storage.get(this.key)).forEach((i) => out.push(this.range.valueAt(i)));
    return out;
  }
}
