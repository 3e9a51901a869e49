/**
 * The Kubernetes protobuf envelope (`application/vnd.kubernetes.protobuf`): the 4-byte magic
 * `k8s\0`, then a runtime.Unknown {TypeMeta typeMeta = 1; bytes raw = 2; string contentEncoding
 * = 3; string contentType = 4} whose raw is the object's message. Objects are found in the scheme
 * by apiVersion and kind; their generated codec writes and reads the raw message.
 */
import { parseApiVersion, type ProtobufCodec, type RegisteredKind, type Scheme } from "../scheme.js";
import { ProtobufError, asProtobufError } from "./errors.js";
import { WIRE_BYTES, newReader, newWriter, type Reader, type Writer } from "./wire.js";
import { wireString } from "./canonical.js";

/** The media type of enveloped protobuf objects. */
export const PROTOBUF_CONTENT_TYPE = "application/vnd.kubernetes.protobuf";

/** `k8s\0`: the four bytes every enveloped object starts with. */
export const PROTOBUF_MAGIC: Uint8Array = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

/**
 * A decoded envelope: runtime.Unknown's fields with typeMeta flattened, raw as a view into the
 * input.
 */
export interface Envelope {
  apiVersion: string;
  kind: string;
  raw: Uint8Array;
  contentEncoding: string;
  contentType: string;
}

const TAG_TYPE_META = (1 << 3) | WIRE_BYTES; // 0x0a
const TAG_RAW = (2 << 3) | WIRE_BYTES; // 0x12
const TAG_CONTENT_ENCODING = (3 << 3) | WIRE_BYTES; // 0x1a
const TAG_CONTENT_TYPE = (4 << 3) | WIRE_BYTES; // 0x22
const TAG_API_VERSION = (1 << 3) | WIRE_BYTES; // 0x0a in TypeMeta
const TAG_KIND = (2 << 3) | WIRE_BYTES; // 0x12 in TypeMeta

/**
 * Kinds upstream registers in every group-version (metav1.AddToGroupVersion) or as unversioned
 * types under "v1": a Status in an error body is `v1, Kind=Status` though its Go type lives in
 * meta.k8s.io/v1. Looked up there when the named group-version does not have them.
 */
const META_KINDS = new Set([
  "Status",
  "WatchEvent",
  "ListOptions",
  "GetOptions",
  "DeleteOptions",
  "CreateOptions",
  "UpdateOptions",
  "PatchOptions",
  "APIVersions",
  "APIGroupList",
  "APIGroup",
  "APIResourceList",
]);
const META_GROUP_VERSION = { group: "meta.k8s.io", version: "v1" };

/**
 * The protobuf codec of `apiVersion`/`kind` in the scheme; throws an "unknown-kind"
 * ProtobufError naming what is missing.
 */
export function protobufCodecFor(scheme: Scheme, apiVersion: string, kind: string): ProtobufCodec {
  const hit = codecCache.get(scheme)?.get(apiVersion)?.get(kind);
  if (hit) return hit;
  const codec = lookupCodec(scheme, apiVersion, kind);
  let byVersion = codecCache.get(scheme);
  if (!byVersion) codecCache.set(scheme, (byVersion = new Map()));
  let byKind = byVersion.get(apiVersion);
  if (!byKind) byVersion.set(apiVersion, (byKind = new Map()));
  byKind.set(kind, codec);
  return codec;
}

/**
 * Codecs found so far, per scheme, apiVersion and kind. Only hits are kept, and a scheme never
 * re-registers a kind, so an entry never goes stale; lookups per object stay off the hot path.
 */
const codecCache = new WeakMap<Scheme, Map<string, Map<string, ProtobufCodec>>>();

function lookupCodec(scheme: Scheme, apiVersion: string, kind: string): ProtobufCodec {
  if (!kind) throw new ProtobufError("unknown-kind", `object has no kind (apiVersion ${JSON.stringify(apiVersion)})`);
  if (!apiVersion) throw new ProtobufError("unknown-kind", `object of kind ${kind} has no apiVersion`);
  const gv = parseApiVersion(apiVersion);
  let reg: RegisteredKind | undefined = scheme.kind({ ...gv, kind });
  if (!reg && META_KINDS.has(kind)) reg = scheme.kind({ ...META_GROUP_VERSION, kind });
  if (!reg) throw new ProtobufError("unknown-kind", `no kind ${kind} is registered for ${apiVersion}`);
  const codec = reg.protobuf;
  if (!codec) throw new ProtobufError("unknown-kind", `kind ${kind} of ${apiVersion} has no protobuf codec`);
  return codec;
}

/** True when `bytes` start with the `k8s\0` magic. */
export function hasProtobufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x6b && bytes[1] === 0x38 && bytes[2] === 0x73 && bytes[3] === 0x00;
}

/**
 * Writes magic + Unknown with `writeRaw` producing the raw message in place, field for field as
 * upstream's Unknown.NestedMarshalTo: typeMeta, raw, then contentEncoding and contentType, both
 * empty but always written.
 */
function writeEnvelope(apiVersion: string, kind: string, writeRaw: (w: Writer) => void): Uint8Array {
  const w = newWriter();
  w.raw(PROTOBUF_MAGIC);
  w.uint32(TAG_TYPE_META).fork().uint32(TAG_API_VERSION).string(apiVersion).uint32(TAG_KIND).string(kind).ldelim();
  w.uint32(TAG_RAW).fork();
  writeRaw(w);
  w.ldelim();
  w.uint32(TAG_CONTENT_ENCODING).uint32(0).uint32(TAG_CONTENT_TYPE).uint32(0);
  return w.finish();
}

/** Envelopes an already-encoded message: magic + runtime.Unknown with this apiVersion and kind. */
export function encodeEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  return writeEnvelope(apiVersion, kind, (w) => w.raw(raw));
}

/** Reads a length-delimited field's bounds, checking they lie within `end`. */
function delimited(r: Reader, end: number, what: string): [number, number] {
  const len = r.uint32();
  const start = r.pos;
  if (start + len > end) {
    throw new ProtobufError("truncated", `${what} claims ${len} bytes but only ${end - start} remain`);
  }
  r.pos = start + len;
  return [start, start + len];
}

function readString(r: Reader, end: number, what: string): string {
  const [start, stop] = delimited(r, end, what);
  return utf8.decode(r.buf.subarray(start, stop));
}

const utf8 = new TextDecoder("utf-8");

function readTypeMeta(r: Reader, end: number, out: Envelope): void {
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === TAG_API_VERSION) out.apiVersion = readString(r, end, "envelope typeMeta.apiVersion");
    else if (tag === TAG_KIND) out.kind = readString(r, end, "envelope typeMeta.kind");
    else r.skipType(tag & 7);
  }
}

/**
 * Reads the magic and the runtime.Unknown around an object. Throws "bad-magic" when the bytes are
 * not enveloped protobuf (JSON, say), "truncated" when they stop short, "malformed" otherwise.
 */
export function decodeEnvelope(bytes: Uint8Array): Envelope {
  if (bytes.length === 0) throw new ProtobufError("truncated", "empty data: no protobuf envelope");
  if (!hasProtobufMagic(bytes)) {
    const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, "0")).join(" ");
    throw new ProtobufError(
      "bad-magic",
      `data does not start with the Kubernetes protobuf magic 6b 38 73 00 ("k8s\\0"); it starts with ${head}`,
    );
  }
  if (bytes.length === 4) throw new ProtobufError("truncated", "empty body after the protobuf magic");
  const out: Envelope = { apiVersion: "", kind: "", raw: new Uint8Array(0), contentEncoding: "", contentType: "" };
  const r = newReader(bytes);
  r.pos = 4;
  const end = bytes.length;
  try {
    while (r.pos < end) {
      const tag = r.uint32();
      switch (tag) {
        case TAG_TYPE_META: {
          const [start, stop] = delimited(r, end, "envelope typeMeta");
          r.pos = start;
          readTypeMeta(r, stop, out);
          r.pos = stop;
          break;
        }
        case TAG_RAW: {
          const [start, stop] = delimited(r, end, "envelope raw");
          out.raw = bytes.subarray(start, stop);
          break;
        }
        case TAG_CONTENT_ENCODING:
          out.contentEncoding = readString(r, end, "envelope contentEncoding");
          break;
        case TAG_CONTENT_TYPE:
          out.contentType = readString(r, end, "envelope contentType");
          break;
        default:
          r.skipType(tag & 7);
      }
    }
  } catch (err) {
    throw asProtobufError(err, "protobuf envelope");
  }
  return out;
}

/** An object with the type fields the envelope reads. */
export interface TypedObject {
  apiVersion?: string;
  kind?: string;
}

/**
 * Encodes an object as enveloped protobuf, its codec found in the scheme by the object's own
 * apiVersion and kind (lists are kinds like any other).
 */
export function encodeObject(scheme: Scheme, obj: TypedObject): Uint8Array {
  const apiVersion = obj.apiVersion ?? "";
  const kind = obj.kind ?? "";
  const codec = protobufCodecFor(scheme, apiVersion, kind);
  return writeEnvelope(apiVersion, kind, (w) => codec.encode(obj as never, w));
}

/**
 * Encodes a list (`metadata = 1; repeated items = 2`, as every API list message is) as enveloped
 * protobuf with each item's message from `itemMessage`, which must return what the item's codec
 * writes: a server can pass encodings it keeps per object, and the list is then mostly copying.
 * The bytes equal {@link encodeObject}'s: the list's own fields first, then the items in order.
 */
export function encodeListObject<I extends object>(
  scheme: Scheme,
  list: TypedObject & { items: readonly I[] },
  itemMessage: (item: I, codec: ProtobufCodec) => Uint8Array,
): Uint8Array {
  const apiVersion = list.apiVersion ?? "";
  const kind = list.kind ?? "";
  const codec = protobufCodecFor(scheme, apiVersion, kind);
  const items = list.items;
  if (items.length === 0) return encodeObject(scheme, list);
  // The items' kind is the list's minus "List" (what the generated list types are named after).
  let itemCodec: ProtobufCodec;
  try {
    if (!kind.endsWith("List")) throw new ProtobufError("unknown-kind", `${kind} is not a list kind`);
    itemCodec = protobufCodecFor(scheme, apiVersion, kind.slice(0, -4));
  } catch {
    return encodeObject(scheme, list);
  }
  // Every item first: an item encoded now takes a writer of its own, and the list's is not yet open.
  const messages = new Array<Uint8Array>(items.length);
  for (let i = 0; i < items.length; i++) messages[i] = itemMessage(items[i]!, itemCodec);
  const fields = newWriter();
  codec.encode({ ...list, items: [] } as never, fields);
  const listFields = fields.finish();
  let rawLen = listFields.length;
  for (const m of messages) rawLen += 1 + varintSize(m.length) + m.length;
  // As writeEnvelope lays it out, with raw's length known up front.
  const w = newWriter();
  w.raw(PROTOBUF_MAGIC);
  w.uint32(TAG_TYPE_META).fork().uint32(TAG_API_VERSION).string(apiVersion).uint32(TAG_KIND).string(kind).ldelim();
  w.uint32(TAG_RAW).uint32(rawLen).raw(listFields);
  for (const m of messages) w.uint32(TAG_ITEMS).bytes(m);
  w.uint32(TAG_CONTENT_ENCODING).uint32(0).uint32(TAG_CONTENT_TYPE).uint32(0);
  return w.finish();
}

/** A message as `codec` writes it, without envelope (a list item's bytes). */
export function encodeMessage(codec: ProtobufCodec, obj: object): Uint8Array {
  const w = newWriter();
  codec.encode(obj as never, w);
  return w.finish();
}

const TAG_ITEMS = (2 << 3) | WIRE_BYTES; // 0x12 in a list message

function varintSize(n: number): number {
  let size = 1;
  while (n > 0x7f) {
    n >>>= 7;
    size++;
  }
  return size;
}

/**
 * Decodes enveloped protobuf into the object Go's JSON would show: `kind` and `apiVersion` from
 * the envelope first, then the message's fields.
 */
export function decodeObject<T extends object = Record<string, unknown>>(scheme: Scheme, bytes: Uint8Array): T {
  const unk = decodeEnvelope(bytes);
  if (unk.contentEncoding) {
    throw new ProtobufError("malformed", `envelope content encoding ${JSON.stringify(unk.contentEncoding)} is not supported`);
  }
  const codec = protobufCodecFor(scheme, unk.apiVersion, unk.kind);
  // A reader over raw alone: a nested length that lies runs into the end of raw, not into the
  // envelope's later fields.
  const r = newReader(unk.raw);
  let body: unknown;
  try {
    body = codec.decode(r, unk.raw.length);
  } catch (err) {
    throw asProtobufError(err, `${unk.kind} (${unk.apiVersion}) message`);
  }
  const out: Record<string, unknown> = { kind: unk.kind, apiVersion: unk.apiVersion };
  Object.assign(out, body);
  out.kind = unk.kind;
  out.apiVersion = unk.apiVersion;
  return out as T;
}

/**
 * What {@link decodeObject} gives for the bytes {@link encodeObject} writes of `obj`, without
 * writing or reading them: the same values in the same order (JSON.stringify gives the same
 * text), through the kind's generated canonical function. `obj` must be one `encodeObject`
 * accepts (this does not check what the writer refuses); a kind without that function is
 * encoded and decoded.
 */
export function canonicalObject<T extends object = Record<string, unknown>>(scheme: Scheme, obj: TypedObject): T {
  const apiVersion = obj.apiVersion ?? "";
  const kind = obj.kind ?? "";
  const codec = protobufCodecFor(scheme, apiVersion, kind);
  if (codec.canonical === undefined) return decodeObject<T>(scheme, encodeObject(scheme, obj));
  const k = wireString(kind);
  const v = wireString(apiVersion);
  const out: Record<string, unknown> = { kind: k, apiVersion: v };
  codec.canonical(obj as never, out as never);
  out.kind = k;
  out.apiVersion = v;
  return out as T;
}
