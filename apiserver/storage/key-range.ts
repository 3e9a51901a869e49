/**
 * The key range of a prefix, as etcd computes it: every key k with start <= k < end, where end
 * is the prefix with its last byte below 0xff incremented (bytewise, so UTF-8 strings order as
 * etcd and SQLite's BINARY collation order them).
 */

/** etcd's range end for a prefix; undefined for the empty prefix (every key). */
export function prefixEndBytes(prefix: string): Buffer | undefined {
  const bytes = Buffer.from(prefix, "utf8");
  for (let i = bytes.length - 1; i >= 0; i--) {
    if (bytes[i]! < 0xff) {
      const end = Buffer.from(bytes.subarray(0, i + 1));
      end[i]! += 1;
      return end;
    }
  }
  return undefined;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The same end as a string, for stores that keep keys as text. When the incremented bytes are
 * not valid UTF-8 (the prefix ends in a multi-byte character whose last byte is 0xbf), the end
 * is the prefix followed by the highest code point, which no valid key under the prefix passes
 * except keys continuing with that very code point. Kubernetes keys are ASCII.
 */
export function prefixEnd(prefix: string): string | undefined {
  const end = prefixEndBytes(prefix);
  if (end === undefined) return undefined;
  try {
    return UTF8.decode(end);
  } catch {
    return `${prefix}\u{10FFFF}`;
  }
}
