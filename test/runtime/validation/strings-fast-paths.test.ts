/**
 * The string checks' fast paths (a UTF-8 length counted only when the UTF-16 length cannot tell,
 * qualified names split without an array and kept once valid, `..` elements found without a
 * split, DNS labels and subdomains, label values and config keys checked by char codes) answer as
 * the plain definitions do.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasDotDotElement } from "../../../apiserver/registry/validation/downward-api.js";
import { utf8Length } from "../../../runtime/go-strings.js";
import {
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPortName,
  maxLenError,
  regexError,
} from "../../../runtime/validation/strings.js";

const QNAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QNAME_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** The definition, as upstream states it: split on '/', at most two parts. */
function qualifiedNameByDefinition(value: string): string[] {
  const parts = value.split("/");
  const errs: string[] = [];
  let name = parts[0]!;
  if (parts.length === 2) {
    name = parts[1]!;
    if (parts[0] === "") errs.push("prefix part must be non-empty");
    else errs.push(...isDNS1123Subdomain(parts[0]!).map((m) => `prefix part ${m}`));
  } else if (parts.length > 2) {
    return [
      `a qualified name ${regexError(QNAME_ERR, QNAME_FMT, "MyName", "my.name", "123-abc")}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (utf8Length(name) > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!new RegExp(`^${QNAME_FMT}$`).test(name)) errs.push(`name part ${regexError(QNAME_ERR, QNAME_FMT, "MyName", "my.name", "123-abc")}`);
  return errs;
}

/** Keys near every boundary: prefixes and names about their length limits, multi-byte characters, slashes. */
const piece = fc.oneof(
  fc.stringMatching(/^[a-z0-9.-]{0,70}$/),
  fc.stringMatching(/^[A-Za-z0-9_.-]{0,70}$/),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("", "a".repeat(63), "a".repeat(64), "é".repeat(21), "é".repeat(32), "é".repeat(31) + "a", "😀".repeat(16)),
);
const key = fc.oneof(
  piece,
  fc.tuple(piece, piece).map(([p, n]) => `${p}/${n}`),
  fc.array(piece, { minLength: 3, maxLength: 4 }).map((a) => a.join("/")),
);

describe("string check fast paths", () => {
  it("isQualifiedName answers as the definition, first call and kept alike", () => {
    fc.assert(
      fc.property(key, (k) => {
        const want = qualifiedNameByDefinition(k);
        expect(isQualifiedName(k)).toEqual(want);
        expect(isQualifiedName(k)).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });

  it("a kept valid name is a fresh array each time: callers may add to it", () => {
    const a = isQualifiedName("app.kubernetes.io/name");
    a.push("x");
    expect(isQualifiedName("app.kubernetes.io/name")).toEqual([]);
  });

  it("hasDotDotElement is split('/').includes('..')", () => {
    const path = fc.array(fc.constantFrom("..", ".", "a", "...", "..a", "a..", "", "b.c"), { maxLength: 5 }).map((a) => a.join("/"));
    fc.assert(
      fc.property(fc.oneof(path, fc.string({ maxLength: 12 })), (p) => {
        expect(hasDotDotElement(p)).toBe(p.split("/").includes(".."));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("port names", () => {
  /** The rules one by one, as upstream lists them. */
  function portNameByRules(port: string): string[] {
    const errs: string[] = [];
    if (port.length > 15) errs.push("must be no more than 15 characters");
    if (!/^[-a-z0-9]+$/.test(port)) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    if (!/[a-z]/.test(port)) errs.push("must contain at least one letter (a-z)");
    if (port.includes("--")) errs.push("must not contain consecutive hyphens");
    if (port.length > 0 && (port.startsWith("-") || port.endsWith("-"))) errs.push("must not begin or end with a hyphen");
    return errs;
  }

  it("isValidPortName's one-pass accept agrees with every rule", () => {
    const name = fc.oneof(fc.stringMatching(/^[-a-z0-9A-Z_]{0,18}$/), fc.string({ maxLength: 17 }));
    fc.assert(
      fc.property(name, (p) => {
        expect(isValidPortName(p)).toEqual(portNameByRules(p));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("DNS-1123 labels and subdomains", () => {
  const LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  const SUBDOMAIN = `${LABEL}(\\.${LABEL})*`;
  const LABEL_ERR =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
  const SUBDOMAIN_ERR =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

  /** The definitions: a UTF-8 length, then the expressions. */
  function labelByDefinition(v: string): string[] {
    const errs: string[] = [];
    if (utf8Length(v) > 63) errs.push(maxLenError(63));
    if (!new RegExp(`^${LABEL}$`).test(v)) {
      if (new RegExp(`^${SUBDOMAIN}$`).test(v)) errs.push("must not contain dots");
      else errs.push(regexError(LABEL_ERR, LABEL, "my-name", "123-abc"));
    }
    return errs;
  }
  function subdomainByDefinition(v: string): string[] {
    const errs: string[] = [];
    if (utf8Length(v) > 253) errs.push(maxLenError(253));
    if (!new RegExp(`^${SUBDOMAIN}$`).test(v)) errs.push(regexError(SUBDOMAIN_ERR, SUBDOMAIN, "example.com"));
    return errs;
  }

  const text = fc.oneof(
    fc.stringMatching(/^[a-z0-9.-]{0,70}$/),
    fc.stringMatching(/^[-a-zA-Z0-9._]{0,8}$/),
    fc.array(fc.stringMatching(/^[a-z0-9-]{0,66}$/), { maxLength: 5 }).map((a) => a.join(".")),
    fc.string({ maxLength: 10 }),
    fc.constantFrom("", "-", ".", "a.", ".a", "a..b", "a".repeat(63), "a".repeat(64), `${"a".repeat(63)}.`.repeat(4) + "a", "ab\u00e9"),
  );

  it("answer as the expressions do", () => {
    fc.assert(
      fc.property(text, (v) => {
        expect(isDNS1123Label(v)).toEqual(labelByDefinition(v));
        expect(isDNS1123Subdomain(v)).toEqual(subdomainByDefinition(v));
      }),
      { numRuns: 4000 },
    );
  });
});

describe("label values and config keys", () => {
  const VALUE = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
  const VALUE_ERR =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
  const KEY = "[-._a-zA-Z0-9]+";
  const KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

  /** The definitions: a UTF-8 length, then the expression (and for keys the dot-only names). */
  function labelValueByDefinition(v: string): string[] {
    const errs: string[] = [];
    if (utf8Length(v) > 63) errs.push(maxLenError(63));
    if (!new RegExp(`^${VALUE}$`).test(v)) errs.push(regexError(VALUE_ERR, VALUE, "MyValue", "my_value", "12345"));
    return errs;
  }
  function configKeyByDefinition(v: string): string[] {
    const errs: string[] = [];
    if (utf8Length(v) > 253) errs.push(maxLenError(253));
    if (!new RegExp(`^${KEY}$`).test(v)) errs.push(regexError(KEY_ERR, KEY, "key.name", "KEY_NAME", "key-name"));
    if (v === ".") errs.push("must not be '.'");
    else if (v === "..") errs.push("must not be '..'");
    else if (v.startsWith("..")) errs.push("must not start with '..'");
    return errs;
  }

  const text = fc.oneof(
    fc.stringMatching(/^[-A-Za-z0-9_.]{0,70}$/),
    fc.stringMatching(/^[-A-Za-z0-9_.]{240,260}$/),
    fc.string({ maxLength: 10 }),
    fc.constantFrom(
      "",
      ".",
      "..",
      "...",
      "..a",
      ".a",
      "a.",
      "-",
      "_a",
      "a".repeat(63),
      "a".repeat(64),
      "a".repeat(253),
      "a".repeat(254),
      "é",
      "aé",
    ),
  );

  it("answer as the expressions do", () => {
    fc.assert(
      fc.property(text, (v) => {
        expect(isValidLabelValue(v)).toEqual(labelValueByDefinition(v));
        expect(isConfigMapKey(v)).toEqual(configKeyByDefinition(v));
      }),
      { numRuns: 4000 },
    );
  });
});
