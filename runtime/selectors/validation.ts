/** Label key and value validation with upstream's rules and messages, and the field-error text they are reported in. */
import { goQuote, utf8Length } from "./go-strings.js";

/** Thrown for a selector that does not parse or breaks the label rules; the message is upstream's. */
export class InvalidSelectorError extends Error {
  override readonly name = "InvalidSelectorError";
}

const QNAME_CHAR = "[A-Za-z0-9]";
const QNAME_EXT_CHAR = "[-A-Za-z0-9_.]";
const QUALIFIED_NAME_FMT = `(${QNAME_CHAR}${QNAME_EXT_CHAR}*)?${QNAME_CHAR}`;
const QUALIFIED_NAME_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QUALIFIED_NAME_MAX = 63;
const QUALIFIED_NAME_RE = new RegExp(`^${QUALIFIED_NAME_FMT}$`);

const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MAX = 63;
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);

const DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX = 253;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);

/** Upstream's wording for a pattern mismatch, with the examples it offers. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join("or ")}regex used for validation is '${fmt}')`;
}

function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

/** Problems with `value` as a DNS-1123 subdomain (empty when valid). */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_SUBDOMAIN_MAX) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, "example.com"));
  return errs;
}

/** Problems with `value` as a qualified name (a label or annotation key), empty when valid. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split("/");
  let name: string;
  if (parts.length === 1) {
    name = parts[0]!;
  } else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a qualified name ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (utf8Length(name) > QUALIFIED_NAME_MAX) errs.push(`name part ${maxLenError(QUALIFIED_NAME_MAX)}`);
  if (!QUALIFIED_NAME_RE.test(name)) {
    errs.push(`name part ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")}`);
  }
  return errs;
}

/** Problems with `value` as a label value, empty when valid. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > LABEL_VALUE_MAX) errs.push(maxLenError(LABEL_VALUE_MAX));
  if (!LABEL_VALUE_RE.test(value)) errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
  return errs;
}

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
