/**
 * What admission keeps between requests (the LimitRange, ResourceQuota, webhook configuration
 * and policy binding lists, the ServiceAccounts) is forgotten when they change: an object created just before a
 * write applies to it, through the real apiserver (SQLite, the default plugins).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";

let server: TestAPIServer;
const call = (method: string, p: string, body?: unknown): Promise<Reply> => server.call(method, p, body);
const AR = "/apis/admissionregistration.k8s.io/v1";

const pod = (name: string) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name },
  spec: { containers: [{ name: "c", image: "busybox" }] },
});
const configMap = (name: string) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name } });

beforeAll(async () => {
  server = await startRunningServer();
  for (const ns of ["limits", "quota", "hooks", "policies", "accounts", "labelled"]) {
    expect((await call("POST", "/api/v1/namespaces", { metadata: { name: ns } })).status).toBe(201);
    await call("POST", `/api/v1/namespaces/${ns}/serviceaccounts`, { metadata: { name: "default" } });
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("admission caches", () => {
  it("a LimitRange created just before a Pod applies to it, and one changed applies at once", async () => {
    const PODS = "/api/v1/namespaces/limits/pods";
    // Pods before the LimitRange: admission has read (and kept) the empty list.
    for (const n of ["before-1", "before-2"]) {
      const r = await call("POST", PODS, pod(n));
      expect(r.status).toBe(201);
      expect(r.body.spec.containers[0].resources).toEqual({});
    }
    const created = await call("POST", "/api/v1/namespaces/limits/limitranges", {
      metadata: { name: "defaults" },
      spec: { limits: [{ type: "Container", default: { cpu: "500m" }, defaultRequest: { cpu: "100m" } }] },
    });
    expect(created.status).toBe(201);
    const after = await call("POST", PODS, pod("after"));
    expect(after.status).toBe(201);
    expect(after.body.spec.containers[0].resources).toEqual({ limits: { cpu: "500m" }, requests: { cpu: "100m" } });
    const changed = await call("PUT", "/api/v1/namespaces/limits/limitranges/defaults", {
      ...created.body,
      spec: { limits: [{ type: "Container", default: { cpu: "1" }, defaultRequest: { cpu: "200m" }, max: { cpu: "1" } }] },
    });
    expect(changed.status).toBe(200);
    const again = await call("POST", PODS, pod("after-change"));
    expect(again.body.spec.containers[0].resources).toEqual({ limits: { cpu: "1" }, requests: { cpu: "200m" } });
  });

  it("a ResourceQuota created just before a Pod counts it, and refuses the one past its limit", async () => {
    const PODS = "/api/v1/namespaces/quota/pods";
    expect((await call("POST", PODS, pod("before"))).status).toBe(201);
    expect(
      (await call("POST", "/api/v1/namespaces/quota/resourcequotas", { metadata: { name: "two" }, spec: { hard: { pods: "2" } } })).status,
    ).toBe(201);
    expect((await call("POST", PODS, pod("second"))).status).toBe(201);
    const third = await call("POST", PODS, pod("third"));
    expect(third.status).toBe(403);
    expect(third.body.message).toBe('pods "third" is forbidden: exceeded quota: two, requested: pods=1, used: pods=2, limited: pods=2');
  });

  it("a validating webhook configuration added just before a write is called for it", async () => {
    const CMS = "/api/v1/namespaces/hooks/configmaps";
    expect((await call("POST", CMS, configMap("before"))).status).toBe(201);
    const hook = await call("POST", `${AR}/validatingwebhookconfigurations`, {
      metadata: { name: "unreachable" },
      webhooks: [
        {
          name: "unreachable.example.com",
          clientConfig: { url: "https://127.0.0.1:1/validate" },
          rules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }],
          namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "hooks" } },
          sideEffects: "None",
          admissionReviewVersions: ["v1"],
          failurePolicy: "Fail",
        },
      ],
    });
    expect(hook.status).toBe(201);
    const after = await call("POST", CMS, configMap("after"));
    expect(after.status).toBe(500);
    expect(after.body.message).toContain('failed calling webhook "unreachable.example.com"');
    expect((await call("DELETE", `${AR}/validatingwebhookconfigurations/unreachable`)).status).toBe(200);
    expect((await call("POST", CMS, configMap("after-delete"))).status).toBe(201);
  });

  it("a policy binding added just before a write applies to it", async () => {
    const CMS = "/api/v1/namespaces/policies/configmaps";
    expect((await call("POST", CMS, configMap("before"))).status).toBe(201);
    expect(
      (
        await call("POST", `${AR}/validatingadmissionpolicies`, {
          metadata: { name: "no-configmaps" },
          spec: {
            failurePolicy: "Fail",
            matchConstraints: {
              resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }],
            },
            validations: [{ expression: "false", message: "no ConfigMaps here" }],
          },
        })
      ).status,
    ).toBe(201);
    expect((await call("POST", CMS, configMap("policy-only"))).status).toBe(201);
    expect(
      (
        await call("POST", `${AR}/validatingadmissionpolicybindings`, {
          metadata: { name: "no-configmaps" },
          spec: {
            policyName: "no-configmaps",
            validationActions: ["Deny"],
            matchResources: { namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "policies" } } },
          },
        })
      ).status,
    ).toBe(201);
    const after = await call("POST", CMS, configMap("after"));
    expect(after.status).toBe(422);
    expect(after.body.message).toBe(
      "ValidatingAdmissionPolicy 'no-configmaps' with binding 'no-configmaps' denied request: no ConfigMaps here",
    );
  });
  it("a ServiceAccount changed just before a Pod applies to it, and one created just before is found", async () => {
    const PODS = "/api/v1/namespaces/accounts/pods";
    const first = await call("POST", PODS, pod("mounted"));
    expect(first.status).toBe(201);
    expect(first.body.spec.volumes[0].name).toMatch(/^kube-api-access-/);
    const sa = await call("GET", "/api/v1/namespaces/accounts/serviceaccounts/default");
    expect(
      (await call("PUT", "/api/v1/namespaces/accounts/serviceaccounts/default", { ...sa.body, automountServiceAccountToken: false }))
        .status,
    ).toBe(200);
    const second = await call("POST", PODS, pod("not-mounted"));
    expect(second.status).toBe(201);
    expect(second.body.spec.volumes).toBeUndefined();

    const missing = await call("POST", PODS, { ...pod("robot"), spec: { ...pod("robot").spec, serviceAccountName: "robot" } });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe(
      'pods "robot" is forbidden: error looking up service account accounts/robot: serviceaccount "robot" not found',
    );
    expect((await call("POST", "/api/v1/namespaces/accounts/serviceaccounts", { metadata: { name: "robot" } })).status).toBe(201);
    const found = await call("POST", PODS, { ...pod("robot"), spec: { ...pod("robot").spec, serviceAccountName: "robot" } });
    expect(found.status).toBe(201);
  });
  it("a namespace's pod-security label changed just before a Pod applies to it", async () => {
    const PODS = "/api/v1/namespaces/labelled/pods";
    const privileged = (name: string) => ({
      ...pod(name),
      spec: { containers: [{ name: "c", image: "busybox", securityContext: { privileged: true } }] },
    });
    expect((await call("POST", PODS, privileged("before"))).status).toBe(201);
    const ns = await call("GET", "/api/v1/namespaces/labelled");
    const labels = { ...ns.body.metadata.labels, "pod-security.kubernetes.io/enforce": "baseline" };
    expect((await call("PUT", "/api/v1/namespaces/labelled", { ...ns.body, metadata: { ...ns.body.metadata, labels } })).status).toBe(200);
    const after = await call("POST", PODS, privileged("after"));
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(
      'pods "after" is forbidden: violates PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)',
    );
  });
});
