/** Parsers for flag values, with the messages commander prints for a bad one. */
import { InvalidArgumentError } from "commander";
import { parseGoDuration } from "../runtime/protobuf/go-duration.js";

/** An integer of at least `min` (0 by default). */
export const int =
  (name: string, min = 0) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`${name} must be ${min === 1 ? "a positive" : "a non-negative"} integer`);
    return n;
  };

/** Any integer (negative ones mean "off" for some flags). */
export const integer =
  (name: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n)) throw new InvalidArgumentError(`${name} must be an integer`);
    return n;
  };

export const positiveNumber =
  (name: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a positive number`);
    return n;
  };

/** Go durations as the Kubernetes components take them (`60s`, `1m0s`, `500ms`), in milliseconds. */
export function duration(value: string): number {
  try {
    return Number(parseGoDuration(value) / 1_000_000n);
  } catch {
    throw new InvalidArgumentError(`invalid duration ${JSON.stringify(value)}`);
  }
}

/** Go's strconv.ParseBool forms. */
export function bool(value: string): boolean {
  if (/^(true|1|t)$/i.test(value)) return true;
  if (/^(false|0|f)$/i.test(value)) return false;
  throw new InvalidArgumentError(`invalid boolean ${JSON.stringify(value)}`);
}
