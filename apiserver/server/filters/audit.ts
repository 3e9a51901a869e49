/**
 * Audit: an `Audit-Id` header on every response, and, with a policy and a log, one
 * audit.k8s.io/v1 Event per stage the policy keeps (RequestReceived, ResponseComplete) at the
 * level it names.
 */
import { randomUUID } from "node:crypto";
import type { AuditLogWriter } from "../../audit/log-writer.js";
import { evaluate, type Policy, type Stage } from "../../audit/policy.js";
import type { AdmissionPlugin } from "../../admission/interface.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import { attributesOf } from "./authorization.js";
import { copyObject } from "../../registry/copy.js";

/** Go's RFC3339 with microseconds, as upstream's audit timestamps. */
const micro = (d: Date): string => d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");

export interface AuditOptions {
  policy?: Policy;
  writer?: AuditLogWriter;
}

function event(req: APIRequest, id: string, level: string, stage: Stage, received: Date, code?: number): Record<string, unknown> {
  const i = req.info;
  const ev: Record<string, unknown> = {
    kind: "Event",
    apiVersion: "audit.k8s.io/v1",
    level,
    auditID: id,
    stage,
    requestURI: req.raw.url ?? "",
    verb: i.verb,
    user: { username: req.user.name, ...(req.user.uid && { uid: req.user.uid }), groups: req.user.groups },
    sourceIPs: [req.raw.socket.remoteAddress ?? ""],
  };
  const ua = req.raw.headers["user-agent"];
  if (ua) ev.userAgent = ua;
  const seen = stage === "RequestReceived" ? undefined : admitted.get(req);
  const name = i.name || seen?.name;
  if (i.isResourceRequest) {
    ev.objectRef = {
      resource: i.resource,
      ...(i.namespace && { namespace: i.namespace }),
      ...(name && { name }),
      apiGroup: i.apiGroup,
      apiVersion: i.apiVersion,
      ...(i.subresource && { subresource: i.subresource }),
    };
  }
  if (code !== undefined) ev.responseStatus = { metadata: {}, code };
  if ((level === "Request" || level === "RequestResponse") && seen?.object !== undefined) ev.requestObject = seen.object;
  ev.requestReceivedTimestamp = micro(received);
  ev.stageTimestamp = micro(new Date());
  return ev;
}

const ids = new WeakMap<APIRequest, { id: string; received: Date }>();
/** What admission saw of a write (the object's name on create, the object as sent): keyed by the request. */
const admitted = new WeakMap<object, { name: string; object?: unknown }>();
/** Requests audited at Request or RequestResponse level. */
const bodyLevels = new WeakSet<object>();

/**
 * Runs first in the admission chain and only records: the name a create gives in its body (for
 * objectRef) and the request object as the client sent it (for Request and RequestResponse).
 */
export const auditAdmissionRecorder: AdmissionPlugin = {
  name: "AuditRecorder",
  async admit(attributes, ctx) {
    // The copy is only worth making when the policy logs bodies for this request.
    const keep = attributes.object !== undefined && bodyLevels.has(ctx);
    admitted.set(ctx, { name: attributes.name, ...(keep && { object: copyObject(attributes.object) }) });
  },
};

/** Outermost: every response, 401s and 403s included, carries an Audit-Id (the client's own, when it sent one). */
export function withAuditID(): Filter {
  return (next) => async (req, res) => {
    const id = (req.raw.headers["audit-id"] as string | undefined) || randomUUID();
    ids.set(req, { id, received: new Date() });
    res.setHeader("Audit-Id", id);
    await next(req, res);
  };
}

/** After authentication and impersonation: the policy sees who is asking. */
export function withAudit(options: AuditOptions): Filter {
  const { policy, writer } = options;
  return (next) => async (req, res) => {
    if (!policy || !writer) return next(req, res);
    const { id, received } = ids.get(req) ?? { id: randomUUID(), received: new Date() };
    const d = evaluate(policy, attributesOf(req));
    if (d.level === "None") return next(req, res);
    if (d.level === "Request" || d.level === "RequestResponse") bodyLevels.add(req);
    if (!d.omitStages.includes("RequestReceived")) writer.write(event(req, id, d.level, "RequestReceived", received));
    if (!d.omitStages.includes("ResponseComplete")) {
      let logged = false;
      const complete = (): void => {
        if (logged) return;
        logged = true;
        writer.write(event(req, id, d.level, "ResponseComplete", received, res.raw.statusCode));
      };
      res.raw.once("finish", complete);
      res.raw.once("close", complete);
    }
    await next(req, res);
  };
}
