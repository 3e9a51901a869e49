/**
 * What the layers of one request add to its audit event, kept beside the request while it is
 * served: annotations (authorization's decision, admission plugins'), the request object as the
 * client sent it, the response object and the Status of a failure. Keyed by the request and by
 * its response writer, so that code holding either can add to it; requests that are not
 * audited have no record, and adding to them costs a WeakMap miss.
 */
import type { UserInfo } from "../auth/user.js";
import type { Level } from "./policy.js";

export interface AuditRecord {
  readonly level: Level;
  annotations?: Record<string, string>;
  /** Whom the request impersonates (the event's `user` stays the authenticated one). */
  impersonatedUser?: UserInfo;
  /** The object's name as admission saw it (a create's name comes from its body). */
  name?: string;
  requestObject?: unknown;
  responseObject?: unknown;
  /** The bounded fields of a Status the response carried (upstream copies them into responseStatus). */
  responseStatus?: Record<string, unknown>;
}

const records = new WeakMap<object, AuditRecord>();

export function beginAuditRecord(level: Level, ...keys: object[]): AuditRecord {
  const r: AuditRecord = { level };
  for (const k of keys) records.set(k, r);
  return r;
}

export function auditRecordOf(key: object): AuditRecord | undefined {
  return records.get(key);
}

/** Adds an annotation; as upstream, the first value given for a key stays. */
export function addAuditAnnotation(key: object, name: string, value: string): void {
  const r = records.get(key);
  if (!r) return;
  r.annotations ??= {};
  if (!(name in r.annotations)) r.annotations[name] = value;
}

/** Whether the request's audit level keeps request and response bodies. */
export function logsBodies(key: object): boolean {
  const level = records.get(key)?.level;
  return level === "Request" || level === "RequestResponse";
}

/** The object a response carries: a Status's bounded fields at every level, the object itself at RequestResponse. */
export function logResponseObject(key: object, obj: object): void {
  const r = records.get(key);
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
  const r = records.get(key);
  if (r) r.impersonatedUser = user;
}
