/**
 * Request bodies: read under the size limit (413 past it), decoded in the request's format,
 * checked against the endpoint's kind (upstream's decode errors, word for word where it
 * matters), and walked against the kind's schema for unknown and mistyped fields.
 */
import { newBadRequest, newRequestEntityTooLarge } from "../../../runtime/rest/errors.js";
import { apiVersionOf, parseApiVersion } from "../../../runtime/scheme.js";
import type { KubeObject, WriteOptions } from "../../registry/rest.js";
import { nonIntegerLiterals } from "../../registry/patch/json-text.js";
import { keyCount, strictDecodingMessages } from "../strict-fields.js";
import { negotiateInput, type Format } from "../negotiation.js";
import type { APIRequest } from "../request-context.js";
import { DecodeError, decodeBody, decodeJSONText, jsonText } from "../serializers.js";
import type { RequestScope } from "./scope.js";
import { boundedMemo } from "../../../runtime/bounded-memo.js";

/** The 413 of a body over `limit` (a function, not a closure per request: tsx names each one, slowly). */
function tooLarge(limit: number): Error {
  return newRequestEntityTooLarge(`limit is ${limit}`);
}

/** Settled: awaiting it is one microtask, after which the parser has pushed what came with the headers. */
const PUSHED: Promise<void> = Promise.resolve();

/** Reads the whole body; more than `limit` bytes is a 413 (checked on Content-Length first). */
export async function readBody(req: APIRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.raw.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    // Drain without keeping it, so the connection stays usable for the 413.
    req.raw.resume();
    throw tooLarge(limit);
  }
  // Events rather than `for await`: the async iterator costs a promise and a tick per chunk,
  // and most bodies are one chunk.
  const raw = req.raw;
  if (raw.readableEnded) return Buffer.alloc(0);
  // A small body usually came in with the headers: once the parser has pushed all of it, it is
  // read at once, with no listeners or promise.
  if (Number.isFinite(declared) && raw.readableLength === declared && !raw.readableFlowing) return readPushed(raw);
  if (Number.isFinite(declared) && !raw.readableFlowing) {
    // The handler runs from the parser's headers callback, before the parser pushes the body
    // that came in the same read: a microtask later it is there. Reading it then spares flowing
    // the stream through four listeners (added, taken off, a resume on the next tick, the
    // 'data' and 'end' events); a body still to come is read through them as before.
    await PUSHED;
    if (raw.readableLength === declared && !raw.readableFlowing) return readPushed(raw);
  }
  return new Promise<Buffer>((resolve, reject) => {
    readingBodies.set(raw, { chunks: [], size: 0, limit, resolve, reject });
    raw.on("data", onBodyData);
    raw.on("end", onBodyEnd);
    raw.on("error", onBodyError);
    raw.on("close", onBodyClose);
  });
}

/** The whole body, pushed already: read off the stream's buffer. */
function readPushed(raw: APIRequest["raw"]): Buffer {
  const chunks: Buffer[] = [];
  for (let c = raw.read() as Buffer | null; c !== null; c = raw.read() as Buffer | null) chunks.push(c);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** A body read in chunks: what came so far and whom to tell. */
interface ReadingBody {
  chunks: Buffer[];
  size: number;
  limit: number;
  resolve(body: Buffer): void;
  reject(err: unknown): void;
}

/**
 * The bodies being read in chunks, by request. The listeners are module functions that find
 * their request's state here (Node calls them with the stream as `this`): closures made per
 * request were each named by tsx at run time, which cost a Pod create microseconds.
 */
const readingBodies = new WeakMap<object, ReadingBody>();

/** Takes the listeners off and returns the request's state (undefined once it is done). */
function finishReading(raw: APIRequest["raw"]): ReadingBody | undefined {
  const reading = readingBodies.get(raw);
  readingBodies.delete(raw);
  raw.off("data", onBodyData);
  raw.off("end", onBodyEnd);
  raw.off("error", onBodyError);
  raw.off("close", onBodyClose);
  return reading;
}

function onBodyData(this: APIRequest["raw"], chunk: Buffer): void {
  const reading = readingBodies.get(this);
  if (reading === undefined) return;
  reading.size += chunk.length;
  if (reading.size > reading.limit) {
    finishReading(this);
    // Drain without keeping it, so the connection stays usable for the 413.
    this.resume();
    reading.reject(tooLarge(reading.limit));
    return;
  }
  reading.chunks.push(chunk);
}

function onBodyEnd(this: APIRequest["raw"]): void {
  const reading = finishReading(this);
  if (reading === undefined) return;
  reading.resolve(reading.chunks.length === 1 ? reading.chunks[0]! : Buffer.concat(reading.chunks));
}

function onBodyError(this: APIRequest["raw"], err: Error): void {
  finishReading(this)?.reject(err);
}

/** The client went away before the body ended. */
function onBodyClose(this: APIRequest["raw"]): void {
  finishReading(this)?.reject(new Error("request body: connection closed before the end"));
}

/** Internal package name upstream's conversion errors mention: core.Namespace, rbac.Role... */
function internalPackage(group: string): string {
  return group === "" ? "core" : group.split(".")[0]!;
}

/** First bytes of a body for error messages, as upstream's summarizeData. */
function summarize(body: Uint8Array, format: Format): string {
  const max = 30;
  if (format === "protobuf") {
    const hex = Buffer.from(body.subarray(0, max)).toString("hex");
    return body.length > max ? `${hex} ...` : hex;
  }
  const text = Buffer.from(body.subarray(0, max)).toString("utf8");
  return body.length > max ? `${text} ...` : text;
}

/**
 * Formats by Content-Type as clients send it: a client sends the same header on every request,
 * and parsing it again each time cost a Pod create some microseconds. Bounded: headers are
 * anyone's. An unknown type is refused (415) each time, never kept.
 */
const inputFormatOf = boundedMemo((contentType: string) => negotiateInput(contentType), 64);

function inputFormat(contentType: string | undefined): Format {
  return contentType === undefined ? negotiateInput(contentType) : inputFormatOf(contentType);
}

/**
 * Storages whose own group, version and kind the scheme recognizes, found so far: most bodies
 * name the endpoint's own kind, and a scheme never forgets a kind, so the lookup is made once.
 */
const recognizedStorages = new WeakMap<object, true>();

/** Whether the scheme recognizes `kind` in `gv`, when that is the storage's own kind, remembered. */
function recognizes(scope: RequestScope, gv: { group: string; version: string }, kind: string): boolean {
  const own = kind === scope.storage.info.kind && gv.group === scope.storage.group && gv.version === scope.storage.version;
  if (own && recognizedStorages.has(scope.storage)) return true;
  const known = scope.deps.scheme.recognizes({ ...gv, kind });
  if (own && known) recognizedStorages.set(scope.storage, true);
  return known;
}

/**
 * `obj` with `kind` and `apiVersion` as its first keys and its other keys after them in order,
 * as `{ kind, apiVersion, ...rest }` makes it: a key loop rather than a rest and a spread,
 * which copied the body's object twice.
 */
function withTypeMetaFirst(obj: Record<string, unknown>, kind: string, apiVersion: string): Record<string, unknown> {
  const out: Record<string, unknown> = { kind, apiVersion };
  for (const k in obj) {
    if (k === "kind" || k === "apiVersion" || !Object.hasOwn(obj, k)) continue;
    // A "__proto__" key JSON.parse made is an own property: kept as one, never the prototype.
    if (k === "__proto__") Object.defineProperty(out, k, { value: obj[k], enumerable: true, writable: true, configurable: true });
    else out[k] = obj[k];
  }
  return out;
}

export interface DecodedObject {
  object: KubeObject;
  format: Format;
}

/**
 * Decodes a create/update body as the endpoint's kind: absent apiVersion/kind default to the
 * endpoint's; another kind or version is a 400; unknown fields follow `fieldValidation`
 * (Strict: 400, Warn (default): warnings, Ignore: nothing) and are dropped.
 */
export async function decodeResourceBody(req: APIRequest, scope: RequestScope, options: WriteOptions): Promise<DecodedObject> {
  const format = inputFormat(req.raw.headers["content-type"]);
  const body = await readBody(req, scope.deps.maxRequestBodyBytes);
  // The storage's kind: a subresource may take another kind than its resource (scale takes autoscaling/v1 Scale).
  const { group, version, info } = scope.storage;
  const expectedKind = info.kind;

  // JSON's text serves the parse and the literal and duplicate-key scans below: decoded once.
  const text = format === "json" ? jsonText(body) : undefined;
  let obj: Record<string, unknown>;
  try {
    obj = text !== undefined ? decodeJSONText(text) : decodeBody(scope.deps.scheme, body, format);
  } catch (err) {
    if (err instanceof DecodeError) {
      throw newBadRequest(
        `the object provided is unrecognized (must be of type ${expectedKind}): ${err.message} (${summarize(body, format)})`,
      );
    }
    throw err;
  }

  if (obj.apiVersion !== undefined && typeof obj.apiVersion !== "string") {
    throw newBadRequest(
      `the object provided is unrecognized (must be of type ${expectedKind}): couldn't get version/kind; json parse error: json: cannot unmarshal ${typeof obj.apiVersion} into Go struct field .apiVersion of type string (${summarize(body, format)})`,
    );
  }
  if (obj.kind !== undefined && typeof obj.kind !== "string") {
    throw newBadRequest(
      `the object provided is unrecognized (must be of type ${expectedKind}): couldn't get version/kind; json parse error: json: cannot unmarshal ${typeof obj.kind} into Go struct field .kind of type string (${summarize(body, format)})`,
    );
  }
  // Keys the rebuild below adds (a missing kind or apiVersion), which JSON.parse did not keep.
  const addedKeys = (obj.kind === undefined ? 1 : 0) + (obj.apiVersion === undefined ? 1 : 0);
  // Upstream's gvkWithDefaults: a missing kind or version comes from the endpoint.
  const kind = obj.kind || expectedKind;
  let gv = obj.apiVersion ? parseApiVersion(obj.apiVersion) : { group, version };
  if (gv.version === "" && gv.group === group) gv = { group, version };
  // kind and apiVersion first, as Go writes TypeMeta.
  obj = withTypeMetaFirst(obj, kind, apiVersionOf(gv));

  // Custom resources are not in the scheme: their kind is the CRD's, checked just below.
  if (!scope.resource.custom && !recognizes(scope, gv, kind)) {
    throw newBadRequest(
      `${kind} in version ${JSON.stringify(gv.version)} cannot be handled as a ${expectedKind}: no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersionOf(gv))} in scheme "kubegen"`,
    );
  }
  if (kind !== expectedKind) {
    throw newBadRequest(
      `${kind} in version ${JSON.stringify(gv.version)} cannot be handled as a ${expectedKind}: converting (${gv.version}.${kind}) to (${internalPackage(group)}.${expectedKind}): unknown conversion`,
    );
  }
  if (gv.group !== group || gv.version !== version) {
    throw newBadRequest(
      `the API version in the data (${apiVersionOf(gv)}) does not match the expected API version (${apiVersionOf({ group, version })})`,
    );
  }

  if (format !== "protobuf") {
    // Numbers such as 1e2 or 1.0 are refused for integer fields, as Go's decoder does: only JSON keeps how they were written.
    const problems = scope.deps.schemas.checkBody(group, version, kind, obj, text === undefined ? undefined : nonIntegerLiterals(text));
    if (problems && problems.invalid.length > 0) {
      throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expectedKind}: ${problems.invalid[0]}`);
    }
    const directive = options.fieldValidation ?? "Warn";
    if (directive !== "Ignore") {
      // The keys JSON.parse kept (the duplicate-key check's shortcut): the schema walk counted
      // them before dropping any; a kind without a schema here had nothing dropped.
      const parsedKeys = text === undefined ? undefined : (problems?.keys ?? keyCount(obj)) - addedKeys;
      const strict = strictDecodingMessages(text, problems?.unknown ?? [], parsedKeys);
      if (strict.length > 0 && directive === "Strict") throw newBadRequest(`strict decoding error: ${strict.join(", ")}`);
      if (strict.length > 0) req.warnings.push(...strict);
    }
  }
  if (obj.metadata !== undefined && (typeof obj.metadata !== "object" || obj.metadata === null || Array.isArray(obj.metadata))) {
    throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expectedKind}: metadata must be an object`);
  }
  return { object: obj, format };
}

/** Upstream's WipeObjectMetaSystemFields: fields a client may not set on create. */
export function wipeSystemFields(obj: KubeObject): void {
  const m = obj.metadata;
  if (!m) return;
  delete m.creationTimestamp;
  delete m.uid;
  delete m.deletionTimestamp;
  delete m.deletionGracePeriodSeconds;
  delete (m as Record<string, unknown>).selfLink;
}

/**
 * Upstream's EnsureObjectNamespaceMatchesRequestNamespace: an empty namespace takes the
 * request's, a cluster-scoped object loses any, a different one is a 400.
 */
export function ensureNamespace(obj: KubeObject, scope: RequestScope): void {
  const expected = scope.resource.info.namespaced ? scope.namespace : "";
  const meta = (obj.metadata ??= {});
  const actual = meta.namespace ?? "";
  if (actual === expected) return;
  if (actual === "") {
    meta.namespace = expected;
    return;
  }
  if (expected === "") {
    delete meta.namespace;
    return;
  }
  throw newBadRequest("the namespace of the provided object does not match the namespace sent on the request");
}
