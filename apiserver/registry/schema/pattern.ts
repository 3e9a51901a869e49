/**
 * Schema patterns are Go regular expressions (RE2 syntax), as upstream compiles them with
 * regexp.Compile; re2js parses the same syntax with Go's error messages, and matches as
 * MatchString does (anywhere in the value unless anchored). Compiled once, in the cache CEL's
 * `matches()` uses too.
 */
import type { RE2JS } from "re2js";
import { cachedRE2 } from "../../cel/regex-cache.js";

/** The compiled pattern, or Go's compile error message. */
export function compileGoPattern(pattern: string): RE2JS | string {
  try {
    return cachedRE2.compile(pattern);
  } catch (e) {
    return (e as Error).message;
  }
}
