/**
 * The admission plugins upstream 1.34 enables by default that came last (RuntimeClass,
 * StorageObjectInUseProtection, PersistentVolumeClaimResize, DefaultIngressClass,
 * TaintNodesByCondition, CertificateApproval/Signing/SubjectRestriction, ClusterTrustBundleAttest) through the real
 * apiserver (SQLite, RBAC), with upstream's messages; and each one off when disabled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultIngressClass } from "../../../apiserver/admission/default-ingress-class.js";
import { ADMISSION_PLUGINS, selectAdmissionPlugins } from "../../../apiserver/admission/plugins.js";
import { mergeTolerations } from "../../../apiserver/admission/tolerations.js";
import { certificateRequestOrganizations } from "../../../apiserver/registry/resources/certificatesigningrequests/pkcs10.js";
import { CSR_REQUEST, ISSUED_CERTIFICATE } from "../../support/csr-fixture.js";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";

/** PKCS#10 requests made with openssl: CN=eve, O=dev, O=system:masters; and CN=bob, O=dev. */
const MASTERS_REQUEST =
  "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIeE1JR1hBZ0VBTURVeEREQUtCZ05WQkFNTUEyVjJaVEVNTUFvR0ExVUVDZ3dEWkdWMk1SY3dGUVlEVlFRSwpEQTV6ZVhOMFpXMDZiV0Z6ZEdWeWN6QlpNQk1HQnlxR1NNNDlBZ0VHQ0NxR1NNNDlBd0VIQTBJQUJJQzVBSzBtCm5hK3NLR2xKSmwwUlNLc0VaZ2l5YmxsVVcweHhTOUI1SGF2YWM0SW56bHU3K3ozclQxcU9qS3FIM3NWRWRnUEkKK0xKUGxQaTBBSDlHcjdTZ0FEQUtCZ2dxaGtqT1BRUURBZ05KQURCR0FpRUFsRWpZMUFmTnlQY3J3amlBbkwzeQpBZ3VSZjdIdU9LSkoyNVdlcXNhQnBHMENJUUNYUXZEMFl5bVRLS0VoazBKeEErODBFUDNERHlJbE9nbm16M2J5CnZZRk1Xdz09Ci0tLS0tRU5EIENFUlRJRklDQVRFIFJFUVVFU1QtLS0tLQo=";
const DEV_REQUEST =
  "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIV01INENBUUF3SERFTU1Bb0dBMVVFQXd3RFltOWlNUXd3Q2dZRFZRUUtEQU5rWlhZd1dUQVRCZ2NxaGtqTwpQUUlCQmdncWhrak9QUU1CQndOQ0FBU0F1UUN0SnAydnJDaHBTU1pkRVVpckJHWUlzbTVaVkZ0TWNVdlFlUjJyCjJuT0NKODVidS9zOTYwOWFqb3lxaDk3RlJIWUR5UGl5VDVUNHRBQi9ScSswb0FBd0NnWUlLb1pJemowRUF3SUQKU0FBd1JRSWdYWEU2N0Q1bHF6N0YrSGVLRE1ZYVVwRjVyeG1hRHBKYjUxaGlCd0I3QTZvQ0lRQ1lLWitzMlFPVgpISk54SitXMlNwZzQvdzdBZHZLeG9VT2c5TE1sU0JOQ2xBPT0KLS0tLS1FTkQgQ0VSVElGSUNBVEUgUkVRVUVTVC0tLS0tCg==";

let server: TestAPIServer;
const call = (method: string, p: string, body?: unknown, headers?: Record<string, string>): Promise<Reply> =>
  server.call(method, p, body, headers);
const as = (user: string) => ({ "Impersonate-User": user });

const PODS = "/api/v1/namespaces/default/pods";
const RUNTIME_CLASSES = "/apis/node.k8s.io/v1/runtimeclasses";
const CLAIMS = "/api/v1/namespaces/default/persistentvolumeclaims";
const CSRS = "/apis/certificates.k8s.io/v1/certificatesigningrequests";
const RBAC = "/apis/rbac.authorization.k8s.io/v1";

const pod = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name },
  spec: { containers: [{ name: "c", image: "busybox" }], ...spec },
});
const runtimeClass = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: "node.k8s.io/v1",
  kind: "RuntimeClass",
  metadata: { name },
  handler: "runc",
  ...extra,
});
const claim = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } }, ...spec },
});
const csr = (name: string, signerName: string, request = CSR_REQUEST) => ({
  apiVersion: "certificates.k8s.io/v1",
  kind: "CertificateSigningRequest",
  metadata: { name },
  spec: { request, signerName, usages: ["client auth"] },
});

beforeAll(async () => {
  server = await startRunningServer({ authorizationMode: "RBAC" });
  await call("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "default" } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("the plugin list", () => {
  it("names every new plugin, in upstream's order, and none is refused as not implemented", () => {
    const order: string[] = [...ADMISSION_PLUGINS];
    const at = (n: string) => order.indexOf(n);
    expect(at("ServiceAccount")).toBeLessThan(at("TaintNodesByCondition"));
    expect(at("TaintNodesByCondition")).toBeLessThan(at("PodSecurity"));
    const tail = [
      "DefaultStorageClass",
      "StorageObjectInUseProtection",
      "PersistentVolumeClaimResize",
      "RuntimeClass",
      "CertificateApproval",
      "CertificateSigning",
      "ClusterTrustBundleAttest",
      "CertificateSubjectRestriction",
      "DefaultIngressClass",
      "MutatingAdmissionWebhook",
    ];
    expect(tail.map(at)).toEqual([...tail.map(at)].sort((x, y) => x - y));
    expect(selectAdmissionPlugins([], ["RuntimeClass"])).not.toContain("RuntimeClass");
    // On by default now that the protection controllers take its finalizers off, in its place.
    const defaults = selectAdmissionPlugins();
    expect(defaults.indexOf("StorageObjectInUseProtection")).toBe(defaults.indexOf("DefaultStorageClass") + 1);
    expect(selectAdmissionPlugins([], ["StorageObjectInUseProtection"])).not.toContain("StorageObjectInUseProtection");
    // On by default, between CertificateSigning and CertificateSubjectRestriction, and named in both flags.
    expect(defaults.indexOf("ClusterTrustBundleAttest")).toBe(defaults.indexOf("CertificateSigning") + 1);
    expect(selectAdmissionPlugins(["ClusterTrustBundleAttest"])).toContain("ClusterTrustBundleAttest");
    expect(selectAdmissionPlugins([], ["ClusterTrustBundleAttest"])).not.toContain("ClusterTrustBundleAttest");
  });
});

describe("RuntimeClass", () => {
  it("validates the class: handler a DNS label, immutable; overhead and scheduling checked", async () => {
    const empty = await call("POST", RUNTIME_CLASSES, runtimeClass("no-handler", { handler: "" }));
    expect(empty.status).toBe(422);
    expect(empty.body.message).toContain(
      'RuntimeClass.node.k8s.io "no-handler" is invalid: handler: Invalid value: "": a lowercase RFC 1123 label',
    );
    const bad = await call(
      "POST",
      RUNTIME_CLASSES,
      runtimeClass("bad", {
        overhead: { podFixed: { cpu: "-1" } },
        scheduling: { nodeSelector: { "a b": "x" }, tolerations: [{ operator: "Equal", value: "v" }] },
      }),
    );
    expect(bad.status).toBe(422);
    const fields = bad.body.details.causes.map((c: { field: string }) => c.field);
    expect(fields).toEqual(
      expect.arrayContaining(["overhead.limits[cpu]", "scheduling.nodeSelector", "scheduling.tolerations[0].operator"]),
    );
    expect((await call("POST", RUNTIME_CLASSES, runtimeClass("plain"))).status).toBe(201);
    const got = await call("GET", `${RUNTIME_CLASSES}/plain`);
    const changed = await call("PUT", `${RUNTIME_CLASSES}/plain`, { ...got.body, handler: "kata" });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toContain('handler: Invalid value: "kata": field is immutable');
  });

  it("refuses an unknown class with upstream's message; a Pod naming none is left alone", async () => {
    const r = await call("POST", PODS, pod("unknown-rc", { runtimeClassName: "nope" }));
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('pods "unknown-rc" is forbidden: pod rejected: RuntimeClass "nope" not found');
    const empty = await call("POST", PODS, pod("empty-rc", { runtimeClassName: "" }));
    expect(empty.body.message).toBe('pods "empty-rc" is forbidden: pod rejected: RuntimeClass "" not found');
    const plain = await call("POST", PODS, pod("no-rc"));
    expect(plain.status).toBe(201);
    expect(plain.body.spec.overhead).toBeUndefined();
    expect(plain.body.spec.nodeSelector).toBeUndefined();
  });

  it("sets the overhead, merges the nodeSelector, adds the tolerations; refuses conflicts", async () => {
    const rc = runtimeClass("sandboxed", {
      handler: "kata",
      overhead: { podFixed: { cpu: "250m", memory: "120Mi" } },
      scheduling: {
        nodeSelector: { sandbox: "true" },
        tolerations: [{ key: "sandbox", operator: "Exists", effect: "NoSchedule" }],
      },
    });
    expect((await call("POST", RUNTIME_CLASSES, rc)).status).toBe(201);
    const r = await call("POST", PODS, pod("sandboxed", { runtimeClassName: "sandboxed", nodeSelector: { zone: "a" } }));
    expect(r.status).toBe(201);
    expect(r.body.spec.overhead).toEqual({ cpu: "250m", memory: "120Mi" });
    expect(r.body.spec.nodeSelector).toEqual({ zone: "a", sandbox: "true" });
    expect(r.body.spec.tolerations).toContainEqual({ key: "sandbox", operator: "Exists", effect: "NoSchedule" });
    // The same overhead written differently is the same overhead.
    const same = await call(
      "POST",
      PODS,
      pod("same-overhead", { runtimeClassName: "sandboxed", overhead: { cpu: "0.25", memory: "120Mi" } }),
    );
    expect(same.status).toBe(201);

    const conflict = await call("POST", PODS, pod("conflict", { runtimeClassName: "sandboxed", nodeSelector: { sandbox: "false" } }));
    expect(conflict.status).toBe(403);
    expect(conflict.body.message).toBe(
      'pods "conflict" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = true; pod.spec.nodeSelector[sandbox] = false',
    );
    const other = await call("POST", PODS, pod("other-overhead", { runtimeClassName: "sandboxed", overhead: { cpu: "1" } }));
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      `pods "other-overhead" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`,
    );
    const orphan = await call("POST", PODS, pod("orphan-overhead", { overhead: { cpu: "1" } }));
    expect(orphan.status).toBe(403);
    expect(orphan.body.message).toBe(
      'pods "orphan-overhead" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead',
    );
  });

  it("merges tolerations as upstream: one covering another keeps the wider", () => {
    const merged = mergeTolerations(
      [{ key: "a", operator: "Equal", value: "1", effect: "NoSchedule" }],
      [
        { key: "a", operator: "Exists" },
        { key: "b", operator: "Exists" },
        { key: "b", operator: "Exists" },
      ],
    );
    expect(merged).toEqual([
      { key: "a", operator: "Exists" },
      { key: "b", operator: "Exists" },
    ]);
  });
});

describe("StorageObjectInUseProtection (on by default)", () => {
  it("gives new claims and volumes their protection finalizer, once", async () => {
    const c = await call("POST", CLAIMS, claim("protected"));
    expect(c.status).toBe(201);
    expect(c.body.metadata.finalizers).toEqual(["kubernetes.io/pvc-protection"]);
    const again = await call("POST", CLAIMS, {
      ...claim("already"),
      metadata: { name: "already", finalizers: ["kubernetes.io/pvc-protection"] },
    });
    expect(again.body.metadata.finalizers).toEqual(["kubernetes.io/pvc-protection"]);
    const pv = await call("POST", "/api/v1/persistentvolumes", {
      metadata: { name: "pv-protected" },
      spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], hostPath: { path: "/tmp/x" } },
    });
    expect(pv.status).toBe(201);
    expect(pv.body.metadata.finalizers).toEqual(["kubernetes.io/pv-protection"]);
  });
});

describe("PersistentVolumeClaimResize", () => {
  const bound = async (name: string, storageClassName: string): Promise<Reply> => {
    const c = await call("POST", CLAIMS, claim(name, { storageClassName }));
    expect(c.status).toBe(201);
    const s = await call("PUT", `${CLAIMS}/${name}/status`, { ...c.body, status: { phase: "Bound", capacity: { storage: "1Gi" } } });
    expect(s.status).toBe(200);
    return s;
  };
  const grow = (c: Reply) =>
    call("PUT", `${CLAIMS}/${c.body.metadata.name}`, { ...c.body, spec: { ...c.body.spec, resources: { requests: { storage: "2Gi" } } } });

  it("lets a claim grow only when its StorageClass allows expansion, with upstream's message", async () => {
    for (const [name, allow] of [
      ["fixed", false],
      ["expandable", true],
    ] as const)
      expect(
        (
          await call("POST", "/apis/storage.k8s.io/v1/storageclasses", {
            metadata: { name },
            provisioner: "example.com/p",
            allowVolumeExpansion: allow,
          })
        ).status,
      ).toBe(201);
    const refused = await grow(await bound("on-fixed", "fixed"));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'persistentvolumeclaims "on-fixed" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize',
    );
    expect((await grow(await bound("on-missing", "missing"))).status).toBe(403);
    const grown = await grow(await bound("on-expandable", "expandable"));
    expect(grown.status).toBe(200);
    expect(grown.body.spec.resources.requests.storage).toBe("2Gi");
  });
});

describe("ResourceQuota on claims' storage", () => {
  it("counts requests.storage in total and per StorageClass, with upstream's message", async () => {
    const NS = "/api/v1/namespaces/quota";
    expect((await call("POST", "/api/v1/namespaces", { metadata: { name: "quota" } })).status).toBe(201);
    const q = await call("POST", `${NS}/resourcequotas`, {
      metadata: { name: "storage" },
      spec: { hard: { "requests.storage": "3Gi", "fast.storageclass.storage.k8s.io/persistentvolumeclaims": "1" } },
    });
    expect(q.status).toBe(201);
    const make = (name: string, storage: string, storageClassName = "slow") =>
      call("POST", `${NS}/persistentvolumeclaims`, claim(name, { storageClassName, resources: { requests: { storage } } }));
    expect((await make("a", "2Gi")).status).toBe(201);
    const over = await make("b", "2Gi");
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      'persistentvolumeclaims "b" is forbidden: exceeded quota: storage, requested: requests.storage=2Gi, used: requests.storage=2Gi, limited: requests.storage=3Gi',
    );
    expect((await make("fast-1", "512Mi", "fast")).status).toBe(201);
    const second = await make("fast-2", "256Mi", "fast");
    expect(second.status).toBe(403);
    expect(second.body.message).toContain("exceeded quota: storage, requested: fast.storageclass.storage.k8s.io/persistentvolumeclaims=1");
  });
});

describe("LimitRanger on claims", () => {
  it("refuses a claim outside the PersistentVolumeClaim item's min/max, with upstream's message", async () => {
    const NS = "/api/v1/namespaces/limited";
    expect((await call("POST", "/api/v1/namespaces", { metadata: { name: "limited" } })).status).toBe(201);
    const lr = await call("POST", `${NS}/limitranges`, {
      metadata: { name: "storage" },
      spec: { limits: [{ type: "PersistentVolumeClaim", min: { storage: "1Gi" }, max: { storage: "2Gi" } }] },
    });
    expect(lr.status).toBe(201);
    const make = (name: string, storage: string) =>
      call("POST", `${NS}/persistentvolumeclaims`, claim(name, { resources: { requests: { storage } } }));
    const small = await make("small", "500Mi");
    expect(small.status).toBe(403);
    expect(small.body.message).toBe(
      'persistentvolumeclaims "small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi',
    );
    const big = await make("big", "3Gi");
    expect(big.body.message).toBe(
      'persistentvolumeclaims "big" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 3Gi',
    );
    expect((await make("fits", "1536Mi")).status).toBe(201);
  });
});

describe("DefaultIngressClass", () => {
  const ING = "/apis/networking.k8s.io/v1/namespaces/default/ingresses";
  const ingress = (name: string, spec: Record<string, unknown> = {}, annotations?: Record<string, string>) => ({
    metadata: { name, ...(annotations && { annotations }) },
    spec: { defaultBackend: { service: { name: "s", port: { number: 80 } } }, ...spec },
  });

  it("gives an Ingress naming no class the default class; one naming a class or the annotation keeps it", async () => {
    const none = await call("POST", ING, ingress("before-default"));
    expect(none.body.spec.ingressClassName).toBeUndefined();
    const r = await call("POST", "/apis/networking.k8s.io/v1/ingressclasses", {
      metadata: { name: "nginx", annotations: { "ingressclass.kubernetes.io/is-default-class": "true" } },
      spec: { controller: "example.com/nginx" },
    });
    expect(r.status).toBe(201);
    expect((await call("POST", ING, ingress("defaulted"))).body.spec.ingressClassName).toBe("nginx");
    expect((await call("POST", ING, ingress("named", { ingressClassName: "other" }))).body.spec.ingressClassName).toBe("other");
    const annotated = await call("POST", ING, ingress("annotated", {}, { "kubernetes.io/ingress.class": "legacy" }));
    expect(annotated.body.spec.ingressClassName).toBeUndefined();
  });

  it("several defaults: the newest, equal timestamps to the first name", () => {
    const cls = (name: string, at: string, def = "true") => ({
      metadata: { name, creationTimestamp: at, annotations: { "ingressclass.kubernetes.io/is-default-class": def } },
    });
    expect(defaultIngressClass([cls("old", "2024-01-01T00:00:00Z"), cls("new", "2024-02-01T00:00:00Z")])?.metadata?.name).toBe("new");
    expect(defaultIngressClass([cls("b", "2024-01-01T00:00:00Z"), cls("a", "2024-01-01T00:00:00Z")])?.metadata?.name).toBe("a");
    expect(defaultIngressClass([cls("x", "2024-01-01T00:00:00Z", "false")])).toBeUndefined();
  });
});

describe("TaintNodesByCondition", () => {
  it("taints a new Node not-ready:NoSchedule, unless it already has that taint", async () => {
    const n = await call("POST", "/api/v1/nodes", { metadata: { name: "worker-a" } });
    expect(n.status).toBe(201);
    expect(n.body.spec.taints).toEqual([{ key: "node.kubernetes.io/not-ready", effect: "NoSchedule" }]);
    const kept = await call("POST", "/api/v1/nodes", {
      metadata: { name: "worker-b" },
      spec: { taints: [{ key: "node.kubernetes.io/not-ready", effect: "NoSchedule", value: "x" }] },
    });
    expect(kept.body.spec.taints).toHaveLength(1);
  });
});

describe("the certificate plugins", () => {
  beforeAll(async () => {
    // alice may approve and update status, but holds no signer verbs until granted.
    await call("POST", `${RBAC}/clusterroles`, {
      metadata: { name: "csr-writer" },
      rules: [
        { apiGroups: ["certificates.k8s.io"], resources: ["certificatesigningrequests"], verbs: ["get", "create"] },
        {
          apiGroups: ["certificates.k8s.io"],
          resources: ["certificatesigningrequests/approval", "certificatesigningrequests/status"],
          verbs: ["update"],
        },
      ],
    });
    await call("POST", `${RBAC}/clusterrolebindings`, {
      metadata: { name: "alice-csr-writer" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "csr-writer" },
      subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "alice" }],
    });
  });

  const approve = (c: Reply, user: string) =>
    call(
      "PUT",
      `${CSRS}/${c.body.metadata.name}/approval`,
      { ...c.body, status: { conditions: [{ type: "Approved", status: "True", reason: "Test", message: "ok" }] } },
      as(user),
    );

  it("approval needs approve on the signer (its name or its domain's wildcard)", async () => {
    const c = await call("POST", CSRS, csr("to-approve", "example.com/signer"));
    expect(c.status).toBe(201);
    const refused = await approve(c, "alice");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'certificatesigningrequests.certificates.k8s.io "to-approve" is forbidden: user not permitted to approve requests with signerName "example.com/signer"',
    );
    await call("POST", `${RBAC}/clusterroles`, {
      metadata: { name: "example-approver" },
      rules: [{ apiGroups: ["certificates.k8s.io"], resources: ["signers"], resourceNames: ["example.com/*"], verbs: ["approve"] }],
    });
    await call("POST", `${RBAC}/clusterrolebindings`, {
      metadata: { name: "alice-example-approver" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "example-approver" },
      subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "alice" }],
    });
    let ok: Reply | undefined;
    // The RBAC cache sees the new binding a moment later.
    for (let i = 0; i < 50 && ok?.status !== 200; i++) {
      ok = await approve(c, "alice");
      if (ok.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ok?.status).toBe(200);
  });

  it("setting status.certificate needs sign on the signer; conditions alone do not", async () => {
    const c = await call("POST", CSRS, csr("to-sign", "example.org/signer"));
    const refused = await call("PUT", `${CSRS}/to-sign/status`, { ...c.body, status: { certificate: ISSUED_CERTIFICATE } }, as("alice"));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'certificatesigningrequests.certificates.k8s.io "to-sign" is forbidden: user not permitted to sign requests with signerName "example.org/signer"',
    );
    const conditions = await call(
      "PUT",
      `${CSRS}/to-sign/status`,
      { ...c.body, status: { conditions: [{ type: "Failed", status: "True", reason: "R", message: "m" }] } },
      as("alice"),
    );
    expect(conditions.status).toBe(200);
  });

  it("the kube-apiserver-client signer refuses system:masters subjects", async () => {
    expect(certificateRequestOrganizations(Buffer.from(Buffer.from(MASTERS_REQUEST, "base64")))).toEqual(["dev", "system:masters"]);
    const r = await call("POST", CSRS, csr("masters", "kubernetes.io/kube-apiserver-client", MASTERS_REQUEST));
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(
      'certificatesigningrequests.certificates.k8s.io "masters" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed',
    );
    expect((await call("POST", CSRS, csr("dev", "kubernetes.io/kube-apiserver-client", DEV_REQUEST))).status).toBe(201);
    // Other signers may carry any subject.
    expect((await call("POST", CSRS, csr("masters-elsewhere", "example.com/signer", MASTERS_REQUEST))).status).toBe(201);
  });
});

describe("--disable-admission-plugins", () => {
  it("turns each of them off", async () => {
    const off = await startRunningServer({
      disableAdmissionPlugins: [
        "RuntimeClass",
        "StorageObjectInUseProtection",
        "PersistentVolumeClaimResize",
        "DefaultIngressClass",
        "TaintNodesByCondition",
        "CertificateSubjectRestriction",
        "ServiceAccount",
      ],
    });
    try {
      // Admission says nothing of the unknown class (the kubelet would refuse to run it).
      expect((await off.call("POST", PODS, pod("rc-off", { runtimeClassName: "nope" }))).status).toBe(201);
      const c = await off.call("POST", CLAIMS, claim("c", { storageClassName: "fixed" }));
      expect(c.body.metadata.finalizers).toBeUndefined();
      const s = await off.call("PUT", `${CLAIMS}/c/status`, { ...c.body, status: { phase: "Bound" } });
      const grown = await off.call("PUT", `${CLAIMS}/c`, {
        ...s.body,
        spec: { ...s.body.spec, resources: { requests: { storage: "2Gi" } } },
      });
      expect(grown.status).toBe(200);
      const n = await off.call("POST", "/api/v1/nodes", { metadata: { name: "n" } });
      expect(n.body.spec?.taints).toBeUndefined();
      await off.call("POST", "/apis/networking.k8s.io/v1/ingressclasses", {
        metadata: { name: "nginx", annotations: { "ingressclass.kubernetes.io/is-default-class": "true" } },
        spec: { controller: "example.com/nginx" },
      });
      const ing = await off.call("POST", "/apis/networking.k8s.io/v1/namespaces/default/ingresses", {
        metadata: { name: "i" },
        spec: { defaultBackend: { service: { name: "s", port: { number: 80 } } } },
      });
      expect(ing.body.spec.ingressClassName).toBeUndefined();
      const masters = await off.call("POST", CSRS, csr("masters", "kubernetes.io/kube-apiserver-client", MASTERS_REQUEST));
      expect(masters.status).toBe(201);
    } finally {
      await off.stop();
    }
  }, 60_000);

  it("CertificateApproval and CertificateSigning off: alice approves and signs without signer verbs", async () => {
    const off = await startRunningServer({
      authorizationMode: "RBAC",
      disableAdmissionPlugins: ["CertificateApproval", "CertificateSigning"],
    });
    try {
      await off.call("POST", `${RBAC}/clusterroles`, {
        metadata: { name: "csr-writer" },
        rules: [
          { apiGroups: ["certificates.k8s.io"], resources: ["certificatesigningrequests"], verbs: ["get"] },
          {
            apiGroups: ["certificates.k8s.io"],
            resources: ["certificatesigningrequests/approval", "certificatesigningrequests/status"],
            verbs: ["update"],
          },
        ],
      });
      await off.call("POST", `${RBAC}/clusterrolebindings`, {
        metadata: { name: "alice" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "csr-writer" },
        subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "alice" }],
      });
      const c = await off.call("POST", CSRS, csr("x", "example.com/signer"));
      let r: Reply | undefined;
      for (let i = 0; i < 50 && r?.status !== 200; i++) {
        r = await off.call(
          "PUT",
          `${CSRS}/x/approval`,
          { ...c.body, status: { conditions: [{ type: "Approved", status: "True", reason: "T", message: "m" }] } },
          as("alice"),
        );
        if (r.status !== 200) await new Promise((res) => setTimeout(res, 100));
      }
      expect(r?.status).toBe(200);
      const signed = await off.call(
        "PUT",
        `${CSRS}/x/status`,
        { ...r!.body, status: { ...r!.body.status, certificate: ISSUED_CERTIFICATE } },
        as("alice"),
      );
      expect(signed.status).toBe(200);
    } finally {
      await off.stop();
    }
  }, 60_000);
});
