/**
 * RFC 3339 timestamps the way Go's time package reads and writes them for metav1.Time and
 * metav1.MicroTime: parsing with offsets and fractions, formatting in UTC ending in "Z". Civil
 * dates are computed with integer arithmetic over the proleptic Gregorian calendar, so years
 * 0000-0099 work (JavaScript's Date maps them to 1900-1999).
 */
import { ProtobufError } from "./errors.js";

/** Seconds since the Unix epoch of 0001-01-01T00:00:00Z, Go's zero time.Time. */
export const GO_ZERO_TIME_SECONDS = -62135596800;
const MIN_SECONDS = -62167219200; // 0000-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

/** A point in time as protobuf's Timestamp holds it: whole seconds and non-negative nanos. */
export interface UnixTime {
  seconds: number;
  nanos: number;
}

/** Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day count from 1970-01-01. */
function civilFromDays(z: number): [number, number, number] {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

function invalid(what: string, s: string, why: string): ProtobufError {
  return new ProtobufError("invalid-value", `${what} ${JSON.stringify(s)} is not RFC 3339 (${why})`);
}

/** The value of two ASCII digits at `i`, or -1. */
function digits2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Parses "YYYY-MM-DDTHH:MM:SSZ", the form Go writes, without a regular expression: most times
 * on the wire have it. Returns undefined for anything else (the general parser decides).
 */
function parseCanonical(s: string): UnixTime | undefined {
  if (s.length !== 20 || s.charCodeAt(19) !== 90 /* Z */ || s.charCodeAt(10) !== 84 /* T */) return undefined;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return undefined;
  const hi = digits2(s, 0);
  const lo = digits2(s, 2);
  const month = digits2(s, 5);
  const day = digits2(s, 8);
  const hour = digits2(s, 11);
  const minute = digits2(s, 14);
  const second = digits2(s, 17);
  if ((hi | lo | month | day | hour | minute | second) < 0) return undefined;
  const year = hi * 100 + lo;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  if (day > (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!)) return undefined;
  return { seconds: daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second, nanos: 0 };
}

/**
 * Parses an RFC 3339 timestamp as Go's `time.Parse(time.RFC3339, s)` accepts it: upper-case "T"
 * and "Z", a numeric offset or "Z", optional fractional seconds (only the first nine digits
 * count, as in Go). `fractionDigits`, when given, demands exactly that many fraction digits
 * (metav1.MicroTime's layout has six).
 */
export function parseRfc3339(s: string, what = "time", fractionDigits?: number): UnixTime {
  if (fractionDigits === undefined) {
    const fast = parseCanonical(s);
    if (fast) return fast;
  }
  const m = RFC3339.exec(s);
  if (!m) throw invalid(what, s, "want YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM)");
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const frac = m[7];
  if (fractionDigits !== undefined && (frac?.length ?? 0) !== fractionDigits) {
    throw invalid(what, s, `want exactly ${fractionDigits} fractional digits`);
  }
  if (month < 1 || month > 12) throw invalid(what, s, "month out of range");
  const monthDays = month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
  if (day < 1 || day > monthDays) throw invalid(what, s, "day out of range");
  if (hour > 23 || minute > 59 || second > 59) throw invalid(what, s, "time of day out of range");
  let offset = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) throw invalid(what, s, "offset out of range");
    offset = (m[9] === "-" ? -1 : 1) * (oh * 3600 + om * 60);
  }
  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
  const nanos = frac ? Number(frac.slice(0, 9).padEnd(9, "0")) : 0;
  return { seconds, nanos };
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");
/** "00".."99", so formatting a time builds no intermediate strings for its two-digit parts. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => pad(i, 2));

/**
 * Formats seconds (and optionally nanos) since the epoch in UTC as Go's RFC 3339 layouts do:
 * `fractionDigits` 0 gives "2006-01-02T15:04:05Z", 6 gives "2006-01-02T15:04:05.000000Z"
 * (truncated, never rounded). Years outside 0000-9999 cannot be written as RFC 3339 and throw.
 */
export function formatRfc3339(t: UnixTime, fractionDigits: 0 | 6, what = "time"): string {
  const { seconds, nanos } = t;
  if (!Number.isSafeInteger(seconds) || seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw new ProtobufError("invalid-value", `${what} of ${seconds} seconds since the epoch is outside years 0000-9999`);
  }
  const days = Math.floor(seconds / 86400);
  const secOfDay = seconds - days * 86400;
  const [y, mo, d] = civilFromDays(days);
  const hh = Math.floor(secOfDay / 3600);
  const mm = Math.floor((secOfDay % 3600) / 60);
  const ss = secOfDay % 60;
  const date = `${TWO_DIGITS[Math.floor(y / 100)]}${TWO_DIGITS[y % 100]}-${TWO_DIGITS[mo]}-${TWO_DIGITS[d]}`;
  const base = `${date}T${TWO_DIGITS[hh]}:${TWO_DIGITS[mm]}:${TWO_DIGITS[ss]}`;
  return fractionDigits === 0 ? `${base}Z` : `${base}.${pad(Math.floor(nanos / 1000), 6)}Z`;
}
