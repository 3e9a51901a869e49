/** StatusError, the reason/code predicates and the constructors, against upstream's pkg/api/errors behaviour and wording. */
import { describe, expect, it } from "vitest";
import {
  codeForError,
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isForbidden,
  isGone,
  isGoneOrExpired,
  isInternalError,
  isInvalid,
  isMethodNotSupported,
  isNotAcceptable,
  isNotFound,
  isRequestEntityTooLarge,
  isResourceExpired,
  isServerTimeout,
  isServiceUnavailable,
  isTimeout,
  isTooManyRequests,
  isUnauthorized,
  isUnsupportedMediaType,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newForbidden,
  newGenericServerResponse,
  newGone,
  newInternalError,
  newInvalid,
  newMethodNotSupported,
  newNotFound,
  newResourceExpired,
  newServerTimeout,
  newTimeoutError,
  newTooManyRequests,
  newUnauthorized,
  reasonForError,
  StatusError,
  suggestsClientDelay,
} from "../../../runtime/rest/index.js";

const err = (code: number, reason = "") =>
  new StatusError({ kind: "Status", apiVersion: "v1", status: "Failure", code, reason, message: "m" });
const pods = { group: "", resource: "pods" };
const deployments = { group: "apps", resource: "deployments" };

describe("predicates", () => {
  const predicates = {
    isNotFound,
    isAlreadyExists,
    isConflict,
    isInvalid,
    isGone,
    isResourceExpired,
    isNotAcceptable,
    isUnsupportedMediaType,
    isMethodNotSupported,
    isServiceUnavailable,
    isBadRequest,
    isUnauthorized,
    isForbidden,
    isTimeout,
    isServerTimeout,
    isInternalError,
    isTooManyRequests,
    isRequestEntityTooLarge,
  };
  type Name = keyof typeof predicates;
  // Which predicates hold for each error; every other one must not.
  const table: Array<[string, StatusError, Name[]]> = [
    ["404 NotFound", err(404, "NotFound"), ["isNotFound"]],
    ["404 without reason", err(404), ["isNotFound"]],
    ["404 with an unknown reason", err(404, "Whatever"), ["isNotFound"]],
    ["409 AlreadyExists", err(409, "AlreadyExists"), ["isAlreadyExists"]],
    ["409 Conflict", err(409, "Conflict"), ["isConflict"]],
    ["409 without reason", err(409), ["isConflict"]],
    ["422 Invalid", err(422, "Invalid"), ["isInvalid"]],
    ["410 Gone", err(410, "Gone"), ["isGone"]],
    ["410 Expired", err(410, "Expired"), ["isResourceExpired"]],
    ["410 without reason", err(410), ["isGone"]],
    ["406", err(406), ["isNotAcceptable"]],
    ["415", err(415), ["isUnsupportedMediaType"]],
    ["405 MethodNotAllowed", err(405, "MethodNotAllowed"), ["isMethodNotSupported"]],
    ["503 ServiceUnavailable", err(503, "ServiceUnavailable"), ["isServiceUnavailable"]],
    ["400 BadRequest", err(400, "BadRequest"), ["isBadRequest"]],
    ["401", err(401), ["isUnauthorized"]],
    ["403 Forbidden", err(403, "Forbidden"), ["isForbidden"]],
    ["504 Timeout", err(504, "Timeout"), ["isTimeout"]],
    ["500 ServerTimeout", err(500, "ServerTimeout"), ["isServerTimeout"]],
    ["500 InternalError", err(500, "InternalError"), ["isInternalError"]],
    ["500 without reason", err(500), ["isInternalError"]],
    ["429 TooManyRequests", err(429, "TooManyRequests"), ["isTooManyRequests"]],
    // A known reason wins over the code, except for 429 and 413, which upstream matches by code alone.
    ["404 code with reason Conflict", err(404, "Conflict"), ["isConflict"]],
    ["429 code with reason Forbidden", err(429, "Forbidden"), ["isForbidden", "isTooManyRequests"]],
    ["413", err(413), ["isRequestEntityTooLarge"]],
  ];
  it.each(table)("%s", (_name, e, holds) => {
    for (const [name, p] of Object.entries(predicates)) expect(p(e), name).toBe(holds.includes(name as Name));
  });

  it("are false for other errors, and see through causes", () => {
    for (const p of Object.values(predicates)) {
      expect(p(new Error("x"))).toBe(false);
      expect(p(undefined)).toBe(false);
    }
    expect(isNotFound(new Error("wrapped", { cause: err(404, "NotFound") }))).toBe(true);
    expect(reasonForError(new Error("x"))).toBe("");
    expect(codeForError(new Error("x"))).toBe(0);
    expect(reasonForError(err(409, "Conflict"))).toBe("Conflict");
    expect(codeForError(err(409, "Conflict"))).toBe(409);
  });

  it("isGoneOrExpired covers both 410 reasons, which a relist needs", () => {
    expect(isGoneOrExpired(newGone("x"))).toBe(true);
    expect(isGoneOrExpired(newResourceExpired("too old resource version"))).toBe(true);
    expect(isGone(newResourceExpired("too old"))).toBe(false);
    expect(isGoneOrExpired(err(404, "NotFound"))).toBe(false);
  });

  it("suggestsClientDelay", () => {
    expect(suggestsClientDelay(newTooManyRequests("slow", 3))).toBe(3);
    expect(suggestsClientDelay(newServerTimeout(pods, "list", 0))).toBe(0);
    expect(suggestsClientDelay(newNotFound(pods, "x"))).toBeUndefined();
    expect(suggestsClientDelay(new Error("x"))).toBeUndefined();
  });
});

describe("constructors use upstream's codes, reasons and messages", () => {
  it.each<[StatusError, number, string, string]>([
    [newNotFound(pods, "web"), 404, "NotFound", 'pods "web" not found'],
    [newNotFound(deployments, "web"), 404, "NotFound", 'deployments.apps "web" not found'],
    [newAlreadyExists(pods, "web"), 409, "AlreadyExists", 'pods "web" already exists'],
    [
      newConflict(pods, "web", "the object has been modified"),
      409,
      "Conflict",
      'Operation cannot be fulfilled on pods "web": the object has been modified',
    ],
    [newForbidden(pods, "web", "no"), 403, "Forbidden", 'pods "web" is forbidden: no'],
    [newForbidden(pods, "", "no"), 403, "Forbidden", "pods is forbidden: no"],
    [newForbidden({ group: "", resource: "" }, "", "no"), 403, "Forbidden", "forbidden: no"],
    [newUnauthorized(), 401, "Unauthorized", "not authorized"],
    [newGone("gone"), 410, "Gone", "gone"],
    [newResourceExpired("too old"), 410, "Expired", "too old"],
    [newBadRequest("bad"), 400, "BadRequest", "bad"],
    [newTooManyRequests("slow", 2), 429, "TooManyRequests", "slow"],
    [newMethodNotSupported(pods, "watch"), 405, "MethodNotAllowed", 'watch is not supported on resources of kind "pods"'],
    [
      newServerTimeout(pods, "list", 1),
      500,
      "ServerTimeout",
      "The list operation against pods could not be completed at this time, please try again.",
    ],
    [newTimeoutError("waited", 1), 504, "Timeout", "Timeout: waited"],
    [newInternalError(new Error("boom")), 500, "InternalError", "Internal error occurred: boom"],
  ])("%s", (e, code, reason, message) => {
    expect(e).toBeInstanceOf(StatusError);
    expect(e.code).toBe(code);
    expect(e.reason).toBe(reason);
    expect(e.message).toBe(message);
    expect(e.status).toMatchObject({ kind: "Status", apiVersion: "v1", status: "Failure", code, reason, message });
  });

  it("fills details as upstream, leaving out empty fields", () => {
    expect(newNotFound(pods, "web").status.details).toEqual({ name: "web", kind: "pods" });
    expect(newNotFound(deployments, "web").status.details).toEqual({ name: "web", group: "apps", kind: "deployments" });
    expect(newTooManyRequests("slow", 2).status.details).toEqual({ retryAfterSeconds: 2 });
    expect(newInternalError("boom").status.details).toEqual({ causes: [{ message: "boom" }] });
  });

  it("newInvalid aggregates its causes", () => {
    const one = newInvalid({ group: "", kind: "Namespace" }, "Bad", [
      { reason: "FieldValueInvalid", field: "metadata.name", message: 'Invalid value: "Bad": a lowercase RFC 1123 label' },
    ]);
    expect(one.code).toBe(422);
    expect(one.message).toBe('Namespace "Bad" is invalid: metadata.name: Invalid value: "Bad": a lowercase RFC 1123 label');
    const two = newInvalid({ group: "apps", kind: "Deployment" }, "d", [
      { field: "spec.replicas", message: "Invalid value: -1: must be greater than or equal to 0" },
      { field: "spec.selector", message: "Required value" },
    ]);
    expect(two.message).toBe(
      'Deployment.apps "d" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.selector: Required value]',
    );
    expect(isInvalid(two)).toBe(true);
    expect(newInvalid({ group: "", kind: "Pod" }, "p", []).message).toBe('Pod "p" is invalid');
  });

  it("newGenericServerResponse words each code as upstream", () => {
    const g = (code: number, verb = "GET", msg = "body", gr = { group: "", resource: "" }, name = "") =>
      newGenericServerResponse(code, verb, gr, name, msg, 0, true);
    expect(g(409, "POST").reason).toBe("AlreadyExists");
    expect(g(409, "PUT").status).toMatchObject({ reason: "Conflict", message: "the server reported a conflict" });
    expect(g(404).message).toBe("the server could not find the requested resource");
    expect(g(404, "GET", "", pods, "web").message).toBe("the server could not find the requested resource (get pods web)");
    expect(g(404, "LIST", "", deployments).message).toBe("the server could not find the requested resource (list deployments.apps)");
    expect(g(403, "GET", "denied").message).toBe("denied");
    expect(g(406, "GET", "unknown").message).toBe("the server was unable to respond with a content type that the client supports");
    expect(g(502, "GET", "bad gateway").status).toMatchObject({
      reason: "InternalError",
      message: 'an error on the server ("bad gateway") has prevented the request from succeeding',
    });
    expect(g(418).status).toMatchObject({
      reason: "",
      message: "the server responded with the status code 418 but did not return more information",
    });
    expect(g(429).message).toBe("the server has received too many requests and has asked us to try again later");
    expect(g(504).reason).toBe("Timeout");
    expect(g(422).reason).toBe("Invalid");
  });
});
