/** Amounts for the quota and limit plugins: resource.Quantity's value, NaN for what is not one. */
import { parseQuantity } from "../../runtime/quantity.js";

/** The amount in base units ("500m", "1Gi", "2", "1e3"); NaN when the value is not a quantity. */
export function quantityValue(q: unknown): number {
  return parseQuantity(q) ?? NaN;
}

/** Semantic equality of two quantities ("1" equals "1000m"); what is not a quantity compares as text. */
export function quantityEquals(x: unknown, y: unknown): boolean {
  const a = parseQuantity(x);
  const b = parseQuantity(y);
  return a !== undefined && b !== undefined ? a === b : x === y;
}
