/** Label key and value validation with upstream's rules and messages, and the field-error text they are reported in. */
import { goQuote } from "../go-strings.js";

/** Thrown for a selector that does not parse or breaks the label rules; the message is upstream's. */
export class InvalidSelectorError extends Error {
  override readonly name = "InvalidSelectorError";
}

// The label rules themselves are upstream's string checks, shared with the apiserver's validation.
export { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from "../validation/strings.js";

/** Renders a rejected value as upstream's field errors do: strings quoted, lists as JSON. */
function formatBadValue(value: unknown): string {
  if (typeof value === "string") return goQuote(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // Go's json.Marshal escapes HTML-significant characters; keep the same bytes.
  return (JSON.stringify(value) ?? "null").replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The text of one upstream field error: `path: Invalid value: "v": detail`. */
export function invalidFieldError(path: string, value: unknown, detail: string): string {
  return `${path}: Invalid value: ${formatBadValue(value)}${detail ? `: ${detail}` : ""}`;
}

/** The text of an upstream "Unsupported value" field error listing the supported values. */
export function notSupportedFieldError(path: string, value: unknown, supported: readonly string[]): string {
  const detail = supported.length > 0 ? `supported values: ${supported.map(goQuote).join(", ")}` : "";
  return `${path}: Unsupported value: ${formatBadValue(value)}${detail ? `: ${detail}` : ""}`;
}

/**
 * Joins error messages as upstream's aggregate error does: one message alone, several
 * (duplicates dropped) inside brackets; undefined when there are none.
 */
export function aggregateMessages(messages: readonly string[]): string | undefined {
  if (messages.length === 0) return undefined;
  if (messages.length === 1) return messages[0];
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0] : `[${unique.join(", ")}]`;
}
