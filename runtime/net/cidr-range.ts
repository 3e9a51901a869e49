/**
 * One service CIDR as upstream's IPAddress allocator sees it: the addresses after the network
 * address up to the last one (IPv4 without its broadcast address), split at upstream's offset
 * into a lower, static part and an upper, dynamic part (KEP-3070), as numbers.
 */
import { formatCIDR, isIPv4Mapped, parseCIDR } from "../validation/cidr.js";
import { formatIP, parseIP } from "../validation/strings.js";
/** An IP family as the API spells it. */
export type IPFamily = "IPv4" | "IPv6";

function toBig(bytes: readonly number[]): bigint {
  return bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
}

/** An address as a number within its family; IPv4-mapped IPv6 counts as IPv4 (Go's To4). */
export function addressOf(ip: string): { family: IPFamily; value: bigint } | undefined {
  const parsed = parseIP(ip);
  if (!parsed) return undefined;
  if (parsed.family === 6 && isIPv4Mapped(parsed)) return { family: "IPv4", value: toBig(parsed.bytes.slice(12)) };
  return { family: parsed.family === 4 ? "IPv4" : "IPv6", value: toBig(parsed.bytes) };
}

function fromBig(family: IPFamily, value: bigint): string {
  const n = family === "IPv4" ? 4 : 16;
  const bytes = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    bytes[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return formatIP({ family: family === "IPv4" ? 4 : 6, bytes });
}

/** upstream's calculateRangeOffset: min(max(16, size/16), 256), none below 16 addresses. */
function rangeOffset(total: bigint): bigint {
  if (total < 16n) return 0n;
  const step = total / 16n;
  return step < 16n ? 16n : step > 256n ? 256n : step;
}

export class CIDRRange {
  readonly family: IPFamily;
  /** Canonical text, `10.96.0.0/12`. */
  readonly cidr: string;
  readonly prefix: number;
  readonly network: bigint;
  readonly first: bigint;
  readonly last: bigint;
  /** First address of the dynamic (upper) part. */
  readonly offsetAddress: bigint;
  readonly size: bigint;

  private constructor(family: IPFamily, cidr: string, prefix: number, network: bigint) {
    this.family = family;
    this.cidr = cidr;
    this.prefix = prefix;
    this.network = network;
    const bits = family === "IPv4" ? 32 : 128;
    const total = 1n << BigInt(bits - prefix);
    this.first = network + 1n;
    this.last = network + total - (family === "IPv4" ? 2n : 1n);
    this.size = this.last >= this.first ? this.last - this.first + 1n : 0n;
    const offset = rangeOffset(total);
    this.offsetAddress = offset < this.size ? this.first + offset : this.first;
  }

  /** The range of a CIDR; undefined when it is no CIDR or an IPv6 one shorter than /64 (upstream refuses those). */
  static parse(text: string): CIDRRange | undefined {
    const parsed = parseCIDR(text);
    if (!parsed) return undefined;
    if (parsed.family === 6 && parsed.prefix < 64) return undefined;
    return new CIDRRange(parsed.family === 4 ? "IPv4" : "IPv6", formatCIDR(parsed), parsed.prefix, toBig(parsed.network.bytes));
  }

  /** Whether the address is one the range hands out (upstream's PrefixContainsIP: not the network nor IPv4's broadcast address). */
  contains(family: IPFamily, value: bigint): boolean {
    return family === this.family && value >= this.first && value <= this.last;
  }

  /** Whether `other` lies within this range's prefix. */
  covers(other: CIDRRange): boolean {
    if (other.family !== this.family || other.prefix < this.prefix) return false;
    const bits = BigInt((this.family === "IPv4" ? 32 : 128) - this.prefix);
    return other.network >> bits === this.network >> bits;
  }

  text(value: bigint): string {
    return fromBig(this.family, value);
  }
}

/** What these helpers read of a ServiceCIDR. */
export interface ServiceCIDRLike {
  metadata?: { name?: string; deletionTimestamp?: string };
  spec?: { cidrs?: string[] };
  status?: { conditions?: { type?: string; status?: string }[] };
}

/** The ServiceCIDRs with a CIDR that hands out `ip` (upstream's servicecidr.ContainsAddress). */
export function serviceCIDRsContaining<T extends ServiceCIDRLike>(all: Iterable<T>, ip: string): T[] {
  const addr = addressOf(ip);
  if (!addr) return [];
  const out: T[] = [];
  for (const sc of all) {
    if ((sc.spec?.cidrs ?? []).some((c) => CIDRRange.parse(c)?.contains(addr.family, addr.value))) out.push(sc);
  }
  return out;
}

/** upstream's isReady: the Ready condition's status, Ready when there is none (no controller-manager yet). */
export function isServiceCIDRReady(sc: ServiceCIDRLike): boolean {
  const ready = (sc.status?.conditions ?? []).find((c) => c.type === "Ready");
  return ready ? ready.status === "True" : true;
}
