/**
 * ts-morph, required rather than imported: it is CommonJS, and an ESM import of it makes Node
 * scan its source for named exports (through tsx's loader), about 0.2 s of CPU per run that
 * parses.
 */
import type * as TsMorph from "ts-morph";
import { requireWithCodeCache } from "./code-cache.js";

// Compiled with V8's code cache of an earlier run (code-cache.ts).
const tsMorph = requireWithCodeCache(import.meta.url, "ts-morph") as typeof TsMorph;

export const { Node, Project, SyntaxKind, ts } = tsMorph;
export type Node = TsMorph.Node;
export type { SourceFile, TypeNode } from "ts-morph";
