/**
 * Go's time.Duration text form, read and written exactly as Go's `time.ParseDuration` and
 * `Duration.String` do (metav1.Duration's JSON). Nanoseconds are bigints: a duration is an int64
 * and durations over 104 days exceed 2^53 nanoseconds.
 */
import { ProtobufError } from "./errors.js";

const MAX_INT64 = (1n << 63n) - 1n;
const TWO_63 = 1n << 63n;

const UNITS: ReadonlyMap<string, bigint> = new Map([
  ["ns", 1n],
  ["us", 1_000n],
  ["\u00b5s", 1_000n], // micro sign
  ["\u03bcs", 1_000n], // Greek small letter mu
  ["ms", 1_000_000n],
  ["s", 1_000_000_000n],
  ["m", 60_000_000_000n],
  ["h", 3_600_000_000_000n],
]);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

function invalid(orig: string, why = "invalid duration"): ProtobufError {
  return new ProtobufError("invalid-value", `duration ${JSON.stringify(orig)}: ${why}`);
}

/**
 * Parses a Go duration string ("1h2m3.5s", "-1.5µs", "0") into nanoseconds, with Go's overflow
 * rules and its float64 arithmetic for fractions (so "1.0000000001h" rounds as Go rounds it).
 */
export function parseGoDuration(orig: string): bigint {
  let s = orig;
  let neg = false;
  if (s !== "" && (s[0] === "-" || s[0] === "+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") throw invalid(orig);
  let d = 0n;
  while (s !== "") {
    if (!(s[0] === "." || isDigit(s[0]))) throw invalid(orig);
    // Leading integer; Go rejects values above 2^63.
    let i = 0;
    let v = 0n;
    while (isDigit(s[i])) {
      v = v * 10n + BigInt(s.charCodeAt(i) - 48);
      if (v > TWO_63) throw invalid(orig);
      i++;
    }
    const pre = i > 0;
    s = s.slice(i);
    // Fraction: digits past int64 precision are skipped, not an error.
    let f = 0n;
    let scale = 1;
    let post = false;
    if (s[0] === ".") {
      s = s.slice(1);
      let j = 0;
      let overflow = false;
      while (isDigit(s[j])) {
        if (!overflow) {
          if (f > MAX_INT64 / 10n) overflow = true;
          else {
            const y = f * 10n + BigInt(s.charCodeAt(j) - 48);
            if (y > TWO_63) overflow = true;
            else {
              f = y;
              scale *= 10;
            }
          }
        }
        j++;
      }
      post = j > 0;
      s = s.slice(j);
    }
    if (!pre && !post) throw invalid(orig);
    let k = 0;
    while (k < s.length && s[k] !== "." && !isDigit(s[k])) k++;
    if (k === 0) throw invalid(orig, "missing unit");
    const unitName = s.slice(0, k);
    s = s.slice(k);
    const unit = UNITS.get(unitName);
    if (unit === undefined) throw invalid(orig, `unknown unit ${JSON.stringify(unitName)}`);
    if (v > TWO_63 / unit) throw invalid(orig);
    v *= unit;
    if (f > 0n) {
      // Go: v += uint64(float64(f) * (float64(unit) / scale)), truncated toward zero.
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > TWO_63) throw invalid(orig);
    }
    d += v;
    if (d > TWO_63) throw invalid(orig);
  }
  if (neg) return -d;
  if (d > MAX_INT64) throw invalid(orig);
  return d;
}

/** The fraction of v / 10^prec as ".123" without trailing zeros ("" when zero), and v / 10^prec. */
function fmtFrac(v: bigint, prec: number): [string, bigint] {
  let digits = "";
  let print = false;
  for (let i = 0; i < prec; i++) {
    const digit = v % 10n;
    print ||= digit !== 0n;
    if (print) digits = String(digit) + digits;
    v /= 10n;
  }
  return [print ? `.${digits}` : "", v];
}

/**
 * Formats nanoseconds as Go's Duration.String: "0s", "1.5µs" (micro sign), "300ms", "1h0m0s",
 * "-2m30s". Throws for values outside int64.
 */
export function formatGoDuration(ns: bigint): string {
  if (ns < -TWO_63 || ns > MAX_INT64) throw invalid(String(ns), "outside int64 nanoseconds");
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  let out: string;
  if (u < 1_000_000_000n) {
    if (u === 0n) return "0s";
    let unit: string;
    let prec: number;
    if (u < 1_000n) [unit, prec] = ["ns", 0];
    else if (u < 1_000_000n) [unit, prec] = ["\u00b5s", 3];
    else [unit, prec] = ["ms", 6];
    const [frac, whole] = fmtFrac(u, prec);
    out = `${whole}${frac}${unit}`;
  } else {
    const [frac, secs] = fmtFrac(u, 9);
    u = secs;
    out = `${u % 60n}${frac}s`;
    u /= 60n;
    if (u > 0n) {
      out = `${u % 60n}m${out}`;
      u /= 60n;
      if (u > 0n) out = `${u}h${out}`;
    }
  }
  return neg ? `-${out}` : out;
}
