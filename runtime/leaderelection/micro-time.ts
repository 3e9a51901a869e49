// Formats instants as metav1.MicroTime: RFC 3339 in UTC with six fractional digits.
import type { MicroTime } from "../../api/meta/v1/types.js";

/** Formats `date` as a MicroTime, e.g. `"2025-01-02T03:04:05.678000Z"`. */
export function formatMicroTime(date: Date): MicroTime {
  // toISOString has milliseconds; JavaScript's clock has no finer wall-clock precision.
  const iso = date.toISOString();
  return `${iso.slice(0, -1)}000Z`;
}
