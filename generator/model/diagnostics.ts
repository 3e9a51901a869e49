/**
 * Collects file:line errors so that one run reports every problem, and nothing is written.
 */
import path from "node:path";
import type { SourcePos } from "./types.js";

export interface Diagnostic {
  pos: SourcePos;
  message: string;
}

export class GeneratorError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join("\n"));
    this.name = "GeneratorError";
  }
}

export function formatDiagnostic(d: Diagnostic): string {
  const file = path.relative(process.cwd(), d.pos.file) || d.pos.file;
  return `${file}:${d.pos.line}: ${d.message}`;
}

export class Diagnostics {
  readonly list: Diagnostic[] = [];

  private readonly seen = new Set<string>();

  /** Records a problem; the same message at the same place (found by two checks) once. */
  error(pos: SourcePos, message: string): void {
    const key = `${pos.file}:${pos.line}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ pos, message });
  }

  /** Throws when anything was reported. */
  throwIfAny(): void {
    if (this.list.length) {
      const sorted = [...this.list].sort((a, b) => a.pos.file.localeCompare(b.pos.file) || a.pos.line - b.pos.line);
      throw new GeneratorError(sorted);
    }
  }
}
