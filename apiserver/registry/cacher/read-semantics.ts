/**
 * The resourceVersion rules of reads as upstream applies them before and after asking storage:
 * which revision a list reads at, the continue rules, the wait for a revision slightly ahead,
 * and the 410s (with their texts and the inconsistent-continue token) once history is compacted.
 */
import { newBadRequest, newResourceExpired, type StatusError } from "../../../runtime/rest/errors.js";
import { inconsistentContinue } from "../../storage/continue-token.js";
import type { Storage } from "../../storage/interface.js";
import { CONTINUE_EXPIRED_MESSAGE, tooLargeResourceVersion } from "../errors.js";
import type { ListOptions } from "../rest.js";

/** How long a read at a revision the server has not reached yet waits for it (upstream's blockTimeout). */
export const FRESHNESS_WAIT_MS = 3_000;
/** How often storage is asked for its revision while waiting. */
const POLL_MS = 20;

/** Upstream's texts for reads below the compaction point. */
export const LIST_EXPIRED_MESSAGE = "The resourceVersion for the provided list is too old.";
export const WATCH_EXPIRED_MESSAGE = "The resourceVersion for the provided watch is too old.";
export const INCONSISTENT_CONTINUE_MESSAGE =
  "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, " +
  "or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an " +
  "inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

/**
 * Waits until storage has reached `rv` (at most {@link FRESHNESS_WAIT_MS}), then resolves; past
 * that, 504 Timeout "Too large resource version" with retryAfterSeconds 1, as upstream's cacher.
 */
export async function waitForRevision(storage: Storage, rv: number, signal?: AbortSignal, timeoutMs = FRESHNESS_WAIT_MS): Promise<void> {
  let current = await storage.currentRevision();
  if (rv <= current) return;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && !signal?.aborted) {
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(1, deadline - performance.now()))));
    current = await storage.currentRevision();
    if (rv <= current) return;
  }
  throw tooLargeResourceVersion(rv, current);
}

/**
 * The revision a storage list reads at: the exact one for resourceVersionMatch=Exact and for
 * the legacy paged form (a resourceVersion, a limit, no match: client-go's paged relist);
 * undefined (the newest) otherwise.
 */
export function exactListRevision(opts: ListOptions, rv: number): number | undefined {
  if (opts.continue || rv <= 0) return undefined;
  if (opts.resourceVersionMatch === "Exact") return rv;
  if (!opts.resourceVersionMatch && opts.limit !== undefined && opts.limit > 0) return rv;
  return undefined;
}

/** 400 for a continue token together with a resourceVersion (other than "" and "0"), as upstream. */
export function checkContinueOptions(opts: ListOptions): void {
  if (opts.continue && opts.resourceVersion !== undefined && opts.resourceVersion !== "" && opts.resourceVersion !== "0") {
    throw newBadRequest("specifying resource version is not allowed when using continue");
  }
}

/**
 * The 410 for a list whose revision was compacted: for a continued list, upstream's offer of a
 * token that continues at the newest revision (rv -1) with its warning; else the plain text.
 */
export function listExpired(opts: ListOptions, prefix: string): StatusError {
  if (!opts.continue) return newResourceExpired(LIST_EXPIRED_MESSAGE);
  const token = inconsistentContinue(opts.continue, prefix);
  if (token === undefined) return newResourceExpired(CONTINUE_EXPIRED_MESSAGE);
  const err = newResourceExpired(INCONSISTENT_CONTINUE_MESSAGE);
  err.status.metadata = { ...err.status.metadata, continue: token };
  return err;
}

/** The 410 text a watch from a compacted revision gets (the watch cache's, naming the oldest it can serve from). */
export function watchExpiredMessage(rv: number, compacted: number): string {
  return compacted > 0 ? `too old resource version: ${rv} (${compacted - 1})` : WATCH_EXPIRED_MESSAGE;
}
