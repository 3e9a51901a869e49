/**
 * The bootstrap RBAC policy against facts transcribed from upstream 1.34's bootstrappolicy
 * testdata (names, a few rules per role, every binding's subjects), and the reconcile of the
 * `rbac/bootstrap-roles` hook over in-memory storages: creates what is missing, writes nothing
 * on a second start, adds missing rules and subjects, leaves autoupdate "false" objects alone.
 */
import { describe, expect, it } from "vitest";
import type { PolicyRule } from "../../../apiserver/auth/rbac/rules.js";
import type { KubeObject, RESTStorage, RequestContext } from "../../../apiserver/registry/rest.js";
import {
  aggregatedRules,
  BOOTSTRAP_CLUSTER_ROLE_BINDINGS,
  BOOTSTRAP_CLUSTER_ROLES,
  BOOTSTRAP_NAMESPACED_ROLE_BINDINGS,
  BOOTSTRAP_NAMESPACED_ROLES,
  bootstrapPolicyHook,
  clusterRoleBindingObject,
  clusterRoleObject,
} from "../../../apiserver/controlplane/bootstrap-policy.js";
import { upstreamControllerManagerRules } from "../../../apiserver/controlplane/bootstrap-policy-cluster.js";

const UPSTREAM_CLUSTER_ROLES = [
  "admin",
  "cluster-admin",
  "edit",
  "system:aggregate-to-admin",
  "system:aggregate-to-edit",
  "system:aggregate-to-view",
  "system:auth-delegator",
  "system:basic-user",
  "system:certificates.k8s.io:certificatesigningrequests:nodeclient",
  "system:certificates.k8s.io:certificatesigningrequests:selfnodeclient",
  "system:certificates.k8s.io:kube-apiserver-client-approver",
  "system:certificates.k8s.io:kube-apiserver-client-kubelet-approver",
  "system:certificates.k8s.io:kubelet-serving-approver",
  "system:certificates.k8s.io:legacy-unknown-approver",
  "system:discovery",
  "system:heapster",
  "system:kube-aggregator",
  "system:kube-controller-manager",
  "system:kube-dns",
  "system:kube-scheduler",
  "system:kubelet-api-admin",
  "system:monitoring",
  "system:node",
  "system:node-bootstrapper",
  "system:node-problem-detector",
  "system:node-proxier",
  "system:persistent-volume-provisioner",
  "system:public-info-viewer",
  "system:service-account-issuer-discovery",
  "system:volume-scheduler",
  "view",
];

const UPSTREAM_CONTROLLERS = [
  "attachdetach-controller",
  "certificate-controller",
  "clusterrole-aggregation-controller",
  "cronjob-controller",
  "daemon-set-controller",
  "deployment-controller",
  "disruption-controller",
  "endpoint-controller",
  "endpointslice-controller",
  "endpointslicemirroring-controller",
  "ephemeral-volume-controller",
  "expand-controller",
  "generic-garbage-collector",
  "horizontal-pod-autoscaler",
  "job-controller",
  "legacy-service-account-token-cleaner",
  "namespace-controller",
  "node-controller",
  "persistent-volume-binder",
  "pod-garbage-collector",
  "pv-protection-controller",
  "pvc-protection-controller",
  "replicaset-controller",
  "replication-controller",
  "resource-claim-controller",
  "resourcequota-controller",
  "root-ca-cert-publisher",
  "route-controller",
  "selinux-warning-controller",
  "service-account-controller",
  "service-cidrs-controller",
  "service-controller",
  "statefulset-controller",
  "ttl-after-finished-controller",
  "ttl-controller",
  "validatingadmissionpolicy-status-controller",
  "volumeattributesclass-protection-controller",
];

const G = "rbac.authorization.k8s.io";
const U = (name: string) => ({ apiGroup: G, kind: "User", name });
const Gr = (name: string) => ({ apiGroup: G, kind: "Group", name });
const SA = (name: string, namespace = "kube-system") => ({ kind: "ServiceAccount", name, namespace });

/** cluster-role-bindings.yaml: binding name to its subjects (each bound to the role of its name). */
const UPSTREAM_BINDING_SUBJECTS: Record<string, unknown[] | undefined> = {
  "cluster-admin": [Gr("system:masters")],
  "system:basic-user": [Gr("system:authenticated")],
  "system:discovery": [Gr("system:authenticated")],
  "system:kube-controller-manager": [U("system:kube-controller-manager")],
  "system:kube-dns": [SA("kube-dns")],
  "system:kube-scheduler": [U("system:kube-scheduler")],
  "system:monitoring": [Gr("system:monitoring")],
  "system:node": undefined,
  "system:node-proxier": [U("system:kube-proxy")],
  "system:public-info-viewer": [Gr("system:authenticated"), Gr("system:unauthenticated")],
  "system:service-account-issuer-discovery": [Gr("system:serviceaccounts")],
  "system:volume-scheduler": [U("system:kube-scheduler")],
};

const roles = new Map(BOOTSTRAP_CLUSTER_ROLES.map((s) => [s.name, clusterRoleObject(s)]));
const rulesOf = (name: string) => roles.get(name)!.rules as PolicyRule[];
const r = (apiGroups: string[], resources: string[], verbs: string[], resourceNames?: string[]): PolicyRule => ({
  apiGroups,
  resources,
  ...(resourceNames && { resourceNames }),
  verbs,
});

describe("bootstrap policy: upstream's objects", () => {
  it("has every cluster role and controller role of upstream, and no others", () => {
    expect([...roles.keys()].sort()).toEqual(
      [...UPSTREAM_CLUSTER_ROLES, ...UPSTREAM_CONTROLLERS.map((c) => `system:controller:${c}`)].sort(),
    );
    for (const role of roles.values()) {
      expect(role.metadata?.labels?.["kubernetes.io/bootstrapping"]).toBe("rbac-defaults");
      expect(role.metadata?.annotations?.["rbac.authorization.kubernetes.io/autoupdate"]).toBe("true");
    }
  });

  it("carries upstream's rules (samples per role)", () => {
    expect(rulesOf("system:kube-scheduler")).toContainEqual(r([""], ["bindings", "pods/binding"], ["create"]));
    expect(rulesOf("system:kube-scheduler")).toContainEqual(
      r(["coordination.k8s.io"], ["leases"], ["get", "list", "update", "watch"], ["kube-scheduler"]),
    );
    expect(rulesOf("system:kube-scheduler")).toContainEqual(r(["resource.k8s.io"], ["resourceslices"], ["get", "list", "watch"]));
    expect(rulesOf("system:auth-delegator")).toEqual([
      r(["authentication.k8s.io"], ["tokenreviews"], ["create"]),
      r(["authorization.k8s.io"], ["subjectaccessreviews"], ["create"]),
    ]);
    expect(rulesOf("system:node")).toContainEqual(r(["resource.k8s.io"], ["resourceslices"], ["deletecollection"]));
    expect(rulesOf("system:node")).toHaveLength(24);
    expect(rulesOf("system:node-proxier")).toContainEqual(r(["discovery.k8s.io"], ["endpointslices"], ["list", "watch"]));
    expect(rulesOf("system:monitoring")).toEqual([
      {
        nonResourceURLs: ["/healthz", "/healthz/*", "/livez", "/livez/*", "/metrics", "/metrics/slis", "/readyz", "/readyz/*"],
        verbs: ["get"],
      },
    ]);
    expect(rulesOf("system:certificates.k8s.io:kubelet-serving-approver")).toEqual([
      r(["certificates.k8s.io"], ["signers"], ["approve"], ["kubernetes.io/kubelet-serving"]),
    ]);
    expect(rulesOf("system:kubelet-api-admin")).toContainEqual(
      r([""], ["nodes/log", "nodes/metrics", "nodes/proxy", "nodes/stats"], ["*"]),
    );
    expect(rulesOf("system:basic-user")).toContainEqual(r(["authentication.k8s.io"], ["selfsubjectreviews"], ["create"]));
    expect(rulesOf("system:controller:service-cidrs-controller")).toContainEqual(
      r(["networking.k8s.io"], ["servicecidrs/finalizers"], ["patch", "update"]),
    );
    expect(rulesOf("system:controller:validatingadmissionpolicy-status-controller")).toContainEqual(
      r(["admissionregistration.k8s.io"], ["validatingadmissionpolicies/status"], ["get", "patch", "update"]),
    );
    expect(rulesOf("system:controller:resource-claim-controller")).toContainEqual(
      r(["resource.k8s.io"], ["resourceclaims", "resourceclaims/status"], ["patch", "update"]),
    );
    // The role behind SELinuxChangePolicy (beta, on by default in 1.34): events first, then reads.
    expect(rulesOf("system:controller:selinux-warning-controller")).toEqual([
      r(["", "events.k8s.io"], ["events"], ["create", "patch", "update"]),
      r([""], ["persistentvolumes"], ["get", "list", "watch"]),
      r([""], ["persistentvolumeclaims"], ["get", "list", "watch"]),
      r([""], ["pods"], ["get", "list", "watch"]),
      r(["storage.k8s.io"], ["csidrivers"], ["get", "list", "watch"]),
    ]);
    expect(rulesOf("system:controller:namespace-controller")).toContainEqual(
      r(["*"], ["*"], ["delete", "deletecollection", "get", "list"]),
    );
    // Every controller role but four records events.
    const events = r(["", "events.k8s.io"], ["events"], ["create", "patch", "update"]);
    const without = UPSTREAM_CONTROLLERS.filter(
      (c) => !rulesOf(`system:controller:${c}`).some((x) => JSON.stringify(x) === JSON.stringify(events)),
    );
    expect(without.sort()).toEqual([
      "clusterrole-aggregation-controller",
      "legacy-service-account-token-cleaner",
      "namespace-controller",
      "pod-garbage-collector",
    ]);
  });

  it("aggregate-to-view/edit/admin are upstream's lists exactly, and view feeds edit feeds admin", () => {
    expect(rulesOf("system:aggregate-to-admin")).toHaveLength(2);
    expect(rulesOf("system:aggregate-to-edit")).toHaveLength(13);
    expect(rulesOf("system:aggregate-to-view")).toHaveLength(10);
    expect(rulesOf("system:aggregate-to-view")[0]).toEqual(
      r(
        [""],
        [
          "configmaps",
          "endpoints",
          "persistentvolumeclaims",
          "persistentvolumeclaims/status",
          "pods",
          "replicationcontrollers",
          "replicationcontrollers/scale",
          "serviceaccounts",
          "services",
          "services/status",
        ],
        ["get", "list", "watch"],
      ),
    );
    expect(rulesOf("system:aggregate-to-edit")).toContainEqual(
      r(
        ["extensions"],
        [
          "daemonsets",
          "deployments",
          "deployments/rollback",
          "deployments/scale",
          "ingresses",
          "networkpolicies",
          "replicasets",
          "replicasets/scale",
          "replicationcontrollers/scale",
        ],
        ["create", "delete", "deletecollection", "patch", "update"],
      ),
    );
    expect(roles.get("view")!.metadata?.labels).toEqual({
      "kubernetes.io/bootstrapping": "rbac-defaults",
      "rbac.authorization.k8s.io/aggregate-to-edit": "true",
    });
    expect(roles.get("edit")!.metadata?.labels?.["rbac.authorization.k8s.io/aggregate-to-admin"]).toBe("true");
    const all = [...roles.values()];
    const edit = aggregatedRules(roles.get("edit")!, all)!;
    const view = aggregatedRules(roles.get("view")!, all)!;
    // One pass over the unaggregated objects; the chain settles in the hook (see below).
    expect(view).toEqual(rulesOf("system:aggregate-to-view"));
    expect(edit).toEqual(rulesOf("system:aggregate-to-edit"));
  });

  it("system:kube-controller-manager holds upstream's rules and kubegen's", () => {
    const rules = rulesOf("system:kube-controller-manager");
    for (const u of upstreamControllerManagerRules) expect(rules).toContainEqual(u);
    expect(rules).toContainEqual({ apiGroups: [""], resources: ["namespaces/finalize", "namespaces/status"], verbs: ["update"] });
  });

  it("binds each role to upstream's subjects", () => {
    const bindings = new Map(BOOTSTRAP_CLUSTER_ROLE_BINDINGS.map((b) => [b.name, clusterRoleBindingObject(b)]));
    for (const [name, subjects] of Object.entries(UPSTREAM_BINDING_SUBJECTS)) {
      const b = bindings.get(name)!;
      expect(b.roleRef).toEqual({ apiGroup: G, kind: "ClusterRole", name });
      expect(b.subjects, name).toEqual(subjects);
    }
    for (const c of UPSTREAM_CONTROLLERS) expect(bindings.get(`system:controller:${c}`)!.subjects).toEqual([SA(c)]);
    expect(bindings.size).toBe(Object.keys(UPSTREAM_BINDING_SUBJECTS).length + UPSTREAM_CONTROLLERS.length);
  });

  it("has upstream's namespaced roles and bindings", () => {
    expect(BOOTSTRAP_NAMESPACED_ROLES.map((x) => `${x.namespace}/${x.name}`)).toEqual([
      "kube-public/system:controller:bootstrap-signer",
      "kube-system/extension-apiserver-authentication-reader",
      "kube-system/system::leader-locking-kube-controller-manager",
      "kube-system/system::leader-locking-kube-scheduler",
      "kube-system/system:controller:bootstrap-signer",
      "kube-system/system:controller:cloud-provider",
      "kube-system/system:controller:token-cleaner",
    ]);
    const reader = BOOTSTRAP_NAMESPACED_ROLES.find((x) => x.name === "extension-apiserver-authentication-reader")!;
    expect(reader.rules).toEqual([r([""], ["configmaps"], ["get", "list", "watch"], ["extension-apiserver-authentication"])]);
    const subjects = Object.fromEntries(
      BOOTSTRAP_NAMESPACED_ROLE_BINDINGS.map((b) => [
        `${b.namespace}/${b.name}->${b.role}`,
        b.subjects.map((s) => `${s.kind}:${s.namespace ?? ""}:${s.name}`),
      ]),
    );
    expect(subjects).toEqual({
      "kube-public/system:controller:bootstrap-signer->system:controller:bootstrap-signer": ["ServiceAccount:kube-system:bootstrap-signer"],
      "kube-system/system::extension-apiserver-authentication-reader->extension-apiserver-authentication-reader": [
        "User::system:kube-controller-manager",
        "User::system:kube-scheduler",
      ],
      "kube-system/system::leader-locking-kube-controller-manager->system::leader-locking-kube-controller-manager": [
        "User::system:kube-controller-manager",
        "ServiceAccount:kube-system:kube-controller-manager",
      ],
      "kube-system/system::leader-locking-kube-scheduler->system::leader-locking-kube-scheduler": [
        "User::system:kube-scheduler",
        "ServiceAccount:kube-system:kube-scheduler",
      ],
      "kube-system/system:controller:bootstrap-signer->system:controller:bootstrap-signer": ["ServiceAccount:kube-system:bootstrap-signer"],
      "kube-system/system:controller:cloud-provider->system:controller:cloud-provider": ["ServiceAccount:kube-system:cloud-provider"],
      "kube-system/system:controller:token-cleaner->system:controller:token-cleaner": ["ServiceAccount:kube-system:token-cleaner"],
    });
  });
});

/** A storage over a Map that counts writes; `failCreates` makes the first N creates fail (a missing namespace). */
function memoryStorage(failCreates = 0) {
  const objects = new Map<string, KubeObject>();
  const key = (ns: string | undefined, name: string) => `${ns ?? ""}/${name}`;
  const counts = { creates: 0, updates: 0, lists: 0 };
  let failing = failCreates;
  const storage = {
    list: async () => {
      counts.lists++;
      return { apiVersion: "v1", kind: "List", metadata: {}, items: [...objects.values()].map((o) => structuredClone(o)) };
    },
    create: async (ctx: RequestContext, obj: KubeObject) => {
      if (failing > 0) {
        failing--;
        throw Object.assign(new Error('namespaces "kube-system" not found'), { status: { code: 404 } });
      }
      expect(obj.metadata?.namespace).toBe(ctx.namespace);
      counts.creates++;
      objects.set(key(obj.metadata?.namespace, obj.metadata!.name!), structuredClone(obj));
      return obj;
    },
    update: async (ctx: RequestContext, name: string, obj: KubeObject) => {
      counts.updates++;
      objects.set(key(ctx.namespace, name), structuredClone(obj));
      return obj;
    },
  } as unknown as RESTStorage;
  return { storage, objects, counts };
}

const ctxOf = (signal: AbortSignal): RequestContext => ({
  user: { name: "system:apiserver", groups: ["system:masters"] },
  signal,
  warnings: [],
});

async function start(st: ReturnType<typeof stores>) {
  const controller = new AbortController();
  await bootstrapPolicyHook({
    clusterRoles: st.cr.storage,
    clusterRoleBindings: st.crb.storage,
    roles: st.r.storage,
    roleBindings: st.rb.storage,
    context: ctxOf,
    namespacedRetryMs: 5,
  })({ signal: controller.signal } as never);
  return controller;
}

const stores = (failRoleCreates = 0) => ({
  cr: memoryStorage(),
  crb: memoryStorage(),
  r: memoryStorage(failRoleCreates),
  rb: memoryStorage(),
});

describe("bootstrap policy: the rbac/bootstrap-roles reconcile", () => {
  it("creates every object at the first start, and writes nothing at the next", async () => {
    const st = stores();
    (await start(st)).abort();
    expect(st.cr.objects.size).toBe(BOOTSTRAP_CLUSTER_ROLES.length);
    expect(st.crb.objects.size).toBe(BOOTSTRAP_CLUSTER_ROLE_BINDINGS.length);
    expect(st.r.objects.size).toBe(7);
    expect(st.rb.objects.size).toBe(7);
    // admin holds view's rules through edit once aggregation settles.
    const admin = st.cr.objects.get("/admin")!.rules as PolicyRule[];
    expect(admin).toContainEqual(rulesOf("system:aggregate-to-view")[0]);
    const writes = () => [st.cr, st.crb, st.r, st.rb].reduce((n, s) => n + s.counts.creates + s.counts.updates, 0);
    const before = writes();
    (await start(st)).abort();
    expect(writes()).toBe(before);
  });

  it('adds missing rules and subjects, and leaves autoupdate "false" objects alone', async () => {
    const st = stores();
    (await start(st)).abort();
    const sched = st.cr.objects.get("/system:kube-scheduler")!;
    sched.rules = (sched.rules as PolicyRule[]).slice(0, 2);
    const view = st.crb.objects.get("/system:public-info-viewer")!;
    view.subjects = [(view.subjects as unknown[])[0]];
    const node = st.cr.objects.get("/system:node")!;
    node.rules = [];
    node.metadata!.annotations = { "rbac.authorization.kubernetes.io/autoupdate": "false" };
    const reader = st.r.objects.get("kube-system/extension-apiserver-authentication-reader")!;
    reader.rules = [];
    (await start(st)).abort();
    expect(st.cr.objects.get("/system:kube-scheduler")!.rules).toHaveLength(rulesOf("system:kube-scheduler").length);
    expect(st.crb.objects.get("/system:public-info-viewer")!.subjects).toEqual(UPSTREAM_BINDING_SUBJECTS["system:public-info-viewer"]);
    expect(st.cr.objects.get("/system:node")!.rules).toEqual([]);
    expect(st.r.objects.get("kube-system/extension-apiserver-authentication-reader")!.rules).toHaveLength(1);
  });

  it("retries the namespaced objects while their namespace is missing, without failing the start", async () => {
    const st = stores(3);
    const controller = await start(st);
    // The start returned with roles still missing (their creates go out together: some may be in).
    expect(st.r.objects.size).toBeLessThan(7);
    const deadline = Date.now() + 5_000;
    while ((st.r.objects.size < 7 || st.rb.objects.size < 7) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 5));
    controller.abort();
    expect(st.r.objects.size).toBe(7);
    expect(st.rb.objects.size).toBe(7);
  });
});
