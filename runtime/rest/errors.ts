/** API errors as typed StatusErrors carrying a metav1.Status, with upstream's reason/code predicates and constructors. */
import type { Status, StatusCause, StatusDetails } from "../../api/meta/v1/types.js";
import { aggregateMessages } from "../selectors/validation.js";
import { goQuote } from "../go-strings.js";

/** The machine-readable reasons of a failed Status, with the HTTP code each goes with (upstream's StatusReason values). */
export const StatusReasons = {
  /** Reason unknown (500). */
  Unknown: "",
  /** 401. */
  Unauthorized: "Unauthorized",
  /** 403. */
  Forbidden: "Forbidden",
  /** 404. */
  NotFound: "NotFound",
  /** 409, on create. */
  AlreadyExists: "AlreadyExists",
  /** 409, on update. */
  Conflict: "Conflict",
  /** 410. */
  Gone: "Gone",
  /** 422. */
  Invalid: "Invalid",
  /** 500, the server may succeed later. */
  ServerTimeout: "ServerTimeout",
  /** 500. */
  StoreReadError: "StorageReadError",
  /** 504. */
  Timeout: "Timeout",
  /** 429. */
  TooManyRequests: "TooManyRequests",
  /** 400. */
  BadRequest: "BadRequest",
  /** 405. */
  MethodNotAllowed: "MethodNotAllowed",
  /** 406. */
  NotAcceptable: "NotAcceptable",
  /** 413. */
  RequestEntityTooLarge: "RequestEntityTooLarge",
  /** 415. */
  UnsupportedMediaType: "UnsupportedMediaType",
  /** 500. */
  InternalError: "InternalError",
  /** 410, a resourceVersion too old to serve. */
  Expired: "Expired",
  /** 503. */
  ServiceUnavailable: "ServiceUnavailable",
} as const;

/** The cause type upstream marks a synthesised error with, when the server's body was not a Status. */
export const CAUSE_TYPE_UNEXPECTED_SERVER_RESPONSE = "UnexpectedServerResponse";

const KNOWN_REASONS: ReadonlySet<string> = new Set(Object.values(StatusReasons).filter((r) => r !== ""));

/**
 * An API error: the metav1.Status the server answered with (or one synthesised from a
 * response that was not a Status). `message` is the Status's message.
 */
export class StatusError extends Error {
  override readonly name = "StatusError";

  constructor(
    /** The Status object: as the server sent it, with `code` filled from the HTTP status when it had none. */
    readonly status: Status,
    options?: { cause?: unknown },
  ) {
    super(status.message ?? "", options);
  }

  /** The HTTP status code (0 when unknown). */
  get code(): number {
    return this.status.code ?? 0;
  }

  /** The Status reason ("" when the server gave none). */
  get reason(): string {
    return this.status.reason ?? "";
  }
}

/** A GroupResource or GroupKind-like pair, printed as upstream does ("resource.group", or "resource"). */
export interface QualifiedName {
  group: string;
  resource: string;
}

function qualified(gr: { group: string; name: string }): string {
  return gr.group === "" ? gr.name : `${gr.name}.${gr.group}`;
}

/** Finds a StatusError in `err` or its `cause` chain (upstream unwraps with errors.As). */
export function asStatusError(err: unknown): StatusError | undefined {
  for (let e = err, depth = 0; e !== null && e !== undefined && depth < 32; depth++) {
    if (e instanceof StatusError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The Status reason of an API error, or "" for any other error. */
export function reasonForError(err: unknown): string {
  return asStatusError(err)?.reason ?? "";
}

/** The HTTP code of an API error, or 0 for any other error. */
export function codeForError(err: unknown): number {
  return asStatusError(err)?.code ?? 0;
}

/** Matches `reason`, or `code` when the error carries no reason upstream knows. */
function reasonOrCode(err: unknown, reason: string, code: number): boolean {
  const e = asStatusError(err);
  if (e === undefined) return false;
  return e.reason === reason || (!KNOWN_REASONS.has(e.reason) && e.code === code);
}

/** Whether the object does not exist (reason NotFound, or a 404 without a known reason). */
export function isNotFound(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.NotFound, 404);
}

/** Whether a create found the object already there (reason AlreadyExists only). */
export function isAlreadyExists(err: unknown): boolean {
  return reasonForError(err) === StatusReasons.AlreadyExists;
}

/** Whether an update lost a race (reason Conflict, or a 409 without a known reason). */
export function isConflict(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.Conflict, 409);
}

/** Whether the request failed validation (reason Invalid, or a 422 without a known reason). */
export function isInvalid(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.Invalid, 422);
}

/**
 * Whether the resource is gone (reason Gone, or a 410 without a known reason). As upstream,
 * this is false for reason Expired, the 410 a too-old resourceVersion gets; watchers that
 * must relist check {@link isGoneOrExpired}.
 */
export function isGone(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.Gone, 410);
}

/** Whether a resourceVersion was too old to serve (reason Expired). */
export function isResourceExpired(err: unknown): boolean {
  return reasonForError(err) === StatusReasons.Expired;
}

/** Whether a list or watch must start over from a fresh list: {@link isGone} or {@link isResourceExpired}. */
export function isGoneOrExpired(err: unknown): boolean {
  return isGone(err) || isResourceExpired(err);
}

/** Whether the server cannot produce an accepted content type (reason NotAcceptable, or a 406 without a known reason). */
export function isNotAcceptable(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.NotAcceptable, 406);
}

/** Whether the server rejected the request's content type (reason UnsupportedMediaType, or a 415 without a known reason). */
export function isUnsupportedMediaType(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.UnsupportedMediaType, 415);
}

/** Whether the verb is not allowed on the resource (reason MethodNotAllowed, or a 405 without a known reason). */
export function isMethodNotSupported(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.MethodNotAllowed, 405);
}

/** Whether the server is unavailable (reason ServiceUnavailable, or a 503 without a known reason). */
export function isServiceUnavailable(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.ServiceUnavailable, 503);
}

/** Whether the request was malformed (reason BadRequest, or a 400 without a known reason). */
export function isBadRequest(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.BadRequest, 400);
}

/** Whether the client is not authenticated (reason Unauthorized, or a 401 without a known reason). */
export function isUnauthorized(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.Unauthorized, 401);
}

/** Whether the client may not do this (reason Forbidden, or a 403 without a known reason). */
export function isForbidden(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.Forbidden, 403);
}

/** Whether the request timed out (reason Timeout, or a 504 without a known reason). */
export function isTimeout(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.Timeout, 504);
}

/** Whether the server could not finish in time but may later (reason ServerTimeout only). */
export function isServerTimeout(err: unknown): boolean {
  return reasonForError(err) === StatusReasons.ServerTimeout;
}

/** Whether the server failed internally (reason InternalError, or a 500 without a known reason). */
export function isInternalError(err: unknown): boolean {
  return reasonOrCode(err, StatusReasons.InternalError, 500);
}

/** Whether the client is being throttled (reason TooManyRequests, or any 429). */
export function isTooManyRequests(err: unknown): boolean {
  const e = asStatusError(err);
  return e !== undefined && (e.reason === StatusReasons.TooManyRequests || e.code === 429);
}

/** Whether the request body was too large (reason RequestEntityTooLarge, or any 413). */
export function isRequestEntityTooLarge(err: unknown): boolean {
  const e = asStatusError(err);
  return e !== undefined && (e.reason === StatusReasons.RequestEntityTooLarge || e.code === 413);
}

/** Whether storage could not read the data (reason StorageReadError). */
export function isStoreReadError(err: unknown): boolean {
  return reasonForError(err) === StatusReasons.StoreReadError;
}

/** Whether the error was synthesised from a response that was not a Status. */
export function isUnexpectedServerError(err: unknown): boolean {
  return asStatusError(err)?.status.details?.causes?.some((c) => c.reason === CAUSE_TYPE_UNEXPECTED_SERVER_RESPONSE) ?? false;
}

/** The seconds the server asked the client to wait, if it asked (upstream's SuggestsClientDelay). */
export function suggestsClientDelay(err: unknown): number | undefined {
  const status = asStatusError(err)?.status;
  if (!status?.details) return undefined;
  if (status.reason === StatusReasons.ServerTimeout) return status.details.retryAfterSeconds ?? 0;
  const after = status.details.retryAfterSeconds ?? 0;
  return after > 0 ? after : undefined;
}

function failure(code: number, reason: string, message: string, details?: StatusDetails): StatusError {
  const status: Status = { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code };
  if (details !== undefined) status.details = omitEmpty(details);
  return new StatusError(status);
}

/** Drops empty strings and zeros, as upstream's JSON (omitempty) does. */
function omitEmpty(details: StatusDetails): StatusDetails {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) if (v !== "" && v !== 0 && v !== undefined) out[k] = v;
  return out;
}

function resourceDetails(gr: QualifiedName, name: string, extra: StatusDetails = {}): StatusDetails {
  return { name, group: gr.group, kind: gr.resource, ...extra };
}

/** 404 NotFound for `name` of a resource: `pods "x" not found`. */
export function newNotFound(gr: QualifiedName, name: string): StatusError {
  const message = `${qualified({ group: gr.group, name: gr.resource })} ${goQuote(name)} not found`;
  return failure(404, StatusReasons.NotFound, message, resourceDetails(gr, name));
}

/** 409 AlreadyExists for `name` of a resource. */
export function newAlreadyExists(gr: QualifiedName, name: string): StatusError {
  const message = `${qualified({ group: gr.group, name: gr.resource })} ${goQuote(name)} already exists`;
  return failure(409, StatusReasons.AlreadyExists, message, resourceDetails(gr, name));
}

/** 409 Conflict: `Operation cannot be fulfilled on pods "x": <why>`. */
export function newConflict(gr: QualifiedName, name: string, why: string): StatusError {
  const message = `Operation cannot be fulfilled on ${qualified({ group: gr.group, name: gr.resource })} ${goQuote(name)}: ${why}`;
  return failure(409, StatusReasons.Conflict, message, resourceDetails(gr, name));
}

/** 403 Forbidden, worded as upstream for an empty resource, a resource, or a named object. */
export function newForbidden(gr: QualifiedName, name: string, why: string): StatusError {
  const res = qualified({ group: gr.group, name: gr.resource });
  let message: string;
  if (gr.group === "" && gr.resource === "") message = `forbidden: ${why}`;
  else if (name === "") message = `${res} is forbidden: ${why}`;
  else message = `${res} ${goQuote(name)} is forbidden: ${why}`;
  return failure(403, StatusReasons.Forbidden, message, resourceDetails(gr, name));
}

/** 401 Unauthorized ("not authorized" when no message is given). */
export function newUnauthorized(message = ""): StatusError {
  return failure(401, StatusReasons.Unauthorized, message || "not authorized");
}

/** 410 Gone. */
export function newGone(message: string): StatusError {
  return failure(410, StatusReasons.Gone, message);
}

/** 410 Expired: the resourceVersion is too old. */
export function newResourceExpired(message: string): StatusError {
  return failure(410, StatusReasons.Expired, message);
}

/** 400 BadRequest. */
export function newBadRequest(message: string): StatusError {
  return failure(400, StatusReasons.BadRequest, message);
}

/** 429 TooManyRequests, asking the client to wait `retryAfterSeconds`. */
export function newTooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return failure(429, StatusReasons.TooManyRequests, message, { retryAfterSeconds });
}

/** 503 ServiceUnavailable. */
export function newServiceUnavailable(message: string): StatusError {
  return failure(503, StatusReasons.ServiceUnavailable, message);
}

/** 405 MethodNotAllowed: `<action> is not supported on resources of kind "pods"`. */
export function newMethodNotSupported(gr: QualifiedName, action: string): StatusError {
  const res = qualified({ group: gr.group, name: gr.resource });
  return failure(405, StatusReasons.MethodNotAllowed, `${action} is not supported on resources of kind ${goQuote(res)}`, {
    group: gr.group,
    kind: gr.resource,
  });
}

/** 500 ServerTimeout: the operation could not finish in time; try again after `retryAfterSeconds`. */
export function newServerTimeout(gr: QualifiedName, operation: string, retryAfterSeconds: number): StatusError {
  const res = qualified({ group: gr.group, name: gr.resource });
  const message = `The ${operation} operation against ${res} could not be completed at this time, please try again.`;
  return failure(500, StatusReasons.ServerTimeout, message, resourceDetails(gr, operation, { retryAfterSeconds }));
}

/** 504 Timeout: `Timeout: <message>`. */
export function newTimeoutError(message: string, retryAfterSeconds: number): StatusError {
  return failure(504, StatusReasons.Timeout, `Timeout: ${message}`, { retryAfterSeconds });
}

/** 500 InternalError wrapping another error's message. */
export function newInternalError(err: unknown): StatusError {
  const text = err instanceof Error ? err.message : String(err);
  return failure(500, StatusReasons.InternalError, `Internal error occurred: ${text}`, { causes: [{ message: text }] });
}

/** 413 RequestEntityTooLarge. */
export function newRequestEntityTooLarge(message: string): StatusError {
  return failure(413, StatusReasons.RequestEntityTooLarge, `Request entity too large: ${message}`);
}

/**
 * 422 Invalid for an object of a kind, with one cause per field error. Each cause's message is
 * the error's body (`Invalid value: "x": why`), as upstream's field errors render it.
 */
export function newInvalid(gk: { group: string; kind: string }, name: string, causes: StatusCause[]): StatusError {
  const kind = qualified({ group: gk.group, name: gk.kind });
  const aggregated = aggregateMessages(causes.map((c) => `${c.field ?? ""}: ${c.message ?? ""}`));
  const message = aggregated === undefined ? `${kind} ${goQuote(name)} is invalid` : `${kind} ${goQuote(name)} is invalid: ${aggregated}`;
  return failure(422, StatusReasons.Invalid, message, { name, group: gk.group, kind: gk.kind, causes });
}

/**
 * The error for a failed response whose body was not a Status, reasoned and worded from the
 * HTTP code as upstream's NewGenericServerResponse does.
 */
export function newGenericServerResponse(
  code: number,
  verb: string,
  gr: QualifiedName,
  name: string,
  serverMessage: string,
  retryAfterSeconds: number,
  isUnexpectedResponse: boolean,
): StatusError {
  let reason: string = StatusReasons.Unknown;
  let message = `the server responded with the status code ${code} but did not return more information`;
  switch (code) {
    case 409:
      reason = verb === "POST" ? StatusReasons.AlreadyExists : StatusReasons.Conflict;
      message = "the server reported a conflict";
      break;
    case 404:
      reason = StatusReasons.NotFound;
      message = "the server could not find the requested resource";
      break;
    case 400:
      reason = StatusReasons.BadRequest;
      message = "the server rejected our request for an unknown reason";
      break;
    case 401:
      reason = StatusReasons.Unauthorized;
      message = "the server has asked for the client to provide credentials";
      break;
    case 403:
      reason = StatusReasons.Forbidden;
      message = serverMessage;
      break;
    case 406:
      reason = StatusReasons.NotAcceptable;
      message =
        serverMessage === "" || serverMessage === "unknown"
          ? "the server was unable to respond with a content type that the client supports"
          : serverMessage;
      break;
    case 415:
      reason = StatusReasons.UnsupportedMediaType;
      message = serverMessage;
      break;
    case 405:
      reason = StatusReasons.MethodNotAllowed;
      message = "the server does not allow this method on the requested resource";
      break;
    case 422:
      reason = StatusReasons.Invalid;
      message = "the server rejected our request due to an error in our request";
      break;
    case 503:
      reason = StatusReasons.ServiceUnavailable;
      message = "the server is currently unable to handle the request";
      break;
    case 504:
      reason = StatusReasons.Timeout;
      message = "the server was unable to return a response in the time allotted, but may still be processing the request";
      break;
    case 429:
      reason = StatusReasons.TooManyRequests;
      message = "the server has received too many requests and has asked us to try again later";
      break;
    default:
      if (code >= 500) {
        reason = StatusReasons.InternalError;
        message = `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`;
      }
  }
  const hasResource = gr.group !== "" || gr.resource !== "";
  const res = qualified({ group: gr.group, name: gr.resource });
  if (hasResource && name !== "") message = `${message} (${verb.toLowerCase()} ${res} ${name})`;
  else if (hasResource) message = `${message} (${verb.toLowerCase()} ${res})`;
  const details: StatusDetails = { name, group: gr.group, kind: gr.resource, retryAfterSeconds };
  if (isUnexpectedResponse) details.causes = [{ reason: CAUSE_TYPE_UNEXPECTED_SERVER_RESPONSE, message: serverMessage }];
  return failure(code, reason, message, details);
}

/** Whether a decoded body is a metav1.Status (kind Status in v1 or meta.k8s.io/v1). */
export function isStatusObject(obj: unknown): obj is Status {
  if (typeof obj !== "object" || obj === null) return false;
  const o = obj as { kind?: unknown; apiVersion?: unknown };
  return o.kind === "Status" && (o.apiVersion === undefined || o.apiVersion === "v1" || o.apiVersion === "meta.k8s.io/v1");
}
