/**
 * Patterns are Go regular expressions (RE2 syntax), as the apiserver compiles them: checked with
 * re2js, whose messages are Go's (`error parsing regexp: missing closing ): ...`).
 */
import { RE2JS } from "re2js";

export function re2Problem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
