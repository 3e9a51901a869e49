/**
 * The generator's pipeline: parse api/ -> model -> emitters -> format -> plan, then write or
 * verify. Nothing is written unless parsing and every emitter succeeded.
 */
import path from "node:path";
import type { EmitOptions, GeneratedFile } from "./emit/emitter.js";
import { emitters } from "./emit/emitters.js";
import { indexFiles } from "./emit/index-files.js";
import type { Model } from "./model/types.js";
import { forgetContentHashes } from "./model/content-hash.js";
import { GeneratorError } from "./model/diagnostics.js";
import { docFreeHash, withoutDocs } from "./model/without-docs.js";
import { ParseCache } from "./parse/parse-cache.js";
import { EmitCache } from "./write/emit-cache.js";
import { OutputRecord } from "./write/output-record.js";
import { FormatBatch } from "./write/format.js";
import { applyPlan, planWrites, type WritePlan } from "./write/plan.js";

export interface GenerateOptions {
  input: string;
  output: string;
  /** Bare specifier or absolute folder of the runtime library generated code imports. */
  runtimeImport: string;
  /** Folders whose API packages may be imported but are not generated (kubegen's own api/). */
  libraryRoots?: string[];
  verify?: boolean;
  /**
   * Folder for the incremental cache (parse-cache.ts), or false for none. Default: `.kubegen-cache`
   * beside the input folder; KUBEGEN_CACHE=0 turns it off.
   */
  cacheDir?: string | false;
}

export interface GenerateResult {
  model: Model;
  plan: WritePlan;
}

/**
 * Bad input is reported by the validation pass before any emitter runs, so an emitter that
 * throws has a bug: say which one, keeping the original error as the cause.
 */
function internal<T>(emitter: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof GeneratorError) throw err;
    throw new Error(`kubegen internal error in the ${emitter} emitter: ${(err as Error).message ?? String(err)}`, { cause: err });
  }
}

/**
 * Runs every emitter over a model and formats the result: a pure function of the model. With a
 * cache, an emitter declaring `withoutDocs` whose (doc-free) model is unchanged is not run.
 */
export async function emitAll(model: Model, options: EmitOptions, cache?: EmitCache): Promise<GeneratedFile[]> {
  // Each emitter's files go to the formatter as soon as they exist (see FormatBatch).
  const batch = new FormatBatch();
  const files: GeneratedFile[] = [];
  const fresh: { emitter: string; hash: string; paths: Set<string> }[] = [];
  // The doc-free model is copied only for an emitter the cache cannot answer.
  let docless: Model | undefined;
  let doclessHash: string | undefined;
  if (cache) options = { ...options, memo: cache.memo };
  forgetContentHashes();
  try {
    for (const e of emitters) {
      let out: GeneratedFile[];
      if (e.withoutDocs) {
        const hash = cache ? (doclessHash ??= docFreeHash(model)) : "";
        const hit = cache?.get(e.name, hash);
        out = hit ?? internal(e.name, () => e.emit((docless ??= withoutDocs(model)), options));
        if (cache && !hit) fresh.push({ emitter: e.name, hash, paths: new Set(out.map((f) => f.path)) });
      } else {
        out = internal(e.name, () => e.emit(model, options));
      }
      batch.add(out);
      files.push(...out);
    }
    const index = indexFiles(model, files, options);
    batch.add(index);
    files.push(...index);
    const seen = new Set<string>();
    for (const f of files) {
      if (seen.has(f.path)) throw new Error(`two emitters produced ${f.path}`);
      seen.add(f.path);
    }
  } catch (err) {
    batch.cancel();
    throw err;
  }
  const done = await batch.finish(files.sort((a, b) => a.path.localeCompare(b.path)));
  for (const { emitter, hash, paths } of fresh)
    cache?.set(
      emitter,
      hash,
      done.filter((f) => paths.has(f.path)),
    );
  return done;
}

/** The incremental caches of a run (parse-cache.ts, emit-cache.ts, output-record.ts), unless turned off. */
function caches(options: GenerateOptions): { parse: ParseCache; emit: EmitCache; outputs: OutputRecord } | undefined {
  if (options.cacheDir === false || process.env.KUBEGEN_CACHE === "0") return undefined;
  const dir = options.cacheDir ?? path.join(path.dirname(path.resolve(options.input)), ".kubegen-cache");
  const key = JSON.stringify([
    path.resolve(options.input),
    path.resolve(options.output),
    options.runtimeImport,
    (options.libraryRoots ?? []).map((r) => path.resolve(r)),
  ]);
  return { parse: new ParseCache(dir, key), emit: new EmitCache(dir, key), outputs: new OutputRecord(dir, key) };
}

/** Output folders other commands own; the generator neither writes nor removes there. */
const FOREIGN_OUTPUT = ["docs"];

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const outputRoot = path.resolve(options.output);
  // The emitters lay out most files themselves; the formatting worker starts only for a batch
  // with much left to format (see FormatBatch.finish).
  const cache = caches(options);
  const { model } = cache
    ? await cache.parse.parse(path.resolve(options.input), { libraryRoots: options.libraryRoots })
    : { model: (await import("./parse/parse-api.js")).parseApi(options.input, { libraryRoots: options.libraryRoots }) };
  const files = await emitAll(model, { outputRoot, runtimeImport: options.runtimeImport }, cache?.emit);
  const plan = planWrites(outputRoot, files, FOREIGN_OUTPUT, cache?.outputs);
  if (!options.verify) applyPlan(outputRoot, plan);
  // Saved only once the run succeeded: a failed run leaves the last good cache.
  cache?.parse.save();
  cache?.emit.save();
  cache?.outputs.save();
  return { model, plan };
}
