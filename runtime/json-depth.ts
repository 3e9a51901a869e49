/**
 * How deep JSON text nests, found without parsing it: JSON.parse takes any depth, but what
 * consumes the values (copies, comparisons, walkers) recurses, so the apiserver and the client
 * refuse text past a bound first, with Go's encoding/json words.
 */

/** `budget` less the occurrences of `c` in `text`, stopping at 0 (indexOf jumps natively). */
function countBelow(text: string, c: string, budget: number): number {
  let left = budget;
  for (let i = text.indexOf(c); i >= 0 && left > 0; i = text.indexOf(c, i + 1)) left--;
  return left;
}

/**
 * The bracket past which `text` (outside its strings) nests deeper than `maxDepth`, or undefined.
 * Nesting past maxDepth needs more than maxDepth opening brackets: those are counted natively
 * first, so most texts are never scanned character by character.
 */
export function bracketPastDepth(text: string, maxDepth: number): string | undefined {
  if (text.length <= maxDepth || countBelow(text, "{", countBelow(text, "[", maxDepth + 1)) > 0) return undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return text[i];
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return undefined;
}
