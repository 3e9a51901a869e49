/**
 * Audit: an `Audit-Id` header on every response, and, with a policy and a log, one
 * audit.k8s.io/v1 Event per stage the policy keeps, at the level it names, as upstream:
 * RequestReceived before the handler; ResponseStarted when a long-running request (watch, exec,
 * attach, log, port-forward, proxy) sends its status line; ResponseComplete when the response
 * has gone; Panic instead of ResponseComplete when the handler failed with an error that is no
 * API error (the client gets a 500 Status). Events carry the annotations the layers added
 * (authorization's decision and reason, admission plugins'), the request object at Request and
 * above, the response object at RequestResponse.
 */
import type { AuditLogWriter } from "../../audit/log-writer.js";
import { evaluate, type Policy, type Stage } from "../../audit/policy.js";
import { auditRecordOf, beginAuditRecord, logsBodies, type AuditRecord } from "../../audit/record.js";
import type { AdmissionPlugin } from "../../admission/interface.js";
import type { UserInfo } from "../../auth/user.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import type { RequestInfo } from "../../endpoints/request-info.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";
import { attributesOf } from "./authorization.js";
import { copyObject } from "../../registry/copy.js";
import { newUUID } from "../../../runtime/uuid.js";

/** Go's RFC3339 with microseconds, as upstream's audit timestamps (toISOString ends in ".sssZ"). */
const micro = (d: Date): string => `${d.toISOString().slice(0, -1)}000Z`;

export interface AuditOptions {
  policy?: Policy;
  writer?: AuditLogWriter;
}

/** Upstream's BasicLongRunningRequestCheck as the apiserver configures it. */
const LONG_RUNNING_SUBRESOURCES = new Set(["attach", "exec", "proxy", "log", "portforward"]);
function longRunning(i: RequestInfo): boolean {
  if (i.verb === "watch" || i.verb === "proxy") return true;
  return i.isResourceRequest && LONG_RUNNING_SUBRESOURCES.has(i.subresource);
}

/** What upstream reports when a response ended without a status (the client went away first). */
const CLOSED_EARLY = { metadata: {}, status: "Success", message: "Connection closed early", code: 200 };

/** An audit.k8s.io UserInfo. */
function userInfo(u: UserInfo): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (u.name) out.username = u.name;
  if (u.uid) out.uid = u.uid;
  if (u.groups.length > 0) out.groups = u.groups;
  return out;
}

/** Built by assignment in the Event's field order: object spreads cost an audited GET about a microsecond. */
function event(
  req: APIRequest,
  user: UserInfo,
  id: string,
  record: AuditRecord,
  stage: Stage,
  received: Date,
  responseStatus?: Record<string, unknown>,
): Record<string, unknown> {
  const i = req.info;
  const level = record.level;
  const ev: Record<string, unknown> = {
    kind: "Event",
    apiVersion: "audit.k8s.io/v1",
    level,
    auditID: id,
    stage,
    requestURI: req.raw.url ?? "",
    verb: i.verb,
    user: userInfo(user),
  };
  if (record.impersonatedUser) ev.impersonatedUser = userInfo(record.impersonatedUser);
  ev.sourceIPs = [req.raw.socket.remoteAddress ?? ""];
  const ua = req.raw.headers["user-agent"];
  if (ua) ev.userAgent = ua;
  const name = i.name || (stage === "RequestReceived" ? undefined : record.name);
  if (i.isResourceRequest) {
    const ref: Record<string, string> = { resource: i.resource };
    if (i.namespace) ref.namespace = i.namespace;
    if (name) ref.name = name;
    ref.apiGroup = i.apiGroup;
    ref.apiVersion = i.apiVersion;
    if (i.subresource) ref.subresource = i.subresource;
    ev.objectRef = ref;
  }
  if (responseStatus) ev.responseStatus = responseStatus;
  if (stage !== "RequestReceived" && (level === "Request" || level === "RequestResponse") && record.requestObject !== undefined)
    ev.requestObject = record.requestObject;
  if (stage === "ResponseComplete" && level === "RequestResponse" && record.responseObject !== undefined)
    ev.responseObject = record.responseObject;
  ev.requestReceivedTimestamp = micro(received);
  ev.stageTimestamp = micro(new Date());
  // The event is serialized before the record can change again: no copy needed.
  if (record.annotations) ev.annotations = record.annotations;
  return ev;
}

const ids = new WeakMap<APIRequest, { id: string; received: Date }>();

/**
 * Runs first in the admission chain and only records: the name a create gives in its body (for
 * objectRef) and, at Request level and above, the request object as the client sent it.
 */
export const auditAdmissionRecorder: AdmissionPlugin = {
  name: "AuditRecorder",
  async admit(attributes, ctx) {
    const record = auditRecordOf(ctx);
    if (!record) return;
    record.name = attributes.name;
    // The copy is only worth making when the policy logs bodies for this request.
    // A patch or a DeleteOptions body was already recorded by its handler, as upstream's LogRequestPatch.
    if (attributes.object !== undefined && record.requestObject === undefined && logsBodies(ctx)) {
      record.requestObject = copyObject(attributes.object);
    }
  },
};

/**
 * Outermost: every response, 401s and 403s included, carries an Audit-Id (the client's own, when
 * it sent one). The id and the time received are kept for the events only when they are written.
 */
export function withAuditID(options: AuditOptions = {}): Filter {
  const audited = options.policy !== undefined && options.writer !== undefined;
  return (next) => (req, res) => {
    const id = (req.raw.headers["audit-id"] as string | undefined) || newUUID();
    if (audited) ids.set(req, { id, received: new Date() });
    res.setHeader("Audit-Id", id);
    return next(req, res);
  };
}

/** Upstream's getAuthMethods: which credentials a request that failed authentication carried. */
function attemptedMethods(req: APIRequest): string {
  const methods: string[] = [];
  const auth = (req.raw.headers.authorization ?? "").trim();
  const scheme = auth.split(" ");
  if (scheme.length > 1 && scheme[0]!.toLowerCase() === "basic") methods.push("basic");
  if (scheme.length > 1 && scheme[0]!.toLowerCase() === "bearer") methods.push("bearer");
  if ((req.url.searchParams.get("access_token") ?? "").trim() !== "") methods.push("access_token");
  const socket = req.raw.socket as { getPeerCertificate?: () => { raw?: Buffer } | undefined };
  if (socket.getPeerCertificate?.()?.raw) methods.push("x509");
  return methods.length > 0 ? `Authentication failed, attempted: ${methods.join(", ")}` : "Authentication failed, no credentials provided";
}

/**
 * For the authentication filter: a request refused with 401 is audited as upstream's
 * WithFailedAuthenticationAudit does, with no user and one event at ResponseStarted.
 */
export function failedAuthenticationAudit(options: AuditOptions): ((req: APIRequest, res: ResponseWriter) => void) | undefined {
  const { policy, writer } = options;
  if (!policy || !writer) return undefined;
  return (req, res) => {
    const nobody: UserInfo = { name: "", groups: [] };
    const d = evaluate(policy, { ...attributesOf(req), user: nobody });
    if (d.level === "None" || d.omitStages.includes("ResponseStarted")) return;
    const { id, received } = ids.get(req) ?? { id: newUUID(), received: new Date() };
    const record = beginAuditRecord(d.level, req, res);
    const message = attemptedMethods(req);
    res.onStart = (code) => writer.write(event(req, nobody, id, record, "ResponseStarted", received, { metadata: {}, message, code }));
  };
}

/** After authentication, before impersonation (as upstream): the policy and the event see who is asking. */
export function withAudit(options: AuditOptions): Filter {
  const { policy, writer } = options;
  // Without a policy and a log nothing is recorded: the filter is not in the chain at all.
  if (!policy || !writer) return (next) => next;
  return (next) => async (req, res) => {
    const { id, received } = ids.get(req) ?? { id: newUUID(), received: new Date() };
    const d = evaluate(policy, attributesOf(req));
    if (d.level === "None") return next(req, res);
    const record = beginAuditRecord(d.level, req, res);
    const user = req.user;
    const emit = (stage: Stage, status?: Record<string, unknown>): void => {
      if (!d.omitStages.includes(stage)) writer.write(event(req, user, id, record, stage, received, status));
    };
    emit("RequestReceived");
    const streaming = longRunning(req.info);
    let started = false;
    if (streaming) {
      res.onStart = (code) => {
        started = true;
        emit("ResponseStarted", { metadata: {}, code });
      };
    }
    let done = false;
    const complete = (): void => {
      if (done) return;
      done = true;
      if (streaming && !started) emit("ResponseStarted", CLOSED_EARLY);
      // As upstream's response writer: the code sent wins over a Status body's (a delete's Success Status has none).
      const status = record.responseStatus ? { ...record.responseStatus, code: res.status || record.responseStatus.code } : undefined;
      emit("ResponseComplete", status ?? (res.status !== 0 ? { metadata: {}, code: res.status } : CLOSED_EARLY));
    };
    // A response emits close once it has finished or its connection went first, so one listener
    // serves both; `on`, as once's wrapper costs every audited request, and complete runs once.
    res.raw.on("close", complete);
    try {
      await next(req, res);
    } catch (err) {
      // A client that went away mid-body is no panic; anything else that is no API error is a bug.
      if ((err as NodeJS.ErrnoException | undefined)?.code !== "ECONNRESET" && !done) {
        done = true;
        emit("Panic", {
          metadata: {},
          status: "Failure",
          message: `APIServer panic'd: ${err instanceof Error ? err.message : String(err)}`,
          reason: "InternalError",
          code: 500,
        });
      }
      throw err;
    }
  };
}
