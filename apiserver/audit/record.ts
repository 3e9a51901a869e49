/**
 * What the layers of one request add to its audit event, kept beside the request while it is
 * served: annotations (authorization's decision, admission plugins'), the request object as the
 * client sent it, the response object and the Status of a failure. The record rides on the raw
 * request and response (a symbol-keyed field on each, as the server keeps its own), so that code
 * holding the request, its response writer or the admission context (the request) finds it with
 * a property read: a WeakMap entry per key cost an audited request microseconds in sets and in
 * the collector's ephemeron work. Requests that are not audited have no record at level above None.
 */
import type { UserInfo } from "../auth/user.js";
import type { Level, Stage } from "./policy.js";

const AUDIT = Symbol("audit record");

/** The raw request or response a record rides on. */
type Carrier = { [AUDIT]?: AuditRecord | undefined };

const NO_STAGES: readonly Stage[] = Object.freeze([]);

/**
 * One request's audit state: made when the request arrives (its id and arrival time), given a
 * level once the policy has seen who is asking; at level None nothing is recorded.
 */
export class AuditRecord {
  level: Level = "None";
  omitStages: readonly Stage[] = NO_STAGES;
  annotations: Record<string, string> | undefined = undefined;
  /** Whom the request impersonates (the event's `user` stays the authenticated one). */
  impersonatedUser: UserInfo | undefined = undefined;
  /** The object's name as admission saw it (a create's name comes from its body). */
  name: string | undefined = undefined;
  requestObject: unknown = undefined;
  responseObject: unknown = undefined;
  /** The bounded fields of a Status the response carried (upstream copies them into responseStatus). */
  responseStatus: Record<string, unknown> | undefined = undefined;
  /** Set once the final event (ResponseComplete or Panic) is written. */
  done = false;
  /** A long-running request's ResponseStarted was written. */
  started = false;

  constructor(
    readonly id: string,
    /** Date.now() when the request arrived. */
    readonly received: number,
  ) {}
}

/** The record a request, a response writer or an admission context carries (its `raw` message). */
function carried(key: object): AuditRecord | undefined {
  const raw = (key as { raw?: Carrier }).raw;
  return raw === undefined ? undefined : raw[AUDIT];
}

/** Puts a record on a raw request or response (undefined takes it off). */
export function attachAuditRecord(raw: object, record: AuditRecord | undefined): void {
  (raw as Carrier)[AUDIT] = record;
}

/** The record on a raw request or response, whatever its level. */
export function attachedAuditRecord(raw: object): AuditRecord | undefined {
  return (raw as Carrier)[AUDIT];
}

/** The record of an audited request (level above None), from the request, its response writer or admission context. */
export function auditRecordOf(key: object): AuditRecord | undefined {
  const r = carried(key);
  return r === undefined || r.level === "None" ? undefined : r;
}

/** Adds an annotation; as upstream, the first value given for a key stays. */
export function addAuditAnnotation(key: object, name: string, value: string): void {
  const r = auditRecordOf(key);
  if (!r) return;
  r.annotations ??= {};
  if (!(name in r.annotations)) r.annotations[name] = value;
}

/** Whether the request's audit level keeps request and response bodies. */
export function logsBodies(key: object): boolean {
  const level = carried(key)?.level;
  return level === "Request" || level === "RequestResponse";
}

/** The object a response carries: a Status's bounded fields at every level, the object itself at RequestResponse. */
export function logResponseObject(key: object, obj: object): void {
  const r = auditRecordOf(key);
  if (!r) return;
  const o = obj as { kind?: string; status?: unknown; message?: string; reason?: string; details?: unknown; code?: number };
  if (o.kind === "Status") {
    r.responseStatus = {
      metadata: {},
      ...(o.status !== undefined && { status: o.status }),
      ...(o.message && { message: o.message }),
      ...(o.reason && { reason: o.reason }),
      ...(o.details !== undefined && { details: o.details }),
      ...(o.code !== undefined && { code: o.code }),
    };
  }
  if (r.level === "RequestResponse") r.responseObject = obj;
}

export function logImpersonatedUser(key: object, user: UserInfo): void {
  const r = auditRecordOf(key);
  if (r) r.impersonatedUser = user;
}
