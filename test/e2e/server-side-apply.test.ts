/**
 * Server-side apply with the real kubectl against a spawned apiserver: two field managers apply
 * their own items into a custom resource's list-map conditions and both survive; a ConfigMap made
 * by client-side `kubectl apply` moves to `kubectl apply --server-side` without --force-conflicts,
 * and a later client-side apply still removes what the configuration dropped (the last-applied
 * annotation followed the server-side apply); an apply of a Secret to a ConfigMap's URL is refused
 * and changes nothing.
 */
import { expect, it } from "vitest";
import type { KubeObject } from "../../apiserver/registry/rest.js";
import { AdminClient } from "../support/apiserver-process.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools, toolAvailable } from "../support/tools.js";

const CRD_YAML = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gizmos.ssa.example.com
spec:
  group: ssa.example.com
  scope: Namespaced
  names: { plural: gizmos, singular: gizmo, kind: Gizmo }
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                conditions:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [type]
                  items:
                    type: object
                    properties:
                      type: { type: string }
                      status: { type: string }
`;

const gizmo = (type: string, status: string) => `apiVersion: ssa.example.com/v1
kind: Gizmo
metadata:
  name: g
  namespace: default
spec:
  conditions:
    - type: ${type}
      status: "${status}"
`;

const configMap = (data: Record<string, string>) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: upgrade\n  namespace: default\ndata:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: "${v}"`)
    .join("\n")}\n`;

const e2e = kubectlServer("kubegen-ssa-e2e-", { enabled: toolAvailable("kubectl") });
const { kubectl, file } = e2e;

async function getJSON(...args: string[]): Promise<KubeObject> {
  const res = await kubectl("get", ...args, "-o", "json");
  expect(res.stderr).toBe("");
  return JSON.parse(res.stdout) as KubeObject;
}

describeWithTools(["kubectl"], "server-side apply with kubectl", () => {
  it("keeps both managers' conditions in a custom resource's list-map", async () => {
    expect((await kubectl("apply", "-f", file("crd.yaml", CRD_YAML))).code).toBe(0);
    expect((await kubectl("wait", "--for=condition=Established", "crd/gizmos.ssa.example.com", "--timeout=20s")).code).toBe(0);
    const a = await kubectl("apply", "--server-side", "--field-manager=controller-a", "-f", file("a.yaml", gizmo("Ready", "True")));
    expect(a.stderr).toBe("");
    expect(a.stdout.trim()).toBe("gizmo.ssa.example.com/g serverside-applied");
    const b = await kubectl("apply", "--server-side", "--field-manager=controller-b", "-f", file("b.yaml", gizmo("Synced", "False")));
    expect(b.stderr).toBe("");
    const obj = await getJSON("gizmo", "g", "--show-managed-fields");
    expect((obj.spec as { conditions?: unknown }).conditions).toEqual([
      { type: "Ready", status: "True" },
      { type: "Synced", status: "False" },
    ]);
    const owners = Object.fromEntries(
      ((obj.metadata?.managedFields ?? []) as { manager: string; fieldsV1: unknown }[]).map((e) => [e.manager, e.fieldsV1]),
    );
    expect(owners["controller-a"]).toEqual({
      "f:spec": { "f:conditions": { 'k:{"type":"Ready"}': { ".": {}, "f:status": {}, "f:type": {} } } },
    });
    expect(owners["controller-b"]).toEqual({
      "f:spec": { "f:conditions": { 'k:{"type":"Synced"}': { ".": {}, "f:status": {}, "f:type": {} } } },
    });
    // Changing the other's item is a conflict naming it.
    const clash = await kubectl("apply", "--server-side", "--field-manager=controller-b", "-f", file("c.yaml", gizmo("Ready", "False")));
    expect(clash.code).not.toBe(0);
    expect(clash.stderr).toContain('conflict with "controller-a": .spec.conditions[type="Ready"].status');
  }, 90_000);

  it("upgrades a client-side applied ConfigMap to server-side apply without forcing, and client-side apply still diffs", async () => {
    const p = file("cm.yaml", configMap({ a: "1", b: "2" }));
    expect((await kubectl("apply", "-f", p)).stdout.trim()).toBe("configmap/upgrade created");
    file("cm.yaml", configMap({ a: "10", b: "2", c: "3" }));
    const ssa = await kubectl("apply", "--server-side", "-f", p);
    expect(ssa.stderr).toBe("");
    expect(ssa.stdout.trim()).toBe("configmap/upgrade serverside-applied");
    const after = await getJSON("configmap", "upgrade");
    expect(after.data).toEqual({ a: "10", b: "2", c: "3" });
    expect(JSON.parse(after.metadata?.annotations?.["kubectl.kubernetes.io/last-applied-configuration"] ?? "null").data).toEqual({
      a: "10",
      b: "2",
      c: "3",
    });
    // Back to client-side apply with b and c dropped: the three-way diff against last-applied
    // removes both (c only because the server-side apply put it in the annotation).
    file("cm.yaml", configMap({ a: "10" }));
    const csa = await kubectl("apply", "-f", p);
    expect(csa.stdout.trim()).toBe("configmap/upgrade configured");
    expect((await getJSON("configmap", "upgrade")).data).toEqual({ a: "10" });
    const diff = await kubectl("diff", "-f", p);
    expect(diff.code).toBe(0);
  }, 90_000);

  it("refuses an apply of a Secret to a ConfigMap's URL and changes nothing", async () => {
    const before = await getJSON("configmap", "upgrade", "--show-managed-fields");
    const client = new AdminClient(e2e.server.url, e2e.kubeconfig);
    try {
      const secret = { apiVersion: "v1", kind: "Secret", metadata: { name: "upgrade", namespace: "default" }, data: { x: "eA==" } };
      const res = await client.request("PATCH", "/api/v1/namespaces/default/configmaps/upgrade?fieldManager=intruder&force=true", secret, {
        "Content-Type": "application/apply-patch+yaml",
      });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ kind: "Status", reason: "BadRequest", message: "invalid object type: /v1, Kind=Secret" });
    } finally {
      client.agent.destroy();
    }
    expect(await getJSON("configmap", "upgrade", "--show-managed-fields")).toEqual(before);
  }, 60_000);
});
