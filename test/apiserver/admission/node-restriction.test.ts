/**
 * NodeRestriction (apiserver/admission/node-restriction.ts and its helpers) on its own, with
 * fake objects: which node a user is, and every rule with upstream's message (cases and
 * messages as upstream's plugin/pkg/admission/noderestriction/admission_test.go).
 */
import { describe, expect, it } from "vitest";
import type { Authorize } from "../../../apiserver/admission/certificates.js";
import type { AdmissionAttributes, Operation } from "../../../apiserver/admission/interface.js";
import { forbiddenNodeLabels, isKubeletLabel, modifiedLabels } from "../../../apiserver/admission/node-labels.js";
import { nodeIdentity } from "../../../apiserver/auth/node/identity.js";
import { NodeRestriction } from "../../../apiserver/admission/node-restriction.js";
import type { AdmissionObjects } from "../../../apiserver/admission/objects.js";
import { podConfigMapNames, podSecretNames } from "../../../apiserver/auth/node/pod-references.js";
import type { UserInfo } from "../../../apiserver/auth/user.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { StatusError } from "../../../runtime/rest/errors.js";
import { CSR_REQUEST } from "../../support/csr-fixture.js";

const MYNODE: UserInfo = { name: "system:node:mynode", groups: ["system:nodes", "system:authenticated"] };
const ctx = { signal: new AbortController().signal };

function fakeObjects(list: KubeObject[]): AdmissionObjects {
  const key = (group: string, resource: string, ns: string, name: string) => `${group}/${resource}/${ns}/${name}`;
  const byKey = new Map<string, KubeObject>();
  for (const o of list) {
    const [group] = (o.apiVersion ?? "v1").includes("/") ? (o.apiVersion ?? "").split("/") : [""];
    const resource = `${o.kind!.toLowerCase()}s`.replace("persistentvolumeclaims", "persistentvolumeclaims");
    byKey.set(key(group!, resource, o.metadata?.namespace ?? "", o.metadata?.name ?? ""), o);
  }
  return {
    get: async (group, resource, ns, name) => byKey.get(key(group, resource, ns, name)),
    list: async () => [],
    updateStatus: async () => {},
  };
}

const node = (name: string, uid = `${name}-uid`): KubeObject => ({ apiVersion: "v1", kind: "Node", metadata: { name, uid } });
const pod = (name: string, nodeName: string, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: "ns", uid: `${name}-uid` },
  spec: { nodeName, containers: [{ name: "c", image: "i" }], ...extra },
});

const objects = fakeObjects([
  node("mynode"),
  node("othernode"),
  pod("mypod", "mynode"),
  pod("otherpod", "othernode"),
  pod("mysapod", "mynode", { volumes: [{ name: "t", projected: { sources: [{ serviceAccountToken: { audience: "foo", path: "t" } }] } }] }),
  pod("mycsipod", "mynode", { volumes: [{ name: "c", csi: { driver: "com.example.csi.mydriver" } }] }),
  pod("mypvcpod", "mynode", { volumes: [{ name: "c", persistentVolumeClaim: { claimName: "pvclaim" } }] }),
  pod("myephemeralpod", "mynode", { volumes: [{ name: "eph", ephemeral: { volumeClaimTemplate: { spec: {} } } }] }),
  pod("nopvcpod", "mynode", { volumes: [{ name: "c", persistentVolumeClaim: { claimName: "missing" } }] }),
  { apiVersion: "v1", kind: "PersistentVolumeClaim", metadata: { name: "pvclaim", namespace: "ns" }, spec: { volumeName: "pvname" } },
  {
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: { name: "myephemeralpod-eph", namespace: "ns" },
    spec: { volumeName: "pvname" },
  },
  { apiVersion: "v1", kind: "PersistentVolume", metadata: { name: "pvname" }, spec: { csi: { driver: "com.example.csi.mydriver" } } },
  {
    apiVersion: "storage.k8s.io/v1",
    kind: "CSIDriver",
    metadata: { name: "com.example.csi.mydriver" },
    spec: { tokenRequests: [{ audience: "foo" }] },
  },
]);

let allowAudience = "";
const authorize: Authorize = (a) =>
  a.verb === "request-serviceaccounts-token-audience" && a.resource === allowAudience && a.name === "mysa"
    ? { allowed: true }
    : { allowed: false, reason: "no" };
const plugin = new NodeRestriction(objects, authorize);

interface Req {
  operation: Operation;
  group?: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  object?: KubeObject;
  oldObject?: KubeObject;
  user?: UserInfo;
}
const attrs = (r: Req): AdmissionAttributes => ({
  operation: r.operation,
  kind: { group: r.group ?? "", version: "v1", kind: "" },
  resource: { group: r.group ?? "", version: "v1", resource: r.resource },
  subresource: r.subresource ?? "",
  namespace: r.namespace ?? "",
  name: r.name ?? r.object?.metadata?.name ?? "",
  ...(r.object && { object: r.object }),
  ...(r.oldObject && { oldObject: r.oldObject }),
  dryRun: false,
  user: r.user ?? MYNODE,
});

async function outcome(r: Req): Promise<StatusError | undefined> {
  try {
    await plugin.admit(attrs(r), ctx);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(StatusError);
    return e as StatusError;
  }
}
const allowed = async (r: Req) => expect((await outcome(r))?.message).toBeUndefined();
async function forbidden(r: Req, message: string, code = 403): Promise<void> {
  const err = await outcome(r);
  expect(err?.message).toBe(message);
  expect(err?.code).toBe(code);
}

describe("node identity", () => {
  it("is a system:node:<name> user in system:nodes, and only that", () => {
    expect(nodeIdentity(MYNODE)).toBe("mynode");
    expect(nodeIdentity({ name: "system:node:", groups: ["system:nodes"] })).toBe("");
    expect(nodeIdentity({ name: "system:node:mynode", groups: [] })).toBeUndefined();
    expect(nodeIdentity({ name: "mynode", groups: ["system:nodes"] })).toBeUndefined();
  });

  it("leaves everyone else alone, and refuses a node without a name", async () => {
    await allowed({ operation: "DELETE", resource: "nodes", name: "othernode", user: { name: "alice", groups: ["system:nodes"] } });
    await forbidden(
      { operation: "DELETE", resource: "nodes", name: "othernode", user: { name: "system:node:", groups: ["system:nodes"] } },
      'nodes "othernode" is forbidden: could not determine node from user "system:node:"',
    );
  });
});

describe("node labels", () => {
  it("allows the kubelet's labels and namespaces, nothing else of kubernetes.io or k8s.io", () => {
    for (const l of ["kubernetes.io/hostname", "node.kubernetes.io/instance-type", "foo.node.kubernetes.io/x", "kubelet.kubernetes.io/y"])
      expect(isKubeletLabel(l), l).toBe(true);
    expect(
      forbiddenNodeLabels([
        "other.kubernetes.io/foo",
        "node-restriction.kubernetes.io/foo",
        "foo.node-restriction.kubernetes.io/foo",
        "other.k8s.io/foo",
        "example.com/foo",
        "kubernetes.io/os",
        "foo",
      ]),
    ).toEqual([
      "foo.node-restriction.kubernetes.io/foo",
      "node-restriction.kubernetes.io/foo",
      "other.k8s.io/foo",
      "other.kubernetes.io/foo",
    ]);
    expect(modifiedLabels({ a: "1", b: "2" }, { b: "3", c: "4" }).sort()).toEqual(["a", "b", "c"]);
  });
});

describe("pod references", () => {
  it("finds secrets and config maps wherever a Pod names them", () => {
    const p = pod("x", "n", {
      imagePullSecrets: [{ name: "pull" }],
      initContainers: [{ name: "i", envFrom: [{ secretRef: { name: "s1" } }, { configMapRef: { name: "c1" } }] }],
      ephemeralContainers: [{ name: "e", env: [{ name: "E", valueFrom: { configMapKeyRef: { name: "c2", key: "k" } } }] }],
      volumes: [
        { name: "a", secret: { secretName: "s2" } },
        { name: "b", projected: { sources: [{ configMap: { name: "c3" } }, { secret: { name: "s3" } }] } },
        { name: "c", csi: { driver: "d", nodePublishSecretRef: { name: "s4" } } },
      ],
    });
    expect(podSecretNames(p)).toEqual(["pull", "s1", "s2", "s3", "s4"]);
    expect(podConfigMapNames(p)).toEqual(["c1", "c2", "c3"]);
    expect(podSecretNames(pod("y", "n"))).toEqual([]);
  });
});

const mirror = (extra: { meta?: Record<string, unknown>; spec?: Record<string, unknown> } = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "mirror",
    namespace: "ns",
    annotations: { "kubernetes.io/config.mirror": "x" },
    ownerReferences: [{ apiVersion: "v1", kind: "Node", name: "mynode", uid: "mynode-uid", controller: true }],
    ...extra.meta,
  },
  spec: { nodeName: "mynode", containers: [{ name: "c", image: "i" }], ...extra.spec },
});
const createPod = (object: KubeObject): Req => ({ operation: "CREATE", resource: "pods", namespace: "ns", object });

describe("pods", () => {
  it("creates only mirror pods bound to and owned by the node", async () => {
    await allowed(createPod(mirror()));
    await forbidden(
      createPod(mirror({ meta: { annotations: {} } })),
      'pods "mirror" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "mynode" can only create mirror pods',
    );
    await forbidden(
      createPod(mirror({ spec: { nodeName: "othernode" } })),
      'pods "mirror" is forbidden: node "mynode" can only create pods with spec.nodeName set to itself',
    );
    await forbidden(
      createPod(mirror({ meta: { ownerReferences: [] } })),
      'pods "mirror" is forbidden: node "mynode" can only create pods with an owner reference set to itself',
    );
    const owner = { apiVersion: "v1", kind: "Node", name: "mynode", uid: "mynode-uid", controller: true };
    await forbidden(
      createPod(mirror({ meta: { ownerReferences: [owner, owner] } })),
      'pods "mirror" is forbidden: node "mynode" can only create pods with a single owner reference set to itself',
    );
    await forbidden(
      createPod(mirror({ meta: { ownerReferences: [{ ...owner, name: "othernode" }] } })),
      'pods "mirror" is forbidden: node "mynode" can only create pods with an owner reference set to itself',
    );
    await forbidden(
      createPod(mirror({ meta: { ownerReferences: [{ ...owner, controller: false }] } })),
      'pods "mirror" is forbidden: node "mynode" can only create pods with a controller owner reference set to itself',
    );
    await forbidden(
      createPod(mirror({ meta: { ownerReferences: [{ ...owner, blockOwnerDeletion: true }] } })),
      'pods "mirror" is forbidden: node "mynode" must not set blockOwnerDeletion on an owner reference',
    );
    await forbidden(
      createPod(mirror({ meta: { ownerReferences: [{ ...owner, uid: "stale" }] } })),
      'pods "mirror" is forbidden: node mynode UID mismatch: expected stale got mynode-uid',
    );
  });

  it("refuses mirror pods that reference other API objects", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceAccountName: "sa" }, "a service account"],
      [{ volumes: [{ name: "s", secret: { secretName: "s" } }] }, "secrets"],
      [{ containers: [{ name: "c", image: "i", envFrom: [{ configMapRef: { name: "c" } }] }] }, "configmaps"],
      [{ volumes: [{ name: "p", projected: { sources: [{ clusterTrustBundle: { name: "b", path: "p" } }] } }] }, "clustertrustbundles"],
      [{ volumes: [{ name: "c", persistentVolumeClaim: { claimName: "c" } }] }, "persistentvolumeclaims"],
    ];
    for (const [spec, what] of cases)
      await forbidden(createPod(mirror({ spec })), `pods "mirror" is forbidden: node "mynode" can not create pods that reference ${what}`);
  });

  it("deletes only its own pods; other operations and subresources are refused", async () => {
    await allowed({ operation: "DELETE", resource: "pods", namespace: "ns", name: "mypod" });
    await forbidden(
      { operation: "DELETE", resource: "pods", namespace: "ns", name: "otherpod" },
      'pods "otherpod" is forbidden: node "mynode" can only delete pods with spec.nodeName set to itself',
    );
    await forbidden({ operation: "DELETE", resource: "pods", namespace: "ns", name: "nopod" }, 'pod "nopod" not found', 404);
    await forbidden(
      {
        operation: "UPDATE",
        resource: "pods",
        namespace: "ns",
        name: "mypod",
        object: pod("mypod", "mynode"),
        oldObject: pod("mypod", "mynode"),
      },
      'pods "mypod" is forbidden: unexpected operation "UPDATE", node "mynode" can only create and delete mirror pods',
    );
    await forbidden(
      {
        operation: "CREATE",
        resource: "pods",
        subresource: "binding",
        namespace: "ns",
        name: "mypod",
        object: { metadata: { name: "mypod" } },
      },
      `pods "mypod" is forbidden: unexpected pod subresource "binding", only 'status' and 'eviction' are allowed`,
    );
    // Exec, attach and the like are the authorizer's business: admission does not see CONNECT.
    await allowed({ operation: "CONNECT", resource: "pods", subresource: "exec", namespace: "ns", name: "otherpod" });
  });

  it("updates the status of its own pods, without labels or claim statuses", async () => {
    const status = (p: KubeObject): Req => ({
      operation: "UPDATE",
      resource: "pods",
      subresource: "status",
      namespace: "ns",
      name: p.metadata!.name!,
      object: p,
      oldObject: pod(p.metadata!.name!, (p.spec as { nodeName: string }).nodeName),
    });
    await allowed(status({ ...pod("mypod", "mynode"), status: { phase: "Running" } }));
    await forbidden(
      status(pod("otherpod", "othernode")),
      'pods "otherpod" is forbidden: node "mynode" can only update pod status for pods with spec.nodeName set to itself',
    );
    const relabelled = pod("mypod", "mynode");
    relabelled.metadata!.labels = { a: "b" };
    await forbidden(status(relabelled), 'pods "mypod" is forbidden: node "mynode" cannot update labels through pod status');
    await forbidden(
      status({ ...pod("mypod", "mynode"), status: { resourceClaimStatuses: [{ name: "c", resourceClaimName: "x" }] } }),
      'pods "mypod" is forbidden: node "mynode" cannot update resource claim statues',
    );
    await forbidden(
      status({ ...pod("mypod", "mynode"), status: { extendedResourceClaimStatus: { resourceClaimName: "x", requestMappings: [] } } }),
      'pods "mypod" is forbidden: node "mynode" cannot update extended resource claim status',
    );
  });

  it("evicts only its own pods", async () => {
    const evict = (name: string, urlName = name): Req => ({
      operation: "CREATE",
      resource: "pods",
      subresource: "eviction",
      namespace: "ns",
      name: urlName,
      object: { apiVersion: "policy/v1", kind: "Eviction", metadata: { name } },
    });
    await allowed(evict("mypod"));
    await forbidden(evict("otherpod"), 'pods "otherpod" is forbidden: node mynode can only evict pods with spec.nodeName set to itself');
    // The URL's name wins over the Eviction's.
    await forbidden(
      evict("mypod", "otherpod"),
      'pods "otherpod" is forbidden: node mynode can only evict pods with spec.nodeName set to itself',
    );
    await forbidden(evict("nopod"), 'pod "nopod" not found', 404);
  });
});

const nodeObj = (name: string, extra: { labels?: Record<string, string>; spec?: Record<string, unknown> } = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Node",
  metadata: { name, ...(extra.labels && { labels: extra.labels }) },
  spec: { ...extra.spec },
});

describe("nodes", () => {
  it("touches only its own Node", async () => {
    await allowed({
      operation: "CREATE",
      resource: "nodes",
      object: nodeObj("mynode", { labels: { "kubernetes.io/hostname": "mynode" } }),
    });
    await forbidden(
      { operation: "CREATE", resource: "nodes", object: nodeObj("othernode") },
      'nodes "othernode" is forbidden: node "mynode" is not allowed to modify node "othernode"',
    );
    await forbidden(
      { operation: "DELETE", resource: "nodes", name: "othernode" },
      'nodes "othernode" is forbidden: node "mynode" is not allowed to modify node "othernode"',
    );
    await forbidden(
      { operation: "UPDATE", resource: "nodes", subresource: "status", object: nodeObj("othernode"), oldObject: nodeObj("othernode") },
      'nodes "othernode" is forbidden: node "mynode" is not allowed to modify node "othernode"',
    );
    await allowed({ operation: "DELETE", resource: "nodes", name: "mynode" });
  });

  it("registers without a config source or restricted labels", async () => {
    await forbidden(
      { operation: "CREATE", resource: "nodes", object: nodeObj("mynode", { spec: { configSource: { configMap: { name: "c" } } } }) },
      'nodes "mynode" is forbidden: node "mynode" is not allowed to create pods with a non-nil configSource',
    );
    await forbidden(
      {
        operation: "CREATE",
        resource: "nodes",
        object: nodeObj("mynode", {
          labels: { "node-restriction.kubernetes.io/foo": "a", "other.k8s.io/foo": "b", "example.com/ok": "c" },
        }),
      },
      'nodes "mynode" is forbidden: node "mynode" is not allowed to set the following labels: node-restriction.kubernetes.io/foo, other.k8s.io/foo',
    );
  });

  it("updates without new taints, config sources or restricted label changes", async () => {
    const update = (object: KubeObject, oldObject: KubeObject): Req => ({ operation: "UPDATE", resource: "nodes", object, oldObject });
    const tainted = nodeObj("mynode", { spec: { taints: [{ key: "k", effect: "NoSchedule" }] } });
    await allowed(update(nodeObj("mynode", { spec: { taints: [] } }), nodeObj("mynode")));
    await forbidden(update(nodeObj("mynode"), tainted), 'nodes "mynode" is forbidden: node "mynode" is not allowed to modify taints');
    await forbidden(
      update(nodeObj("mynode", { spec: { configSource: { configMap: { name: "new" } } } }), nodeObj("mynode")),
      'nodes "mynode" is forbidden: node "mynode" is not allowed to update configSource to a new non-nil configSource',
    );
    // Dropping the source (an old kubelet's status update) is allowed.
    await allowed(update(nodeObj("mynode"), nodeObj("mynode", { spec: { configSource: { configMap: { name: "old" } } } })));
    await forbidden(
      update(
        nodeObj("mynode", { labels: { "other.kubernetes.io/foo": "new", "node.kubernetes.io/pool": "a" } }),
        nodeObj("mynode", { labels: { "other.kubernetes.io/foo": "old" } }),
      ),
      'nodes "mynode" is forbidden: is not allowed to modify labels: other.kubernetes.io/foo',
    );
    await allowed(update(nodeObj("mynode", { labels: { "topology.kubernetes.io/zone": "z", custom: "x" } }), nodeObj("mynode")));
    const owned = nodeObj("mynode");
    owned.metadata!.ownerReferences = [{ apiVersion: "v1", kind: "ConfigMap", name: "gone", uid: "u" }];
    await forbidden(
      update(owned, nodeObj("mynode")),
      'nodes "mynode" is forbidden: node "mynode" is not allowed to modify ownerReferences',
    );
  });
});

describe("claims, leases, CSINodes, ResourceSlices", () => {
  const claim = (status: Record<string, unknown>, labels?: Record<string, string>): KubeObject => ({
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: { name: "c", namespace: "ns", resourceVersion: "1", ...(labels && { labels }) },
    spec: { resources: { requests: { storage: "1Gi" } } },
    status,
  });

  it("updates only the resize fields of a claim's status", async () => {
    const old = claim({ phase: "Bound", capacity: { storage: "1Gi" } });
    const pvc = (object: KubeObject, subresource = "status"): Req => ({
      operation: "UPDATE",
      resource: "persistentvolumeclaims",
      subresource,
      namespace: "ns",
      name: "c",
      object,
      oldObject: old,
    });
    await allowed(
      pvc(
        claim({
          phase: "Bound",
          capacity: { storage: "2Gi" },
          conditions: [{ type: "Resizing", status: "True" }],
          allocatedResources: { storage: "2Gi" },
          allocatedResourceStatuses: { storage: "NodeResizePending" },
        }),
      ),
    );
    await forbidden(
      pvc(claim({ phase: "Lost" })),
      'persistentvolumeclaims "c" is forbidden: node "mynode" is not allowed to update fields other than status.quantity and status.conditions: changed status.phase',
    );
    await forbidden(
      pvc(claim({ phase: "Bound" }, { a: "b" })),
      'persistentvolumeclaims "c" is forbidden: node "mynode" is not allowed to update fields other than status.quantity and status.conditions: changed metadata.labels',
    );
    await forbidden(pvc(old, ""), 'persistentvolumeclaims "c" is forbidden: may only update PVC status');
  });

  it("writes only its own Lease, in kube-node-lease", async () => {
    const lease = (name: string, namespace = "kube-node-lease"): KubeObject => ({
      apiVersion: "coordination.k8s.io/v1",
      kind: "Lease",
      metadata: { name, namespace },
    });
    const req = (operation: Operation, name: string, namespace = "kube-node-lease"): Req => ({
      operation,
      group: "coordination.k8s.io",
      resource: "leases",
      namespace,
      name,
      ...(operation !== "DELETE" && { object: lease(name, namespace) }),
    });
    await allowed(req("CREATE", "mynode"));
    await allowed(req("UPDATE", "mynode"));
    await forbidden(
      req("CREATE", "othernode"),
      'leases.coordination.k8s.io "othernode" is forbidden: can only access node lease with the same name as the requesting node',
    );
    await forbidden(
      req("DELETE", "othernode"),
      'leases.coordination.k8s.io "othernode" is forbidden: can only access node lease with the same name as the requesting node',
    );
    await forbidden(
      req("UPDATE", "mynode", "default"),
      'leases.coordination.k8s.io "mynode" is forbidden: can only access leases in the "kube-node-lease" system namespace',
    );
  });

  it("writes only its own CSINode", async () => {
    const csinode = (name: string): KubeObject => ({
      apiVersion: "storage.k8s.io/v1",
      kind: "CSINode",
      metadata: { name },
      spec: { drivers: [] },
    });
    await allowed({ operation: "CREATE", group: "storage.k8s.io", resource: "csinodes", object: csinode("mynode") });
    await forbidden(
      { operation: "UPDATE", group: "storage.k8s.io", resource: "csinodes", object: csinode("othernode"), oldObject: csinode("othernode") },
      'csinodes.storage.k8s.io "othernode" is forbidden: can only access CSINode with the same name as the requesting node',
    );
  });

  it("creates and deletes only ResourceSlices naming it", async () => {
    const slice = (nodeName?: string): KubeObject => ({
      apiVersion: "resource.k8s.io/v1",
      kind: "ResourceSlice",
      metadata: { name: "s" },
      spec: { driver: "d", pool: { name: "p", resourceSliceCount: 1 }, ...(nodeName && { nodeName }) },
    });
    const g = { group: "resource.k8s.io", resource: "resourceslices" };
    await allowed({ operation: "CREATE", ...g, object: slice("mynode") });
    await forbidden(
      { operation: "CREATE", ...g, object: slice("othernode") },
      'resourceslices.resource.k8s.io "s" is forbidden: can only create ResourceSlice with the same NodeName as the requesting node',
    );
    await forbidden(
      { operation: "CREATE", ...g, object: slice() },
      'resourceslices.resource.k8s.io "s" is forbidden: can only create ResourceSlice with the same NodeName as the requesting node',
    );
    await allowed({ operation: "DELETE", ...g, name: "s", oldObject: slice("mynode") });
    await forbidden(
      { operation: "DELETE", ...g, name: "s", oldObject: slice("othernode") },
      'resourceslices.resource.k8s.io "s" is forbidden: can only delete ResourceSlice with the same NodeName as the requesting node',
    );
  });
});

describe("certificate signing requests", () => {
  const csr = (signerName: string, request = CSR_REQUEST): Req => ({
    operation: "CREATE",
    group: "certificates.k8s.io",
    resource: "certificatesigningrequests",
    object: {
      apiVersion: "certificates.k8s.io/v1",
      kind: "CertificateSigningRequest",
      metadata: { name: "r" },
      spec: { signerName, request },
    },
  });
  it("asks the kubelet signers only for the node's own CN", async () => {
    // The fixture's CN is not system:node:mynode.
    await forbidden(
      csr("kubernetes.io/kubelet-serving"),
      'certificatesigningrequests.certificates.k8s.io "r" is forbidden: can only create a node CSR with CN=system:node:mynode',
    );
    await forbidden(
      csr("kubernetes.io/kube-apiserver-client-kubelet"),
      'certificatesigningrequests.certificates.k8s.io "r" is forbidden: can only create a node CSR with CN=system:node:mynode',
    );
    await forbidden(
      csr("kubernetes.io/kubelet-serving", Buffer.from("junk").toString("base64")),
      'certificatesigningrequests.certificates.k8s.io "r" is forbidden: unable to parse csr: PEM block type must be CERTIFICATE REQUEST',
    );
    await allowed(csr("example.com/other"));
  });
});

describe("service account tokens", () => {
  const token = (boundObjectRef: Record<string, string> | undefined, audiences?: string[]): Req => ({
    operation: "CREATE",
    resource: "serviceaccounts",
    subresource: "token",
    namespace: "ns",
    name: "mysa",
    object: {
      apiVersion: "authentication.k8s.io/v1",
      kind: "TokenRequest",
      metadata: {},
      spec: { ...(audiences && { audiences }), ...(boundObjectRef && { boundObjectRef }) },
    },
  });
  const ref = (name: string, uid = `${name}-uid`) => ({ apiVersion: "v1", kind: "Pod", name, uid });
  const F = 'serviceaccounts "mysa" is forbidden: ';

  it("binds tokens only to pods on the node", async () => {
    await allowed(token(ref("mypod")));
    await forbidden(token(undefined), `${F}node requested token not bound to a pod`);
    await forbidden(token({ apiVersion: "v1", kind: "Secret", name: "s", uid: "u" }), `${F}node requested token not bound to a pod`);
    await forbidden(token(ref("mypod", "")), `${F}node requested token with a pod binding without a uid`);
    await forbidden(token(ref("nopod")), 'pod "nopod" not found', 404);
    await forbidden(
      token(ref("mypod", "stale")),
      `${F}the UID in the bound object reference (stale) does not match the UID in record. The object might have been deleted and then recreated`,
    );
    await forbidden(token(ref("otherpod")), `${F}node requested token bound to a pod scheduled on a different node`);
  });

  it("asks only for audiences the pod uses, or that the authorizer grants", async () => {
    await forbidden(token(ref("mysapod"), ["foo", "bar"]), `${F}node may only request 0 or 1 audiences`);
    await allowed(token(ref("mysapod"), ["foo"]));
    await forbidden(
      token(ref("mypod"), ["foo"]),
      `${F}audience "foo" not found in pod spec volume, system:node:mynode is not authorized to request tokens for this audience`,
    );
    // Through an inline CSI volume, a claim's PV, an ephemeral volume's claim: the CSIDriver's tokenRequests.
    await allowed(token(ref("mycsipod"), ["foo"]));
    await allowed(token(ref("mypvcpod"), ["foo"]));
    await allowed(token(ref("myephemeralpod"), ["foo"]));
    await forbidden(
      token(ref("mycsipod"), ["bar"]),
      `${F}audience "bar" not found in pod spec volume, system:node:mynode is not authorized to request tokens for this audience`,
    );
    await forbidden(token(ref("nopvcpod"), ["foo"]), `${F}error validating audience "foo": persistentvolumeclaim "missing" not found`);
    allowAudience = "bar";
    try {
      await allowed(token(ref("mypod"), ["bar"]));
    } finally {
      allowAudience = "";
    }
  });
});
