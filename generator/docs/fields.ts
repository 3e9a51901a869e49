/**
 * One schema property as a row of a fields table: its type (with links to the types it uses),
 * whether it is required, its list/map/patch semantics, values, default, limits and doc.
 */
import { breakableHtml, docHtml, escapeHtml, inlineHtml, splitEnumDoc } from "./doc-text.js";
import { fieldAnchor } from "./names.js";
import { refOf, type Schema } from "./schema-set.js";

/** Where a definition is documented, as a link from the page being built. */
export type Linker = (definition: string) => { href: string; short: string; external?: boolean } | undefined;

export type BadgeTone = "required" | "deprecated" | "list" | "map" | "patch" | "limit" | "note";

export interface Badge {
  text: string;
  /** What the badge means, for a tooltip. */
  title: string;
  tone: BadgeTone;
}

export interface EnumValues {
  /** The values, each with its meaning when the schema gives one (as HTML, else ""). */
  values: { value: string; meaningHtml: string }[];
  /** Whether any value has a meaning, so the values read as a list rather than chips. */
  explained: boolean;
}

/** A schema's allowed values and the description with upstream's value list taken out. */
export function enumOf(schema: Schema): { enum: EnumValues; descriptionHtml: string } {
  // A list of enum strings states its values on the items.
  const values = schema.enum ?? schema.items?.enum ?? [];
  const { doc, meanings } = values.length
    ? splitEnumDoc(schema.description)
    : { doc: schema.description, meanings: new Map<string, string>() };
  const rows = values.map((v) => {
    const value = typeof v === "string" ? v : JSON.stringify(v);
    // An empty value would show as nothing at all; quoted, it reads as the empty string.
    return { value: escapeHtml(value === "" ? '""' : value), meaningHtml: inlineHtml(meanings.get(value) ?? "") };
  });
  return { enum: { values: rows, explained: rows.some((r) => r.meaningHtml) }, descriptionHtml: docHtml(doc) };
}

export function escapeBadges(badges: Badge[]): Badge[] {
  return badges.map((b) => ({ ...b, text: escapeHtml(b.text), title: escapeHtml(b.title) }));
}

export interface Rule {
  ruleHtml: string;
  messageHtml: string;
}

export interface Alternative {
  html: string;
}

export interface FieldRow {
  name: string;
  /** The dotted path below the section's type (`spec.jobTemplate.containers[].name`). */
  path: string;
  /** The path's parents, shown faint before the name (`spec.jobTemplate.`). */
  parentHtml: string;
  /** The name with break opportunities between its words. */
  nameHtml: string;
  /** How deep in inline objects the field is; 0 for the type's own fields. */
  depth: number;
  anchor: string;
  typeHtml: string;
  required: boolean;
  deprecated: boolean;
  badges: Badge[];
  enum: EnumValues;
  /** The default as JSON, escaped; null when there is none worth showing. */
  defaultValue: string | null;
  /** An example value as JSON, escaped. */
  example: string | null;
  /** CEL rules (`x-kubernetes-validations`) with their messages. */
  rules: Rule[];
  /** `oneOf`/`anyOf` alternatives: which one of them the value must match. */
  alternatives: { kind: string; items: Alternative[] } | null;
  descriptionHtml: string;
}

/** Formats that name the width of a number stand in for `integer`/`number`. */
const NUMBER_FORMATS = new Set(["int32", "int64", "float", "double"]);

/** A schema's type as HTML: `[]Container`, `map[string]string`, `int32`, `string (date-time)`. */
export function typeHtml(schema: Schema, link: Linker): string {
  const ref = refOf(schema);
  if (ref) {
    const target = link(ref);
    const short = breakableHtml(target?.short ?? ref.slice(ref.lastIndexOf(".") + 1));
    if (!target) return `<span class="type">${short}</span>`;
    const ext = target.external ? ` rel="external" title="on kubernetes.io"` : "";
    return `<a class="type${target.external ? " external" : ""}" href="${escapeHtml(target.href)}"${ext}>${short}</a>`;
  }
  if (schema["x-kubernetes-int-or-string"] || schema.format === "int-or-string") return `<span class="type">int-or-string</span>`;
  if (schema.type === "array") return `[]<wbr>${schema.items ? typeHtml(schema.items, link) : "any"}`;
  if (schema.type === "object" && typeof schema.additionalProperties === "object") {
    return `map[string]<wbr>${typeHtml(schema.additionalProperties, link)}`;
  }
  if ((schema.type === "integer" || schema.type === "number") && schema.format && NUMBER_FORMATS.has(schema.format)) {
    return `<span class="type">${escapeHtml(schema.format)}</span>`;
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (!schema.type && alternatives?.some((a) => a.type || refOf(a))) {
    return alternatives.map((a) => typeHtml(a, link)).join(" <wbr>| ");
  }
  if (schema.type) {
    const fmt = schema.format ? ` <span class="format">(${escapeHtml(schema.format)})</span>` : "";
    return `<span class="type">${escapeHtml(schema.type)}</span>${fmt}`;
  }
  return `<span class="type">any</span>`;
}

/**
 * Every default an author wrote is shown, `0` and `false` included. Generated OpenAPI also
 * restates the zero value of every non-pointer string (`""`) and struct (`{}`): those say
 * nothing and are left out, unless the schema was written by hand (a CRD).
 */
export function shownDefault(value: unknown, handWritten: boolean): string | null {
  if (value === undefined) return null;
  if (!handWritten && (value === "" || (typeof value === "object" && value !== null && Object.keys(value).length === 0))) return null;
  return escapeHtml(JSON.stringify(value));
}

const LIST_TYPE_TITLES: Record<string, string> = {
  atomic: "replaced as a whole by apply and merge patches",
  set: "a set of unique scalars; apply merges by value",
  map: "a list of objects keyed by the listed fields; apply merges entry by entry",
};

/** Semantics a schema states about itself (on a field, or on a whole type). */
export function semanticBadges(schema: Schema): Badge[] {
  const badges: Badge[] = [];
  const listType = schema["x-kubernetes-list-type"];
  if (listType)
    badges.push({ text: `list: ${listType}`, title: `x-kubernetes-list-type: ${LIST_TYPE_TITLES[listType] ?? listType}`, tone: "list" });
  const keys = schema["x-kubernetes-list-map-keys"];
  if (keys?.length)
    badges.push({ text: `keys: ${keys.join(", ")}`, title: "x-kubernetes-list-map-keys: the fields that identify an entry", tone: "list" });
  const mapType = schema["x-kubernetes-map-type"];
  if (mapType)
    badges.push({
      text: `map: ${mapType}`,
      title: `x-kubernetes-map-type: ${mapType === "atomic" ? "replaced as a whole" : "merged key by key"}`,
      tone: "map",
    });
  const strategy = schema["x-kubernetes-patch-strategy"];
  if (strategy)
    badges.push({
      text: `patch: ${strategy}`,
      title: "x-kubernetes-patch-strategy: how a strategic merge patch combines this field",
      tone: "patch",
    });
  const mergeKey = schema["x-kubernetes-patch-merge-key"];
  if (mergeKey)
    badges.push({
      text: `merge key: ${mergeKey}`,
      title: "x-kubernetes-patch-merge-key: the field a strategic merge patch matches entries by",
      tone: "patch",
    });
  if (schema["x-kubernetes-preserve-unknown-fields"])
    badges.push({
      text: "any fields",
      title: "x-kubernetes-preserve-unknown-fields: fields the schema does not name are kept",
      tone: "note",
    });
  if (schema["x-kubernetes-embedded-resource"])
    badges.push({
      text: "embedded object",
      title: "x-kubernetes-embedded-resource: holds a whole object with apiVersion, kind and metadata",
      tone: "note",
    });
  if (schema.nullable) badges.push({ text: "nullable", title: "null is accepted", tone: "note" });
  return badges;
}

/** Validation limits as short badges: `≥ 1`, `max length 63`, `pattern ^[a-z]+$`. */
function limitBadges(schema: Schema): Badge[] {
  const out: Badge[] = [];
  const add = (text: string, title: string): void => void out.push({ text, title, tone: "limit" });
  if (schema.minimum !== undefined) add(`${schema.exclusiveMinimum ? ">" : "≥"} ${schema.minimum}`, "minimum");
  if (schema.maximum !== undefined) add(`${schema.exclusiveMaximum ? "<" : "≤"} ${schema.maximum}`, "maximum");
  if (schema.minLength !== undefined) add(`min length ${schema.minLength}`, "minLength");
  if (schema.maxLength !== undefined) add(`max length ${schema.maxLength}`, "maxLength");
  if (schema.minItems !== undefined) add(`min items ${schema.minItems}`, "minItems");
  if (schema.maxItems !== undefined) add(`max items ${schema.maxItems}`, "maxItems");
  if (schema.minProperties !== undefined) add(`min entries ${schema.minProperties}`, "minProperties");
  if (schema.maxProperties !== undefined) add(`max entries ${schema.maxProperties}`, "maxProperties");
  if (schema.pattern !== undefined) add(`pattern ${schema.pattern}`, "pattern");
  return out;
}

/** CEL rules as code and message. */
export function rulesOf(schema: Schema): Rule[] {
  return (schema["x-kubernetes-validations"] ?? []).map((r) => {
    const message = r.message ? escapeHtml(r.message) : r.messageExpression ? `<code>${escapeHtml(r.messageExpression)}</code>` : "";
    const notes = [
      // A rule that reads oldSelf is a transition rule: checked on updates only.
      ...(/\boldSelf\b/.test(r.rule) ? [r.optionalOldSelf ? "also on create (oldSelf optional)" : "on update only"] : []),
      ...(r.reason ? [`reason ${escapeHtml(r.reason)}`] : []),
      ...(r.fieldPath ? [`reported at <code>${escapeHtml(r.fieldPath)}</code>`] : []),
    ];
    return {
      ruleHtml: escapeHtml(r.rule),
      messageHtml: [message, ...(notes.length ? [`(${notes.join("; ")})`] : [])].filter(Boolean).join(" "),
    };
  });
}

/** What one `oneOf`/`anyOf` branch asks for: a type, required fields, or limits. */
function alternativeHtml(branch: Schema, link: Linker): string {
  const parts: string[] = [];
  if (branch.type || refOf(branch)) parts.push(`<code>${typeHtml(branch, link)}</code>`);
  if (branch.required?.length) parts.push(`sets ${branch.required.map((r) => `<code>${escapeHtml(r)}</code>`).join(" and ")}`);
  if (branch.properties)
    parts.push(
      `has ${Object.keys(branch.properties)
        .map((r) => `<code>${escapeHtml(r)}</code>`)
        .join(", ")}`,
    );
  const limits = limitBadges(branch).map((b) => escapeHtml(b.text));
  if (limits.length) parts.push(limits.join(", "));
  if (branch.enum?.length) parts.push(`one of ${branch.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(", ")}`);
  if (branch.not?.required?.length)
    parts.push(`does not set ${branch.not.required.map((r) => `<code>${escapeHtml(r)}</code>`).join(" or ")}`);
  if (branch.description) parts.push(inlineHtml(branch.description));
  return parts.join("; ") || "any value";
}

export function alternativesOf(schema: Schema, link: Linker): FieldRow["alternatives"] {
  const list = schema.oneOf ?? schema.anyOf;
  if (!list?.length) return null;
  return { kind: schema.oneOf ? "Exactly one of" : "At least one of", items: list.map((b) => ({ html: alternativeHtml(b, link) })) };
}

/** The inline object a schema holds (not a reference), if it names fields, and how its path reads. */
function inlineChild(schema: Schema): { schema: Schema; suffix: string } | undefined {
  if (refOf(schema)) return undefined;
  if (schema.properties && Object.keys(schema.properties).length) return { schema, suffix: "." };
  if (schema.type === "array" && schema.items && !refOf(schema.items)) {
    const inner = inlineChild(schema.items);
    return inner && { schema: inner.schema, suffix: `[]${inner.suffix}` };
  }
  if (typeof schema.additionalProperties === "object" && !refOf(schema.additionalProperties)) {
    const inner = inlineChild(schema.additionalProperties);
    return inner && { schema: inner.schema, suffix: `.<key>${inner.suffix}` };
  }
  return undefined;
}

export interface RowOptions {
  link: Linker;
  /** Whether every default in the schema was written by hand (CRDs). */
  handWritten: boolean;
}

/**
 * A type's fields as rows, the fields of inline objects (as every CRD schema writes them)
 * expanded under their parent with dotted paths: `spec.cronSpec`, `spec.containers[].name`.
 */
export function fieldRows(owner: string, schema: Schema, options: RowOptions, parent = "", depth = 0): FieldRow[] {
  const required = new Set(schema.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const path = `${parent}${name}`;
    rows.push(fieldRow(owner, name, path, parent, depth, prop, required.has(name), options));
    const child = inlineChild(prop);
    if (child) rows.push(...fieldRows(owner, child.schema, options, `${path}${child.suffix}`, depth + 1));
  }
  return rows;
}

export function fieldRow(
  owner: string,
  name: string,
  path: string,
  parent: string,
  depth: number,
  schema: Schema,
  required: boolean,
  options: RowOptions,
): FieldRow {
  const { enum: values, descriptionHtml } = enumOf(schema);
  // A list of inline objects states its limits and rules on the list and on the items.
  const item = schema.type === "array" && schema.items && !refOf(schema.items) ? schema.items : undefined;
  return {
    name: escapeHtml(name),
    path: escapeHtml(path),
    parentHtml: breakableHtml(parent),
    nameHtml: breakableHtml(name),
    depth,
    anchor: fieldAnchor(owner, path),
    typeHtml: typeHtml(schema, options.link),
    required,
    deprecated: schema.deprecated === true,
    badges: escapeBadges([
      ...semanticBadges(schema),
      ...limitBadges(schema),
      ...(item ? limitBadges(item).map((b) => ({ ...b, text: `each ${b.text}` })) : []),
    ]),
    enum: values,
    defaultValue: shownDefault(schema.default, options.handWritten),
    example: schema.example === undefined ? null : escapeHtml(JSON.stringify(schema.example)),
    rules: [...rulesOf(schema), ...(item ? rulesOf(item) : [])],
    alternatives: alternativesOf(schema, options.link),
    descriptionHtml,
  };
}

/** The definitions a schema refers to, at any depth, in document order. */
export function referencedDefinitions(schema: Schema): string[] {
  const out: string[] = [];
  const walk = (s: Schema | boolean | undefined): void => {
    if (!s || typeof s !== "object") return;
    const ref = s.$ref ? refOf(s) : undefined;
    if (ref && !out.includes(ref)) out.push(ref);
    s.allOf?.forEach(walk);
    s.oneOf?.forEach(walk);
    s.anyOf?.forEach(walk);
    walk(s.items);
    walk(s.additionalProperties);
    for (const p of Object.values(s.properties ?? {})) walk(p);
  };
  walk(schema);
  return out;
}
