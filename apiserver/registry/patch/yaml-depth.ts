/**
 * How deep a YAML text nests, found without recursion. The yaml library builds values
 * recursively; nested far enough it overflows the stack, and when V8 happens to compile one of
 * the library's regular expressions that deep (a regexp tiers up on its second run), the process
 * dies with a fatal out-of-memory error instead of a catchable RangeError. The library's
 * concrete-syntax parser keeps its own stack, so the depth is measured on its tokens first and
 * deep texts are refused before any value is built.
 */
import { Parser } from "yaml";

/**
 * The deepest YAML decoded, lower than JSON's 1,000: the library's recursion takes several frames
 * a level, and a 1,000-deep text decoded from a handler's stack came near enough to the limit to
 * kill the process; 600 never did, from 7,000 frames deep.
 */
export const MAX_YAML_DEPTH = 500;

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

/** Whether collections in `text` nest deeper than `maxDepth` (each block or flow collection a level). */
export function yamlNestsDeeperThan(text: string, maxDepth = MAX_YAML_DEPTH): boolean {
  const stack: { node: object; depth: number }[] = [];
  for (const token of new Parser().parse(text)) stack.push({ node: token, depth: 0 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const level = COLLECTIONS.has((node as { type?: unknown }).type as string) ? depth + 1 : depth;
    if (level > maxDepth) return true;
    // Tokens hold their children in arrays and plain objects (items, key, sep, value, start...).
    for (const k in node) {
      const child = (node as Record<string, unknown>)[k];
      if (typeof child === "object" && child !== null) stack.push({ node: child, depth: level });
    }
  }
  return false;
}
