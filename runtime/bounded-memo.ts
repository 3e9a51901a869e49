/**
 * A memo for work keyed by strings that come back over and over (headers, label keys, quantity
 * strings, user agents): `compute` runs once per key while the key is kept. Keys are anyone's, so
 * the memo is bounded; when it holds `max` entries it is emptied rather than tracked per use,
 * because the hot keys are back within a few calls and emptying costs nothing per hit.
 * `undefined` results are kept too.
 */
export function boundedMemo<K, V>(compute: (key: K) => V, max: number): (key: K) => V {
  const memo = new Map<K, V>();
  return (key: K): V => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key);
      if (memo.size >= max) memo.clear();
      memo.set(key, value);
    }
    return value as V;
  };
}
