/**
 * Formats generated files with prettier, so output reads like hand-written code and diffs stay
 * small. Only TypeScript goes through prettier; other languages are emitted formatted.
 * Formatting is most of the generator's time, so large batches are split across a worker thread
 * and the main thread (prettier is CPU-bound and single-threaded).
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import * as prettier from "prettier";
import type { GeneratedFile } from "../emit/emitter.js";

// babel-ts parses TypeScript about twice as fast as the typescript parser, with the same output here.
const OPTIONS: prettier.Options = { parser: "babel-ts", printWidth: 110 };

/** Below this much TypeScript, starting a worker costs more than it saves. */
const PARALLEL_MIN_BYTES = 150_000;

/** The worker: formats the sources it is sent with the same prettier module and options. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.prettier).then(async (prettier) => {
  const out = [];
  for (const source of workerData.sources) out.push(await prettier.format(source, workerData.options));
  parentPort.postMessage(out);
}, (err) => { throw err; });
`;

function formatInWorker(sources: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { prettier: import.meta.resolve("prettier"), sources, options: OPTIONS },
    });
    worker.once("message", (out: string[]) => {
      resolve(out);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

async function formatHere(sources: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const source of sources) out.push(await prettier.format(source, OPTIONS));
  return out;
}

/** Formats `sources`, in order; half of a large batch (by size) goes to a worker thread. */
async function formatSources(sources: string[]): Promise<string[]> {
  const total = sources.reduce((n, s) => n + s.length, 0);
  if (total < PARALLEL_MIN_BYTES || os.availableParallelism() < 2) return formatHere(sources);
  // Alternate files between the two halves, largest first, so both get similar work.
  const order = sources.map((s, i) => i).sort((a, b) => sources[b]!.length - sources[a]!.length);
  const mine: number[] = [];
  const theirs: number[] = [];
  let mineBytes = 0;
  let theirBytes = 0;
  for (const i of order) {
    if (mineBytes <= theirBytes) {
      mine.push(i);
      mineBytes += sources[i]!.length;
    } else {
      theirs.push(i);
      theirBytes += sources[i]!.length;
    }
  }
  const [a, b] = await Promise.all([
    formatHere(mine.map((i) => sources[i]!)),
    formatInWorker(theirs.map((i) => sources[i]!)),
  ]);
  const out = new Array<string>(sources.length);
  mine.forEach((i, k) => (out[i] = a[k]!));
  theirs.forEach((i, k) => (out[i] = b[k]!));
  return out;
}

export async function formatFiles(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  const ts = files.filter((f) => f.path.endsWith(".ts"));
  const formatted = await formatSources(ts.map((f) => f.content));
  const byPath = new Map(ts.map((f, i) => [f.path, formatted[i]!]));
  return files.map((f) => {
    const content = byPath.get(f.path);
    return content === undefined ? f : { ...f, content };
  });
}
