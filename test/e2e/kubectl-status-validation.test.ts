/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for the
 * status and warning rules of issue #16 (session 11): `kubectl patch --subresource=status`
 * refused for a Deployment whose ready count passes its replicas and for a Pod whose terminated
 * container would run again, the pod-deletion-cost annotation refused by `kubectl annotate`, and
 * the warnings for a Deployment name that is no DNS label, a Service's externalIPs and the
 * deprecated mountable-secrets annotation, each with upstream's message.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

const pod = (name: string, extra: Record<string, unknown> = {}, container: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: "default", ...extra },
  spec: { containers: [{ name: "app", image: "nginx", ...container }] },
});

describeWithTools(["kubectl"], "kubectl: status validation and workload warnings of issue #16", () => {
  const { kubectl, file } = kubectlServer("kubegen-e2e-statusval-", {
    // No controller manager runs here: the ServiceAccount admission needs the namespace's default account.
    setup: async () => expect((await kubectl("create", "serviceaccount", "default", "-n", "default")).code).toBe(0),
  });
  /** Writes a manifest into the data dir and returns its path for `-f`. */
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));

  it("a Deployment name that is no DNS label is warned about; a status update past its replicas is a 422", async () => {
    const created = await kubectl("create", "deployment", "web.v1", "--image=nginx");
    expect(created.code).toBe(0);
    expect(created.stderr).toContain(
      "Warning: metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]",
    );
    const ok = await kubectl(
      "patch",
      "deployment",
      "web.v1",
      "--subresource=status",
      "--type=merge",
      "-p",
      '{"status":{"replicas":2,"readyReplicas":1}}',
    );
    expect(ok.code).toBe(0);
    const bad = await kubectl(
      "patch",
      "deployment",
      "web.v1",
      "--subresource=status",
      "--type=merge",
      "-p",
      '{"status":{"readyReplicas":3}}',
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The Deployment "web.v1" is invalid: status.readyReplicas: Invalid value: 3: cannot be greater than status.replicas',
    );
    const got = await kubectl("get", "deployment", "web.v1", "-o", "jsonpath={.status.readyReplicas}");
    expect(got.stdout).toBe("1");
  });

  it("a terminated container of a Pod that never restarts may not run again", async () => {
    const p = { ...pod("once"), spec: { restartPolicy: "Never", containers: [{ name: "app", image: "nginx" }] } };
    expect((await kubectl("create", "-f", manifest("once", p))).code).toBe(0);
    const status = (state: unknown) =>
      JSON.stringify({
        status: { containerStatuses: [{ name: "app", image: "nginx", imageID: "", ready: false, restartCount: 0, state }] },
      });
    const done = await kubectl(
      "patch",
      "pod",
      "once",
      "--subresource=status",
      "--type=merge",
      "-p",
      status({ terminated: { exitCode: 0 } }),
    );
    expect(done.code).toBe(0);
    const again = await kubectl("patch", "pod", "once", "--subresource=status", "--type=merge", "-p", status({ running: {} }));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(
      'The Pod "once" is invalid: status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state',
    );
  });

  it("kubectl annotate with a pod-deletion-cost that is no 32-bit integer is refused", async () => {
    expect((await kubectl("create", "-f", manifest("costly", pod("costly")))).code).toBe(0);
    const bad = await kubectl("annotate", "pod", "costly", "controller.kubernetes.io/pod-deletion-cost=+5");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "+5": must be a 32bit integer',
    );
    expect((await kubectl("annotate", "pod", "costly", "controller.kubernetes.io/pod-deletion-cost=-5")).code).toBe(0);
  });
  it("a Service with externalIPs and a ServiceAccount with the mountable-secrets annotation get upstream's warnings", async () => {
    const svc = {
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "ext", namespace: "default" },
      spec: { ports: [{ port: 80 }], externalIPs: ["1.2.3.4"] },
    };
    const created = await kubectl("create", "-f", manifest("ext", svc));
    expect(created.code).toBe(0);
    expect(created.stderr).toContain("Warning: spec.externalIPs is deprecated and may no longer be implemented in some clusters");
    const sa = {
      apiVersion: "v1",
      kind: "ServiceAccount",
      metadata: { name: "locked", namespace: "default", annotations: { "kubernetes.io/enforce-mountable-secrets": "true" } },
    };
    const made = await kubectl("create", "-f", manifest("locked", sa));
    expect(made.code).toBe(0);
    expect(made.stderr).toContain(
      "Warning: metadata.annotations[kubernetes.io/enforce-mountable-secrets]: deprecated in v1.32+; prefer separate namespaces to isolate access to mounted secrets",
    );
  });
});
