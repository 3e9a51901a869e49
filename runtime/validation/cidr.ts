/**
 * CIDR parsing as Go's netutils.ParseCIDRSloppy (IPv4 octets and the prefix may carry leading
 * zeros, the address may have bits past the prefix) and upstream's strict IsValidCIDR, which
 * new API fields (ServiceCIDR `cidrs`) use.
 */
import { formatIP, parseIP, type ParsedIP } from "./strings.js";

export interface ParsedCIDR {
  family: 4 | 6;
  /** The address as written. */
  ip: ParsedIP;
  /** The address with the bits past the prefix cleared. */
  network: ParsedIP;
  prefix: number;
}

/** Whether an IPv6 address is an IPv4-mapped one (::ffff:a.b.c.d). */
export function isIPv4Mapped(ip: ParsedIP): boolean {
  return ip.family === 6 && ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
}

function masked(ip: ParsedIP, prefix: number): ParsedIP {
  const bytes = ip.bytes.map((b, i) => b & ((0xff << (8 - Math.max(0, Math.min(8, prefix - i * 8)))) & 0xff));
  return { family: ip.family, bytes };
}

/** Parses `ip/prefix`; `sloppy` allows leading zeros as Go's ParseCIDRSloppy. */
export function parseCIDR(text: string, sloppy = true): ParsedCIDR | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const ipText = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^[0-9]+$/.test(prefixText) || prefixText.length > 3) return undefined;
  if (!sloppy && prefixText.length > 1 && prefixText.startsWith("0")) return undefined;
  const ip = parseIP(ipText, sloppy);
  if (!ip) return undefined;
  const prefix = Number(prefixText);
  if (prefix > (ip.family === 4 ? 32 : 128)) return undefined;
  return { family: ip.family, ip, network: masked(ip, prefix), prefix };
}

/** The canonical text of a CIDR's network (Go's IPNet.String()). */
export function formatCIDR(cidr: ParsedCIDR): string {
  return `${formatIP(cidr.network)}/${cidr.prefix}`;
}

/** upstream's IsValidCIDR (strict): the messages for `value` as a subnet CIDR. */
export function isValidCIDR(value: string): string[] {
  const sloppy = parseCIDR(value, true);
  if (!sloppy) return ["must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"];
  const strict = parseCIDR(value, false);
  if (!strict) return ["must not have leading 0s in IP or prefix length"];
  if (isIPv4Mapped(strict.ip)) return ["must not have an IPv4-mapped IPv6 address"];
  if (strict.ip.bytes.some((b, i) => b !== strict.network.bytes[i])) return ["must not have bits set beyond the prefix length"];
  const canonical = formatCIDR(strict);
  if (value !== canonical) return [`must be in canonical form (${JSON.stringify(canonical)})`];
  return [];
}
