/** Amounts for the quota and limit plugins: resource.Quantity's value, and counts and CPU written back. */
import { parseQuantity } from "../../runtime/quantity.js";

/** The amount in base units ("500m", "1Gi", "2", "1e3"); NaN when the value is not a quantity. */
export function quantityValue(q: unknown): number {
  return parseQuantity(q) ?? NaN;
}

/** Writes an amount back in the form upstream prints small counts and CPU: "2", "500m". */
export function formatQuantity(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const milli = Math.round(v * 1000);
  return `${milli}m`;
}
