/**
 * Audit events through the real apiserver, as upstream writes them: stages (RequestReceived,
 * ResponseStarted for watches, ResponseComplete, Panic), omitStages, request and response
 * objects by level, the Status of a failure, the authenticated and the impersonated user, and
 * the annotations authorization and admission (PodSecurity) add.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditLogWriter } from "../../../apiserver/audit/log-writer.js";
import { checkPolicy } from "../../../apiserver/audit/policy.js";
import { startRunningServer, type TestAPIServer } from "../../support/running-server.js";
import { eventually } from "../../support/wait.js";
import { startTestServer } from "../server/harness.js";

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/livez*", "/readyz*"]
- level: RequestResponse
  resources: [{group: "", resources: ["configmaps"]}]
- level: Metadata
  resources: [{group: "", resources: ["secrets"]}]
  omitStages: ["ResponseStarted"]
- level: Request
  resources: [{group: "", resources: ["pods"]}]
- level: Metadata
`;

// Events are read as the JSON they are.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Event = Record<string, any>;

describe("audit events", () => {
  let server: TestAPIServer;
  let log: string;
  const events = (): Event[] =>
    readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as Event);
  /** The events of one request, once its last expected stage is in. */
  const eventsOf = (auditID: string, last: string): Promise<Event[]> =>
    eventually(`audit events of ${auditID}`, async () => {
      const mine = events().filter((e) => e.auditID === auditID);
      return mine.some((e) => e.stage === last) && mine;
    });

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-audit-policy-"));
    writeFileSync(path.join(dir, "policy.yaml"), POLICY);
    log = path.join(dir, "audit.log");
    server = await startRunningServer({
      authorizationMode: "RBAC",
      auditPolicyFile: path.join(dir, "policy.yaml"),
      auditLogPath: log,
    });
    await server.call("POST", "/apis/rbac.authorization.k8s.io/v1/clusterroles", {
      metadata: { name: "cm-reader" },
      rules: [{ verbs: ["get", "list"], apiGroups: [""], resources: ["configmaps"] }],
    });
    await server.call("POST", "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings", {
      metadata: { name: "alice-cm" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "cm-reader" },
      subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "alice" }],
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(path.dirname(log), { recursive: true, force: true });
  });

  it("RequestResponse: RequestReceived bare, ResponseComplete with both objects, its status and authorization's annotations", async () => {
    const r = await server.call(
      "POST",
      "/api/v1/namespaces/default/configmaps",
      { metadata: { name: "cm1" }, data: { a: "b" } },
      { "User-Agent": "audit-test/1.0" },
    );
    expect(r.status).toBe(201);
    const evs = await eventsOf(r.headers["audit-id"] as string, "ResponseComplete");
    expect(evs.map((e) => e.stage)).toEqual(["RequestReceived", "ResponseComplete"]);
    const [received, complete] = evs as [Event, Event];
    expect(received.requestObject).toBeUndefined();
    expect(received.annotations).toBeUndefined();
    expect(received.objectRef).toEqual({ resource: "configmaps", namespace: "default", apiGroup: "", apiVersion: "v1" });
    expect(complete).toMatchObject({
      level: "RequestResponse",
      verb: "create",
      objectRef: { resource: "configmaps", namespace: "default", name: "cm1" },
      responseStatus: { metadata: {}, code: 201 },
      requestObject: { metadata: { name: "cm1" }, data: { a: "b" } },
      responseObject: { kind: "ConfigMap", metadata: { name: "cm1", uid: r.body.metadata.uid }, data: { a: "b" } },
      annotations: { "authorization.k8s.io/decision": "allow", "authorization.k8s.io/reason": "" },
    });
    expect(complete.user.groups).toContain("system:masters");
    expect(complete.userAgent).toBe("audit-test/1.0");
    // Upstream's key order: the event reads as kube-apiserver's.
    expect(Object.keys(complete)).toEqual([
      "kind",
      "apiVersion",
      "level",
      "auditID",
      "stage",
      "requestURI",
      "verb",
      "user",
      "sourceIPs",
      "userAgent",
      "objectRef",
      "responseStatus",
      "requestObject",
      "responseObject",
      "requestReceivedTimestamp",
      "stageTimestamp",
      "annotations",
    ]);
  });

  it("a failure's Status fields go into responseStatus; impersonation keeps the caller as user; RBAC says which binding allowed", async () => {
    const missing = await server.call("GET", "/api/v1/namespaces/default/secrets/nope");
    expect(missing.status).toBe(404);
    const [, done] = await eventsOf(missing.headers["audit-id"] as string, "ResponseComplete");
    expect(done!.responseStatus).toEqual({
      metadata: {},
      status: "Failure",
      message: 'secrets "nope" not found',
      reason: "NotFound",
      details: { name: "nope", kind: "secrets" },
      code: 404,
    });
    expect(done!.responseObject).toBeUndefined();

    const asAlice = await server.call("GET", "/api/v1/namespaces/default/configmaps/cm1", undefined, { "Impersonate-User": "alice" });
    expect(asAlice.status).toBe(200);
    const [, ok] = await eventsOf(asAlice.headers["audit-id"] as string, "ResponseComplete");
    expect(ok!.user.username).toBe("kubegen-admin");
    expect(ok!.impersonatedUser).toEqual({ username: "alice", groups: ["system:authenticated"] });
    expect(ok!.annotations).toEqual({
      "authorization.k8s.io/decision": "allow",
      "authorization.k8s.io/reason": 'RBAC: allowed by ClusterRoleBinding "alice-cm" of ClusterRole "cm-reader" to User "alice"',
    });
    expect(ok!.responseObject).toMatchObject({ metadata: { name: "cm1" } });

    const denied = await server.call("GET", "/api/v1/namespaces/default/secrets", undefined, { "Impersonate-User": "alice" });
    expect(denied.status).toBe(403);
    const [, no] = await eventsOf(denied.headers["audit-id"] as string, "ResponseComplete");
    expect(no!.annotations["authorization.k8s.io/decision"]).toBe("forbid");
    expect(no!.responseStatus).toMatchObject({ code: 403, reason: "Forbidden" });
  });

  it("a request that fails authentication: one ResponseStarted event with no user, naming what was attempted", async () => {
    const r = await server.call("GET", "/api/v1/namespaces/default/configmaps", undefined, { Authorization: "Bearer bogus" }, true);
    expect(r.status).toBe(401);
    const [ev, ...more] = await eventsOf(r.headers["audit-id"] as string, "ResponseStarted");
    expect(more).toEqual([]);
    expect(ev).toMatchObject({
      level: "RequestResponse",
      stage: "ResponseStarted",
      user: {},
      verb: "list",
      responseStatus: { metadata: {}, message: "Authentication failed, attempted: bearer", code: 401 },
    });
    expect(ev!.annotations).toBeUndefined();
  });

  it("a patch is the request object, as sent", async () => {
    const r = await server.call(
      "PATCH",
      "/api/v1/namespaces/default/configmaps/cm1",
      { data: { c: "d" } },
      {
        "Content-Type": "application/merge-patch+json",
      },
    );
    expect(r.status).toBe(200);
    const [, done] = await eventsOf(r.headers["audit-id"] as string, "ResponseComplete");
    expect(done!.verb).toBe("patch");
    expect(done!.requestObject).toEqual({ data: { c: "d" } });
    expect(done!.responseObject).toMatchObject({ data: { a: "b", c: "d" } });
  });

  it("DeleteOptions sent in the body are the request object", async () => {
    await server.call("POST", "/api/v1/namespaces/default/configmaps", { metadata: { name: "gone" } });
    const options = { kind: "DeleteOptions", apiVersion: "v1", propagationPolicy: "Background" };
    const r = await server.call("DELETE", "/api/v1/namespaces/default/configmaps/gone", options);
    expect(r.status).toBe(200);
    const [, done] = await eventsOf(r.headers["audit-id"] as string, "ResponseComplete");
    expect(done!.requestObject).toEqual(options);
    expect(done!.responseStatus).toMatchObject({ metadata: {}, status: "Success", code: 200 });
  });

  it("a watch logs ResponseStarted when its response starts, then ResponseComplete; omitStages drops a stage", async () => {
    const w = await server.call("GET", "/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1");
    expect(w.status).toBe(200);
    const evs = await eventsOf(w.headers["audit-id"] as string, "ResponseComplete");
    expect(evs.map((e) => e.stage)).toEqual(["RequestReceived", "ResponseStarted", "ResponseComplete"]);
    expect(evs[1]!.responseStatus).toEqual({ metadata: {}, code: 200 });
    expect(evs[2]!.responseObject).toBeUndefined();

    const s = await server.call("GET", "/api/v1/namespaces/default/secrets?watch=1&timeoutSeconds=1");
    const secretEvents = await eventsOf(s.headers["audit-id"] as string, "ResponseComplete");
    expect(secretEvents.map((e) => e.stage)).toEqual(["RequestReceived", "ResponseComplete"]);
  });

  it("PodSecurity adds enforce-policy and audit-violations; warn warns, for pods and for workloads' templates", async () => {
    const labels = {
      "pod-security.kubernetes.io/audit": "restricted",
      "pod-security.kubernetes.io/warn": "baseline",
      "pod-security.kubernetes.io/enforce": "baseline",
      "pod-security.kubernetes.io/enforce-version": "v1.33",
    };
    expect((await server.call("POST", "/api/v1/namespaces", { metadata: { name: "audited", labels } })).status).toBe(201);
    await server.call("POST", "/api/v1/namespaces/audited/serviceaccounts", { metadata: { name: "default" } });
    const pod = await server.call("POST", "/api/v1/namespaces/audited/pods", {
      metadata: { name: "p" },
      spec: { containers: [{ name: "c", image: "busybox" }] },
    });
    expect(pod.status).toBe(201);
    expect(pod.headers.warning).toBeUndefined();
    const [, done] = await eventsOf(pod.headers["audit-id"] as string, "ResponseComplete");
    expect(done!.level).toBe("Request");
    expect(done!.requestObject).toMatchObject({ kind: "Pod", metadata: { name: "p" } });
    expect(done!.annotations).toMatchObject({
      "pod-security.kubernetes.io/enforce-policy": "baseline:v1.33",
      "pod-security.kubernetes.io/audit-violations":
        'would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    });

    // Refused by enforce: the event still carries the annotations, and no warning is added.
    const priv = await server.call("POST", "/api/v1/namespaces/audited/pods", {
      metadata: { name: "priv" },
      spec: { containers: [{ name: "c", image: "busybox", securityContext: { privileged: true } }] },
    });
    expect(priv.status).toBe(403);
    expect(priv.body.message).toBe(
      'pods "priv" is forbidden: violates PodSecurity "baseline:v1.33": privileged (container "c" must not set securityContext.privileged=true)',
    );
    expect(priv.headers.warning).toBeUndefined();
    const [, refused] = await eventsOf(priv.headers["audit-id"] as string, "ResponseComplete");
    expect(refused!.annotations["pod-security.kubernetes.io/enforce-policy"]).toBe("baseline:v1.33");

    // A Deployment's template is warned about (not enforced).
    const deploy = await server.call("POST", "/apis/apps/v1/namespaces/audited/deployments", {
      metadata: { name: "d" },
      spec: {
        selector: { matchLabels: { app: "d" } },
        template: { metadata: { labels: { app: "d" } }, spec: { hostNetwork: true, containers: [{ name: "c", image: "x" }] } },
      },
    });
    expect(deploy.status).toBe(201);
    expect(deploy.headers.warning).toBe('299 - "would violate PodSecurity \\"baseline:latest\\": host namespaces (hostNetwork=true)"');

    // A namespace without labels: every pod is privileged:latest.
    await server.call("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "default" } });
    const plain = await server.call("POST", "/api/v1/namespaces/default/pods", {
      metadata: { name: "plain" },
      spec: { containers: [{ name: "c", image: "busybox" }] },
    });
    expect(plain.status).toBe(201);
    const [, p] = await eventsOf(plain.headers["audit-id"] as string, "ResponseComplete");
    expect(p!.annotations["pod-security.kubernetes.io/enforce-policy"]).toBe("privileged:latest");
  });

  it("PodSecurity on namespaces: invalid labels are refused; a stricter enforce level warns about existing pods", async () => {
    const bad = await server.call("POST", "/api/v1/namespaces", {
      metadata: { name: "bad", labels: { "pod-security.kubernetes.io/enforce": "strict" } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(
      'Namespace "bad" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted',
    );
    const ns = (await server.call("GET", "/api/v1/namespaces/audited")).body;
    ns.metadata.labels["pod-security.kubernetes.io/enforce"] = "restricted";
    const tightened = await server.call("PUT", "/api/v1/namespaces/audited", ns);
    expect(tightened.status).toBe(200);
    expect(tightened.headers.warning).toBe(
      [
        '299 - "existing pods in namespace \\"audited\\" violate the new PodSecurity enforce level \\"restricted:v1.33\\""',
        '299 - "p: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile"',
      ].join(", "),
    );
  });
});

describe("the Panic stage", () => {
  it("a handler that fails with no API error: a 500 Status for the client, a Panic event and no ResponseComplete", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-audit-panic-"));
    const writer = new AuditLogWriter({ path: path.join(dir, "audit.log") });
    const s = await startTestServer({
      auditPolicy: checkPolicy({ apiVersion: "audit.k8s.io/v1", kind: "Policy", rules: [{ level: "Metadata" }] }),
      auditWriter: writer,
      admissionPlugins: [
        {
          name: "Broken",
          async admit(a) {
            if (a.resource.resource === "configmaps") throw new TypeError("cannot read properties of undefined (reading 'x')");
          },
        },
      ],
    });
    try {
      const r = await s.request("POST", "/api/v1/namespaces/default/configmaps", {
        body: JSON.stringify({ metadata: { name: "x" } }),
        headers: { "Content-Type": "application/json" },
      });
      expect(r.status).toBe(500);
      expect(r.json()).toMatchObject({ kind: "Status", status: "Failure", reason: "InternalError", code: 500 });
      const id = r.headers["audit-id"] as string;
      const read = (): Event[] =>
        readFileSync(path.join(dir, "audit.log"), "utf8")
          .trim()
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => JSON.parse(l) as Event)
          .filter((e) => e.auditID === id);
      const evs = await eventually("the panic event", async () => read().some((e) => e.stage === "Panic") && read());
      // Give a wrongly late ResponseComplete the chance to land before checking it did not.
      await s.request("GET", "/api/v1/namespaces/default/configmaps");
      await eventually("the next request's events", async () =>
        readFileSync(path.join(dir, "audit.log"), "utf8").includes('"verb":"list"'),
      );
      expect(read().map((e) => e.stage)).toEqual(["RequestReceived", "Panic"]);
      expect(evs.find((e) => e.stage === "Panic")!.responseStatus).toEqual({
        metadata: {},
        status: "Failure",
        message: "APIServer panic'd: cannot read properties of undefined (reading 'x')",
        reason: "InternalError",
        code: 500,
      });
    } finally {
      await s.close();
      await writer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
