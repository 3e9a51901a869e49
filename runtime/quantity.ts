/**
 * resource.Quantity's string syntax (`<signedNumber><suffix>`, suffixes Ki..Ei, n u m k M G T P E,
 * or e/E exponents), parsed to a number for comparisons (requests <= limits); exactness beyond
 * a double is not needed there.
 */
import { boundedMemo } from "./bounded-memo.js";
const QUANTITY = /^([+-]?)(\d*)(?:\.(\d*))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

/** A Quantity string's parts: sign, whole digits, fraction digits (either may be empty, not both), suffix. */
export interface QuantityParts {
  negative: boolean;
  whole: string;
  fraction: string;
  /** `Ki`..`Ei`, `n`..`E`, an `e`/`E` exponent, or "". */
  suffix: string;
}

/** The parts of a Quantity string, or undefined when it is not one. */
export function quantityParts(s: string): QuantityParts | undefined {
  const m = QUANTITY.exec(s);
  if (!m) return undefined;
  const whole = m[2] ?? "";
  const fraction = m[3] ?? "";
  if (whole === "" && fraction === "") return undefined;
  return { negative: m[1] === "-", whole, fraction, suffix: m[4] ?? "" };
}

const MULTIPLIER: Readonly<Record<string, number>> = {
  "": 1,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/**
 * Values of strings parsed lately: a Pod create parses the same few ("250m", "256Mi") several
 * times (strategy, validation, QoS, admission). Bounded: short strings only, emptied when full.
 */
const parsedQuantity = boundedMemo((s: string) => parseQuantityText(s), 1024);

/** The value of a Quantity string, or undefined when it is not one (upstream: ErrFormatWrong). */
export function parseQuantity(s: unknown): number | undefined {
  if (typeof s === "number") return Number.isFinite(s) ? s : undefined;
  if (typeof s !== "string") return undefined;
  return s.length > 64 ? parseQuantityText(s) : parsedQuantity(s);
}

function parseQuantityText(s: string): number | undefined {
  const p = quantityParts(s);
  if (!p) return undefined;
  const n = Number(`${p.negative ? "-" : ""}${p.whole || "0"}.${p.fraction || "0"}`);
  if (/^[eE]/.test(p.suffix)) return n * 10 ** Number(p.suffix.slice(1));
  return n * MULTIPLIER[p.suffix]!;
}

/** upstream's message for a string that is no Quantity. */
export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** Writes an amount back in the form upstream prints small counts and CPU: "2", "500m". */
export function formatQuantity(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const milli = Math.round(v * 1000);
  return `${milli}m`;
}
