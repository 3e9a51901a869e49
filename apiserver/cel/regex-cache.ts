/**
 * `matches()` with its compiled patterns kept: @bufbuild/cel compiles the pattern on every call,
 * which costs more than the match for the short anchored patterns rules use. re2js is the
 * engine OpenAPI `pattern` already runs on: the same RE2 lineage as the library's built-in one,
 * with Go's syntax and error texts.
 */
import { RE2JS } from "re2js";

/** Patterns are rule constants in practice; the bound only stops a request-controlled pattern from growing it. */
const MAX_PATTERNS = 512;
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
