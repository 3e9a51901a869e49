/**
 * API errors as the endpoint layer answers them: any thrown value becomes a metav1.Status
 * (StatusErrors as they are, storage errors as the registry maps them, anything else 500 InternalError).
 */
import type { Status } from "../../api/meta/v1/types.js";
import { StatusError, asStatusError, newInternalError } from "../../runtime/rest/errors.js";
import { interpretStorageError, newStatusError, type Operation } from "../registry/errors.js";
import { StorageError } from "../storage/interface.js";

export { newStatusError };

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
 * Converts anything thrown below the endpoint layer into a StatusError. Storage errors the
 * registry let through are mapped as the registry maps them (one mapping), for `op` on `resource`.
 */
export function toStatusError(
  err: unknown,
  resource: { group: string; resource: string } = { group: "", resource: "" },
  op: Operation = "get",
): StatusError {
  const mapped = err instanceof StorageError ? interpretStorageError(err, op, resource, nameOfKey(err.key)) : err;
  return asStatusError(mapped) ?? newInternalError(mapped);
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
