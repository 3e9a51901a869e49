/**
 * Storage object in-use protection with the real kubectl against `kubegen up` (apiserver and
 * controller-manager in one process), as upstream: a new claim carries the
 * `kubernetes.io/pvc-protection` finalizer; `kubectl delete pvc` of a claim a scheduled Pod uses
 * leaves it Terminating with the finalizer, and it goes once the Pod is force-deleted; deleting a
 * namespace holding claims (one in use) completes, the namespace controller waiting for them.
 */
import { expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

const NS = "storage";

const e2e = kubectlServer("kubegen-pvc-protection-e2e-", {
  enabled: kubectlAvailable,
  spawn: { command: "up", extraArgs: ["--endpoint-reconciler-type", "none"] },
  setup: async () => {
    await e2e.ok("create", "namespace", NS);
    // Pods need the namespace's `default` ServiceAccount, which the serviceaccount controller makes.
    await eventually(`serviceaccount ${NS}/default`, async () => (await kubectl("-n", NS, "get", "serviceaccount", "default")).code === 0);
  },
});
const { kubectl, ok } = e2e;

const claim = (name: string) => ({
  apiVersion: "v1",
  kind: "PersistentVolumeClaim",
  metadata: { name, namespace: NS },
  spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } },
});
// Scheduled by hand (there is no scheduler): only a Pod bound to a node holds its claims, as upstream.
const pod = (name: string, claimName: string, grace?: number) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: NS },
  spec: {
    nodeName: "node-1",
    ...(grace !== undefined && { terminationGracePeriodSeconds: grace }),
    containers: [{ name: "app", image: "nginx" }],
    volumes: [{ name: "data", persistentVolumeClaim: { claimName } }],
  },
});
const apply = (name: string, obj: unknown) => ok("apply", "-f", e2e.file(`${name}.json`, JSON.stringify(obj)));

describeWithTools(["kubectl"], "kubectl: StorageObjectInUseProtection with the pvc-protection controller", () => {
  it("a claim in use stays Terminating with its finalizer until its Pod is deleted", async () => {
    await apply("data", claim("data"));
    expect(await ok("-n", NS, "get", "pvc", "data", "-o", "jsonpath={.metadata.finalizers}")).toBe('["kubernetes.io/pvc-protection"]');
    await apply("user", pod("user", "data"));

    // --wait=false: kubectl would otherwise wait for a claim that is not going anywhere yet.
    expect(await ok("-n", NS, "delete", "pvc", "data", "--wait=false")).toContain('persistentvolumeclaim "data" deleted');
    await new Promise((r) => setTimeout(r, 1_000));
    const table = await ok("-n", NS, "get", "pvc", "data", "--no-headers");
    expect(table.split(/\s+/)[1]).toBe("Terminating");
    expect(await ok("-n", NS, "get", "pvc", "data", "-o", "jsonpath={.metadata.finalizers}")).toBe('["kubernetes.io/pvc-protection"]');

    // No kubelet stops the Pod: it would stay Terminating until the pod garbage collector finds node-1 missing (a minute, as upstream).
    const force = await kubectl("-n", NS, "delete", "pod", "user", "--grace-period=0", "--force");
    expect(force.code, force.stderr).toBe(0);
    expect(force.stdout).toContain('pod "user" force deleted');
    // kubectl's own wait: returns once the claim is gone.
    await ok("-n", NS, "wait", "--for=delete", "pvc/data", "--timeout=30s");
    expect((await kubectl("-n", NS, "get", "pvc", "data")).stderr).toContain('persistentvolumeclaims "data" not found');
  }, 60_000);

  it("deleting a namespace holding claims, one of them in use, completes", async () => {
    await apply("held", claim("held"));
    await apply("idle", claim("idle"));
    // Grace 0: deleted with the namespace at once (a graceful one would wait for the pod garbage collector).
    await apply("holder", pod("holder", "held", 0));
    const del = await kubectl("delete", "namespace", NS, "--timeout=60s");
    expect(del.code, del.stderr).toBe(0);
    expect((await kubectl("get", "namespace", NS)).stderr).toContain(`namespaces "${NS}" not found`);
    expect(await ok("get", "pvc", "-A", "-o", "name")).toBe("");
  }, 90_000);
});
