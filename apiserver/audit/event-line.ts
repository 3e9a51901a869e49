/**
 * An audit.k8s.io/v1 Event written straight to its JSON line: the same bytes as JSON.stringify of
 * the event object in upstream's field order, without building that object (and its user and
 * objectRef objects) for each event. Strings go in quoted as they are unless they hold a
 * character JSON escapes; bodies and a failure's Status are the only parts given to JSON.stringify.
 */
import type { AuthorizationAttributes } from "../auth/authorizer.js";
import type { UserInfo } from "../auth/user.js";
import type { Stage } from "./policy.js";
import type { AuditRecord } from "./record.js";
import { boundedMemo } from "../../runtime/bounded-memo.js";

/** What the event says of the request: the fields authorization's attributes share with a RequestInfo. */
export type EventRequestInfo = Pick<
  AuthorizationAttributes,
  "verb" | "isResourceRequest" | "apiGroup" | "apiVersion" | "namespace" | "resource" | "subresource" | "name"
>;

/** What the event says of the request's connection and line. */
export interface EventRequest {
  info: EventRequestInfo;
  raw: { url?: string | undefined; socket: { remoteAddress?: string | undefined }; headers: { "user-agent"?: string | undefined } };
}

/** A JSON string literal: quoted as is when nothing in it needs an escape (JSON.stringify's bytes either way). */
export function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Controls, '"', '\\' and surrogates (a lone one is escaped) go to JSON.stringify.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/**
 * Go's RFC3339 with microseconds, as upstream's audit timestamps (toISOString ends in ".sssZ").
 * A request's two timestamps and its neighbours' mostly fall in the same few milliseconds: the
 * last two formatted are kept.
 */
let msA = Number.NaN;
let textA = "";
let msB = Number.NaN;
let textB = "";
export function microTime(ms: number): string {
  if (ms === msA) return textA;
  if (ms === msB) return textB;
  msB = msA;
  textB = textA;
  msA = ms;
  textA = `${new Date(ms).toISOString().slice(0, -1)}000Z`;
  return textA;
}

/** An audit.k8s.io UserInfo. */
export function userJSON(u: UserInfo): string {
  let out = "{";
  if (u.name) out += `"username":${quote(u.name)}`;
  if (u.uid) out += `${out.length > 1 ? "," : ""}"uid":${quote(u.uid)}`;
  const groups = u.groups;
  if (groups.length > 0) {
    out += `${out.length > 1 ? "," : ""}"groups":[`;
    for (let i = 0; i < groups.length; i++) out += i === 0 ? quote(groups[i]!) : `,${quote(groups[i]!)}`;
    out += "]";
  }
  return `${out}}`;
}

/**
 * Annotations repeat from request to request (authorization's decision and the one RBAC reason
 * string of the binding that allowed): their quoted forms are kept, a bounded number.
 */
const quotedAnnotation = boundedMemo(quote, 1024);

function quoteAnnotation(s: string): string {
  // Long ones (admission's violation lists) seldom repeat.
  return s.length > 256 ? quote(s) : quotedAnnotation(s);
}

function annotationsJSON(a: Record<string, string>): string {
  let out = "";
  for (const k in a) {
    const v = a[k] as unknown;
    const value = typeof v === "string" ? quoteAnnotation(v) : JSON.stringify(v);
    if (value === undefined) continue;
    out += `${out === "" ? "" : ","}${quoteAnnotation(k)}:${value}`;
  }
  return `{${out}}`;
}

/**
 * The event's line, newline included. `status` is its responseStatus as JSON, if any; `now` the
 * stage's time (Date.now()).
 */
export function eventLine(
  req: EventRequest,
  user: UserInfo,
  record: AuditRecord,
  stage: Stage,
  status: string | undefined,
  now: number,
): string {
  const i = req.info;
  const level = record.level;
  let out = `{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"${level}","auditID":${quote(record.id)},"stage":"${stage}","requestURI":${quote(req.raw.url ?? "")},"verb":${quote(i.verb)},"user":${userJSON(user)}`;
  if (record.impersonatedUser) out += `,"impersonatedUser":${userJSON(record.impersonatedUser)}`;
  out += `,"sourceIPs":[${quote(req.raw.socket.remoteAddress ?? "")}]`;
  const ua = req.raw.headers["user-agent"];
  if (ua) out += `,"userAgent":${quote(ua)}`;
  if (i.isResourceRequest) {
    out += `,"objectRef":{"resource":${quote(i.resource)}`;
    if (i.namespace) out += `,"namespace":${quote(i.namespace)}`;
    const name = i.name || (stage === "RequestReceived" ? undefined : record.name);
    if (name) out += `,"name":${quote(name)}`;
    out += `,"apiGroup":${quote(i.apiGroup)},"apiVersion":${quote(i.apiVersion)}`;
    if (i.subresource) out += `,"subresource":${quote(i.subresource)}`;
    out += "}";
  }
  if (status !== undefined) out += `,"responseStatus":${status}`;
  if (stage !== "RequestReceived" && (level === "Request" || level === "RequestResponse") && record.requestObject !== undefined) {
    const body = JSON.stringify(record.requestObject) as string | undefined;
    if (body !== undefined) out += `,"requestObject":${body}`;
  }
  if (stage === "ResponseComplete" && level === "RequestResponse" && record.responseObject !== undefined) {
    const body = JSON.stringify(record.responseObject) as string | undefined;
    if (body !== undefined) out += `,"responseObject":${body}`;
  }
  out += `,"requestReceivedTimestamp":"${microTime(record.received)}","stageTimestamp":"${microTime(now)}"`;
  if (record.annotations) out += `,"annotations":${annotationsJSON(record.annotations)}`;
  return `${out}}\n`;
}
