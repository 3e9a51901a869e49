/**
 * YAML text of a JSON value, keys sorted (as sigs.k8s.io/yaml writes them), for any depth the
 * apiserver stores. The yaml library writes recursively, several frames a level: maps nested
 * about 700 deep overflow the stack (a 500 for a GET of a 1,000-deep custom resource). Nodes
 * past {@link BLOCK_DEPTH} are written as their JSON text instead, a flow collection every YAML
 * reader takes (JSON is YAML), which JSON.stringify writes without running out of stack.
 */
import YAML from "yaml";

/** How deep block style goes; real objects nest a few dozen levels, far from it. */
export const BLOCK_DEPTH = 100;

/** sigs.k8s.io/yaml's output: keys sorted, no folding. */
const K8S_OPTIONS: YAMLOptions = { sortMapEntries: true, lineWidth: 0 };

type YAMLOptions = YAML.DocumentOptions & YAML.SchemaOptions & YAML.ToStringOptions;

/**
 * YAML for `value`, a plain JSON value (as JSON.parse gives) that this function may change;
 * the flow part's keys are sorted when the options sort the block part's.
 */
export function stringifyYAML(value: unknown, options: YAMLOptions = K8S_OPTIONS): string {
  const flows = flowDeepNodes(value, options.sortMapEntries === true);
  const text = YAML.stringify(value, options);
  if (flows === undefined) return text;
  // Each stand-in is a plain scalar of its own in the text: swapped for its node's JSON.
  return text.replace(flows.pattern, (stand) => flows.json.get(stand) ?? stand);
}

/**
 * Replaces every object or array at depth BLOCK_DEPTH + 1 by a stand-in string (unique to this
 * call) and returns the stand-ins' JSON texts, sorted as the block part is; undefined when the
 * value is not that deep. Iterative, and it stops at that depth.
 */
function flowDeepNodes(value: unknown, sorted: boolean): { pattern: RegExp; json: Map<string, string> } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  let json: Map<string, string> | undefined;
  let prefix = "";
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child !== "object" || child === null) continue;
      if (depth < BLOCK_DEPTH) {
        stack.push({ node: child, depth: depth + 1 });
        continue;
      }
      if (json === undefined) {
        json = new Map();
        prefix = `kubegen-flow-${Math.random().toString(36).slice(2, 12)}-`;
      }
      const stand = `${prefix}${json.size}`;
      json.set(stand, JSON.stringify(sorted ? sortKeys(child) : child));
      (node as Record<string, unknown>)[key] = stand;
    }
  }
  return json === undefined ? undefined : { pattern: new RegExp(`${prefix}\\d+`, "g"), json };
}

/**
 * Sorts every object's keys in place (as the block part is), without recursion; integer-like
 * keys still come first, as JavaScript objects keep them.
 */
function sortKeys(value: unknown): unknown {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    const rec = node as Record<string, unknown>;
    const keys = Object.keys(rec);
    const entries = keys.sort().map((k) => [k, rec[k]] as const);
    for (const k of keys) delete rec[k];
    for (const [k, child] of entries) {
      rec[k] = child;
      stack.push(child);
    }
  }
  return value;
}
