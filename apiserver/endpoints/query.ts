/**
 * Query parameters into the options RESTStorage takes (ListOptions, WatchOptions, write and
 * delete options), validated as upstream validates them: parse failures are 400 BadRequest,
 * rule violations 422 Invalid against the options kind (`ListOptions.meta.k8s.io "" is invalid`).
 */
import type { StatusCause } from "../../api/meta/v1/types.js";
import { newBadRequest, newInvalid } from "../../runtime/rest/errors.js";
import { parseFieldSelector, parseLabelSelector } from "../../runtime/selectors/index.js";
import type { DeleteOptions, ListOptions, PatchOptions, WatchOptions } from "../registry/rest.js";

type Cause = Required<Pick<StatusCause, "field" | "message">> & { reason: string };

const META_GROUP = "meta.k8s.io";

function invalid(kind: string, causes: Cause[]): Error {
  return newInvalid({ group: META_GROUP, kind }, "", causes);
}

/** Go's quoting of a bad value in a field error. */
function goValue(v: unknown): string {
  if (Array.isArray(v)) return `[]string{${v.map((s) => JSON.stringify(s)).join(", ")}}`;
  return JSON.stringify(v);
}

function notSupported(field: string, value: unknown, supported: string[]): Cause {
  return {
    reason: "FieldValueNotSupported",
    field,
    message: `Unsupported value: ${goValue(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(", ")}`,
  };
}

function forbidden(field: string, detail: string): Cause {
  return { reason: "FieldValueForbidden", field, message: `Forbidden: ${detail}` };
}

/** Go's strconv.ParseBool, as query booleans decode upstream (anything but false/0 is true; bad values fail). */
function parseBool(name: string, value: string | null): boolean | undefined {
  if (value === null) return undefined;
  if (["1", "t", "T", "TRUE", "true", "True", ""].includes(value)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(value)) return false;
  throw newBadRequest(`${name}: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
}

function parseInt64(name: string, value: string | null): number | undefined {
  if (value === null || value === "") return undefined;
  if (!/^[+-]?\d+$/.test(value)) throw newBadRequest(`${name}: strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw newBadRequest(`${name}: strconv.ParseInt: parsing ${JSON.stringify(value)}: value out of range`);
  return n;
}

/** A resourceVersion must be a revision number (or "" / "0"); anything else is a 400 as upstream's versioner reports it. */
export function checkResourceVersion(rv: string | undefined): void {
  if (rv === undefined || rv === "" || /^\d+$/.test(rv)) return;
  throw newBadRequest(
    `invalid resource version: resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: invalid syntax`,
  );
}

function checkSelectors(labelSelector: string | undefined, fieldSelector: string | undefined): void {
  try {
    if (labelSelector) parseLabelSelector(labelSelector);
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
  try {
    if (fieldSelector) parseFieldSelector(fieldSelector);
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
}

export interface ParsedListOptions extends WatchOptions {
  watch: boolean;
}

/** List and watch options from the query; throws 400/422 StatusErrors for bad ones. */
export function parseListOptions(params: URLSearchParams, forceWatch = false): ParsedListOptions {
  // Parsed even when the path already says watch, so that a bad value is a 400 either way.
  const watchParam = parseBool("watch", params.get("watch"));
  const opts: ParsedListOptions = { watch: forceWatch || (watchParam ?? false) };
  const label = params.get("labelSelector");
  const fieldSel = params.get("fieldSelector");
  checkSelectors(label ?? undefined, fieldSel ?? undefined);
  if (label) opts.labelSelector = label;
  if (fieldSel) opts.fieldSelector = fieldSel;
  const rv = params.get("resourceVersion");
  if (rv !== null && rv !== "") {
    checkResourceVersion(rv);
    opts.resourceVersion = rv;
  }
  const match = params.get("resourceVersionMatch");
  const limit = parseInt64("limit", params.get("limit"));
  if (limit !== undefined && limit > 0) opts.limit = limit;
  const cont = params.get("continue");
  if (cont) opts.continue = cont;
  const timeout = parseInt64("timeoutSeconds", params.get("timeoutSeconds"));
  // 0 means the server's default; a negative timeout is kept: that watch ends at once, as upstream's timer does.
  if (timeout !== undefined && timeout !== 0) opts.timeoutSeconds = timeout;
  const bookmarks = parseBool("allowWatchBookmarks", params.get("allowWatchBookmarks"));
  if (bookmarks) opts.allowWatchBookmarks = true;
  const initial = parseBool("sendInitialEvents", params.get("sendInitialEvents"));

  const causes: Cause[] = [];
  if (opts.watch) {
    // Upstream's watch rules: a match only with sendInitialEvents, and only NotOlderThan (the watch-list).
    if (initial !== undefined && match !== "NotOlderThan") {
      causes.push(forbidden("resourceVersionMatch", "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
    }
    if (match !== null && match !== "") {
      if (initial === undefined)
        causes.push(forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
      if (match !== "NotOlderThan") causes.push(notSupported("resourceVersionMatch", match, ["NotOlderThan"]));
      else opts.resourceVersionMatch = match;
      if (opts.continue) causes.push(forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided"));
    }
  } else if (match !== null && match !== "") {
    if (!opts.resourceVersion)
      causes.push(forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden unless resourceVersion is provided"));
    if (opts.continue) causes.push(forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided"));
    if (match !== "Exact" && match !== "NotOlderThan")
      causes.push(notSupported("resourceVersionMatch", match, ["Exact", "NotOlderThan", ""]));
    else opts.resourceVersionMatch = match;
    if (match === "Exact" && opts.resourceVersion === "0") {
      causes.push(forbidden("resourceVersionMatch", 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
    }
  }
  if (initial !== undefined) {
    if (!opts.watch) causes.push(forbidden("sendInitialEvents", "sendInitialEvents is forbidden for list"));
    else opts.sendInitialEvents = initial;
  }
  if (causes.length > 0) throw invalid("ListOptions", causes);
  return opts;
}

/** The plain ListOptions of a parsed query (what list and deletecollection take). */
export function listOnly(opts: ParsedListOptions): ListOptions {
  const out: ListOptions = {};
  if (opts.labelSelector) out.labelSelector = opts.labelSelector;
  if (opts.fieldSelector) out.fieldSelector = opts.fieldSelector;
  if (opts.limit) out.limit = opts.limit;
  if (opts.continue) out.continue = opts.continue;
  if (opts.resourceVersion !== undefined) out.resourceVersion = opts.resourceVersion;
  if (opts.resourceVersionMatch) out.resourceVersionMatch = opts.resourceVersionMatch;
  return out;
}

function validateDryRun(values: string[], causes: Cause[]): boolean {
  if (values.some((v) => v !== "All")) {
    causes.push(notSupported("dryRun", values, ["All"]));
    return false;
  }
  return values.length > 0;
}

function validateFieldManager(manager: string, causes: Cause[]): void {
  if (manager.length > 128)
    causes.push({ reason: "FieldValueTooLong", field: "fieldManager", message: "Too long: may not be more than 128 bytes" });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(manager)) {
    causes.push({
      reason: "FieldValueInvalid",
      field: "fieldManager",
      message: `Invalid value: ${JSON.stringify(manager)}: invalid characters`,
    });
  }
}

/** Create/update/patch options from the query (`kind` names the options kind for 422 messages). */
export function parseWriteOptions(params: URLSearchParams, kind: "CreateOptions" | "UpdateOptions" | "PatchOptions"): PatchOptions {
  const causes: Cause[] = [];
  const opts: PatchOptions = {};
  if (validateDryRun(params.getAll("dryRun"), causes)) opts.dryRun = true;
  const manager = params.get("fieldManager");
  if (manager !== null && manager !== "") {
    validateFieldManager(manager, causes);
    opts.fieldManager = manager;
  }
  const validation = params.get("fieldValidation") ?? "";
  if (validation !== "" && validation !== "Ignore" && validation !== "Warn" && validation !== "Strict") {
    causes.push(notSupported("fieldValidation", validation, ["", "Ignore", "Strict", "Warn"]));
  } else if (validation !== "") {
    opts.fieldValidation = validation;
  }
  const force = parseBool("force", params.get("force"));
  if (kind === "PatchOptions" && force !== undefined) opts.force = force;
  if (causes.length > 0) throw invalid(kind, causes);
  return opts;
}

/** Delete options: the query, then a DeleteOptions body (JSON already decoded) on top, as upstream merges them. */
export function parseDeleteOptions(params: URLSearchParams, body: Record<string, unknown> | undefined): DeleteOptions {
  const causes: Cause[] = [];
  const opts: DeleteOptions = {};
  const dryRun: string[] = [...params.getAll("dryRun")];
  const grace = parseInt64("gracePeriodSeconds", params.get("gracePeriodSeconds"));
  if (grace !== undefined) opts.gracePeriodSeconds = grace;
  let policy = params.get("propagationPolicy") ?? undefined;
  let orphan = parseBool("orphanDependents", params.get("orphanDependents"));
  if (body) {
    if (Array.isArray(body.dryRun)) dryRun.push(...body.dryRun.map(String));
    if (typeof body.gracePeriodSeconds === "number") opts.gracePeriodSeconds = body.gracePeriodSeconds;
    if (typeof body.propagationPolicy === "string") policy = body.propagationPolicy;
    if (typeof body.orphanDependents === "boolean") orphan = body.orphanDependents;
    const pre = body.preconditions;
    if (pre && typeof pre === "object") {
      const p = pre as { uid?: unknown; resourceVersion?: unknown };
      opts.preconditions = {};
      if (typeof p.uid === "string") opts.preconditions.uid = p.uid;
      if (typeof p.resourceVersion === "string") opts.preconditions.resourceVersion = p.resourceVersion;
    }
  }
  if (validateDryRun(dryRun, causes)) opts.dryRun = true;
  if (opts.gracePeriodSeconds !== undefined && opts.gracePeriodSeconds < 0) opts.gracePeriodSeconds = 1;
  if (orphan !== undefined && policy !== undefined) {
    causes.push(forbidden("propagationPolicy", "orphanDependents and deletionPropagation cannot be both set"));
  } else if (orphan !== undefined) {
    opts.propagationPolicy = orphan ? "Orphan" : "Background";
  } else if (policy !== undefined) {
    if (policy !== "Orphan" && policy !== "Background" && policy !== "Foreground") {
      causes.push(notSupported("propagationPolicy", policy, ["Background", "Foreground", "Orphan"]));
    } else opts.propagationPolicy = policy;
  }
  if (causes.length > 0) throw invalid("DeleteOptions", causes);
  return opts;
}
