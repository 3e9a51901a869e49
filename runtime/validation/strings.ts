/**
 * Upstream's string checks (DNS labels and subdomains, qualified names, label values, config
 * keys, path segments, ports, IPs), each returning its problems in upstream's words.
 */
import { utf8Length } from "../go-strings.js";
import { boundedMemo } from "../bounded-memo.js";

const DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1035_LABEL_FMT = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const DNS1035_LABEL_RE = new RegExp(`^${DNS1035_LABEL_FMT}$`);

const QNAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QNAME_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QNAME_RE = new RegExp(`^${QNAME_FMT}$`);
const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const CONFIG_KEY_FMT = "[-._a-zA-Z0-9]+";
const CONFIG_KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const CONFIG_KEY_RE = new RegExp(`^${CONFIG_KEY_FMT}$`);

/** Upstream's wording for a pattern mismatch; examples are joined exactly as upstream joins them. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = `${msg} (e.g. `;
  examples.forEach((e, i) => {
    if (i > 0) out += " or ";
    out += `'${e}', `;
  });
  return `${out}regex used for validation is '${fmt}')`;
}

export function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

/**
 * Whether `s` is longer than `max` bytes of UTF-8, counting only when the UTF-16 length cannot
 * tell: a UTF-16 unit is one to three bytes (a surrogate pair four).
 */
function utf8Over(s: string, max: number): boolean {
  return s.length > max || (s.length * 3 > max && utf8Length(s) > max);
}

/** `[a-z0-9]`, by char code. */
function isLowerAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

/**
 * Whether `value[start, end)` is one DNS-1123 label (`[a-z0-9]([-a-z0-9]*[a-z0-9])?`), by char
 * codes: the regular expression's answer without its call, for the valid names nearly every
 * object carries (a Pod checks a dozen).
 */
function isLabelSpan(value: string, start: number, end: number): boolean {
  if (end <= start || !isLowerAlnum(value.charCodeAt(start)) || !isLowerAlnum(value.charCodeAt(end - 1))) return false;
  for (let i = start + 1; i < end - 1; i++) {
    const c = value.charCodeAt(i);
    if (c !== 0x2d && !isLowerAlnum(c)) return false;
  }
  return true;
}

export function isDNS1123Label(value: string): string[] {
  // Valid ASCII needs no regular expression; anything else takes the path below for its messages.
  if (value.length <= 63 && isLabelSpan(value, 0, value.length)) return [];
  const errs: string[] = [];
  if (utf8Over(value, 63)) errs.push(maxLenError(63));
  if (!DNS1123_LABEL_RE.test(value)) {
    if (DNS1123_SUBDOMAIN_RE.test(value)) errs.push("must not contain dots");
    else errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, "my-name", "123-abc"));
  }
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  if (value.length <= 253 && isSubdomainText(value)) return [];
  const errs: string[] = [];
  if (utf8Over(value, 253)) errs.push(maxLenError(253));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, "example.com"));
  return errs;
}

/** Labels joined by single dots (the subdomain expression), by char codes. */
function isSubdomainText(value: string): boolean {
  let start = 0;
  for (;;) {
    const dot = value.indexOf(".", start);
    const end = dot < 0 ? value.length : dot;
    if (!isLabelSpan(value, start, end)) return false;
    if (dot < 0) return true;
    start = dot + 1;
  }
}

export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Over(value, 63)) errs.push(maxLenError(63));
  if (!DNS1035_LABEL_RE.test(value)) errs.push(regexError(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, "my-name", "abc-123"));
  return errs;
}

/**
 * Whether a qualified name is valid, kept because the same few label and annotation keys come
 * with every object: a lookup instead of up to two regular expressions.
 */
const validQualifiedName = boundedMemo((value: string) => qualifiedNameErrors(value).length === 0, 1024);

/** A label or annotation key: an optional DNS subdomain prefix and '/', then a name of up to 63 characters. */
export function isQualifiedName(value: string): string[] {
  // Errors are made afresh: callers may append to the list they get.
  return validQualifiedName(value) ? [] : qualifiedNameErrors(value);
}

function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const slash = value.indexOf("/");
  let name: string;
  if (slash < 0) {
    name = value;
  } else if (value.indexOf("/", slash + 1) < 0) {
    const prefix = value.slice(0, slash);
    name = value.slice(slash + 1);
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [
      `a qualified name ${regexError(QNAME_ERR, QNAME_FMT, "MyName", "my.name", "123-abc")}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (utf8Over(name, 63)) errs.push(`name part ${maxLenError(63)}`);
  if (!QNAME_RE.test(name)) errs.push(`name part ${regexError(QNAME_ERR, QNAME_FMT, "MyName", "my.name", "123-abc")}`);
  return errs;
}

/** `[A-Za-z0-9]`, by char code. */
function isAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
}

/**
 * Whether `value` is one qualified-name part (`([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`) by char
 * codes: label values come with every object, and a regular expression's call costs more than the loop.
 */
function isQualifiedNameText(value: string): boolean {
  const n = value.length;
  if (n === 0 || !isAlnum(value.charCodeAt(0)) || !isAlnum(value.charCodeAt(n - 1))) return false;
  for (let i = 1; i < n - 1; i++) {
    const c = value.charCodeAt(i);
    if (c !== 0x2d && c !== 0x5f && c !== 0x2e && !isAlnum(c)) return false;
  }
  return true;
}

export function isValidLabelValue(value: string): string[] {
  if (value.length === 0 || (value.length <= 63 && isQualifiedNameText(value))) return [];
  const errs: string[] = [];
  if (utf8Over(value, 63)) errs.push(maxLenError(63));
  if (!LABEL_VALUE_RE.test(value)) errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
  return errs;
}

/** `[-._a-zA-Z0-9]+` by char codes, and none of the dot-only names: a valid key, ASCII so as many bytes as characters. */
function isPlainConfigKey(value: string): boolean {
  const n = value.length;
  if (n === 0 || n > 253) return false;
  // '.', '..' and what starts with '..' are refused by rules of their own.
  if (value.charCodeAt(0) === 0x2e && (n === 1 || value.charCodeAt(1) === 0x2e)) return false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c !== 0x2d && c !== 0x5f && c !== 0x2e && !isAlnum(c)) return false;
  }
  return true;
}

/** A ConfigMap or Secret data key. */
export function isConfigMapKey(value: string): string[] {
  if (isPlainConfigKey(value)) return [];
  const errs: string[] = [];
  if (utf8Over(value, 253)) errs.push(maxLenError(253));
  if (!CONFIG_KEY_RE.test(value)) errs.push(regexError(CONFIG_KEY_ERR, CONFIG_KEY_FMT, "key.name", "KEY_NAME", "key-name"));
  if (value === ".") errs.push("must not be '.'");
  else if (value === "..") errs.push("must not be '..'");
  else if (value.startsWith("..")) errs.push("must not start with '..'");
  return errs;
}

const C_IDENTIFIER_FMT = "[A-Za-z_][A-Za-z0-9_]*";
const C_IDENTIFIER_RE = new RegExp(`^${C_IDENTIFIER_FMT}$`);
const C_IDENTIFIER_ERR =
  "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'";

/** A C identifier (upstream's IsCIdentifier: environment variable names, DRA attribute names). */
export function isCIdentifier(value: string): string[] {
  return C_IDENTIFIER_RE.test(value) ? [] : [regexError(C_IDENTIFIER_ERR, C_IDENTIFIER_FMT, "my_name", "MY_NAME", "MyName")];
}

/** A name that can sit in a URL path segment (RBAC names and the last check on every name). */
export function isValidPathSegmentName(name: string): string[] {
  if (name === ".") return ["may not be '.'"];
  if (name === "..") return ["may not be '..'"];
  return isValidPathSegmentPrefix(name);
}

/** Like {@link isValidPathSegmentName} for a generateName prefix: only the forbidden characters. */
export function isValidPathSegmentPrefix(name: string): string[] {
  // No literal arrays to loop over: every request naming an object checks its name here.
  const errs: string[] = [];
  if (name.includes("/")) errs.push("may not contain '/'");
  if (name.includes("%")) errs.push("may not contain '%'");
  return errs;
}

export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 && Number.isInteger(port) ? [] : [inclusiveRangeError(1, 65535)];
}

/** One pass over a port name that every rule below accepts (what nearly every port name is). */
function plainPortName(port: string): boolean {
  const n = port.length;
  if (n === 0 || n > 15) return false;
  let letter = false;
  for (let i = 0; i < n; i++) {
    const c = port.charCodeAt(i);
    if (c >= 97 && c <= 122) letter = true;
    else if (c === 45) {
      if (i === 0 || i === n - 1 || port.charCodeAt(i + 1) === 45) return false;
    } else if (c < 48 || c > 57) return false;
  }
  return letter;
}

export function isValidPortName(port: string): string[] {
  if (plainPortName(port)) return [];
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  if (!/[a-z]/.test(port)) errs.push("must contain at least one letter (a-z)");
  if (port.includes("--")) errs.push("must not contain consecutive hyphens");
  if (port.length > 0 && (port.startsWith("-") || port.endsWith("-"))) errs.push("must not begin or end with a hyphen");
  return errs;
}

/**
 * A name validator as upstream's ValidateNameFunc: `prefix` is true for a generateName, whose
 * trailing dash is masked because a random suffix follows it.
 */
export type NameValidator = (name: string, prefix: boolean) => string[];

function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith("-") ? `${name.slice(0, -2)}a` : name;
}

export const nameIsDNSSubdomain: NameValidator = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);
export const nameIsDNS1035Label: NameValidator = (name, prefix) => isDNS1035Label(prefix ? maskTrailingDash(name) : name);
export const pathSegmentName: NameValidator = (name, prefix) => (prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name));

/** A parsed IP address: its family and bytes. */
export interface ParsedIP {
  family: 4 | 6;
  bytes: number[];
}

function parseIPv4(s: string, allowLeadingZeros: boolean): number[] | undefined {
  const parts = s.split(".");
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^[0-9]{1,3}$/.test(p)) return undefined;
    if (!allowLeadingZeros && p.length > 1 && p.startsWith("0")) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

function parseIPv6(s: string): number[] | undefined {
  if (s.includes("%")) return undefined;
  let tail: number[] = [];
  let text = s;
  const lastColon = s.lastIndexOf(":");
  if (s.includes(".")) {
    const v4 = parseIPv4(s.slice(lastColon + 1), false);
    if (!v4) return undefined;
    tail = v4;
    text = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined => {
    if (h === "") return [];
    const out: number[] = [];
    for (const g of h.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !rest) return undefined;
  const total = head.length + rest.length;
  if (halves.length === 1 ? total !== 8 : total > 7) return undefined;
  const words = [...head, ...new Array<number>(8 - total).fill(0), ...rest];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Parses an IP the way Go's sloppy parser does (IPv4 octets may carry leading zeros). */
export function parseIP(s: string, sloppy = true): ParsedIP | undefined {
  if (s.includes(":")) {
    const bytes = parseIPv6(s);
    return bytes ? { family: 6, bytes } : undefined;
  }
  const bytes = parseIPv4(s, sloppy);
  return bytes ? { family: 4, bytes } : undefined;
}

/** The canonical text of an IP (Go's net.IP.String()). */
export function formatIP(ip: ParsedIP): string {
  if (ip.family === 4) return ip.bytes.join(".");
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push((ip.bytes[i]! << 8) | ip.bytes[i + 1]!);
  // The longest run of two or more zero words becomes "::".
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (ws: number[]): string => ws.map((w) => w.toString(16)).join(":");
  if (bestStart < 0) return hex(words);
  return `${hex(words.slice(0, bestStart))}::${hex(words.slice(bestStart + bestLen))}`;
}

/** Problems with `value` as an IP address under today's strict rules (upstream's IsValidIP). */
export function isValidIP(value: string): string[] {
  const ip = parseIP(value, true);
  if (!ip) return ["must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"];
  const errs: string[] = [];
  if (ip.family === 4 && !parseIPv4(value, false)) errs.push("must not have leading 0s");
  const mapped = ip.family === 6 && ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
  if (mapped) errs.push("must not be an IPv4-mapped IPv6 address");
  if (errs.length === 0 && formatIP(ip) !== value) errs.push(`must be in canonical form (${JSON.stringify(formatIP(ip))})`);
  return errs;
}
