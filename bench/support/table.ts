/**
 * Shared output for every benchmark: aligned tables, number and ratio formatting, and the
 * PASS/MISS target column. Bench modules build rows of strings with these helpers and print
 * them with `printTable`; nothing else in bench/ writes tables.
 */
import { pathToFileURL } from "node:url";

/** A target a measured value is checked against: `min` (ratios we must reach) or `max` (limits). */
export interface Target {
  /** Value must be at least this (e.g. ours/rfdc >= 3). */
  min?: number;
  /** Value must be at most this (e.g. t(1000)/t(100) <= 11, wall time <= 3000 ms). */
  max?: number;
  /** How the bound is printed; defaults to a ratio (`>= 3x`). */
  unit?: "x" | "ms" | "s";
}

export interface TargetResult {
  pass: boolean;
  /** `PASS` or `MISS`. */
  verdict: string;
  /** The bound as printed, e.g. `>= 3x`, `< 3 s`. */
  bound: string;
}

/** Every target checked in this process, so the runner can print one summary at the end. */
const checked: { bench: string; what: string; pass: boolean }[] = [];
let currentBench = "";

/** Sets the bench name that subsequent `checkTarget` calls are recorded under. */
export function beginBench(name: string): void {
  currentBench = name;
}

/**
 * Runs `bench` when its file is the one node was started with (`tsx bench/x.bench.ts`), with
 * its targets recorded under its name as the runner records them.
 */
export async function runIfMain(moduleUrl: string, bench: BenchModule): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  beginBench(bench.name);
  await bench.run();
}

export function checkedTargets(): readonly { bench: string; what: string; pass: boolean }[] {
  return checked;
}

function formatBound(value: number, unit: Target["unit"]): string {
  switch (unit ?? "x") {
    case "ms":
      return `${value} ms`;
    case "s":
      return `${value} s`;
    default:
      return `${value}x`;
  }
}

/** The bound(s) of a target as printed: `>= 3x`, `<= 3 s`. */
export function formatTarget(target: Target): string {
  const bounds: string[] = [];
  if (target.min !== undefined) bounds.push(`>= ${formatBound(target.min, target.unit)}`);
  if (target.max !== undefined) bounds.push(`<= ${formatBound(target.max, target.unit)}`);
  return bounds.join(" and ");
}

/**
 * Checks `value` against `target`: PASS when every given bound holds. `what` names the check in
 * the end-of-run summary.
 */
export function checkTarget(value: number, target: Target, what: string): TargetResult {
  let pass = Number.isFinite(value);
  if (target.min !== undefined) pass &&= value >= target.min;
  if (target.max !== undefined) pass &&= value <= target.max;
  checked.push({ bench: currentBench, what, pass });
  return { pass, verdict: pass ? "PASS" : "MISS", bound: formatTarget(target) };
}

/** `1,234,567` for large counts, three significant digits below 1,000. */
export function formatOps(opsPerSecond: number): string {
  if (!Number.isFinite(opsPerSecond)) return "-";
  if (opsPerSecond >= 1000) return Math.round(opsPerSecond).toLocaleString("en-US");
  return opsPerSecond.toPrecision(3);
}

/** A ratio as `12.3x`: two decimals below 10, one below 100, none above. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return "-";
  if (ratio < 10) return `${ratio.toFixed(2)}x`;
  if (ratio < 100) return `${ratio.toFixed(1)}x`;
  return `${Math.round(ratio)}x`;
}

/** A duration given in milliseconds, in the unit that reads best (ns, µs, ms, s). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return "-";
  if (ms < 0.001) return `${(ms * 1e6).toFixed(0)} ns`;
  if (ms < 1) return `${(ms * 1e3).toPrecision(3)} µs`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** `±1.23%`, the relative margin of error tinybench reports. */
export function formatPercent(p: number): string {
  return Number.isFinite(p) ? `±${p.toFixed(2)}%` : "-";
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface Column {
  header: string;
  /** Numbers read best right-aligned; names left-aligned (the default for the first column). */
  align?: "left" | "right";
}

/**
 * Prints a titled table. Columns are given as headers (right-aligned except the first) or as
 * `Column`s; every row must have one cell per column.
 */
export function printTable(title: string, columns: readonly (string | Column)[], rows: readonly string[][]): void {
  const cols: Column[] = columns.map((c, i) => (typeof c === "string" ? { header: c, align: i === 0 ? "left" : "right" } : c));
  for (const r of rows) {
    if (r.length !== cols.length) throw new Error(`table "${title}": row has ${r.length} cells, expected ${cols.length}`);
  }
  const width = (s: string): number => [...s].length;
  const widths = cols.map((c, i) => Math.max(width(c.header), ...rows.map((r) => width(r[i]!))));
  const pad = (s: string, i: number): string => {
    const gap = " ".repeat(widths[i]! - width(s));
    return cols[i]!.align === "right" ? gap + s : s + gap;
  };
  const line = (cells: readonly string[]): string => `| ${cells.map(pad).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (cols[i]!.align === "right" ? `${"-".repeat(w + 1)}:` : `:${"-".repeat(w + 1)}`)).join("|")}|`;
  const out = [``, `### ${title}`, ``, line(cols.map((c) => c.header)), rule, ...rows.map(line)];
  console.log(out.join("\n"));
}

/** A line of context under a table (what was measured, how). */
export function printNote(text: string): void {
  console.log(`  ${text}`);
}

/** What a `*.bench.ts` module exports as `bench`; bench/run.ts discovers and runs these. */
export interface BenchModule {
  /** Short name the runner's filter argument matches (`npm run bench -- deepcopy`). */
  name: string;
  /** One line saying what is measured. */
  description: string;
  run(): Promise<void>;
}
