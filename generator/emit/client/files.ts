/** Shared plumbing of the client emitters: one generated TypeScript file with tracked imports, and index files. */
import type { StructDecl } from "../../model/types.js";
import type { EmitOptions, GeneratedFile } from "../emitter.js";
import { header } from "../header.js";
import { ImportTracker } from "../imports.js";
import { breakLongLines, preformatted } from "../layout.js";
import { render } from "../templates.js";
import { absolute, importApiType, importRuntime, importRuntimeTesting } from "../ts-paths.js";

/** A file being generated: its path and the imports its body needs. */
export class FileBuilder {
  readonly imports: ImportTracker;

  constructor(
    readonly path: string,
    private readonly options: EmitOptions,
  ) {
    this.imports = new ImportTracker(absolute(options, path));
  }

  /** Imports a runtime namespace (`gentype`, `rest`, `cache`...), as a type only unless `value`. */
  runtime(name: string, value = false): string {
    return importRuntime(this.imports, name, this.options, !value);
  }

  /** Imports the runtime's `testing` namespace (fakes) from its own entry point, as a type only unless `value`. */
  runtimeTesting(value = false): string {
    return importRuntimeTesting(this.imports, this.options, !value);
  }

  /** Imports an API type from the file declaring it. */
  apiType(decl: StructDecl): string {
    return importApiType(this.imports, decl);
  }

  /** Imports `name` from another generated file (a path relative to the output root). */
  generated(name: string, rel: string, value = false): string {
    return this.imports.add(name, absolute(this.options, rel), !value);
  }

  /** Imports `name` from a module (a library file) under the local name `local`, which it returns. */
  importAs(name: string, local: string, from: string, typeOnly = false): string {
    this.imports.add(`${name} as ${local}`, from, typeOnly);
    return local;
  }

  /** The file: header, imports, then the template rendered with `view`. */
  render(emitter: string, template: string, view: object): GeneratedFile {
    const body = render(emitter, template, view);
    const imports = this.imports.render();
    return preformatted({ path: this.path, content: `${header("//")}${imports}${imports ? "\n\n" : ""}${breakLongLines(body)}` });
  }
}

/** An index file re-exporting the given export clauses (`* from "./x.js"`, `* as coreV1 from ...`). */
export function indexFile(emitter: string, path: string, exports: string[]): GeneratedFile {
  return preformatted({ path, content: header("//") + breakLongLines(render(emitter, "index", { exports })) });
}
