/**
 * Runs the benchmark suite: every `bench/*.bench.ts` module, in file-name order, each printing
 * its own tables, then a summary of the targets checked.
 *
 *   npm run bench                 # everything
 *   npm run bench -- deepcopy     # only modules whose name contains "deepcopy"
 *
 * Targets that are missed are reported (MISS) but do not fail the run; a bench that throws
 * (e.g. a copier returning a wrong copy) does.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beginBench, type BenchModule, checkedTargets, printTable } from "./support/table.js";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

function isBenchModule(x: unknown): x is BenchModule {
  const b = x as Partial<BenchModule> | undefined;
  return typeof b?.name === "string" && typeof b.description === "string" && typeof b.run === "function";
}

/** Bench files, `deepcopy.bench.ts` -> `deepcopy`, in name order. */
function benchFiles(): { name: string; file: string }[] {
  return fs
    .readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith(".bench.ts"))
    .sort()
    .map((f) => ({ name: f.slice(0, -".bench.ts".length), file: path.join(BENCH_DIR, f) }));
}

/** Imports only the selected files, so a broken bench does not stop the others being run alone. */
async function loadModule(file: string): Promise<BenchModule> {
  const mod = (await import(pathToFileURL(file).href)) as { bench?: unknown };
  if (!isBenchModule(mod.bench)) throw new Error(`${path.relative(BENCH_DIR, file)} does not export \`bench: BenchModule\``);
  return mod.bench;
}

function loadNote(): string {
  const [one] = os.loadavg();
  const cpus = os.cpus().length;
  const busy = (one ?? 0) > cpus * 0.5 ? " (the machine is busy: figures will be noisy)" : "";
  return `load average ${(one ?? 0).toFixed(2)} on ${cpus} CPUs${busy}`;
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2).map((a) => a.toLowerCase());
  const all = benchFiles();
  const files = filters.length ? all.filter((b) => filters.some((f) => b.name.toLowerCase().includes(f))) : all;
  if (!files.length) {
    console.error(`no bench matches ${filters.join(", ")}; benches: ${all.map((b) => b.name).join(", ")}`);
    process.exitCode = 2;
    return;
  }
  const selected: BenchModule[] = [];
  for (const b of files) selected.push(await loadModule(b.file));
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  console.log(`kubegen benchmarks: node ${process.version}, ${os.platform()}/${os.arch()}, ${cpu}`);
  console.log(`running ${selected.map((m) => m.name).join(", ")}; before starting, ${loadNote()}`);

  const started = performance.now();
  for (const m of selected) {
    console.log(`\n## ${m.name}: ${m.description}`);
    beginBench(m.name);
    const t0 = performance.now();
    await m.run();
    console.log(`  (${m.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }

  const checks = checkedTargets();
  const missed = checks.filter((c) => !c.pass);
  printTable(
    "summary: targets",
    ["bench", "checked", "PASS", "MISS"],
    selected.map((m) => {
      const mine = checks.filter((c) => c.bench === m.name);
      const pass = mine.filter((c) => c.pass).length;
      return [m.name, String(mine.length), String(pass), String(mine.length - pass)];
    }),
  );
  for (const c of missed) console.log(`  MISS ${c.bench}: ${c.what}`);
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
