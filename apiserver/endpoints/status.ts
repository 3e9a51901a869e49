/**
 * API errors as the endpoint layer answers them: any thrown value becomes a metav1.Status
 * (StatusErrors as they are, storage errors by their code, anything else 500 InternalError).
 */
import type { Status } from "../../api/meta/v1/types.js";
import {
  StatusError,
  asStatusError,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInternalError,
  newNotFound,
  newResourceExpired,
  newServiceUnavailable,
} from "../../runtime/rest/errors.js";
import { StorageError } from "../storage/interface.js";

/** A failure Status with any code and reason (for the few upstream builds by hand: 406, 415...). */
export function newStatusError(code: number, reason: string, message: string): StatusError {
  return new StatusError({ kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code });
}

/** The 404 upstream answers for any path no route serves. */
export function newPathNotFound(): StatusError {
  const status: Status = {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: "the server could not find the requested resource",
    reason: "NotFound",
    details: {},
    code: 404,
  };
  return new StatusError(status);
}

/** go-restful's 405 for a method no route of the path takes, as kube-apiserver words it. */
export function newMethodNotAllowed(): StatusError {
  return new StatusError({
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: "the server does not allow this method on the requested resource",
    reason: "MethodNotAllowed",
    details: {},
    code: 405,
  });
}

/** What a storage key names, for error messages: `/registry/<group>/<resource>/[ns/]name`. */
function nameOfKey(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}

/**
 * Converts anything thrown below the endpoint layer into a StatusError. `resource` words the
 * messages of storage errors the registry let through.
 */
export function toStatusError(err: unknown, resource: { group: string; resource: string } = { group: "", resource: "" }): StatusError {
  const se = asStatusError(err);
  if (se) return se;
  if (err instanceof StorageError) {
    const name = nameOfKey(err.key);
    switch (err.code) {
      case "KeyExists":
        return newAlreadyExists(resource, name);
      case "KeyNotFound":
        return newNotFound(resource, name);
      case "Conflict":
        return newConflict(resource, name, "the object has been modified; please apply your changes to the latest version and try again");
      case "Compacted":
        return newResourceExpired(`too old resource version: ${err.message}`);
      case "InvalidContinue":
        return newBadRequest(err.message);
      case "Unavailable":
        return newServiceUnavailable(err.message);
    }
  }
  return newInternalError(err);
}

/** The Status body of an error, with `code` always set. */
export function statusOf(err: StatusError): Status {
  const status = { ...err.status };
  if (status.kind === undefined) status.kind = "Status";
  if (status.apiVersion === undefined) status.apiVersion = "v1";
  if (status.metadata === undefined) status.metadata = {};
  if (status.code === undefined || status.code === 0) status.code = 500;
  return status;
}

/** A Success Status (what a delete answers when storage returns no object). */
export function successStatus(details: Status["details"]): Status {
  const status: Status = { kind: "Status", apiVersion: "v1", metadata: {}, status: "Success" };
  if (details) status.details = details;
  return status;
}
