/**
 * Content negotiation as upstream's negotiation package: the Accept header picks the response
 * encoding (JSON, YAML or Kubernetes protobuf) and an optional conversion (`as=Table`,
 * `as=PartialObjectMetadata`...), the Content-Type header picks the request decoder.
 */
import { newStatusError } from "./status.js";
import { boundedMemo } from "../../runtime/bounded-memo.js";

export type Format = "json" | "yaml" | "protobuf";

export const MEDIA_TYPES: Readonly<Record<Format, string>> = {
  json: "application/json",
  yaml: "application/yaml",
  protobuf: "application/vnd.kubernetes.protobuf",
};

/** Formats in the server's order of preference, as upstream's serializers list them. */
const FORMATS: readonly Format[] = ["json", "yaml", "protobuf"];
/** YAML has no stream framing; a watch may only ask for JSON or protobuf. */
const STREAM_FORMATS: readonly Format[] = ["json", "protobuf"];

export interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
  q: number;
}

/** A conversion the client asked for with `as=`, `g=` and `v=`. */
export interface ConvertTarget {
  group: string;
  version: string;
  kind: string;
}

export interface OutputMediaType {
  format: Format;
  /** The Content-Type to answer with. */
  contentType: string;
  convert?: ConvertTarget;
  pretty: boolean;
}

/** Which conversions an endpoint can serve. */
export interface EndpointRestrictions {
  allowsTransform(format: Format, target: ConvertTarget | undefined): boolean;
}

/** Non-resource endpoints (discovery, version): plain objects, no conversions. */
export const defaultRestrictions: EndpointRestrictions = {
  allowsTransform: (_format, target) => target === undefined,
};

function parseParams(parts: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const p of parts) {
    const eq = p.indexOf("=");
    if (eq < 0) continue;
    const key = p.slice(0, eq).trim().toLowerCase();
    let value = p.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    params[key] = value;
  }
  return params;
}

/** Parses an Accept header into media ranges, best first (by q, then specificity), as goautoneg orders them. */
export function parseAccept(header: string): MediaRange[] {
  const out: (MediaRange & { index: number })[] = [];
  header.split(",").forEach((clause, index) => {
    const parts = clause.split(";");
    const full = parts[0]!.trim().toLowerCase();
    if (full === "") return;
    const slash = full.indexOf("/");
    const type = slash < 0 ? full : full.slice(0, slash);
    const subtype = slash < 0 ? "*" : full.slice(slash + 1);
    const params = parseParams(parts.slice(1));
    let q = 1;
    if (params.q !== undefined) {
      const n = Number(params.q);
      q = Number.isFinite(n) ? n : 0;
      delete params.q;
    }
    out.push({ type, subtype, params, q, index });
  });
  const specificity = (m: MediaRange): number => (m.type === "*" ? 0 : m.subtype === "*" ? 1 : 2);
  out.sort((a, b) => b.q - a.q || specificity(b) - specificity(a) || a.index - b.index);
  return out.filter((m) => m.q > 0).map(({ index: _index, ...m }) => m);
}

function formatMatches(range: MediaRange, format: Format): boolean {
  const [type, subtype] = MEDIA_TYPES[format].split("/") as [string, string];
  if (range.type === "*" && range.subtype === "*") return true;
  return range.type === type && (range.subtype === "*" || range.subtype === subtype);
}

/** Upstream's acceptMediaTypeOptions: the params of one clause, or undefined when they rule the format out. */
function optionsFor(range: MediaRange, format: Format, restrictions: EndpointRestrictions): OutputMediaType | undefined {
  let convert: ConvertTarget | undefined;
  let pretty = false;
  for (const [key, value] of Object.entries(range.params)) {
    switch (key) {
      case "as":
        convert = { ...(convert ?? { group: "", version: "" }), kind: value };
        break;
      case "g":
        convert = { ...(convert ?? { kind: "", version: "" }), group: value };
        break;
      case "v":
        convert = { ...(convert ?? { kind: "", group: "" }), version: value };
        break;
      case "stream":
        if (value !== "" && (value !== "watch" || !STREAM_FORMATS.includes(format))) return undefined;
        break;
      case "pretty":
        pretty = value === "1";
        break;
      default:
        break;
    }
  }
  if (!restrictions.allowsTransform(format, convert)) return undefined;
  const out: OutputMediaType = { format, contentType: MEDIA_TYPES[format], pretty };
  if (convert) out.convert = convert;
  return out;
}

/** Accept headers kept per endpoint kind, and the longest kept (beyond, a header is parsed each time). */
const MEMO_MAX_ENTRIES = 64;
const MEMO_MAX_HEADER = 256;
/**
 * Negotiated answers by restrictions, then stream flag, then Accept header (the header string
 * itself is the key: no joined key to build and hash per request): frozen, as they are shared.
 */
const negotiated = new WeakMap<
  EndpointRestrictions,
  [objects: (accept: string) => OutputMediaType, streams: (accept: string) => OutputMediaType]
>();

/**
 * The response encoding for an Accept header; throws 406 NotAcceptable when nothing in it can
 * be served. `stream` restricts to formats that can frame a watch.
 */
export function negotiateOutput(accept: string | undefined, restrictions: EndpointRestrictions, stream = false): OutputMediaType {
  if (!accept || accept.trim() === "") return { format: "json", contentType: MEDIA_TYPES.json, pretty: false };
  // Clients send the same few Accept headers over and over: each is parsed once per endpoint kind.
  if (accept.length > MEMO_MAX_HEADER) return negotiate(accept, restrictions, stream);
  let memos = negotiated.get(restrictions);
  if (!memos) {
    memos = [
      boundedMemo((a: string) => negotiate(a, restrictions, false), MEMO_MAX_ENTRIES),
      boundedMemo((a: string) => negotiate(a, restrictions, true), MEMO_MAX_ENTRIES),
    ];
    negotiated.set(restrictions, memos);
  }
  return memos[stream ? 1 : 0](accept);
}

function negotiate(accept: string, restrictions: EndpointRestrictions, stream: boolean): OutputMediaType {
  const formats = stream ? STREAM_FORMATS : FORMATS;
  for (const range of parseAccept(accept)) {
    for (const format of formats) {
      if (!formatMatches(range, format)) continue;
      const options = optionsFor(range, format, restrictions);
      if (options) {
        if (options.convert) Object.freeze(options.convert);
        return Object.freeze(options);
      }
    }
  }
  const supported = formats.map((f) => (stream ? `${MEDIA_TYPES[f]};stream=watch` : MEDIA_TYPES[f]));
  throw newStatusError(406, "NotAcceptable", `only the following media types are accepted: ${supported.join(", ")}`);
}

const TSPECIALS = new Set('()<>@,;:\\"/[]?=');
const isTokenChar = (c: string): boolean => c > " " && c < "\x7f" && !TSPECIALS.has(c);

/** A token at the start of s, and what follows it. */
function consumeToken(s: string): [string, string] {
  let i = 0;
  while (i < s.length && isTokenChar(s[i]!)) i++;
  return [s.slice(0, i), s.slice(i)];
}

/** A token or quoted string at the start of s (Go's consumeValue); [undefined, s] when neither. */
function consumeValue(s: string): [string | undefined, string] {
  if (!s.startsWith('"')) {
    const [token, rest] = consumeToken(s);
    return [token === "" ? undefined : token, rest];
  }
  let value = "";
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') return [value, s.slice(i + 1)];
    if (c === "\\" && i + 1 < s.length && TSPECIALS.has(s[i + 1]!)) {
      value += s[++i];
      continue;
    }
    if (c === "\r" || c === "\n") return [undefined, s];
    value += c;
  }
  return [undefined, s];
}

/**
 * Parses a Content-Type as Go's mime.ParseMediaType does (which upstream's input negotiation
 * relies on): `type[/subtype]` of tokens, then `; name=value` parameters. Undefined when the
 * header is malformed: no type, junk after the subtype, a broken parameter, or a parameter
 * given twice with different values.
 */
export function parseMediaType(header: string): { mediaType: string; params: Record<string, string> } | undefined {
  const semi = header.indexOf(";");
  const mediaType = (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
  const [type, afterType] = consumeToken(mediaType);
  if (type === "") return undefined;
  if (afterType !== "") {
    if (!afterType.startsWith("/")) return undefined;
    const [subtype, afterSubtype] = consumeToken(afterType.slice(1));
    if (subtype === "" || afterSubtype !== "") return undefined;
  }
  const params: Record<string, string> = {};
  let rest = semi < 0 ? "" : header.slice(semi);
  for (;;) {
    rest = rest.trimStart();
    if (rest === "") break;
    // `; name = value`, spaces allowed around each part.
    const [name, afterName] = rest.startsWith(";") ? consumeToken(rest.slice(1).trimStart()) : ["", rest];
    const afterEquals = afterName.trimStart();
    const [value, afterValue] =
      name !== "" && afterEquals.startsWith("=") ? consumeValue(afterEquals.slice(1).trimStart()) : [undefined, rest];
    if (value === undefined) {
      // A trailing semicolon is allowed; anything else that is not a parameter is an error.
      if (rest.trim() === ";") break;
      return undefined;
    }
    const key = name.toLowerCase();
    if (key in params && params[key] !== value) return undefined;
    params[key] = value;
    rest = afterValue;
  }
  return { mediaType, params };
}

/**
 * The request decoder for a Content-Type header (JSON when absent or empty); a malformed or
 * unsupported media type is upstream's 415.
 */
export function negotiateInput(contentType: string | undefined): Format {
  if (contentType === undefined || contentType === "") return "json";
  const base = parseMediaType(contentType)?.mediaType;
  for (const f of FORMATS) if (MEDIA_TYPES[f] === base) return f;
  throw newStatusError(
    415,
    "UnsupportedMediaType",
    `the body of the request was in an unknown format - accepted media types include: ${FORMATS.map((f) => MEDIA_TYPES[f]).join(", ")}`,
  );
}

/** Upstream's isPrettyPrint: `?pretty=true`, or a browser or curl/wget user agent. */
export function wantsPretty(url: URL, userAgent: string | undefined): boolean {
  const pretty = url.searchParams.get("pretty");
  if (pretty !== null && pretty !== "") return pretty === "1" || pretty.toLowerCase() === "true" || pretty === "t" || pretty === "T";
  const ua = userAgent ?? "";
  return ua.startsWith("curl") || ua.startsWith("Wget") || ua.startsWith("Mozilla/5.0");
}
