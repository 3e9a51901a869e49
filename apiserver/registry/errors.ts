/** The registry's API errors: storage failures mapped to upstream's statuses, and the few errors runtime/rest has no constructor for. */
import {
  StatusError,
  StatusReasons,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInternalError,
  newNotFound,
  newResourceExpired,
  newServerTimeout,
  newTimeoutError,
  type QualifiedName,
} from "../../runtime/rest/errors.js";
import { StorageError } from "../storage/interface.js";

/** Upstream's optimistic-lock message for an update against a stale resourceVersion. */
export const OPTIMISTIC_LOCK_MESSAGE = "the object has been modified; please apply your changes to the latest version and try again";

/** The message for a continue token whose revision was compacted away. */
export const CONTINUE_EXPIRED_MESSAGE =
  "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.";

/** A failure Status with any code and reason (for the few upstream builds by hand: 406, 415...). */
export function newStatusError(code: number, reason: string, message: string): StatusError {
  return new StatusError({ kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code });
}

/** A failure upstream reports without a reason (an error that is not an API status): 500 with the bare message. */
export function unknownError(message: string): StatusError {
  return newStatusError(500, StatusReasons.Unknown, message);
}

/** 504 Timeout for a resourceVersion newer than the storage has (upstream's TooLargeResourceVersion, retry after 1 s). */
export function tooLargeResourceVersion(requested: number, current: number): StatusError {
  const err = newTimeoutError(`Too large resource version: ${requested}, current: ${current}`, 1);
  err.status.details = { ...err.status.details, causes: [{ reason: "ResourceVersionTooLarge", message: "Too large resource version" }] };
  return err;
}

/** 409 AlreadyExists when a generated name collided every time (upstream's NewGenerateNameConflict). */
export function generateNameConflict(gr: QualifiedName, name: string): StatusError {
  const err = newAlreadyExists(gr, name);
  err.status.message = `${err.status.message}, the server was not able to generate a unique name for the object`;
  err.status.details = { ...err.status.details, retryAfterSeconds: 1 };
  return new StatusError(err.status);
}

/** 415 for a patch type the resource does not accept. */
export function unsupportedMediaType(accepted: readonly string[]): StatusError {
  const message = `the body of the request was in an unknown format - accepted media types include: ${accepted.join(", ")}`;
  return newStatusError(415, StatusReasons.UnsupportedMediaType, message);
}

/** upstream's text for a precondition checked against the stored object inside storage. */
export function storagePreconditionConflict(gr: QualifiedName, name: string, key: string, why: string): StatusError {
  return newConflict(gr, name, `StorageError: invalid object, Code: 4, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: ${why}`);
}

export type Operation = "get" | "list" | "create" | "update" | "delete" | "watch";

/** Maps a storage failure to the status upstream's storage error interpretation gives; anything else passes through. */
export function interpretStorageError(err: unknown, op: Operation, gr: QualifiedName, name: string): unknown {
  if (!(err instanceof StorageError)) return err;
  switch (err.code) {
    case "KeyExists":
      return op === "create" ? newAlreadyExists(gr, name) : newConflict(gr, name, OPTIMISTIC_LOCK_MESSAGE);
    case "KeyNotFound":
      return newNotFound(gr, op === "list" ? "" : name);
    case "Conflict":
      return newConflict(gr, name, OPTIMISTIC_LOCK_MESSAGE);
    case "Compacted":
      return newResourceExpired(
        op === "watch" ? "The resourceVersion for the provided watch is too old." : "The resourceVersion for the provided list is too old.",
      );
    case "InvalidContinue":
      return newBadRequest(`invalid continue token: ${err.message}`);
    case "Unavailable":
      return newServerTimeout(gr, op, 2);
    default:
      return newInternalError(err);
  }
}

/** Throws `err` mapped by {@link interpretStorageError}. */
export function rethrowStorage(err: unknown, op: Operation, gr: QualifiedName, name: string): never {
  throw interpretStorageError(err, op, gr, name);
}
