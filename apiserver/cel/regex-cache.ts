/**
 * Compiled Go (RE2) patterns, kept: for CEL's `matches()` (@bufbuild/cel compiles the pattern on
 * every call, which costs more than the match for the short anchored patterns rules use) and for
 * OpenAPI `pattern` (registry/schema/pattern.ts). re2js has Go's syntax and error texts.
 */
import { RE2JS } from "re2js";

/** Patterns are CRD and rule constants in practice; the bound only stops request-controlled patterns from growing it. */
const MAX_PATTERNS = 4096;
const compiled = new Map<string, RE2JS>();

export const cachedRE2 = {
  compile(pattern: string): RE2JS {
    let re = compiled.get(pattern);
    if (re === undefined) {
      re = RE2JS.compile(pattern);
      if (compiled.size >= MAX_PATTERNS) compiled.delete(compiled.keys().next().value!);
      compiled.set(pattern, re);
    }
    return re;
  },
};
