/**
 * What an emitter is: a pure function from the model to files. The list of emitters lives in
 * `emitters.ts`; nothing else decides what gets generated.
 */
import type { Model } from "../model/types.js";

export interface GeneratedFile {
  /** Path relative to the output root, forward slashes. */
  path: string;
  content: string;
  /** Already laid out as prettier would (see layout.ts): the formatter skips it. */
  formatted?: boolean;
}

export interface EmitOptions {
  /** Absolute output root (generated/). */
  outputRoot: string;
  /**
   * How generated code imports the runtime library: a bare specifier (`kubegen/runtime`) or an
   * absolute folder that is turned into a relative import.
   */
  runtimeImport: string;
  /**
   * Text built from input of a given hash in an earlier run (write/emit-cache.ts), for emitters
   * that key a file by the hash of all it reads; absent, everything is built.
   */
  memo?: (key: string, hash: string, build: () => string) => string;
}

export interface Emitter {
  name: string;
  emit(model: Model, options: EmitOptions): GeneratedFile[];
  /**
   * Reads no doc comment and no source line: always handed the model without them
   * (model/without-docs.ts), so a doc edit reuses its cached output (write/emit-cache.ts).
   */
  withoutDocs?: boolean;
}
