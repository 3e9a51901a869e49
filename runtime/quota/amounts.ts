/**
 * Resource lists as quota and LimitRange arithmetic sees them: each amount keeps whether it was
 * written in binary units, as upstream's sums keep the format of the first amount they add, so
 * that a total prints as upstream prints it ("3Gi", "1500m").
 */
import { parseQuantity, quantityParts } from "../quantity.js";

export interface Amount {
  readonly value: number;
  /** Written with a Ki..Ei suffix (upstream's BinarySI format). */
  readonly binary: boolean;
}

/** A resource list: resource name to amount. */
export type Amounts = Record<string, Amount>;

/** A quantity's amount, undefined when it is not one. */
export function amountOf(q: unknown): Amount | undefined {
  const value = parseQuantity(q);
  if (value === undefined) return undefined;
  const suffix = typeof q === "string" ? (quantityParts(q)?.suffix ?? "") : "";
  return { value, binary: /^[KMGTPE]i$/.test(suffix) };
}

/** A list of quantities (a container's requests) as amounts; what is no quantity is left out. */
export function amountsOf(list: unknown): Amounts {
  const out: Amounts = {};
  if (list === null || typeof list !== "object") return out;
  for (const [k, v] of Object.entries(list as Record<string, unknown>)) {
    const a = amountOf(v);
    if (a !== undefined) out[k] = a;
  }
  return out;
}

export const count = (n: number): Amount => ({ value: n, binary: false });

/** Adds `other` into `list`; a new entry keeps its own format, a sum keeps the first one's. */
export function addInto(list: Amounts, other: Amounts): Amounts {
  for (const [k, v] of Object.entries(other)) {
    const have = list[k];
    list[k] = have === undefined ? v : { value: have.value + v.value, binary: have.binary };
  }
  return list;
}

/** Sets each of `list`'s entries to the greater of it and `other`'s. */
export function maxInto(list: Amounts, other: Amounts): Amounts {
  for (const [k, v] of Object.entries(other)) {
    const have = list[k];
    if (have === undefined || v.value > have.value) list[k] = v;
  }
  return list;
}

/** The greatest of the lists, per resource. */
export function maxOf(...lists: Amounts[]): Amounts {
  const out: Amounts = {};
  for (const l of lists) maxInto(out, l);
  return out;
}

/** `a` less `b`, per resource of `a`, never below zero (upstream's SubtractWithNonNegativeResult). */
export function subtractNonNegative(a: Amounts, b: Amounts): Amounts {
  const out: Amounts = {};
  for (const [k, v] of Object.entries(a)) out[k] = { value: Math.max(0, v.value - (b[k]?.value ?? 0)), binary: v.binary };
  return out;
}

const BINARY = ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];
const DECIMAL = ["k", "M", "G", "T", "P", "E"];

/** An amount in upstream's canonical form: "2Gi", "1500m", "1k", "100u". */
export function formatAmount(a: Amount): string {
  const v = a.value;
  const sign = v < 0 ? "-" : "";
  let abs = Math.abs(v);
  // Within a double's precision of a whole number: print as one (0.1 + 0.2 sums).
  const nanos = Math.round(abs * 1e9);
  if (!Number.isInteger(abs) && Number.isSafeInteger(nanos) && nanos % 1e9 === 0) abs = nanos / 1e9;
  if (Number.isInteger(abs)) {
    if (a.binary && abs >= 1024 && abs % 1024 === 0) {
      let n = abs;
      let i = -1;
      while (n % 1024 === 0 && i < BINARY.length - 1) {
        n /= 1024;
        i++;
      }
      return `${sign}${n}${BINARY[i]}`;
    }
    let n = abs;
    let i = -1;
    while (n !== 0 && n % 1000 === 0 && i < DECIMAL.length - 1) {
      n /= 1000;
      i++;
    }
    return `${sign}${n}${i < 0 ? "" : DECIMAL[i]}`;
  }
  if (nanos % 1e6 === 0) return `${sign}${nanos / 1e6}m`;
  if (nanos % 1e3 === 0) return `${sign}${nanos / 1e3}u`;
  return `${sign}${nanos}n`;
}
