/**
 * Continue tokens for paged lists, in upstream's format: base64url (unpadded) JSON
 * `{"v":"meta.k8s.io/v1","rv":<revision>,"start":"<next key, relative to the list's prefix>"}`,
 * so a token from one backend or server reads the same on another.
 */
import { StorageError } from "./interface.js";

const TOKEN_VERSION = "meta.k8s.io/v1";
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Where a continued list starts and at which revision it reads. */
export interface ContinuePoint {
  /** The first key the next page may return (absolute, under the list's prefix). */
  startKey: string;
  /** The revision to read at; negative: the newest (a token offered after compaction). */
  revision: number;
}

/**
 * The token for the page after `lastKey`: the next page starts just after it (`lastKey + "\0"`,
 * the smallest key greater than it) and reads at `revision`.
 */
export function encodeContinue(lastKey: string, prefix: string, revision: number): string {
  if (!lastKey.startsWith(prefix)) throw new Error(`key ${lastKey} is not under the prefix ${prefix}`);
  const start = lastKey.slice(prefix.length) + "\0";
  return Buffer.from(JSON.stringify({ v: TOKEN_VERSION, rv: revision, start })).toString("base64url");
}

/**
 * The token upstream offers with a 410 when a continue token's revision was compacted: the same
 * start key at revision -1, which continues at the newest revision (an inconsistent list, as
 * the 410's message says). Undefined when `token` does not decode.
 */
export function inconsistentContinue(token: string, prefix: string): string | undefined {
  let point: ContinuePoint;
  try {
    point = decodeContinue(token, prefix);
  } catch {
    return undefined;
  }
  const start = point.startKey.slice(prefix.length);
  return Buffer.from(JSON.stringify({ v: TOKEN_VERSION, rv: -1, start })).toString("base64url");
}

function invalid(token: string, detail: string): StorageError {
  return new StorageError("InvalidContinue", token, `continue key is not valid${detail}`);
}

/**
 * Reads a token; anything but a well-formed token of this version fails with
 * "InvalidContinue" and upstream's message. The start key must be a clean path (no `..`, `.`,
 * `//` or trailing `/`), so a forged token cannot range outside `prefix`.
 */
export function decodeContinue(token: string, prefix: string): ContinuePoint {
  if (!BASE64URL.test(token) || token.length % 4 === 1) throw invalid(token, ": illegal base64 data");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch (e) {
    throw invalid(token, `: ${(e as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null) throw invalid(token, ": not an object");
  const { v, rv, start } = parsed as { v?: unknown; rv?: unknown; start?: unknown };
  if (v !== TOKEN_VERSION) throw invalid(token, `: server does not recognize this encoded version ${String(v)}`);
  // 0 is refused as upstream does; a negative revision (upstream's -1) reads at the newest.
  if (typeof rv !== "number" || !Number.isSafeInteger(rv) || rv === 0) {
    throw invalid(token, `: incorrect encoded start resourceVersion (version ${TOKEN_VERSION})`);
  }
  if (typeof start !== "string" || start.length === 0) {
    throw invalid(token, `: encoded start key empty (version ${TOKEN_VERSION})`);
  }
  const rooted = start.startsWith("/") ? start : `/${start}`;
  if (!isCleanPath(rooted)) throw invalid(token, `: ${start}`);
  return { startKey: prefix + rooted.slice(1), revision: rv };
}

/** Whether a rooted path is already what Go's path.Clean makes of it. */
function isCleanPath(p: string): boolean {
  if (p === "/") return true;
  if (p.endsWith("/")) return false;
  return p
    .slice(1)
    .split("/")
    .every((seg) => seg !== "" && seg !== "." && seg !== "..");
}
