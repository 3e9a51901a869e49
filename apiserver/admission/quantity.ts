/** Just enough of resource.Quantity to compare and add amounts: "500m", "1Gi", "2", "1e3". */
const SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** The amount in base units; NaN when the text is not a quantity. */
export function quantityValue(q: unknown): number {
  if (typeof q === "number") return q;
  if (typeof q !== "string") return NaN;
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/.exec(q.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  if (m[2]) return n * 10 ** Number(m[2].slice(1));
  return n * SUFFIX[m[3] ?? ""]!;
}

/** Writes an amount back in the form upstream prints small counts and CPU: "2", "500m". */
export function formatQuantity(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const milli = Math.round(v * 1000);
  return `${milli}m`;
}
