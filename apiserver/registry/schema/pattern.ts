/**
 * Schema patterns are Go regular expressions (RE2 syntax), as upstream compiles them with
 * regexp.Compile; re2js parses the same syntax with Go's error messages, and matches as
 * MatchString does (anywhere in the value unless anchored).
 */
import { RE2JS } from "re2js";

const cache = new Map<string, RE2JS | string>();

/** The compiled pattern, or Go's compile error message. */
export function compileGoPattern(pattern: string): RE2JS | string {
  let re = cache.get(pattern);
  if (re === undefined) {
    try {
      re = RE2JS.compile(pattern);
    } catch (e) {
      re = (e as Error).message;
    }
    // Patterns come from CRDs, a bounded set; the cap only guards against churn.
    if (cache.size > 4096) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}
