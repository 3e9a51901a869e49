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
import type { ServerResponse } from "node:http";
import { eventLine } from "../../audit/event-line.js";
import type { AuditLogWriter } from "../../audit/log-writer.js";
import { compilePolicy, type Policy, type Stage } from "../../audit/policy.js";
import { AuditRecord, attachAuditRecord, attachedAuditRecord, auditRecordOf, logsBodies } from "../../audit/record.js";
import type { AdmissionPlugin } from "../../admission/interface.js";
import type { UserInfo } from "../../auth/user.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import type { RequestInfo } from "../../endpoints/request-info.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";
import { copyObject } from "../../registry/copy.js";
import { newUUID } from "../../../runtime/uuid.js";

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
const CLOSED_EARLY = JSON.stringify({ metadata: {}, status: "Success", message: "Connection closed early", code: 200 });

/** The caller of a request that failed authentication. */
const NOBODY: UserInfo = Object.freeze({ name: "", groups: Object.freeze([]) as unknown as string[] });

/**
 * An audited request's record with what its events need: made as the request arrives, so that
 * its fields are there from the start (one shape for all) and its events are written from
 * shared functions, not closures made for each request.
 */
class AuditedRequest extends AuditRecord {
  req: APIRequest | undefined = undefined;
  res: ResponseWriter | undefined = undefined;
  /** Who was asking as the policy decided (impersonation changes req.user later). */
  user: UserInfo = NOBODY;
  writer: AuditLogWriter | undefined = undefined;
  streaming = false;
}

/** Writes a stage's event unless the policy omits that stage. */
function emit(r: AuditedRequest, stage: Stage, status?: string): void {
  if (!r.omitStages.includes(stage)) r.writer!.writeLine(eventLine(r.req!, r.user, r, stage, status, Date.now()));
}

/** The response has gone (or its connection went first): ResponseComplete, once. */
function complete(r: AuditedRequest): void {
  if (r.done) return;
  r.done = true;
  if (r.streaming && !r.started) emit(r, "ResponseStarted", CLOSED_EARLY);
  const code = r.res!.status;
  // As upstream's response writer: the code sent wins over a Status body's (a delete's Success Status has none).
  const s = r.responseStatus;
  emit(
    r,
    "ResponseComplete",
    s ? JSON.stringify({ ...s, code: code || s.code }) : code !== 0 ? `{"metadata":{},"code":${code}}` : CLOSED_EARLY,
  );
}

/** The close listener of every audited response: one function, its record found on the response. */
function responseClosed(this: ServerResponse): void {
  const r = attachedAuditRecord(this);
  if (r instanceof AuditedRequest) complete(r);
}

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
 * it sent one). With a policy and a log, the request's record is made here with the id and the
 * time received; the policy gives it a level once the caller is known.
 */
export function withAuditID(options: AuditOptions = {}): Filter {
  const audited = options.policy !== undefined && options.writer !== undefined;
  return (next) => (req, res) => {
    const id = (req.raw.headers["audit-id"] as string | undefined) || newUUID();
    if (audited) attachAuditRecord(req.raw, new AuditedRequest(id, Date.now()));
    res.setHeader("Audit-Id", id);
    return next(req, res);
  };
}

/** The request's record from withAuditID (or a new one, for a chain without it), given its level and its response. */
function recordFor(req: APIRequest, res: ResponseWriter, user: UserInfo, writer: AuditLogWriter): AuditedRequest {
  let r = attachedAuditRecord(req.raw);
  if (!(r instanceof AuditedRequest)) {
    r = new AuditedRequest(newUUID(), Date.now());
    attachAuditRecord(req.raw, r);
  }
  const a = r as AuditedRequest;
  a.req = req;
  a.res = res;
  a.user = user;
  a.writer = writer;
  attachAuditRecord(res.raw, a);
  return a;
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
  const decide = compilePolicy(policy);
  return (req, res) => {
    const d = decide(NOBODY, req.info);
    if (d.level === "None" || d.omitStages.includes("ResponseStarted")) return;
    const r = recordFor(req, res, NOBODY, writer);
    r.level = d.level;
    r.omitStages = d.omitStages;
    const message = attemptedMethods(req);
    res.onStart = (code) => emit(r, "ResponseStarted", JSON.stringify({ metadata: {}, message, code }));
  };
}

/** A long-running request's status line went out: its ResponseStarted event. */
function started(r: AuditedRequest, code: number): void {
  r.started = true;
  emit(r, "ResponseStarted", `{"metadata":{},"code":${code}}`);
}

/** After authentication, before impersonation (as upstream): the policy and the event see who is asking. */
export function withAudit(options: AuditOptions): Filter {
  const { policy, writer } = options;
  // Without a policy and a log nothing is recorded: the filter is not in the chain at all.
  if (!policy || !writer) return (next) => next;
  const decide = compilePolicy(policy);
  return (next) => async (req, res) => {
    const d = decide(req.user, req.info);
    if (d.level === "None") return next(req, res);
    const r = recordFor(req, res, req.user, writer);
    r.level = d.level;
    r.omitStages = d.omitStages;
    emit(r, "RequestReceived");
    if (longRunning(req.info)) {
      r.streaming = true;
      res.onStart = (code) => started(r, code);
    }
    // A response emits close once it has finished or its connection went first, so one listener
    // serves both; `on`, as once's wrapper costs every audited request, and complete runs once.
    res.raw.on("close", responseClosed);
    try {
      await next(req, res);
    } catch (err) {
      // A client that went away mid-body is no panic; anything else that is no API error is a bug.
      if ((err as NodeJS.ErrnoException | undefined)?.code !== "ECONNRESET" && !r.done) {
        r.done = true;
        emit(
          r,
          "Panic",
          JSON.stringify({
            metadata: {},
            status: "Failure",
            message: `APIServer panic'd: ${err instanceof Error ? err.message : String(err)}`,
            reason: "InternalError",
            code: 500,
          }),
        );
      }
      throw err;
    }
  };
}
