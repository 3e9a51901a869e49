// Recognises 410 Gone/Expired ("resourceVersion too old"), thrown by a client or sent as a watch event.
import type { Status } from "../../api/meta/v1/types.js";
import { isGoneOrExpired } from "../rest/errors.js";

/**
 * Whether `err` means the requested resourceVersion is no longer served, so the reflector must
 * relist: the REST client's StatusError with reason Gone or Expired (or a bare 410), and, for
 * ListWatch implementations over other clients, any error carrying `code`, `statusCode` or
 * `status.code` 410.
 */
export function isGoneError(err: unknown): boolean {
  if (isGoneOrExpired(err)) return true;
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown; statusCode?: unknown; status?: { code?: unknown } };
  return e.code === 410 || e.statusCode === 410 || e.status?.code === 410;
}

/** Whether a watch ERROR event's Status means the watched resourceVersion is gone. */
export function isGoneStatus(status: Pick<Status, "code" | "reason"> | undefined): boolean {
  return status?.code === 410 || status?.reason === "Expired" || status?.reason === "Gone";
}

/**
 * Whether `err` is the server saying a requested resourceVersion is newer than it has seen
 * (504 Timeout with cause ResourceVersionTooLarge): a lagging server or cache; the reflector then
 * lists at the latest version, as client-go does.
 */
export function isTooLargeResourceVersionError(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const status = (err as { status?: { code?: unknown; details?: { causes?: { reason?: unknown; message?: unknown }[] } } }).status;
  if (status?.code !== 504) return false;
  return (status.details?.causes ?? []).some((c) => c.reason === "ResourceVersionTooLarge" || c.message === "Too large resource version");
}
