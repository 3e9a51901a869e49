/**
 * Upstream's toleration merge (pkg/util/tolerations): the union of two lists where a toleration
 * another one covers is dropped, equal ones kept once (the first).
 */
export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number | null;
}

/** Go's zero values: an absent string is "", an absent tolerationSeconds is nil. */
function same(x: Toleration, y: Toleration): boolean {
  return (
    (x.key ?? "") === (y.key ?? "") &&
    (x.operator ?? "") === (y.operator ?? "") &&
    (x.value ?? "") === (y.value ?? "") &&
    (x.effect ?? "") === (y.effect ?? "") &&
    (x.tolerationSeconds ?? null) === (y.tolerationSeconds ?? null)
  );
}

/** Whether `ss` tolerates every taint `t` tolerates. */
export function coversToleration(ss: Toleration, t: Toleration): boolean {
  if (same(ss, t)) return true;
  const ssKey = ss.key ?? "";
  // An empty key with Exists matches every key.
  if ((t.key ?? "") !== ssKey && (ssKey !== "" || ss.operator !== "Exists")) return false;
  // An empty effect matches every effect.
  if ((t.effect ?? "") !== (ss.effect ?? "") && (ss.effect ?? "") !== "") return false;
  if (ss.effect === "NoExecute" && typeof ss.tolerationSeconds === "number") {
    if (typeof t.tolerationSeconds !== "number" || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  const op = ss.operator ?? "";
  if (op === "" || op === "Equal") return t.operator === "Equal" && (t.value ?? "") === (ss.value ?? "");
  return op === "Exists";
}

export function mergeTolerations(first: readonly Toleration[], second: readonly Toleration[]): Toleration[] {
  const all = [...first, ...second];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => coversToleration(m, t))) return;
    // A later toleration that covers this one (and is not equal to it) makes it redundant.
    for (let j = i + 1; j < all.length; j++) if (!same(t, all[j]!) && coversToleration(all[j]!, t)) return;
    merged.push(t);
  });
  return merged;
}
