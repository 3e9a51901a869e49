/**
 * upstream's GetWarningsForIP and GetWarningsForCIDR: values a legacy field still accepts but
 * that are not in the form Kubernetes will insist on (IPv4 with leading zeros, IPv4-mapped IPv6,
 * IPv6 not in RFC 5952 form, CIDRs with bits set past their prefix).
 */
import { goQuote } from "../../../runtime/go-strings.js";
import { formatIP, parseIP, type ParsedIP } from "../../../runtime/validation/strings.js";
import type { FieldPath } from "./field.js";

function isMapped(ip: ParsedIP): boolean {
  return ip.family === 6 && ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
}

/** Go's net.IP String(): an IPv4-mapped address prints as IPv4. */
function goIPString(ip: ParsedIP): string {
  return isMapped(ip) ? ip.bytes.slice(12).join(".") : formatIP(ip);
}

export function ipWarnings(path: FieldPath, value: string): string[] {
  const ip = parseIP(value, true);
  if (!ip) return [];
  if (!parseIP(value, false) || isMapped(ip))
    return [
      `${path.toString()}: non-standard IP address ${goQuote(value)} will be considered invalid in a future Kubernetes release: use ${goQuote(goIPString(ip))}`,
    ];
  if (ip.family === 6 && formatIP(ip) !== value)
    return [`${path.toString()}: IPv6 address ${goQuote(value)} should be in RFC 5952 canonical format (${goQuote(formatIP(ip))})`];
  return [];
}

function masked(ip: ParsedIP, bits: number): ParsedIP {
  const bytes = ip.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return { family: ip.family, bytes };
}

export function cidrWarnings(path: FieldPath, value: string): string[] {
  const slash = value.indexOf("/");
  if (slash < 0) return [];
  const ipText = value.slice(0, slash);
  const bitsText = value.slice(slash + 1);
  const ip = parseIP(ipText, true);
  const size = ip?.family === 4 ? 32 : 128;
  if (!ip || !/^[0-9]+$/.test(bitsText) || Number(bitsText) > size) return [];
  const bits = Number(bitsText);
  const net = masked(ip, bits);
  const netText = `${goIPString(net)}/${bits}`;
  const warnings: string[] = [];
  if (net.bytes.some((b, i) => b !== ip.bytes[i]))
    warnings.push(
      `${path.toString()}: CIDR value ${goQuote(value)} is ambiguous in this context (should be ${goQuote(netText)} or ${goQuote(`${goIPString(ip)}/${size}`)}?)`,
    );
  const strict = parseIP(ipText, false) !== undefined && !(bitsText.length > 1 && bitsText.startsWith("0"));
  if (!strict || isMapped(ip))
    warnings.push(
      `${path.toString()}: non-standard CIDR value ${goQuote(value)} will be considered invalid in a future Kubernetes release: use ${goQuote(netText)}`,
    );
  const canonical = `${formatIP(ip)}/${bits}`;
  if (warnings.length === 0 && ip.family === 6 && canonical !== value)
    warnings.push(`${path.toString()}: IPv6 CIDR value ${goQuote(value)} should be in RFC 5952 canonical format (${goQuote(canonical)})`);
  return warnings;
}
