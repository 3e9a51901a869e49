/**
 * YAML as kubectl reads it: kubectl (go-yaml) follows YAML 1.1, where `no`, `on`, `y` and `~`
 * are not strings, and Go's number parser also takes `0o7` and `1_000`. Every string scalar
 * (keys included) that any of these readers would retype is written double-quoted.
 */
import { Document, parse, visit } from "yaml";

/** Go's strconv forms YAML 1.1's resolver hands to ParseInt/ParseFloat (underscores, 0o, 0b, hex floats). */
const GO_NUMBERISH = /^[-+]?(\.?[0-9]|\.(inf|nan))/i;

function retyped(s: string): boolean {
  if (s === "" || GO_NUMBERISH.test(s)) return true;
  for (const version of ["1.1", "1.2"] as const) {
    try {
      // Silent: a CEL rule such as `!has(self.x)` reads as an unknown YAML tag, which is reason enough to quote it.
      if (typeof parse(s, { version, logLevel: "silent" }) !== "string") return true;
    } catch {
      return true;
    }
  }
  return false;
}

export function kubectlYaml(value: unknown): string {
  const doc = new Document(value, { version: "1.1" });
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && retyped(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  return doc.toString({ lineWidth: 0 });
}
