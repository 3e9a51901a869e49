/**
 * The two allocation ranges of Services: an IPv4 service CIDR (its network and broadcast
 * addresses excluded) and a node port range, each mapping values to bitmap items and back,
 * with the offset of upstream's static sub-range.
 */
import net from "node:net";

/** A range whose values map to bitmap items [0, size). */
export interface AllocationRange<T> {
  /** What RangeAllocation.range holds: `10.96.0.0/12`, `30000-32767`. */
  readonly spec: string;
  readonly size: number;
  /** Size of the static sub-range at the bottom that random allocation uses last. */
  readonly offset: number;
  /** The bitmap item of a value; undefined when the value is outside the range. */
  indexOf(value: T): number | undefined;
  valueAt(index: number): T;
}

/** upstream's min(max(min, size/step), max), 0 for ranges smaller than min. */
function rangeOffset(size: number, min: number, max: number, step: number): number {
  if (size < min) return 0;
  return Math.min(Math.max(min, Math.floor(size / step)), max);
}

function ipv4ToNumber(ip: string): number | undefined {
  if (net.isIPv4(ip)) return ip.split(".").reduce((acc, o) => acc * 256 + Number(o), 0);
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) names the same address, as Go's net.ParseIP reads it.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped && net.isIPv4(mapped[1]!) ? ipv4ToNumber(mapped[1]!) : undefined;
}

function numberToIPv4(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join(".");
}

/** An IPv4 service CIDR: the addresses strictly between its network and broadcast addresses. */
export class IPv4Range implements AllocationRange<string> {
  readonly spec: string;
  readonly size: number;
  readonly offset: number;
  /** The first usable address, as a number. */
  private readonly base: number;

  constructor(cidr: string) {
    const [ip, bits] = cidr.split("/") as [string, string | undefined];
    const value = ipv4ToNumber(ip);
    const prefix = Number(bits);
    if (value === undefined || bits === undefined || !/^\d+$/.test(bits) || prefix > 32) throw new Error(`invalid CIDR address: ${cidr}`);
    const total = 2 ** (32 - prefix);
    const network = Math.floor(value / total) * total;
    this.spec = `${numberToIPv4(network)}/${prefix}`;
    this.base = network + 1;
    this.size = Math.max(0, total - 2);
    this.offset = rangeOffset(total, 16, 256, 16);
    if (this.offset >= this.size) this.offset = 0;
  }

  indexOf(ip: string): number | undefined {
    const n = ipv4ToNumber(ip);
    if (n === undefined) return undefined;
    const i = n - this.base;
    return i >= 0 && i < this.size ? i : undefined;
  }

  valueAt(index: number): string {
    return numberToIPv4(this.base + index);
  }
}

/** A node port range, `base-last` inclusive. */
export class PortRange implements AllocationRange<number> {
  readonly spec: string;
  readonly size: number;
  readonly offset: number;

  constructor(
    readonly base: number,
    size: number,
  ) {
    if (!Number.isInteger(base) || !Number.isInteger(size) || base < 0 || size < 0 || base + size - 1 > 65535) {
      throw new Error(`invalid port range ${base}+${size}`);
    }
    this.size = size;
    this.spec = `${base}-${base + size - 1}`;
    this.offset = rangeOffset(size, 16, 128, 32);
    if (this.offset >= this.size) this.offset = 0;
  }

  /** Parses `30000-32767` (or a single port). */
  static parse(text: string): PortRange {
    const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
    if (!m) throw new Error(`unable to parse port range: ${text}`);
    const base = Number(m[1]);
    const last = m[2] !== undefined ? Number(m[2]) : base;
    if (last < base) throw new Error(`unable to parse port range: ${text}`);
    return new PortRange(base, last - base + 1);
  }

  indexOf(port: number): number | undefined {
    const i = port - this.base;
    return Number.isInteger(i) && i >= 0 && i < this.size ? i : undefined;
  }

  valueAt(index: number): number {
    return this.base + index;
  }
}
