/**
 * Reachability helpers for JSON-shaped values: which objects and arrays a value holds, and a
 * way to scribble over all of them.
 */

/** True for values that are objects or arrays (things a copy must not share). */
export function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** Every object and array reachable from `root` (itself included), in visiting order. */
export function reachableContainers(root: unknown): object[] {
  const seen = new Set<object>();
  const out: object[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (!isContainer(v) || seen.has(v)) continue;
    seen.add(v);
    out.push(v);
    if (Array.isArray(v)) {
      for (const e of v) stack.push(e);
    } else {
      // Object.keys lists an own "__proto__" key like any other.
      for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return out;
}

/** The path (like `$.spec.ports[0]`) of every container reachable from `copy` that is also reachable from `original`. */
export function sharedContainers(original: unknown, copy: unknown): string[] {
  const originals = new Set(reachableContainers(original));
  const shared: string[] = [];
  const seen = new Set<object>();
  const visit = (v: unknown, path: string): void => {
    if (!isContainer(v) || seen.has(v)) return;
    seen.add(v);
    if (originals.has(v)) shared.push(path);
    if (Array.isArray(v)) {
      v.forEach((e, i) => visit(e, `${path}[${i}]`));
    } else {
      for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], `${path}[${JSON.stringify(k)}]`);
    }
  };
  visit(copy, "$");
  return shared;
}

export const MUTATION_KEY = "__deepcopy_test_mutated__";

/**
 * Changes every object and array reachable from `root`: adds a key to each object, appends to
 * each array, and replaces every primitive member. Returns how many containers it touched.
 */
export function mutateEverywhere(root: unknown): number {
  const containers = reachableContainers(root); // collected first, so additions are not walked
  const bump = (v: unknown): unknown => {
    switch (typeof v) {
      case "string":
        return `${v}~`;
      case "number":
        return v + 1;
      case "boolean":
        return !v;
      default:
        return v === null ? "was-null" : v;
    }
  };
  for (const c of containers) {
    if (Array.isArray(c)) {
      for (let i = 0; i < c.length; i++) if (!isContainer(c[i])) c[i] = bump(c[i]);
      c.push(MUTATION_KEY);
    } else {
      const o = c as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        if (isContainer(o[k])) continue;
        Object.defineProperty(o, k, {
          value: bump(o[k]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      o[MUTATION_KEY] = true;
    }
  }
  return containers.length;
}
