/**
 * Exact Quantity arithmetic for the few rules that need more than a double: whether a value is
 * a whole number (extended resources), and the canonical text upstream prints in messages and
 * compares divisors by (resource.Quantity's String(): "1.5" is "1500m", "1024Mi" is "1Gi").
 * Runs only where such a rule applies or an error is reported, never on every Pod.
 */
import { quantityParts } from "../../../runtime/quantity.js";

const DECIMAL_EXPONENTS: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_POWERS: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_SUFFIXES = new Map<number, string>([
  [-9, "n"],
  [-6, "u"],
  [-3, "m"],
  [0, ""],
  [3, "k"],
  [6, "M"],
  [9, "G"],
  [12, "T"],
  [15, "P"],
  [18, "E"],
]);
const BINARY_SUFFIXES = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];

type Format = "DecimalSI" | "BinarySI" | "DecimalExponent";

/** digits × 10^exp10 × 2^pow2, negative when `negative`. */
interface ExactQuantity {
  negative: boolean;
  digits: bigint;
  exp10: number;
  pow2: number;
  format: Format;
}

function parseExact(q: unknown): ExactQuantity | undefined {
  const text = typeof q === "number" && Number.isFinite(q) ? String(q) : typeof q === "string" ? q : undefined;
  if (text === undefined) return undefined;
  const parts = quantityParts(text);
  if (!parts) return undefined;
  const { whole, fraction, suffix } = parts;
  let exp10 = -fraction.length;
  let pow2 = 0;
  let format: Format = "DecimalSI";
  if (suffix in BINARY_POWERS) {
    pow2 = BINARY_POWERS[suffix]!;
    format = "BinarySI";
  } else if (suffix in DECIMAL_EXPONENTS) {
    exp10 += DECIMAL_EXPONENTS[suffix]!;
  } else {
    const e = Number(suffix.slice(1));
    // Exponents this large are no Quantity upstream either (it caps the scale); keep the arithmetic bounded.
    if (!Number.isSafeInteger(e) || Math.abs(e) > 10_000) return undefined;
    exp10 += e;
    format = "DecimalExponent";
  }
  if (typeof q === "number") format = "DecimalSI";
  return { negative: parts.negative, digits: BigInt(whole + fraction || "0"), exp10, pow2, format };
}

/** Removes factors of ten from the digits into the exponent. */
function normalize(digits: bigint, exp10: number): [bigint, number] {
  if (digits === 0n) return [0n, 0];
  while (digits % 10n === 0n) {
    digits /= 10n;
    exp10++;
  }
  return [digits, exp10];
}

/** Whether a Quantity's value is a whole number (upstream: MilliValue() % 1000 == 0); undefined for no Quantity. */
export function isWholeQuantity(q: unknown): boolean | undefined {
  const p = parseExact(q);
  if (!p) return undefined;
  const [digits, exp10] = normalize(p.digits * 2n ** BigInt(p.pow2), p.exp10);
  if (digits === 0n || exp10 >= 0) return true;
  // No trailing zeros are left, so a negative exponent always leaves a fraction.
  return false;
}

/** The value's sign: -1, 0 or 1; undefined for no Quantity. */
export function quantitySign(q: unknown): number | undefined {
  const p = parseExact(q);
  if (!p) return undefined;
  if (p.digits === 0n) return 0;
  return p.negative ? -1 : 1;
}

/** The text upstream's Quantity.String() gives for the value; the input as given when it is no Quantity. */
export function canonicalQuantity(q: unknown): string {
  const p = parseExact(q);
  if (!p) return typeof q === "string" ? q : String(q);
  let digits = p.digits * 2n ** BigInt(p.pow2);
  let exp10 = p.exp10;
  if (digits === 0n) return "0";
  const sign = p.negative ? "-" : "";
  // Upstream keeps nano precision at most, rounding the magnitude up.
  if (exp10 < -9) {
    const div = 10n ** BigInt(-9 - exp10);
    digits = digits / div + (digits % div === 0n ? 0n : 1n);
    exp10 = -9;
  }
  [digits, exp10] = normalize(digits, exp10);
  let format = p.format;
  if (format === "BinarySI") {
    const whole = exp10 >= 0 ? digits * 10n ** BigInt(exp10) : undefined;
    // Below 1024, or with a fraction, upstream prints decimal.
    if (whole !== undefined && whole >= 1024n) {
      let m = whole;
      let i = 0;
      while (i < BINARY_SUFFIXES.length - 1 && m % 1024n === 0n) {
        m /= 1024n;
        i++;
      }
      return `${sign}${m}${BINARY_SUFFIXES[i]!}`;
    }
    format = "DecimalSI";
  }
  // The exponent goes down to a multiple of three, the mantissa up.
  const r = ((exp10 % 3) + 3) % 3;
  digits *= 10n ** BigInt(r);
  exp10 -= r;
  if (format === "DecimalExponent") return `${sign}${digits}${exp10 === 0 ? "" : `e${exp10}`}`;
  const suffix = DECIMAL_SUFFIXES.get(exp10);
  return suffix === undefined ? `${sign}${digits}e${exp10}` : `${sign}${digits}${suffix}`;
}

/** upstream's Quantity.Value(): the value as a whole number, fractions rounded away from zero; undefined for no Quantity. */
export function quantityWholeValue(q: unknown): bigint | undefined {
  const p = parseExact(q);
  if (!p) return undefined;
  let n = p.digits * 2n ** BigInt(p.pow2);
  if (p.exp10 >= 0) n *= 10n ** BigInt(p.exp10);
  else {
    const div = 10n ** BigInt(-p.exp10);
    n = n / div + (n % div === 0n ? 0n : 1n);
  }
  return p.negative ? -n : n;
}
