/**
 * LimitRanger's three checks of one item against a request/limit list (a container's, or a Pod's
 * totals), with upstream's messages: min (request, then limit, not below), max (limit required,
 * then request, not above), maxLimitRequestRatio (limit over request not above).
 */
import { amountOf, formatAmount, type Amounts } from "../../runtime/quota/amounts.js";

/** Upstream compares in thousandths, rounded up, when that cannot overflow; otherwise whole units. */
function comparable(...values: number[]): number[] {
  const milli = values.every((v) => Math.abs(v) * 1000 <= Number.MAX_SAFE_INTEGER);
  return values.map((v) => (milli ? Math.ceil(v * 1000 - 1e-6) : Math.ceil(v - 1e-9)));
}

/** The text of an amount as the object wrote it (a container's own), or its canonical form (a total). */
export type Shown = (resource: string, which: "request" | "limit") => string;

export function minProblem(kind: string, res: string, min: string, requests: Amounts, limits: Amounts, shown: Shown): string | undefined {
  const enforced = amountOf(min);
  if (enforced === undefined) return undefined;
  const req = requests[res];
  const lim = limits[res];
  if (req === undefined) return `minimum ${res} usage per ${kind} is ${min}.  No request is specified`;
  const [r, l, e] = comparable(req.value, lim?.value ?? 0, enforced.value);
  if (r! < e!) return `minimum ${res} usage per ${kind} is ${min}, but request is ${shown(res, "request")}`;
  if (lim !== undefined && l! < e!) return `minimum ${res} usage per ${kind} is ${min}, but limit is ${shown(res, "limit")}`;
  return undefined;
}

export function maxProblem(kind: string, res: string, max: string, requests: Amounts, limits: Amounts, shown: Shown): string | undefined {
  const enforced = amountOf(max);
  if (enforced === undefined) return undefined;
  const req = requests[res];
  const lim = limits[res];
  if (lim === undefined) return `maximum ${res} usage per ${kind} is ${max}.  No limit is specified`;
  const [r, l, e] = comparable(req?.value ?? 0, lim.value, enforced.value);
  if (l! > e!) return `maximum ${res} usage per ${kind} is ${max}, but limit is ${shown(res, "limit")}`;
  if (req !== undefined && r! > e!) return `maximum ${res} usage per ${kind} is ${max}, but request is ${shown(res, "request")}`;
  return undefined;
}

/** Go's %f: six decimals. */
const goFloat = (v: number): string => v.toFixed(6);

export function ratioProblem(kind: string, res: string, ratio: string, requests: Amounts, limits: Amounts): string | undefined {
  const enforced = amountOf(ratio);
  if (enforced === undefined) return undefined;
  const req = requests[res];
  const lim = limits[res];
  const [r, l] = comparable(req?.value ?? 0, lim?.value ?? 0, enforced.value);
  const head = `${res} max limit to request ratio per ${kind} is ${ratio}`;
  if (req === undefined || r === 0) return `${head}, but no request is specified or request is 0`;
  if (lim === undefined || l === 0) return `${head}, but no limit is specified or limit is 0`;
  const observed = l! / r!;
  if (observed > enforced.value + 1e-9) return `${head}, but provided ratio is ${goFloat(observed)}`;
  return undefined;
}

/** A total's text: its canonical form. */
export const totalShown =
  (requests: Amounts, limits: Amounts): Shown =>
  (res, which) => {
    const a = (which === "request" ? requests : limits)[res];
    return a === undefined ? "" : formatAmount(a);
  };

/** Upstream's aggregate error text: one message as it is, several (deduplicated) bracketed. */
export function aggregateMessage(problems: readonly string[]): string {
  const unique = [...new Set(problems)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(", ")}]`;
}
