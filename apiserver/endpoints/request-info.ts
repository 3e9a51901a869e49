/**
 * What a request is about, read from its method and path the way upstream's RequestInfoFactory
 * reads them: API prefix, group, version, namespace, resource, name, subresource and verb.
 */

export interface RequestInfo {
  /** False for /healthz, /version, /openapi/..., discovery roots and anything else off /api and /apis. */
  isResourceRequest: boolean;
  path: string;
  /** get, list, watch, create, update, patch, delete, deletecollection; for non-resource requests the lower-cased method. */
  verb: string;
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  /** The object's name, from the path or, for list/watch, from a `metadata.name=` field selector. */
  name: string;
  /** The name as the path gave it ("" for collections); routing uses this, not `name`. */
  pathName: string;
  /** Path segments after namespace, from the resource on. */
  parts: string[];
  /** True when the verb came from a /watch/ path segment (the deprecated watch routes). */
  watchPath: boolean;
}

const API_PREFIXES = new Set(["api", "apis"]);
const GROUPLESS_PREFIXES = new Set(["api"]);
/** Subresources of a namespace itself: /namespaces/x/status is not a resource named "status" in x. */
const NAMESPACE_SUBRESOURCES = new Set(["status", "finalize"]);

const METHOD_VERBS: Record<string, string> = {
  POST: "create",
  GET: "get",
  HEAD: "get",
  PUT: "update",
  PATCH: "patch",
  DELETE: "delete",
};

/** Go's strconv.ParseBool-free reading of `watch=`: anything but false/0 turns it on, as upstream's query codec. */
function queryFlag(value: string | null): boolean {
  if (value === null) return false;
  const v = value.toLowerCase();
  return !(v === "false" || v === "0");
}

/** The name a `metadata.name=x` (or `==`) field selector pins, when it is the only requirement. */
function nameFromFieldSelector(selector: string | null): string | undefined {
  if (!selector) return undefined;
  const parts = selector.split(",").map((s) => s.trim());
  for (const p of parts) {
    const m = /^metadata\.name(==|=)(.*)$/.exec(p);
    if (m) {
      const name = m[2]!;
      if (name === "" || name === "." || name === ".." || /[/%]/.test(name)) return undefined;
      return name;
    }
  }
  return undefined;
}

function splitPath(path: string): string[] {
  // Leading and trailing slashes trimmed by hand: no regex per request.
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 0x2f) start++;
  while (end > start && path.charCodeAt(end - 1) === 0x2f) end--;
  return start === end ? [] : path.slice(start, end).split("/");
}

/** Path segments, percent-decoded; only segments with a `%` need decoding. Throws on a malformed escape. */
function decodedSegments(path: string): string[] {
  const parts = splitPath(path);
  for (let i = 0; i < parts.length; i++) if (parts[i]!.includes("%")) parts[i] = decodeURIComponent(parts[i]!);
  return parts;
}

/**
 * `rawPath` is the path as the client sent it, when it differs from `url.pathname`: WHATWG URLs
 * resolve "." and ".." segments (`/namespaces/a/configmaps/..` would become namespace a itself),
 * where upstream reads them as names, which no object may have.
 */
export function parseRequestInfo(method: string, url: URL, rawPath: string = url.pathname): RequestInfo {
  const info: RequestInfo = {
    isResourceRequest: false,
    path: rawPath,
    verb: method.toLowerCase(),
    apiPrefix: "",
    apiGroup: "",
    apiVersion: "",
    namespace: "",
    resource: "",
    subresource: "",
    name: "",
    pathName: "",
    parts: [],
    watchPath: false,
  };
  let parts: string[];
  try {
    parts = decodedSegments(rawPath);
  } catch {
    return info;
  }
  if (parts.length < 3 || !API_PREFIXES.has(parts[0]!)) return info;
  info.apiPrefix = parts[0]!;
  parts = parts.slice(1);
  if (!GROUPLESS_PREFIXES.has(info.apiPrefix)) {
    if (parts.length < 3) return info; // /apis/<group>/<version> is discovery
    info.apiGroup = parts[0]!;
    parts = parts.slice(1);
  }
  info.apiVersion = parts[0]!;
  parts = parts.slice(1);
  info.isResourceRequest = true;

  if (parts[0] === "watch") {
    if (parts.length < 2) {
      info.isResourceRequest = false;
      return info;
    }
    info.verb = "watch";
    info.watchPath = true;
    parts = parts.slice(1);
  } else {
    info.verb = METHOD_VERBS[method.toUpperCase()] ?? "";
  }

  if (parts[0] === "namespaces") {
    if (parts.length > 1) {
      info.namespace = parts[1]!;
      if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2]!)) parts = parts.slice(2);
    }
  }
  info.parts = parts;
  if (parts.length >= 3) info.subresource = parts[2]!;
  if (parts.length >= 2) info.name = parts[1]!;
  if (parts.length >= 1) info.resource = parts[0]!;
  info.pathName = info.name;

  if (info.name === "" && info.verb === "get") {
    info.verb = queryFlag(url.searchParams.get("watch")) ? "watch" : "list";
    info.name = nameFromFieldSelector(url.searchParams.get("fieldSelector")) ?? "";
  }
  if (info.name === "" && info.verb === "delete") info.verb = "deletecollection";
  return info;
}

/** A dot segment, plain or percent-encoded (WHATWG URLs resolve `%2e` as `.` too). */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/** The path as sent when it has dot segments (which `url.pathname` has resolved away); else the URL's. */
function rawPathOf(rawUrl: string, url: URL): string {
  if (!rawUrl.startsWith("/")) return url.pathname;
  const end = rawUrl.search(/[?#]/);
  const raw = end < 0 ? rawUrl : rawUrl.slice(0, end);
  return DOT_SEGMENT.test(raw) ? raw : url.pathname;
}

interface Target {
  url: URL;
  info: RequestInfo;
}

/** Parsed targets by method, then raw URL (a map per method: the URL as the parser made it is the key, no joined string to build and hash). */
class TargetGeneration {
  private readonly byMethod = new Map<string, Map<string, Target>>();
  size = 0;

  get(method: string, rawUrl: string): Target | undefined {
    return this.byMethod.get(method)?.get(rawUrl);
  }

  set(method: string, rawUrl: string, target: Target): void {
    let byURL = this.byMethod.get(method);
    if (byURL === undefined) {
      byURL = new Map();
      this.byMethod.set(method, byURL);
    }
    byURL.set(rawUrl, target);
    this.size++;
  }
}

/**
 * Two generations: targets go into the young one, and a target found in the old one moves back;
 * when the young one is full it becomes the old one and the old one is dropped. Targets in use
 * stay, and clients that go through many objects (a GET of each of 5,000 ConfigMaps) still
 * find theirs. A single map cleared when full missed on nearly every request once the targets
 * outnumbered it, and kept each parse just long enough to promote it to the old heap: about
 * 20 µs of CPU per GET, against about 5 µs for a parse dropped at once. So a generation that
 * filled with few hits after a full one (clients cycling through more targets than two generations hold) turns
 * caching off for the next {@link BYPASS_MISSES} new targets, which are parsed and dropped.
 * At most twice GENERATION_TARGETS entries (about 0.8 KB each).
 */
export const GENERATION_TARGETS = 4096;
/** Fewer hits than this while a generation fills: the targets are not being reused. */
const MIN_GENERATION_HITS = GENERATION_TARGETS / 8;
export const BYPASS_MISSES = 4 * GENERATION_TARGETS;
let young = new TargetGeneration();
let old = new TargetGeneration();
/** Hits since the young generation began. */
let hits = 0;
/** New targets still to parse without keeping them. */
let bypass = 0;
const MAX_CACHED_URL = 512;

/** Empties the target cache (tests start from it). */
export function clearTargetCache(): void {
  young = new TargetGeneration();
  old = new TargetGeneration();
  hits = 0;
  bypass = 0;
}

/**
 * A request's URL and RequestInfo, parsed once per distinct method and target: clients repeat
 * them (every create of a kind posts to one collection, controllers poll the same objects),
 * and URL parsing and path splitting are a few microseconds each. The results are shared
 * between requests, so the info is frozen; handlers only read the URL.
 */
export function parseRequestTarget(method: string, rawUrl: string): { url: URL; info: RequestInfo } {
  let target = young.get(method, rawUrl);
  if (target !== undefined) {
    hits++;
    return target;
  }
  target = old.get(method, rawUrl);
  if (target !== undefined) {
    hits++;
  } else {
    // An origin-form target is all path (`//x` too, as Go reads it, not a host); others are absolute.
    const url = rawUrl.startsWith("/") ? new URL(`https://apiserver.invalid${rawUrl}`) : new URL(rawUrl, "https://apiserver.invalid");
    const info = parseRequestInfo(method, url, rawPathOf(rawUrl, url));
    Object.freeze(info.parts);
    target = { url, info: Object.freeze(info) };
    // Long targets (big selectors) are rare and would make the cache heavy: not kept.
    if (rawUrl.length > MAX_CACHED_URL) return target;
    if (bypass > 0) {
      bypass--;
      return target;
    }
  }
  if (young.size >= GENERATION_TARGETS) {
    // Not on the first pass: a cold cache fills its first generation with no hits at all.
    if (hits < MIN_GENERATION_HITS && old.size >= GENERATION_TARGETS) bypass = BYPASS_MISSES;
    old = young;
    young = new TargetGeneration();
    hits = 0;
  }
  young.set(method, rawUrl, target);
  return target;
}

/** Whether the verb changes state (max-in-flight counts these against the mutating limit). */
export function isMutatingVerb(verb: string): boolean {
  return !(verb === "get" || verb === "list" || verb === "watch");
}

/** Watches are long-running: no request timeout, not counted in max-in-flight. */
export function isLongRunning(info: RequestInfo): boolean {
  return info.isResourceRequest && info.verb === "watch";
}
