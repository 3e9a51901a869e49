/**
 * Tracks the imports a generated TypeScript file needs, so templates never write import lines
 * and every file imports exactly what it uses, in a stable order.
 */
import path from "node:path";
import { importDeclaration } from "./layout.js";

export class ImportTracker {
  private readonly modules = new Map<string, { names: Set<string>; typeOnly: Set<string> }>();

  /** @param fromFile absolute path of the file being generated */
  constructor(private readonly fromFile: string) {}

  /** Imports `name` from an absolute file path (a .ts source) or a bare module specifier. */
  add(name: string, from: string, typeOnly = false): string {
    const spec = this.specifier(from);
    if (spec === null) return name;
    let entry = this.modules.get(spec);
    if (!entry) {
      entry = { names: new Set(), typeOnly: new Set() };
      this.modules.set(spec, entry);
    }
    if (typeOnly) {
      if (!entry.names.has(name)) entry.typeOnly.add(name);
    } else {
      entry.typeOnly.delete(name);
      entry.names.add(name);
    }
    return name;
  }

  addType(name: string, from: string): string {
    return this.add(name, from, true);
  }

  private specifier(from: string): string | null {
    if (!path.isAbsolute(from)) return from;
    const target = from.replace(/\.ts$/, ".js");
    if (target === this.fromFile.replace(/\.ts$/, ".js")) return null;
    let rel = path.relative(path.dirname(this.fromFile), target).split(path.sep).join("/");
    if (!rel.startsWith(".")) rel = `./${rel}`;
    return rel;
  }

  render(): string {
    return [...this.modules.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([spec, { names, typeOnly }]) => {
        if (names.size === 0) return importDeclaration("import type", [...typeOnly].sort(), spec);
        const parts = [...[...names].sort(), ...[...typeOnly].sort().map((n) => `type ${n}`)];
        return importDeclaration("import", parts, spec);
      })
      .join("\n");
  }
}
