/**
 * The allocation ranges of Services: a service CIDR per family (IPv4 without its network and
 * broadcast addresses, IPv6 without its network address and at most 65535 addresses, as
 * upstream's bitmap allocator) and a node port range, each mapping values to bitmap items and
 * back, with the offset of upstream's static sub-range.
 */
import net from "node:net";
import { formatCIDR, parseCIDR } from "../../../../../runtime/validation/cidr.js";
import { formatIP, parseIP } from "../../../../../runtime/validation/strings.js";

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

/** A service CIDR of one family. */
export interface IPRange extends AllocationRange<string> {
  readonly family: "IPv4" | "IPv6";
}

/** An IPv4 service CIDR: the addresses strictly between its network and broadcast addresses. */
export class IPv4Range implements IPRange {
  readonly family = "IPv4";
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

/** upstream's bitmap allocator keeps at most this many IPv6 addresses. */
const IPV6_MAX_SIZE = 65536;

function bigOf(bytes: readonly number[]): bigint {
  return bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
}

/** An IPv6 service CIDR: from the address after the network address, at most 65535 of them. */
export class IPv6Range implements IPRange {
  readonly family = "IPv6";
  readonly spec: string;
  readonly size: number;
  readonly offset: number;
  private readonly base: bigint;

  constructor(cidr: string) {
    const parsed = parseCIDR(cidr);
    if (!parsed || parsed.family !== 6) throw new Error(`invalid CIDR address: ${cidr}`);
    this.spec = formatCIDR(parsed);
    const hostBits = 128 - parsed.prefix;
    // Sizes past 2^53 only matter as "large": the bitmap is capped and the offset saturates.
    const total = hostBits >= 53 ? Number.MAX_SAFE_INTEGER : 2 ** hostBits;
    this.base = bigOf(parsed.network.bytes) + 1n;
    this.size = Math.max(0, Math.min(total, IPV6_MAX_SIZE) - 1);
    this.offset = rangeOffset(total, 16, 256, 16);
    if (this.offset >= this.size) this.offset = 0;
  }

  indexOf(ip: string): number | undefined {
    const parsed = parseIP(ip);
    if (!parsed || parsed.family !== 6) return undefined;
    const i = bigOf(parsed.bytes) - this.base;
    return i >= 0n && i < BigInt(this.size) ? Number(i) : undefined;
  }

  valueAt(index: number): string {
    let n = this.base + BigInt(index);
    const bytes = new Array<number>(16);
    for (let i = 15; i >= 0; i--) {
      bytes[i] = Number(n & 0xffn);
      n >>= 8n;
    }
    return formatIP({ family: 6, bytes });
  }
}

/** The range of a service CIDR of either family. */
export function serviceIPRange(cidr: string): IPRange {
  return cidr.includes(":") ? new IPv6Range(cidr) : new IPv4Range(cidr);
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
