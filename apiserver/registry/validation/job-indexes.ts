/**
 * Index interval lists (`0,2-4,7`) as a Job's `successPolicy` and status `completedIndexes` /
 * `failedIndexes` hold them, parsed as upstream's validateIndexesFormat: ordered, each index below
 * `completions`, with its error texts.
 */

/** Go's strconv.Atoi on a decimal index: an optional sign and digits, in int64 range. */
function atoi(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = Number(s);
  return Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : undefined;
}

type Interval = [number, number];

/** One `x` or `x-y` fragment, or the error upstream reports for it. */
export function parseIndexInterval(fragment: string, completions: number): Interval | string {
  const parts = fragment.split("-");
  if (parts.length > 2)
    return `the fragment "${fragment}" violates the requirement that an index interval can have at most two parts separated by '-'`;
  const x = atoi(parts[0]!);
  if (x === undefined) return `cannot convert string to integer for index: "${parts[0]!}"`;
  if (x >= completions) return `too large index: "${parts[0]!}"`;
  if (parts.length === 1) return [x, x];
  const y = atoi(parts[1]!);
  if (y === undefined) return `cannot convert string to integer for index: "${parts[1]!}"`;
  if (y >= completions) return `too large index: "${parts[1]!}"`;
  if (x >= y) return `non-increasing order, previous: ${x}, current: ${y}`;
  return [x, y];
}

/** The number of indexes the list names, or the error text (upstream's validateIndexesFormat). */
export function countIndexes(list: string, completions: number): number | string {
  if (list === "") return 0;
  let last: number | undefined;
  let total = 0;
  for (const fragment of list.split(",")) {
    const r = parseIndexInterval(fragment, completions);
    if (typeof r === "string") return r;
    const [x, y] = r;
    if (last !== undefined && last >= x) return `non-increasing order, previous: ${last}, current: ${x}`;
    total += y - x + 1;
    last = y;
  }
  return total;
}

/** The first index both lists name (upstream's validateFailedIndexesNotOverlapCompleted), skipping fragments that do not parse. */
export function indexesOverlap(completed: string, failed: string, completions: number): string | undefined {
  if (completed === "" || failed === "") return undefined;
  const parse = (l: string) =>
    l
      .split(",")
      .map((f) => parseIndexInterval(f, completions))
      .filter((r): r is Interval => typeof r !== "string");
  const cs = parse(completed);
  const fs = parse(failed);
  let i = 0;
  let j = 0;
  while (i < cs.length && j < fs.length) {
    const [cx, cy] = cs[i]!;
    const [fx, fy] = fs[j]!;
    if (cx <= fy && fx <= cy) return `failedIndexes and completedIndexes overlap at index: ${Math.max(cx, fx)}`;
    if (cx <= fx) i++;
    else j++;
  }
  return undefined;
}
