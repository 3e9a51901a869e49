/**
 * Kubernetes' CEL libraries on top of @bufbuild/cel: lists, sets, regex, URLs, quantities, IPs
 * and CIDRs, as the apiserver's CEL environment declares them. URL, quantity, IP and CIDR values
 * are CEL maps tagged with `__kind` (the engine has no opaque types); their methods take and
 * return such maps, so rules read as upstream's.
 */
import { celError, celFunc, celMethod, CelScalar, isCelList, listType, mapType, type CelFunc } from "@bufbuild/cel";
import { strings } from "@bufbuild/cel/ext";
import { parseQuantity } from "../../runtime/quantity.js";

const DYN = CelScalar.DYN;
const STR = CelScalar.STRING;
const INT = CelScalar.INT;
const BOOL = CelScalar.BOOL;
const DBL = CelScalar.DOUBLE;
const LIST = listType(DYN);
const OBJ = mapType(STR, DYN);

type Tagged = ReadonlyMap<string, unknown> | { get(k: string): unknown };
// Typed as a string map for the engine's typings; the values are whatever the fields hold.
const tag = (kind: string, fields: Record<string, unknown>): Map<string, string> =>
  new Map<string, unknown>([["__kind", kind], ...Object.entries(fields)]) as Map<string, string>;
const field = (m: Tagged, k: string): unknown => m.get(k);
/** A string field of a tagged value (a url's parts), "" when unset. */
const textField = (m: Tagged, k: string): string => {
  const v = field(m, k);
  return typeof v === "string" ? v : "";
};

function items(l: unknown): unknown[] {
  return isCelList(l) ? [...(l as Iterable<unknown>)] : Array.isArray(l) ? l : [];
}

function less(a: unknown, b: unknown): boolean {
  if ((typeof a === "bigint" || typeof a === "number") && (typeof b === "bigint" || typeof b === "number")) return Number(a) < Number(b);
  if (typeof a === "string" && typeof b === "string") return a < b;
  if (typeof a === "boolean" && typeof b === "boolean") return !a && b;
  throw celError("no such overload");
}

function eq(a: unknown, b: unknown): boolean {
  if ((typeof a === "bigint" || typeof a === "number") && (typeof b === "bigint" || typeof b === "number")) return Number(a) === Number(b);
  return a === b;
}

const lists: CelFunc[] = [
  celMethod("isSorted", LIST, [], BOOL, function () {
    const xs = items(this);
    return xs.every((x, i) => i === 0 || !less(x, xs[i - 1]));
  }),
  celMethod("sum", LIST, [], DYN, function () {
    const xs = items(this);
    if (xs.length === 0) return 0n;
    if (xs.every((x) => typeof x === "bigint")) return xs.reduce((a, b) => a + b, 0n);
    return xs.reduce<number>((a, b) => a + Number(b), 0);
  }),
  celMethod("min", LIST, [], DYN, function () {
    const xs = items(this);
    if (xs.length === 0) return celError("min(list) called on empty list") as never;
    return xs.reduce((a, b) => (less(b, a) ? b : a)) as never;
  }),
  celMethod("max", LIST, [], DYN, function () {
    const xs = items(this);
    if (xs.length === 0) return celError("max(list) called on empty list") as never;
    return xs.reduce((a, b) => (less(a, b) ? b : a)) as never;
  }),
  celMethod("indexOf", LIST, [DYN], INT, function (v) {
    return BigInt(items(this).findIndex((x) => eq(x, v)));
  }),
  celMethod("lastIndexOf", LIST, [DYN], INT, function (v) {
    const xs = items(this);
    for (let i = xs.length - 1; i >= 0; i--) if (eq(xs[i], v)) return BigInt(i);
    return -1n;
  }),
];

const sets: CelFunc[] = [
  celFunc("sets.contains", [LIST, LIST], BOOL, (a, b) => items(b).every((x) => items(a).some((y) => eq(x, y)))),
  celFunc(
    "sets.equivalent",
    [LIST, LIST],
    BOOL,
    (a, b) => items(b).every((x) => items(a).some((y) => eq(x, y))) && items(a).every((x) => items(b).some((y) => eq(x, y))),
  ),
  celFunc("sets.intersects", [LIST, LIST], BOOL, (a, b) => items(b).some((x) => items(a).some((y) => eq(x, y)))),
];

function regex(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "u");
  } catch (err) {
    throw celError(`invalid regex: ${(err as Error).message}`);
  }
}

const regexes: CelFunc[] = [
  celMethod("find", STR, [STR], STR, function (p) {
    return regex(p).exec(this)?.[0] ?? "";
  }),
  celMethod("findAll", STR, [STR], listType(STR), function (p) {
    return [...this.matchAll(new RegExp(regex(p).source, "gu"))].map((m) => m[0]);
  }),
  celMethod("findAll", STR, [STR, INT], listType(STR), function (p, n) {
    const all = [...this.matchAll(new RegExp(regex(p).source, "gu"))].map((m) => m[0]);
    return n < 0n ? all : all.slice(0, Number(n));
  }),
];

function parseURL(s: string): URL | undefined {
  // Upstream accepts absolute URIs and absolute paths (url.ParseRequestURI).
  try {
    return s.startsWith("/") ? new URL(s, "x-relative:/") : new URL(s);
  } catch {
    return undefined;
  }
}

const urls: CelFunc[] = [
  celFunc("isURL", [STR], BOOL, (s) => parseURL(s) !== undefined),
  celFunc("url", [STR], OBJ, (s) => {
    const u = parseURL(s);
    if (!u) throw celError(`URL parse error during conversion from string: parse "${s}": invalid URI for request`);
    const relative = u.protocol === "x-relative:";
    return tag("url", {
      scheme: relative ? "" : u.protocol.replace(/:$/, ""),
      host: u.host,
      hostname: u.hostname.replace(/^\[|\]$/g, ""),
      port: u.port,
      path: u.pathname,
      query: u.search,
    });
  }),
  celMethod("getScheme", OBJ, [], STR, function () {
    return textField(this, "scheme");
  }),
  celMethod("getHost", OBJ, [], STR, function () {
    return textField(this, "host");
  }),
  celMethod("getHostname", OBJ, [], STR, function () {
    return textField(this, "hostname");
  }),
  celMethod("getPort", OBJ, [], STR, function () {
    return textField(this, "port");
  }),
  celMethod("getEscapedPath", OBJ, [], STR, function () {
    return textField(this, "path");
  }),
  celMethod("getQuery", OBJ, [], mapType(STR, listType(STR)), function () {
    const q = new URLSearchParams(textField(this, "query"));
    const out = new Map<string, string[]>();
    for (const [k, v] of q) out.set(k, [...(out.get(k) ?? []), v]);
    return out;
  }),
];

const qv = (m: Tagged): number => Number(field(m, "value"));
const quantityOf = (s: string): Map<string, string> => {
  const v = parseQuantity(s);
  if (v === undefined) throw celError("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  return tag("quantity", { value: v, text: s });
};

const quantities: CelFunc[] = [
  celFunc("isQuantity", [STR], BOOL, (s) => parseQuantity(s) !== undefined),
  celFunc("quantity", [STR], OBJ, quantityOf),
  celMethod("isGreaterThan", OBJ, [OBJ], BOOL, function (o) {
    return qv(this) > qv(o);
  }),
  celMethod("isLessThan", OBJ, [OBJ], BOOL, function (o) {
    return qv(this) < qv(o);
  }),
  celMethod("compareTo", OBJ, [OBJ], INT, function (o) {
    return BigInt(Math.sign(qv(this) - qv(o)));
  }),
  celMethod("sign", OBJ, [], INT, function () {
    return BigInt(Math.sign(qv(this)));
  }),
  celMethod("isInteger", OBJ, [], BOOL, function () {
    return Number.isInteger(qv(this));
  }),
  celMethod("asInteger", OBJ, [], INT, function () {
    const v = qv(this);
    if (!Number.isInteger(v) || !Number.isSafeInteger(v)) throw celError("cannot convert value to integer");
    return BigInt(v);
  }),
  celMethod("asApproximateFloat", OBJ, [], DBL, function () {
    return qv(this);
  }),
  celMethod("add", OBJ, [OBJ], OBJ, function (o) {
    return tag("quantity", { value: qv(this) + qv(o), text: "" });
  }),
  celMethod("add", OBJ, [INT], OBJ, function (o) {
    return tag("quantity", { value: qv(this) + Number(o), text: "" });
  }),
  celMethod("sub", OBJ, [OBJ], OBJ, function (o) {
    return tag("quantity", { value: qv(this) - qv(o), text: "" });
  }),
  celMethod("sub", OBJ, [INT], OBJ, function (o) {
    return tag("quantity", { value: qv(this) - Number(o), text: "" });
  }),
];

function parseIP(s: string): { family: 4 | 6; bytes: number[] } | undefined {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    // Leading zeros are refused as upstream's netip parser refuses them.
    if (parts.some((p) => p > 255) || v4.slice(1).some((p) => p.length > 1 && p.startsWith("0"))) return undefined;
    return { family: 4, bytes: parts };
  }
  if (!s.includes(":") || s.includes("%") || s.includes(".")) return undefined;
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined =>
    (h === "" ? [] : h.split(":").map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN))).every((n) => !Number.isNaN(n))
      ? h === ""
        ? []
        : h.split(":").map((g) => parseInt(g, 16))
      : undefined;
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const fill = 8 - head.length - tail.length;
  if ((halves.length === 1 && fill !== 0) || fill < 0 || (halves.length === 2 && fill < 1)) return undefined;
  const words = [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
  return { family: 6, bytes: words.flatMap((w) => [w >> 8, w & 255]) };
}

function parseCIDR(s: string): { ip: { family: 4 | 6; bytes: number[] }; prefix: number } | undefined {
  const i = s.indexOf("/");
  if (i < 0) return undefined;
  const ip = parseIP(s.slice(0, i));
  const p = s.slice(i + 1);
  if (!ip || !/^\d+$/.test(p)) return undefined;
  const prefix = Number(p);
  if (prefix > ip.bytes.length * 8) return undefined;
  return { ip, prefix };
}

function inPrefix(net: { ip: { family: number; bytes: number[] }; prefix: number }, ip: { family: number; bytes: number[] }): boolean {
  if (net.ip.family !== ip.family) return false;
  for (let bit = 0; bit < net.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((net.ip.bytes[bit >> 3]! & mask) !== (ip.bytes[bit >> 3]! & mask)) return false;
  }
  return true;
}

const ipOf = (s: string): Map<string, string> => {
  const ip = parseIP(s);
  if (!ip) throw celError(`IP Address "${s}" parse error during conversion from string: ParseAddr("${s}"): unable to parse IP`);
  return tag("ip", { text: s, family: ip.family, bytes: ip.bytes });
};
const cidrOf = (s: string): Map<string, string> => {
  const c = parseCIDR(s);
  if (!c)
    throw celError(
      `network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("${s}"): bad bits after slash`,
    );
  return tag("cidr", { text: s, family: c.ip.family, bytes: c.ip.bytes, prefix: c.prefix });
};
const ipFields = (m: Tagged): { family: 4 | 6; bytes: number[] } => ({
  family: Number(field(m, "family")) as 4 | 6,
  bytes: items(field(m, "bytes")).map(Number),
});

const ips: CelFunc[] = [
  celFunc("isIP", [STR], BOOL, (s) => parseIP(s) !== undefined),
  celFunc("ip", [STR], OBJ, ipOf),
  celFunc("isCIDR", [STR], BOOL, (s) => parseCIDR(s) !== undefined),
  celFunc("cidr", [STR], OBJ, cidrOf),
  celFunc("ip.isCanonical", [STR], BOOL, (s) => {
    const ip = parseIP(s);
    if (!ip) throw celError(`IP Address "${s}" parse error during conversion from string`);
    return ip.family === 4 || s === s.toLowerCase();
  }),
  celMethod("family", OBJ, [], INT, function () {
    return BigInt(Number(field(this, "family")));
  }),
  celMethod("isLoopback", OBJ, [], BOOL, function () {
    const ip = ipFields(this);
    return ip.family === 4 ? ip.bytes[0] === 127 : ip.bytes.slice(0, 15).every((b) => b === 0) && ip.bytes[15] === 1;
  }),
  celMethod("isUnspecified", OBJ, [], BOOL, function () {
    return ipFields(this).bytes.every((b) => b === 0);
  }),
  celMethod("prefixLength", OBJ, [], INT, function () {
    return BigInt(Number(field(this, "prefix")));
  }),
  celMethod("ip", OBJ, [], OBJ, function () {
    const ip = ipFields(this);
    return tag("ip", { text: String(field(this, "text")).split("/")[0], family: ip.family, bytes: ip.bytes });
  }),
  celMethod("containsIP", OBJ, [STR], BOOL, function (s) {
    return inPrefix({ ip: ipFields(this), prefix: Number(field(this, "prefix")) }, ipFields(ipOf(s)));
  }),
  celMethod("containsIP", OBJ, [OBJ], BOOL, function (o) {
    return inPrefix({ ip: ipFields(this), prefix: Number(field(this, "prefix")) }, ipFields(o));
  }),
  celMethod("containsCIDR", OBJ, [STR], BOOL, function (s) {
    const other = cidrOf(s);
    const prefix = Number(field(this, "prefix"));
    return Number(field(other, "prefix")) >= prefix && inPrefix({ ip: ipFields(this), prefix }, ipFields(other));
  }),
];

/** Every function the Kubernetes CEL environment adds to the standard library. */
export const kubernetesLibrary: readonly CelFunc[] = [...strings, ...lists, ...sets, ...regexes, ...urls, ...quantities, ...ips];
