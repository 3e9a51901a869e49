/**
 * Encoding responses and decoding request bodies in the three wire formats: JSON (with Go's
 * trailing newline), YAML (keys sorted, as sigs.k8s.io/yaml writes them) and enveloped
 * Kubernetes protobuf through the generated codecs in the scheme.
 */
import YAML from "yaml";
import { decodeObject, encodeListObject, encodeMessage, encodeObject } from "../../runtime/protobuf/envelope.js";
import { sharedFieldsV1Text } from "../../runtime/protobuf/specials.js";
import { ProtobufError } from "../../runtime/protobuf/errors.js";
import type { Scheme } from "../../runtime/scheme.js";
import type { Format } from "./negotiation.js";
import { isShared, sharedEncoding } from "../registry/cacher/shared-encoding.js";
import { MAX_NESTING_DEPTH, nestsDeeperThan, parseJSONText } from "../registry/patch/json-text.js";
import { MAX_YAML_DEPTH, yamlNestsDeeperThan } from "../registry/patch/yaml-depth.js";
import { stringifyYAML } from "./yaml-encode.js";

/** A body that could not be decoded; the message says what is wrong with it. */
export class DecodeError extends Error {
  override readonly name = "DecodeError";
}

/** How a body is encoded beyond its format. */
export interface EncodeOptions {
  /**
   * Leave `kind` and `apiVersion` off a list's items, as upstream writes lists of built-in
   * (typed) resources; lists of custom resources (unstructured) keep them on every item.
   */
  omitItemTypeMeta?: boolean;
  /**
   * The bytes are sent and dropped, never kept (an answer to one request): a JSON answer may then
   * be a view into a slab shared with others (see answerBuffer).
   */
  transient?: boolean;
}

export function encodeJSON(obj: unknown, pretty = false, opts: EncodeOptions = {}): Buffer {
  const omit = opts.omitItemTypeMeta === true;
  if (!pretty && isList(obj)) return isSharedList(obj) ? sharedListJSON(obj, omit) : Buffer.from(listJSON(obj, omit) + "\n");
  if (pretty) return Buffer.from(JSON.stringify(omit && isList(obj) ? withoutItemTypeMeta(obj) : obj, null, 2) + "\n");
  if (typeof obj !== "object" || obj === null) return Buffer.from(JSON.stringify(obj) + "\n");
  // An object just written (decoded, not yet the cache's) carries shared FieldsV1 trees too: spliced, not stringified.
  return isShared(obj) ? sharedEncoding(obj, "json-line", jsonLine) : jsonLine(obj, opts.transient === true);
}

/**
 * An object's JSON and Go's trailing newline, written once into a buffer of their size: neither
 * a copy to append the newline nor a joined string to encode. `transient`: the bytes are sent
 * and dropped, never kept with the object, so they may share a slab (see {@link answerBuffer}).
 */
function jsonLine(obj: object, transient = false): Buffer {
  const marked = markedJSON(obj);
  if (marked !== undefined) {
    const line = splicedLine(marked, transient);
    if (line !== undefined) return line;
  }
  const text = JSON.stringify(obj);
  const n = Buffer.byteLength(text);
  const out = answerBuffer(n + 1, transient);
  out.write(text, 0, "utf8");
  out[n] = 0x0a;
  return out;
}

/**
 * Transient answers between Node's pooled size (under 4 KiB, from its 8 KiB pool) and a quarter
 * of this are views into a slab, as the pool hands out smaller ones: a Pod's answer (some 6 KB)
 * otherwise took an ArrayBuffer of its own each time, allocated and later swept. Bytes kept with
 * a cached object get their own memory: a view would keep its whole slab alive.
 */
const ANSWER_SLAB_BYTES = 64 * 1024;
const ANSWER_SLAB_MAX = ANSWER_SLAB_BYTES >>> 2;
let answerSlab = new ArrayBuffer(0);
let answerSlabUsed = 0;

/** A Buffer of `n` bytes, not zeroed, for an answer's bytes; from the slab when `transient`. */
function answerBuffer(n: number, transient: boolean): Buffer {
  if (!transient || n <= Buffer.poolSize >>> 1 || n > ANSWER_SLAB_MAX) return Buffer.allocUnsafe(n);
  if (answerSlabUsed + n > answerSlab.byteLength) {
    // Not zeroed (a new ArrayBuffer is): every byte handed out is written before it is sent.
    answerSlab = Buffer.allocUnsafeSlow(ANSWER_SLAB_BYTES).buffer;
    answerSlabUsed = 0;
  }
  const out = Buffer.from(answerSlab, answerSlabUsed, n);
  // The next one starts 8-byte aligned, as Node's pool aligns them.
  answerSlabUsed = (answerSlabUsed + n + 7) & ~7;
  return out;
}

/** Shared FieldsV1 text below this many bytes in all is stringified with the rest: cutting and splicing costs ~0.6 µs, stringifying ~3 ns a byte. */
const SPLICE_MIN_BYTES = 256;

/** Stands for a managedFields entry's FieldsV1 while the rest is stringified; random, so nobody writes it on purpose (exported for tests). */
export const FIELDS_V1_MARK = `\u0000fieldsV1-${Math.random().toString(36).slice(2)}-`;

/** An object's JSON with a mark for each shared FieldsV1 tree, and the trees' UTF-8, in the marks' order. */
interface MarkedJSON {
  text: string;
  shared: Uint8Array[];
}

/**
 * JSON.stringify(obj) with each managedFields entry's shared FieldsV1 tree stringified as a mark
 * (see {@link FIELDS_V1_MARK}): stringifying a Pod's trees was half of its response's JSON.
 * Undefined when there is no shared tree worth splicing.
 */
function markedJSON(obj: object): MarkedJSON | undefined {
  const meta = (obj as { metadata?: unknown }).metadata;
  if (typeof meta !== "object" || meta === null) return undefined;
  const entries = (meta as { managedFields?: unknown }).managedFields;
  if (!Array.isArray(entries)) return undefined;
  // Short trees are stringified faster than the text is cut and spliced.
  let spliced = 0;
  for (const e of entries) {
    if (typeof e === "object" && e !== null) spliced += sharedFieldsV1Text((e as { fieldsV1?: unknown }).fieldsV1)?.bytes.length ?? 0;
  }
  if (spliced < SPLICE_MIN_BYTES) return undefined;
  const shared: Uint8Array[] = [];
  const marked = new Array<unknown>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e: unknown = entries[i];
    const tree = typeof e === "object" && e !== null ? sharedFieldsV1Text((e as { fieldsV1?: unknown }).fieldsV1) : undefined;
    if (tree === undefined) {
      marked[i] = e;
      continue;
    }
    marked[i] = { ...(e as object), fieldsV1: FIELDS_V1_MARK + shared.length };
    shared.push(tree.bytes);
  }
  return { text: JSON.stringify({ ...obj, metadata: { ...meta, managedFields: marked } }), shared };
}

/** The JSON text of mark `i` (ASCII: JSON.stringify escapes its NUL), and as bytes, made once. */
const markTexts: string[] = [];
const markBytes: Buffer[] = [];
function markTextOf(i: number): string {
  return (markTexts[i] ??= JSON.stringify(FIELDS_V1_MARK + i));
}
function markBytesOf(i: number): Buffer {
  return (markBytes[i] ??= Buffer.from(markTextOf(i), "latin1"));
}

/** Where marked text is written before the trees are spliced in; kept between answers up to {@link LINE_SCRATCH_MAX}. */
let lineScratch = Buffer.allocUnsafeSlow(0);
const LINE_SCRATCH_MAX = 1 << 20;

/**
 * {@link MarkedJSON} as its bytes with each mark replaced by its tree's, and Go's newline. The
 * text is written once, whole (a flat string converts natively in one go, where its cut pieces
 * were each flattened and measured again), and the bytes around the marks are copied out.
 * Undefined when a mark is found other than once, or in the wrong order (a value that holds one).
 */
function splicedLine({ text, shared }: MarkedJSON, transient: boolean): Buffer | undefined {
  // UTF-8 takes at most three bytes per UTF-16 unit.
  const most = text.length * 3;
  let scratch = lineScratch;
  if (scratch.length < most) {
    scratch = Buffer.allocUnsafeSlow(Math.max(most, 16384));
    if (scratch.length <= LINE_SCRATCH_MAX) lineScratch = scratch;
  }
  const n = scratch.write(text, 0, "utf8");
  const written = scratch.subarray(0, n);
  // The marks' places first: the answer's size is known before it is allocated.
  // All ASCII (a byte per character), characters and bytes are at the same offsets, and the
  // text is searched: V8's string search beats Buffer#indexOf's by far.
  const ascii = n === text.length;
  const at = new Array<number>(shared.length);
  let size = n + 1;
  let from = 0;
  for (let i = 0; i < shared.length; i++) {
    const mark = markBytesOf(i);
    const found = ascii ? text.indexOf(markTextOf(i), from) : written.indexOf(mark, from);
    if (found < from) return undefined;
    const again = ascii ? text.indexOf(markTextOf(i), found + mark.length) : written.indexOf(mark, found + mark.length);
    if (again >= 0) return undefined;
    at[i] = found;
    size += shared[i]!.length - mark.length;
    from = found + mark.length;
  }
  const out = answerBuffer(size, transient);
  let pos = 0;
  from = 0;
  for (let i = 0; i < shared.length; i++) {
    pos += written.copy(out, pos, from, at[i]);
    const tree = shared[i]!;
    out.set(tree, pos);
    pos += tree.length;
    from = at[i]! + markBytesOf(i).length;
  }
  pos += written.copy(out, pos, from, n);
  out[pos] = 0x0a;
  return out;
}

/**
 * JSON.stringify(obj) as pieces: text, and the UTF-8 of each managedFields entry's shared FieldsV1
 * tree as it was read, cut where the marks' JSON is. Undefined when there is no shared tree, or
 * when a mark is found other than once (a value that happens to hold it).
 */
function jsonPieces(obj: object): (string | Uint8Array)[] | undefined {
  const marked = markedJSON(obj);
  if (marked === undefined) return undefined;
  const { text, shared } = marked;
  const pieces: (string | Uint8Array)[] = [];
  let from = 0;
  for (let i = 0; i < shared.length; i++) {
    const mark = JSON.stringify(FIELDS_V1_MARK + i);
    const at = text.indexOf(mark);
    if (at < from || text.indexOf(mark, at + mark.length) >= 0) return undefined;
    pieces.push(text.slice(from, at), shared[i]!);
    from = at + mark.length;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** JSON.stringify(obj), its shared FieldsV1 trees written as they were read (see {@link jsonPieces}). */
export function objectJSON(obj: object): string {
  const pieces = jsonPieces(obj);
  if (pieces === undefined) return JSON.stringify(obj);
  return pieces.map((p) => (typeof p === "string" ? p : Buffer.from(p).toString("utf8"))).join("");
}

/** An item without its `kind` and `apiVersion` (the item itself when it has neither). */
function withoutTypeMeta(item: unknown): unknown {
  if (typeof item !== "object" || item === null || !("kind" in item || "apiVersion" in item)) return item;
  const { kind: _kind, apiVersion: _apiVersion, ...rest } = item as Record<string, unknown>;
  return rest;
}

/** A shallow copy of a list whose items have no `kind` or `apiVersion`. */
function withoutItemTypeMeta<L extends { items: unknown[] }>(list: L): L {
  return { ...list, items: list.items.map(withoutTypeMeta) };
}

/** `{"kind":…,"apiVersion":…,` — how an item's JSON starts when the type meta comes first, as the cache writes it. */
function typeMetaPrefix(item: object): Buffer | undefined {
  const { kind, apiVersion } = item as { kind?: unknown; apiVersion?: unknown };
  if (typeof kind !== "string" || typeof apiVersion !== "string") return undefined;
  return Buffer.from(`{"kind":${JSON.stringify(kind)},"apiVersion":${JSON.stringify(apiVersion)},`);
}

/** An item's bytes in a list; `open` when they lack the opening brace (see {@link sharedItemBody}). */
interface ListPart {
  open: boolean;
  bytes: Buffer;
}

/**
 * A cached item's JSON bytes without its type meta: a view past the `"kind":…,"apiVersion":…,`
 * the shared bytes start with (the caller writes the `{`), so GETs and lists share one encoding.
 * Items whose bytes start otherwise get a second encoding of their own.
 */
function sharedItemBody(item: object, full: Buffer): ListPart {
  const prefix = typeMetaPrefix(item);
  if (prefix !== undefined && full.length > prefix.length + 1 && full.subarray(0, prefix.length).equals(prefix)) {
    return { open: true, bytes: full.subarray(prefix.length) };
  }
  if (!("kind" in item || "apiVersion" in item)) return { open: false, bytes: full };
  return { open: false, bytes: Buffer.from(JSON.stringify(withoutTypeMeta(item))) };
}

/** A shared object's JSON bytes: a view of its response bytes ({@link jsonLine}) short of the newline, one encoding for both. */
const encodeItemJSON = (item: object): Buffer => {
  const line = sharedEncoding(item, "json-line", jsonLine);
  return line.subarray(0, line.length - 1);
};
const typedListPart = (item: object): ListPart => ({ open: false, bytes: sharedEncoding(item, "json-bytes", encodeItemJSON) });
const untypedListPart = (item: object): ListPart => sharedItemBody(item, sharedEncoding(item, "json-bytes", encodeItemJSON));

/**
 * A cached item's JSON bytes as its list entry: with or (for built-in kinds) without type meta.
 * Worked out once per object: a list of 10,000 then costs two lookups and a copy per item.
 */
function sharedListPart(item: object, omitTypeMeta: boolean): ListPart {
  return omitTypeMeta
    ? sharedEncoding(item, "json-list-part-untyped", untypedListPart)
    : sharedEncoding(item, "json-list-part", typedListPart);
}

function isList(obj: unknown): obj is { items: unknown[] } {
  return typeof obj === "object" && obj !== null && Array.isArray((obj as { items?: unknown }).items);
}

/** A list of objects from the watch cache (a list's items come all from it or all from storage). */
function isSharedList(list: { items: unknown[] }): list is { items: object[] } {
  const first = list.items[0];
  return typeof first === "object" && first !== null && isShared(first);
}

/** The size of the pieces a list of cached objects is made in. */
const LIST_CHUNK = 256 * 1024;

/**
 * A list of cached objects as JSON bytes, made in pieces of about {@link LIST_CHUNK}: each item's
 * bytes are kept with the object, so a list is copied together rather than joined as text and
 * encoded again, and a big one can go out piece by piece while the rest is still being made.
 */
function* sharedListChunks(list: { items: object[] }, omitTypeMeta: boolean): Generator<Buffer> {
  const { items, ...rest } = list;
  const head = JSON.stringify(rest);
  const prefix = Buffer.from(`${head.length > 2 ? `${head.slice(0, -1)},` : "{"}"items":[`);
  let chunk = Buffer.allocUnsafe(Math.max(LIST_CHUNK, prefix.length + 3));
  let pos = prefix.copy(chunk, 0);
  for (let i = 0; i < items.length; i++) {
    const part = sharedListPart(items[i]!, omitTypeMeta);
    // Room for the part, its "," and "{", and the closing "]}\n".
    const need = part.bytes.length + 5;
    if (pos + need > chunk.length) {
      yield chunk.subarray(0, pos);
      chunk = Buffer.allocUnsafe(Math.max(LIST_CHUNK, need));
      pos = 0;
    }
    if (i > 0) chunk[pos++] = 0x2c; // ,
    if (part.open) chunk[pos++] = 0x7b; // {
    chunk.set(part.bytes, pos);
    pos += part.bytes.length;
  }
  // "]}" and Go's trailing newline.
  chunk[pos++] = 0x5d;
  chunk[pos++] = 0x7d;
  chunk[pos++] = 0x0a;
  yield chunk.subarray(0, pos);
}

function sharedListJSON(list: { items: object[] }, omitTypeMeta: boolean): Buffer {
  const chunks = [...sharedListChunks(list, omitTypeMeta)];
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** A body written in pieces as they are made, with no Content-Length (chunked, as upstream sends big lists). */
export interface StreamedBody {
  readonly streamed: true;
  chunks(): Iterable<Uint8Array>;
}

/** Lists this long are streamed: their first bytes leave before the rest is made. */
const STREAM_MIN_ITEMS = 1000;

/** {@link encodeBody} for a list response: a big JSON list of cached objects is a {@link StreamedBody}. */
export function encodeListBody(
  scheme: Scheme,
  list: object,
  format: Format,
  pretty = false,
  opts: EncodeOptions = {},
): Uint8Array | StreamedBody {
  if (format === "json" && !pretty && isList(list) && list.items.length >= STREAM_MIN_ITEMS && isSharedList(list)) {
    const omit = opts.omitItemTypeMeta === true;
    return { streamed: true, chunks: () => sharedListChunks(list, omit) };
  }
  return encodeBody(scheme, list, format, pretty, opts);
}

/** A list's JSON, reusing the encoding of every item the watch cache shares (the same text JSON.stringify writes). */
function listJSON(list: { items: unknown[] }, omitTypeMeta: boolean): string {
  const { items, ...rest } = list;
  const parts = new Array<string>(items.length);
  const key = omitTypeMeta ? "json-untyped" : "json";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const encode = (): string => JSON.stringify(omitTypeMeta ? withoutTypeMeta(item) : item);
    parts[i] = typeof item === "object" && item !== null ? sharedEncoding(item, key, encode) : encode();
  }
  const head = JSON.stringify(rest);
  return `${head.length > 2 ? `${head.slice(0, -1)},` : "{"}"items":[${parts.join(",")}]}`;
}

export function encodeYAML(obj: unknown, opts: EncodeOptions = {}): Buffer {
  const out = opts.omitItemTypeMeta === true && isList(obj) ? withoutItemTypeMeta(obj) : obj;
  // Round-trip through JSON first: what YAML shows is exactly what JSON would (no undefined).
  return Buffer.from(stringifyYAML(JSON.parse(JSON.stringify(out))));
}

export function encodeBody(scheme: Scheme, obj: object, format: Format, pretty = false, opts: EncodeOptions = {}): Uint8Array {
  switch (format) {
    case "json":
      return encodeJSON(obj, pretty, opts);
    case "yaml":
      return encodeYAML(obj, opts);
    case "protobuf":
      // Typed messages have no type meta: list items never carry it in protobuf.
      if (isList(obj) && isSharedList(obj)) {
        // Cached objects keep their message bytes, spliced into every list that sends them.
        return encodeListObject(scheme, obj, (item, codec) => sharedEncoding(item, "protobuf-message", () => encodeMessage(codec, item)));
      }
      return encodeObject(scheme, obj);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: false });

function jsonKind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "number" ? "number" : typeof v;
}

function requireObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new DecodeError(`couldn't get version/kind; ${what} parse error: cannot unmarshal ${jsonKind(value)} into an object`);
  }
  return value as Record<string, unknown>;
}

export function decodeJSON(body: Uint8Array): Record<string, unknown> {
  return decodeJSONText(jsonText(body));
}

/** A JSON body's text, as {@link decodeJSON} reads it (a leading byte-order mark dropped). */
export function jsonText(body: Uint8Array): string {
  return utf8.decode(body);
}

/** {@link decodeJSON} of text already decoded (by {@link jsonText}): callers that scan the text too decode it once. */
export function decodeJSONText(text: string): Record<string, unknown> {
  const parsed = parseJSONText(text);
  if (!parsed.ok) throw new DecodeError(`couldn't get version/kind; json parse error: ${parsed.message}`);
  return requireObject(parsed.value, "json");
}

/** The YAML library reports running out of stack as a parse error; a client sees Go's depth text instead. */
function yamlMessage(message: string): string {
  return /Maximum call stack size exceeded/.test(message) ? `exceeded max depth of ${MAX_NESTING_DEPTH}` : message;
}

/** Whether an error is V8 running out of stack. */
function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /Maximum call stack size exceeded/.test(err.message);
}

export function decodeYAML(body: Uint8Array): Record<string, unknown> {
  const text = utf8.decode(body);
  if (yamlNestsDeeperThan(text)) throw new DecodeError(`error converting YAML to JSON: yaml: exceeded max depth of ${MAX_YAML_DEPTH}`);
  const docs = YAML.parseAllDocuments(text, { uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const doc = list[0];
  if (!doc) throw new DecodeError("couldn't get version/kind; json parse error: unexpected end of JSON input");
  if (doc.errors.length > 0) {
    throw new DecodeError(`error converting YAML to JSON: yaml: ${yamlMessage(doc.errors[0]!.message.split("\n")[0]!)}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new DecodeError(
      `error converting YAML to JSON: ${isStackOverflow(err) ? `yaml: exceeded max depth of ${MAX_NESTING_DEPTH}` : (err as Error).message}`,
    );
  }
  // Aliases can build depth the text does not show.
  if (nestsDeeperThan(value)) throw new DecodeError(`error converting YAML to JSON: yaml: exceeded max depth of ${MAX_NESTING_DEPTH}`);
  return requireObject(value, "yaml");
}

/** protobuf-go's text for messages nested past its recursion limit. */
const PROTOBUF_TOO_DEEP = "exceeded maximum recursion depth";

export function decodeProtobuf(scheme: Scheme, body: Uint8Array): Record<string, unknown> {
  let obj: Record<string, unknown>;
  try {
    obj = decodeObject(scheme, body);
  } catch (err) {
    if (err instanceof ProtobufError) throw new DecodeError(err.message);
    // Recursive messages (JSONSchemaProps) are read recursively: running out of stack is too deep.
    if (isStackOverflow(err)) throw new DecodeError(PROTOBUF_TOO_DEEP);
    throw new DecodeError(`protobuf decoding failed: ${(err as Error).message}`);
  }
  if (nestsDeeperThan(obj)) throw new DecodeError(PROTOBUF_TOO_DEEP);
  return obj;
}

export function decodeBody(scheme: Scheme, body: Uint8Array, format: Format): Record<string, unknown> {
  switch (format) {
    case "json":
      return decodeJSON(body);
    case "yaml":
      return decodeYAML(body);
    case "protobuf":
      return decodeProtobuf(scheme, body);
  }
}
