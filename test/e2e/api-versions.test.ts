/**
 * Issue #16 with the real kubectl against `kubegen apiserver`: an HPA created through
 * autoscaling/v2 read through v1 (`kubectl get horizontalpodautoscalers.v1.autoscaling`; the short
 * name resolves by the group's preferred version, v2 as upstream's), Events written through
 * events.k8s.io/v1 read through core/v1 and back, ComponentStatuses computed and read-only with
 * their deprecation warning, a CertificateSigningRequest taking the requesting user.
 */
import { describe, expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { CSR_REQUEST } from "../support/csr-fixture.js";

const { kubectl, ok, json, file } = kubectlServer("kubegen-api-versions-e2e-", {
  enabled: kubectlAvailable,
  setup: async () => void (await ok("create", "namespace", "v")),
});

async function apply(name: string, obj: unknown): Promise<void> {
  await ok("apply", "-f", file(name, JSON.stringify(obj)));
}

describe.skipIf(!kubectlAvailable)("one storage, several versions, with kubectl", () => {
  it("an autoscaling/v2 HPA reads back through autoscaling/v1 in v1's shape", async () => {
    await apply("hpa.json", {
      apiVersion: "autoscaling/v2",
      kind: "HorizontalPodAutoscaler",
      metadata: { name: "web", namespace: "v" },
      spec: {
        scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" },
        maxReplicas: 4,
        metrics: [
          { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 65 } } },
          { type: "Resource", resource: { name: "memory", target: { type: "AverageValue", averageValue: "500Mi" } } },
        ],
      },
    });
    const v1 = await json("-n", "v", "get", "horizontalpodautoscalers.v1.autoscaling", "web");
    expect(v1.apiVersion).toBe("autoscaling/v1");
    expect(v1.spec).toEqual({
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" },
      minReplicas: 1,
      maxReplicas: 4,
      targetCPUUtilizationPercentage: 65,
    });
    expect(JSON.parse(v1.metadata.annotations["autoscaling.alpha.kubernetes.io/metrics"])).toEqual([
      { type: "Resource", resource: { name: "memory", targetAverageValue: "500Mi" } },
    ]);
    const v2 = await json("-n", "v", "get", "horizontalpodautoscalers.v2.autoscaling", "web");
    expect(v2.apiVersion).toBe("autoscaling/v2");
    // The group's preferred version is v2, so the short name reads v2 (upstream's install order).
    expect(JSON.parse(await ok("get", "--raw", "/apis/autoscaling")).preferredVersion.version).toBe("v2");
    expect((await json("-n", "v", "get", "hpa", "web")).apiVersion).toBe("autoscaling/v2");
    expect(v2.metadata.annotations?.["autoscaling.alpha.kubernetes.io/metrics"]).toBeUndefined();
    // A v1 edit (kubectl patch through v1) keeps the v2-only metric.
    await ok(
      "-n",
      "v",
      "patch",
      "horizontalpodautoscalers.v1.autoscaling",
      "web",
      "--type=merge",
      "-p",
      '{"spec":{"targetCPUUtilizationPercentage":70}}',
    );
    const after = await json("-n", "v", "get", "horizontalpodautoscalers.v2.autoscaling", "web");
    expect(after.spec.metrics).toEqual([
      { type: "Resource", resource: { name: "memory", target: { type: "AverageValue", averageValue: "500Mi" } } },
      { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } } },
    ]);
  });

  it("events.k8s.io/v1 and core/v1 Events are the same objects", async () => {
    await apply("event.json", {
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      metadata: { name: "scaled", namespace: "v" },
      eventTime: "2026-11-26T10:00:00.000000Z",
      reportingController: "example.com/ctl",
      reportingInstance: "ctl-1",
      action: "Scale",
      reason: "Scaled",
      note: "scaled up to 3",
      type: "Normal",
      regarding: { kind: "Deployment", namespace: "v", name: "web", apiVersion: "apps/v1" },
    });
    const core = await json("-n", "v", "get", "events.v1.", "scaled");
    expect(core).toMatchObject({ apiVersion: "v1", message: "scaled up to 3", reportingComponent: "example.com/ctl" });
    const listed = await json("-n", "v", "get", "events.events.k8s.io");
    expect(listed.items.map((e: { metadata: { name: string } }) => e.metadata.name)).toEqual(["scaled"]);
    expect(listed.items[0]).toMatchObject({ apiVersion: "events.k8s.io/v1", note: "scaled up to 3", regarding: { name: "web" } });
    // Printed with the Event columns whichever version is asked.
    expect(await ok("-n", "v", "get", "events.events.k8s.io")).toMatch(
      /^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE\n.*Normal\s+Scaled\s+deployment\/web\s+scaled up to 3/,
    );
    // The new API's rules: a Warning/Normal type is required there, not through core/v1.
    const bad = await kubectl("-n", "v", "patch", "events.events.k8s.io", "scaled", "--type=merge", "-p", '{"note":"changed"}');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('message: Invalid value: "changed": field is immutable');
  });

  it("componentstatuses are computed, read-only and deprecated", async () => {
    const r = await kubectl("get", "componentstatuses");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("Warning: v1 ComponentStatus is deprecated in v1.19+");
    expect(r.stdout).toMatch(/^NAME\s+STATUS\s+MESSAGE\s+ERROR\n/);
    expect(r.stdout).toMatch(/etcd-0\s+Healthy\s+ok/);
    // No scheduler or controller-manager listens on this host: reported as upstream reports them.
    expect(r.stdout).toMatch(
      /scheduler\s+Unhealthy\s+Get "https:\/\/127\.0\.0\.1:10259\/healthz": dial tcp 127\.0\.0\.1:10259: connect: connection refused/,
    );
    const del = await kubectl("delete", "componentstatus", "etcd-0");
    expect(del.code).not.toBe(0);
    expect(del.stderr).toContain("MethodNotAllowed");
  });

  it("a CertificateSigningRequest names the requesting user, whatever the manifest says", async () => {
    await apply("csr.json", {
      apiVersion: "certificates.k8s.io/v1",
      kind: "CertificateSigningRequest",
      metadata: { name: "worker-1" },
      spec: { request: CSR_REQUEST, signerName: "example.com/signer", usages: ["client auth"], username: "someone-else" },
    });
    const whoami = await json("auth", "whoami");
    const csr = await json("get", "csr", "worker-1");
    expect(csr.spec.username).toBe(whoami.status.userInfo.username);
  });
});
