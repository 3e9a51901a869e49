/** The field manager of a write that names none: the user agent's prefix before "/", as upstream. */
import { boundedMemo } from "../../../runtime/bounded-memo.js";

/** upstream's limit on manager names. */
const FIELD_MANAGER_MAX_LENGTH = 128;

/** `kubectl/v1.32.0 (linux/amd64) kubernetes/abc` -> `kubectl`; unprintable characters dropped, cut at 128 bytes. */
export function managerFromUserAgent(userAgent: string | undefined): string {
  // A server hears the same few user agents on most writes: each is worked out once.
  return managers(userAgent ?? "");
}

// An empty key is an absent user agent: managerOf reads both alike.
const managers = boundedMemo((userAgent: string) => managerOf(userAgent), 256);

/**
 * The manager of a write (upstream's managerOrUserAgent): the one it names, else its user agent's
 * prefix, else "unknown" for a request (upstream's buildManagerInfo); a write made inside the
 * server, with no request and so no user agent, names none.
 */
export function managerOrUserAgent(fieldManager: string | undefined, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  if (userAgent === undefined) return "";
  return managerFromUserAgent(userAgent) || "unknown";
}

function managerOf(userAgent: string | undefined): string {
  const prefix = (userAgent ?? "").split("/")[0] ?? "";
  let out = "";
  let bytes = 0;
  for (const ch of prefix) {
    if (/\p{C}/u.test(ch)) continue;
    const size = Buffer.byteLength(ch);
    if (bytes + size > FIELD_MANAGER_MAX_LENGTH) break;
    out += ch;
    bytes += size;
  }
  return out;
}
