/**
 * The Node authorizer (apiserver/auth/node) on its own: the graph's relationships as upstream's
 * node graph builds them (Pod references, bound volumes and their Secrets, attachments, slices,
 * mirror Pods) and each kind's verb rules with upstream's reasons (node_authorizer_test.go).
 */
import { describe, expect, it } from "vitest";
import { NodeAuthorizer } from "../../../apiserver/auth/node/authorizer.js";
import { NodeGraph } from "../../../apiserver/auth/node/graph.js";
import type { AuthorizationAttributes } from "../../../apiserver/auth/authorizer.js";
import { nodeRules } from "../../../apiserver/controlplane/bootstrap-policy-cluster.js";

const nodeUser = (node: string) => ({ name: `system:node:${node}`, groups: ["system:nodes", "system:authenticated"] });

function attrs(node: string, over: Partial<AuthorizationAttributes>): AuthorizationAttributes {
  return {
    user: nodeUser(node),
    verb: "get",
    isResourceRequest: true,
    path: "",
    apiGroup: "",
    apiVersion: "v1",
    namespace: "ns",
    resource: "secrets",
    subresource: "",
    name: "",
    ...over,
  };
}

const pod = (name: string, nodeName: string | undefined, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) => ({
  metadata: { name, namespace: "ns", ...meta },
  spec: { ...(nodeName && { nodeName }), containers: [{ name: "c", image: "i" }], ...spec },
});

function setup() {
  const graph = new NodeGraph();
  graph.applyPod(
    pod("p1", "node1", {
      serviceAccountName: "sa1",
      imagePullSecrets: [{ name: "pull" }],
      containers: [
        {
          name: "c",
          image: "i",
          env: [{ name: "A", valueFrom: { secretKeyRef: { name: "env-secret", key: "k" } } }],
          envFrom: [{ configMapRef: { name: "env-cm" } }],
        },
      ],
      volumes: [
        { name: "v1", secret: { secretName: "vol-secret" } },
        { name: "v2", configMap: { name: "vol-cm" } },
        { name: "v3", persistentVolumeClaim: { claimName: "claim1" } },
        { name: "eph", ephemeral: { volumeClaimTemplate: { spec: {} } } },
        { name: "v4", projected: { sources: [{ secret: { name: "proj-secret" } }, { configMap: { name: "proj-cm" } }] } },
      ],
      resourceClaims: [
        { name: "direct", resourceClaimName: "claim-direct" },
        { name: "templated", resourceClaimTemplateName: "tmpl" },
        { name: "pending", resourceClaimTemplateName: "tmpl" },
      ],
    }),
  );
  graph.applyPV({
    metadata: { name: "pv1" },
    spec: {
      claimRef: { namespace: "ns", name: "claim1" },
      csi: {
        driver: "d",
        nodePublishSecretRef: { namespace: "ns", name: "csi-publish" },
        controllerPublishSecretRef: { namespace: "ns", name: "csi-controller" },
      },
    },
  });
  graph.applyPV({ metadata: { name: "pv-unbound" }, spec: { csi: { driver: "d", nodePublishSecretRef: { namespace: "ns", name: "x" } } } });
  graph.applyNodeNamed("volumeattachment", { metadata: { name: "va1" }, spec: { nodeName: "node1" } });
  graph.applyNodeNamed("resourceslice", { metadata: { name: "slice1" }, spec: { nodeName: "node1" } });
  return { graph, authz: new NodeAuthorizer(graph, nodeRules) };
}

describe("the node graph", () => {
  it("relates a bound Pod's references to its node only", () => {
    const { graph } = setup();
    for (const [type, name] of [
      ["secret", "pull"],
      ["secret", "env-secret"],
      ["secret", "vol-secret"],
      ["secret", "proj-secret"],
      ["configmap", "env-cm"],
      ["configmap", "vol-cm"],
      ["configmap", "proj-cm"],
      ["pvc", "claim1"],
      ["pvc", "p1-eph"],
      ["serviceaccount", "sa1"],
      ["resourceclaim", "claim-direct"],
      ["pod", "p1"],
    ] as const) {
      expect(graph.hasPathFrom("node1", type, "ns", name), `${type} ${name}`).toBe(true);
      expect(graph.hasPathFrom("node2", type, "ns", name), `${type} ${name} on node2`).toBe(false);
      expect(graph.hasPathFrom("node1", type, "other", name), `${type} ${name} in another namespace`).toBe(false);
    }
  });

  it("follows claims through a bound volume to the Secrets the kubelet reads", () => {
    const { graph } = setup();
    expect(graph.hasPathFrom("node1", "pv", "", "pv1")).toBe(true);
    expect(graph.hasPathFrom("node1", "secret", "ns", "csi-publish")).toBe(true);
    expect(graph.hasPathFrom("node1", "secret", "ns", "csi-controller")).toBe(false);
    expect(graph.hasPathFrom("node1", "pv", "", "pv-unbound")).toBe(false);
    expect(graph.hasPathFrom("node1", "secret", "ns", "x")).toBe(false);
    expect(graph.hasPathFrom("node2", "pv", "", "pv1")).toBe(false);
  });

  it("takes a templated claim's name from the Pod's status once the claim exists", () => {
    const { graph } = setup();
    expect(graph.hasPathFrom("node1", "resourceclaim", "ns", "p1-templated-abcde")).toBe(false);
    graph.applyPod(pod("p2", "node1", { resourceClaims: [{ name: "templated", resourceClaimTemplateName: "tmpl" }] }));
    expect(graph.hasPathFrom("node1", "resourceclaim", "ns", "p2-templated-abcde")).toBe(false);
    graph.applyPod({
      ...pod("p2", "node1", { resourceClaims: [{ name: "templated", resourceClaimTemplateName: "tmpl" }] }),
      status: { resourceClaimStatuses: [{ name: "templated", resourceClaimName: "p2-templated-abcde" }] },
    });
    expect(graph.hasPathFrom("node1", "resourceclaim", "ns", "p2-templated-abcde")).toBe(true);
  });

  it("keeps a shared reference while another Pod on the node still holds it, and drops Pods on delete", () => {
    const graph = new NodeGraph();
    const shared = { volumes: [{ name: "s", secret: { secretName: "shared" } }] };
    graph.applyPod(pod("a", "node1", shared));
    graph.applyPod(pod("b", "node1", shared));
    graph.applyPod(pod("a", "node1", shared), true);
    expect(graph.hasPathFrom("node1", "secret", "ns", "shared")).toBe(true);
    graph.applyPod(pod("b", "node1", shared), true);
    expect(graph.hasPathFrom("node1", "secret", "ns", "shared")).toBe(false);
    expect(graph.hasPathFrom("node1", "pod", "ns", "b")).toBe(false);
  });

  it("ignores unscheduled Pods and gives mirror Pods nothing but their node", () => {
    const graph = new NodeGraph();
    const spec = { volumes: [{ name: "s", secret: { secretName: "s1" } }] };
    graph.applyPod(pod("pending", undefined, spec));
    expect(graph.hasPathFrom("node1", "secret", "ns", "s1")).toBe(false);
    graph.applyPod(pod("mirror", "node1", spec, { annotations: { "kubernetes.io/config.mirror": "x" } }));
    expect(graph.hasPathFrom("node1", "pod", "ns", "mirror")).toBe(true);
    expect(graph.hasPathFrom("node1", "secret", "ns", "s1")).toBe(false);
  });

  it("replaces a type on relist", () => {
    const { graph } = setup();
    graph.clear("pod");
    expect(graph.hasPathFrom("node1", "secret", "ns", "vol-secret")).toBe(false);
    expect(graph.hasPathFrom("node1", "volumeattachment", "", "va1")).toBe(true);
    graph.clear("volumeattachment");
    expect(graph.hasPathFrom("node1", "volumeattachment", "", "va1")).toBe(false);
    expect(graph.hasPathFrom("node1", "resourceslice", "", "slice1")).toBe(true);
  });
});

describe("the Node authorizer", () => {
  const { authz } = setup();
  const ask = (node: string, over: Partial<AuthorizationAttributes>) => authz.authorize(attrs(node, over));

  it("has no opinion on users that are not nodes, and names a node user without a name", () => {
    expect(authz.authorize({ ...attrs("node1", {}), user: { name: "alice", groups: ["system:nodes"] } })).toMatchObject({
      allowed: false,
      noOpinion: true,
    });
    expect(authz.authorize({ ...attrs("", {}), user: { name: "system:node:", groups: ["system:nodes"] } })).toEqual({
      allowed: false,
      noOpinion: true,
      reason: 'unknown node for user "system:node:"',
    });
  });

  it("reads related Secrets and ConfigMaps only, and only by name in a namespace", () => {
    expect(ask("node1", { name: "vol-secret" })).toEqual({ allowed: true });
    expect(ask("node1", { verb: "watch", name: "vol-secret" })).toEqual({ allowed: true });
    expect(ask("node2", { name: "vol-secret" })).toMatchObject({ reason: "no relationship found between node 'node2' and this object" });
    expect(ask("node1", { verb: "list" })).toMatchObject({ reason: "No Object name found" });
    expect(ask("node1", { verb: "update", name: "vol-secret" })).toMatchObject({ reason: "can only read resources of this type" });
    expect(ask("node1", { namespace: "", name: "vol-secret" })).toMatchObject({ reason: "can only read namespaced object of this type" });
    expect(ask("node1", { resource: "configmaps", name: "env-cm" })).toEqual({ allowed: true });
  });

  it("gets related claims, volumes and attachments, and updates a claim's status", () => {
    expect(ask("node1", { resource: "persistentvolumeclaims", name: "claim1" })).toEqual({ allowed: true });
    expect(ask("node1", { resource: "persistentvolumeclaims", verb: "list", name: "claim1" })).toMatchObject({
      reason: "can only get individual resources of this type",
    });
    expect(ask("node1", { resource: "persistentvolumeclaims", subresource: "status", verb: "patch", name: "claim1" })).toEqual({
      allowed: true,
    });
    expect(ask("node1", { resource: "persistentvolumeclaims", subresource: "status", verb: "get", name: "claim1" })).toMatchObject({
      reason: "can only get/update/patch this type",
    });
    expect(ask("node1", { resource: "persistentvolumes", namespace: "", name: "pv1" })).toEqual({ allowed: true });
    expect(ask("node1", { apiGroup: "storage.k8s.io", resource: "volumeattachments", namespace: "", name: "va1" })).toEqual({
      allowed: true,
    });
    expect(ask("node1", { apiGroup: "resource.k8s.io", resource: "resourceclaims", name: "claim-direct" })).toEqual({ allowed: true });
  });

  it("creates tokens only for the service accounts of its Pods", () => {
    const token = { resource: "serviceaccounts", subresource: "token", verb: "create" };
    expect(ask("node1", { ...token, name: "sa1" })).toEqual({ allowed: true });
    expect(ask("node2", { ...token, name: "sa1" })).toMatchObject({ allowed: false });
    expect(ask("node1", { ...token, subresource: "", name: "sa1" })).toMatchObject({
      reason: "can only create token subresource of serviceaccount",
    });
    expect(ask("node1", { resource: "serviceaccounts", verb: "get", name: "sa1" })).toMatchObject({
      reason: "can only create tokens for individual service accounts",
    });
  });

  it("uses its own Lease, CSINode and Node", () => {
    const lease = { apiGroup: "coordination.k8s.io", resource: "leases", namespace: "kube-node-lease" };
    expect(ask("node1", { ...lease, verb: "update", name: "node1" })).toEqual({ allowed: true });
    expect(ask("node1", { ...lease, verb: "create" })).toEqual({ allowed: true });
    expect(ask("node1", { ...lease, verb: "update", name: "node2" })).toMatchObject({
      reason: "can only access node lease with the same name as the requesting node",
    });
    expect(ask("node1", { ...lease, namespace: "default", name: "node1" })).toMatchObject({
      reason: 'can only access leases in the "kube-node-lease" system namespace',
    });
    expect(ask("node1", { ...lease, verb: "list" })).toMatchObject({
      reason: "can only get, create, update, patch, or delete a node lease",
    });
    const csi = { apiGroup: "storage.k8s.io", resource: "csinodes", namespace: "" };
    expect(ask("node1", { ...csi, name: "node1" })).toEqual({ allowed: true });
    expect(ask("node1", { ...csi, name: "node2" })).toMatchObject({
      reason: "can only access CSINode with the same name as the requesting node",
    });
    const nodes = { resource: "nodes", namespace: "" };
    expect(ask("node1", { ...nodes, name: "node1" })).toEqual({ allowed: true });
    expect(ask("node1", { ...nodes, verb: "watch", name: "node1" })).toEqual({ allowed: true });
    expect(ask("node1", { ...nodes, verb: "list" })).toMatchObject({
      reason: "node 'node1' cannot read all nodes, only its own Node object",
    });
    expect(ask("node1", { ...nodes, name: "node2" })).toMatchObject({
      reason: "node 'node1' cannot read 'node2', only its own Node object",
    });
    expect(ask("node1", { ...nodes, subresource: "status", verb: "patch", name: "node2" })).toEqual({ allowed: true });
  });

  it("lists Pods only through a field selector naming it", () => {
    const pods = { resource: "pods" };
    expect(ask("node1", { ...pods, verb: "list", namespace: "", fieldSelector: "spec.nodeName=node1" })).toEqual({ allowed: true });
    expect(ask("node1", { ...pods, verb: "watch", namespace: "", fieldSelector: "status.phase=Running,spec.nodeName==node1" })).toEqual({
      allowed: true,
    });
    expect(ask("node1", { ...pods, verb: "list", namespace: "", fieldSelector: "spec.nodeName=node2" })).toMatchObject({
      reason: "can only list/watch pods with spec.nodeName field selector",
    });
    expect(ask("node1", { ...pods, verb: "list", namespace: "", fieldSelector: "spec.nodeName!=node2" })).toMatchObject({
      allowed: false,
    });
    expect(ask("node1", { ...pods, verb: "list", namespace: "" })).toMatchObject({ allowed: false });
    expect(ask("node1", { ...pods, name: "p1" })).toEqual({ allowed: true });
    expect(ask("node2", { ...pods, name: "p1" })).toMatchObject({ allowed: false });
    expect(ask("node1", { ...pods, verb: "create" })).toEqual({ allowed: true });
    expect(ask("node1", { ...pods, verb: "patch", subresource: "status", name: "anything" })).toEqual({ allowed: true });
    expect(ask("node1", { ...pods, verb: "create", subresource: "eviction", name: "anything" })).toEqual({ allowed: true });
    expect(ask("node1", { ...pods, verb: "update", name: "p1" })).toMatchObject({ allowed: false, noOpinion: true });
  });

  it("scopes ResourceSlices to its own", () => {
    const slices = { apiGroup: "resource.k8s.io", resource: "resourceslices", namespace: "" };
    expect(ask("node1", { ...slices, verb: "create" })).toEqual({ allowed: true });
    expect(ask("node1", { ...slices, verb: "update", name: "slice1" })).toEqual({ allowed: true });
    expect(ask("node2", { ...slices, verb: "update", name: "slice1" })).toMatchObject({ allowed: false });
    expect(ask("node1", { ...slices, verb: "list", fieldSelector: "spec.nodeName=node1" })).toEqual({ allowed: true });
    expect(ask("node1", { ...slices, verb: "list" })).toMatchObject({
      reason: "can only list/watch/deletecollection resourceslices with nodeName field selector",
    });
    expect(ask("node1", { ...slices, verb: "escalate" })).toMatchObject({ allowed: false });
  });

  it("falls back to the system:node role's rules for everything else", () => {
    expect(ask("node1", { resource: "services", verb: "list", namespace: "" })).toEqual({ allowed: true });
    expect(ask("node1", { resource: "events", verb: "create" })).toEqual({ allowed: true });
    expect(ask("node1", { resource: "deployments", apiGroup: "apps", verb: "list" })).toMatchObject({ allowed: false, noOpinion: true });
  });
});
