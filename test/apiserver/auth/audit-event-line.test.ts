/**
 * Audit events written straight to their JSON line, and the compiled policy: each against a
 * reference built the plain way (the event as an object given to JSON.stringify, the rules
 * scanned as lists), over inputs that need escapes, optional fields and every level; one line
 * pinned byte for byte.
 */
import { describe, expect, it } from "vitest";
import { eventLine, microTime, quote, type EventRequest } from "../../../apiserver/audit/event-line.js";
import { checkPolicy, compilePolicy, type Level, type PolicyRule, type Stage } from "../../../apiserver/audit/policy.js";
import { AuditRecord } from "../../../apiserver/audit/record.js";
import type { UserInfo } from "../../../apiserver/auth/user.js";

const RECEIVED = Date.UTC(2026, 10, 27, 18, 30, 1, 234);
const NOW = RECEIVED + 3;

function request(info: Partial<EventRequest["info"]> = {}, raw: Partial<EventRequest["raw"]> = {}): EventRequest {
  return {
    info: {
      verb: "get",
      isResourceRequest: true,
      apiGroup: "",
      apiVersion: "v1",
      namespace: "bench",
      resource: "configmaps",
      subresource: "",
      name: "cm-1",
      ...info,
    },
    raw: {
      url: "/api/v1/namespaces/bench/configmaps/cm-1",
      socket: { remoteAddress: "127.0.0.1" },
      headers: { "user-agent": "kubectl/v1.34.0" },
      ...raw,
    },
  };
}

function record(level: Level, fields: Partial<AuditRecord> = {}): AuditRecord {
  const r = new AuditRecord("3f2d1c0b-aaaa-4bbb-8ccc-0123456789ab", RECEIVED);
  r.level = level;
  return Object.assign(r, fields);
}

/** The event as an object in upstream's field order, absent fields left out: what JSON.stringify must give. */
function reference(req: EventRequest, user: UserInfo, r: AuditRecord, stage: Stage, status: unknown, now: number): string {
  const userInfo = (u: UserInfo) => ({
    ...(u.name && { username: u.name }),
    ...(u.uid && { uid: u.uid }),
    ...(u.groups.length > 0 && { groups: u.groups }),
  });
  const i = req.info;
  const name = i.name || (stage === "RequestReceived" ? undefined : r.name);
  const bodies = r.level === "Request" || r.level === "RequestResponse";
  const ts = (ms: number) => new Date(ms).toISOString().replace("Z", "000Z");
  const ev = {
    kind: "Event",
    apiVersion: "audit.k8s.io/v1",
    level: r.level,
    auditID: r.id,
    stage,
    requestURI: req.raw.url ?? "",
    verb: i.verb,
    user: userInfo(user),
    impersonatedUser: r.impersonatedUser && userInfo(r.impersonatedUser),
    sourceIPs: [req.raw.socket.remoteAddress ?? ""],
    userAgent: req.raw.headers["user-agent"] || undefined,
    objectRef: i.isResourceRequest
      ? {
          resource: i.resource,
          ...(i.namespace && { namespace: i.namespace }),
          ...(name && { name }),
          apiGroup: i.apiGroup,
          apiVersion: i.apiVersion,
          ...(i.subresource && { subresource: i.subresource }),
        }
      : undefined,
    responseStatus: status,
    requestObject: stage !== "RequestReceived" && bodies ? r.requestObject : undefined,
    responseObject: stage === "ResponseComplete" && r.level === "RequestResponse" ? r.responseObject : undefined,
    requestReceivedTimestamp: ts(r.received),
    stageTimestamp: ts(now),
    annotations: r.annotations,
  };
  return `${JSON.stringify(ev)}\n`;
}

const USER: UserInfo = { name: "bench-user", uid: "u-1", groups: ["system:authenticated"] };

describe("audit event lines", () => {
  it("pins a Metadata ResponseComplete line byte for byte", () => {
    const r = record("Metadata", {
      annotations: { "authorization.k8s.io/decision": "allow", "authorization.k8s.io/reason": 'RBAC: allowed by RoleBinding "e/bench"' },
    });
    expect(eventLine(request(), USER, r, "ResponseComplete", '{"metadata":{},"code":200}', NOW)).toBe(
      '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"3f2d1c0b-aaaa-4bbb-8ccc-0123456789ab",' +
        '"stage":"ResponseComplete","requestURI":"/api/v1/namespaces/bench/configmaps/cm-1","verb":"get",' +
        '"user":{"username":"bench-user","uid":"u-1","groups":["system:authenticated"]},"sourceIPs":["127.0.0.1"],' +
        '"userAgent":"kubectl/v1.34.0","objectRef":{"resource":"configmaps","namespace":"bench","name":"cm-1","apiGroup":"",' +
        '"apiVersion":"v1"},"responseStatus":{"metadata":{},"code":200},"requestReceivedTimestamp":"2026-11-27T18:30:01.234000Z",' +
        '"stageTimestamp":"2026-11-27T18:30:01.237000Z","annotations":{"authorization.k8s.io/decision":"allow",' +
        '"authorization.k8s.io/reason":"RBAC: allowed by RoleBinding \\"e/bench\\""}}\n',
    );
  });

  it("gives JSON.stringify's bytes for escapes, optional fields, stages and levels", () => {
    const odd = 'q"b\\s\n\t\u0001 é 😀 \ud800 \u2028 </script>';
    const status = { metadata: {}, status: "Failure", message: odd, reason: "NotFound", details: { name: odd }, code: 404 };
    const cases: [EventRequest, UserInfo, AuditRecord, Stage, unknown][] = [
      [request(), USER, record("Metadata"), "RequestReceived", undefined],
      [
        request({ name: "", verb: "create" }),
        USER,
        record("Metadata", { name: "from-body" }),
        "ResponseComplete",
        { metadata: {}, code: 201 },
      ],
      [request({ name: "", verb: "create" }), USER, record("Metadata", { name: "from-body" }), "RequestReceived", undefined],
      [
        request({ namespace: "", resource: "nodes", subresource: "status", apiGroup: "apps" }),
        USER,
        record("Metadata"),
        "ResponseComplete",
        status,
      ],
      [
        request({ isResourceRequest: false, verb: "get" }, { url: "/healthz?verbose" }),
        USER,
        record("Metadata"),
        "ResponseComplete",
        { metadata: {}, code: 200 },
      ],
      [
        request({ name: odd, namespace: odd }, { url: `/x/${odd}`, headers: { "user-agent": odd } }),
        { name: odd, uid: odd, groups: [odd, "g"] },
        record("Metadata"),
        "ResponseComplete",
        undefined,
      ],
      [
        request({}, { url: undefined, socket: {}, headers: {} }),
        { name: "", groups: [] },
        record("Metadata"),
        "ResponseStarted",
        { metadata: {}, message: odd, code: 401 },
      ],
      [request(), USER, record("Metadata", { impersonatedUser: { name: "other", groups: [] } }), "ResponseComplete", undefined],
      [request(), USER, record("Request", { requestObject: { kind: "ConfigMap", data: { k: odd } } }), "ResponseComplete", undefined],
      [request(), USER, record("Request", { requestObject: { kind: "ConfigMap" } }), "RequestReceived", undefined],
      [
        request(),
        USER,
        record("RequestResponse", { requestObject: { a: 1 }, responseObject: { b: [odd] } }),
        "ResponseComplete",
        undefined,
      ],
      [request(), USER, record("RequestResponse", { requestObject: { a: 1 }, responseObject: { b: 2 } }), "Panic", status],
      [
        request(),
        USER,
        record("Metadata", { annotations: { [odd]: odd, "0": "digit key", plain: "", long: odd.repeat(20) } }),
        "ResponseComplete",
        undefined,
      ],
      [request(), USER, record("Metadata", { annotations: {} }), "ResponseComplete", undefined],
    ];
    for (const [req, user, r, stage, st] of cases) {
      const line = eventLine(req, user, r, stage, st === undefined ? undefined : JSON.stringify(st), NOW);
      expect(line).toBe(reference(req, user, r, stage, st, NOW));
    }
  });

  it("quotes strings as JSON.stringify does", () => {
    for (const s of ["", "plain", 'a"b', "a\\b", "\u0000\u001f", "é", "😀", "\ud800", "\udc00x", "\u007f\u2028"])
      expect(quote(s)).toBe(JSON.stringify(s));
  });

  it("formats timestamps with microseconds, whichever of its recent values it is asked", () => {
    const times = [RECEIVED, RECEIVED + 1, RECEIVED, RECEIVED + 2, RECEIVED + 1, 0, Date.UTC(1999, 0, 1)];
    for (const ms of times) expect(microTime(ms)).toBe(new Date(ms).toISOString().replace("Z", "000Z"));
  });
});

/** The rules scanned as lists, as the policy reads. */
function referenceLevel(rules: PolicyRule[], user: UserInfo, a: Parameters<ReturnType<typeof compilePolicy>>[1]): Level {
  const matches = (r: PolicyRule): boolean => {
    if (r.users && !r.users.includes(user.name)) return false;
    if (r.userGroups && !r.userGroups.some((g) => user.groups.includes(g))) return false;
    if (r.verbs && !r.verbs.includes(a.verb)) return false;
    if (r.namespaces || r.resources) {
      if (!a.isResourceRequest) return false;
      if (r.namespaces && !r.namespaces.includes(a.namespace)) return false;
      const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
      if (
        r.resources &&
        !r.resources.some(
          (g) =>
            (g.group ?? "") === a.apiGroup &&
            (!g.resources?.length ||
              g.resources.some(
                (x) => x === combined || x === "*" || x === `*/${a.subresource}` || (x === `${a.resource}/*` && a.subresource !== ""),
              )) &&
            (!g.resourceNames?.length || g.resourceNames.includes(a.name)),
        )
      )
        return false;
    }
    if (r.nonResourceURLs)
      return (
        !a.isResourceRequest &&
        r.nonResourceURLs.some((p) => p === "*" || p === a.path || (p.endsWith("*") && a.path.startsWith(p.slice(0, -1))))
      );
    return true;
  };
  return rules.find(matches)?.level ?? "None";
}

describe("compiled audit policy", () => {
  const rules: PolicyRule[] = [
    { level: "None", users: ["system:kube-proxy"], verbs: ["watch"] },
    { level: "None", userGroups: ["system:nodes"], nonResourceURLs: ["/healthz*", "/version"] },
    { level: "RequestResponse", resources: [{ group: "", resources: ["pods/*"] }], omitStages: ["RequestReceived"] },
    { level: "Request", resources: [{ group: "apps", resources: ["*/scale", "deployments"], resourceNames: ["web"] }] },
    { level: "Metadata", resources: [{ group: "", resources: ["secrets", "configmaps"] }], namespaces: ["kube-system"] },
    { level: "Request", resources: [{ group: "batch" }, { group: "", resources: [] }], verbs: ["create", "delete"] },
    { level: "None", resources: [{ group: "", resources: ["*/"] }] },
    { level: "Metadata", users: [], verbs: ["get"] },
    { level: "None", namespaces: [] },
    { level: "Request", userGroups: ["system:authenticated"] },
  ];
  const evaluate = compilePolicy(checkPolicy({ apiVersion: "audit.k8s.io/v1", kind: "Policy", omitStages: ["Panic"], rules }));

  it("decides as the rules read, over users, verbs, paths, groups, resources, subresources and names", () => {
    const users: UserInfo[] = [
      { name: "system:kube-proxy", groups: [] },
      { name: "node-1", groups: ["system:nodes", "system:authenticated"] },
      { name: "alice", groups: ["system:authenticated"] },
      { name: "", groups: [] },
    ];
    let n = 0;
    const seen = new Set<Level>();
    for (const user of users)
      for (const verb of ["get", "watch", "create", "delete"])
        for (const [isResourceRequest, path] of [
          [true, "/api/v1/x"],
          [false, "/healthz/etcd"],
          [false, "/version"],
          [false, "/metrics"],
        ] as const)
          for (const [apiGroup, resource] of [
            ["", "pods"],
            ["", "secrets"],
            ["", "configmaps"],
            ["apps", "deployments"],
            ["batch", "jobs"],
            ["", "nodes"],
          ] as const)
            for (const subresource of ["", "status", "scale"])
              for (const namespace of ["", "kube-system"])
                for (const name of ["", "web"]) {
                  const a = { verb, isResourceRequest, path, apiGroup, namespace, resource, subresource, name };
                  expect(evaluate(user, a).level, JSON.stringify({ user, ...a })).toBe(referenceLevel(rules, user, a));
                  seen.add(evaluate(user, a).level);
                  n++;
                }
    expect(n).toBe(4608);
    expect(seen.size).toBe(4);
  });

  it("joins the policy's omitted stages with the rule's, and a match-all first rule decides everything", () => {
    expect(
      evaluate(
        { name: "a", groups: [] },
        { verb: "get", isResourceRequest: true, path: "", apiGroup: "", namespace: "", resource: "pods", subresource: "log", name: "" },
      ),
    ).toEqual({
      level: "RequestResponse",
      omitStages: ["Panic", "RequestReceived"],
    });
    const all = compilePolicy(
      checkPolicy({
        apiVersion: "audit.k8s.io/v1",
        kind: "Policy",
        rules: [{ level: "Metadata", omitStages: ["RequestReceived"] }, { level: "None" }],
      }),
    );
    expect(
      all(
        { name: "", groups: [] },
        { verb: "get", isResourceRequest: false, path: "/", apiGroup: "", namespace: "", resource: "", subresource: "", name: "" },
      ),
    ).toEqual({
      level: "Metadata",
      omitStages: ["RequestReceived"],
    });
  });
});
