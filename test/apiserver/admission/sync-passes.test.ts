/**
 * Plugins a write does not concern return no promise, so that a ConfigMap create (most writes)
 * runs the whole chain without an async frame or a microtask per plugin; the writes they do
 * concern still get a promise, and a refusal is still a rejection.
 */
import { describe, expect, it } from "vitest";
import { AdmissionChain, type AdmissionAttributes, type AdmissionPlugin, type Operation } from "../../../apiserver/admission/interface.js";
import { CertificateApproval, CertificateSigning, CertificateSubjectRestriction } from "../../../apiserver/admission/certificates.js";
import { DefaultIngressClass } from "../../../apiserver/admission/default-ingress-class.js";
import { DefaultStorageClass } from "../../../apiserver/admission/default-storage-class.js";
import { DRAAdminAccess } from "../../../apiserver/admission/dra-admin-access.js";
import { NamespaceLifecycle } from "../../../apiserver/admission/namespace-lifecycle.js";
import type { AdmissionObjects } from "../../../apiserver/admission/objects.js";
import { PodSecurity } from "../../../apiserver/admission/pod-security.js";
import { ValidatingAdmissionPolicyPlugin } from "../../../apiserver/admission/policy/plugin.js";
import { PolicyParamAuthorization } from "../../../apiserver/admission/policy-param-authorization.js";
import { PriorityAdmission } from "../../../apiserver/admission/priority.js";
import { PersistentVolumeClaimResize } from "../../../apiserver/admission/pvc-resize.js";
import { RBACEscalation } from "../../../apiserver/admission/rbac-escalation.js";
import { RuntimeClassAdmission } from "../../../apiserver/admission/runtime-class.js";
import { StorageObjectInUseProtection } from "../../../apiserver/admission/storage-protection.js";
import { TaintNodesByCondition } from "../../../apiserver/admission/taint-nodes.js";
import { WebhookAdmission } from "../../../apiserver/admission/webhook/plugin.js";
import type { PolicyCache } from "../../../apiserver/auth/rbac/policy-cache.js";
import type { UserInfo } from "../../../apiserver/auth/user.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const ctx = { signal: new AbortController().signal };

function objects(stored: KubeObject[] = []): AdmissionObjects {
  const stop = new AbortController();
  return {
    get: (_g, _r, namespace, name) => Promise.resolve(stored.find((o) => o.metadata?.namespace === namespace && o.metadata.name === name)),
    list: () => Promise.resolve([]),
    updateStatus: () => Promise.resolve(),
    follow: () => ({ synced: Promise.resolve(), signal: stop.signal }),
  };
}

function write(
  operation: Operation,
  group: string,
  resource: string,
  object: KubeObject | undefined,
  namespace = "a",
): AdmissionAttributes {
  return {
    operation,
    kind: { group, version: "v1", kind: "Kind" },
    resource: { group, version: "v1", resource },
    subresource: "",
    namespace,
    name: object?.metadata?.name ?? "x",
    ...(object && { object }),
    ...(operation === "UPDATE" && object && { oldObject: structuredClone(object) }),
    dryRun: false,
    user: { name: "u", groups: [] } satisfies UserInfo,
  };
}

const configMap = (): KubeObject => ({ metadata: { name: "c", namespace: "a" }, data: { k: "v" } });
const denyAll = () => Promise.resolve({ allowed: false, reason: "", evaluationError: "" }) as never;
const noRules = { rulesFor: () => [] } as unknown as PolicyCache;

/** Every plugin whose pass is decided by the write alone, as the server builds them. */
function attributePlugins(): AdmissionPlugin[] {
  const o = objects();
  return [
    new TaintNodesByCondition(),
    new StorageObjectInUseProtection(),
    new DefaultIngressClass(o),
    new DefaultStorageClass(o),
    new PriorityAdmission(o),
    new RuntimeClassAdmission(o),
    new CertificateApproval(denyAll),
    new CertificateSigning(denyAll),
    new CertificateSubjectRestriction(),
    new DRAAdminAccess(() => Promise.resolve(undefined)),
    new PersistentVolumeClaimResize(o),
    new PolicyParamAuthorization({ resourceFor: () => undefined, policy: () => Promise.resolve(undefined) }, denyAll),
    new RBACEscalation(noRules, denyAll),
    new PodSecurity(o),
  ];
}

describe("admission plugins a write does not concern", () => {
  it("return no promise for a ConfigMap create, update or delete", () => {
    for (const p of attributePlugins()) {
      for (const op of ["CREATE", "UPDATE", "DELETE"] as const) {
        const a = write(op, "", "configmaps", op === "DELETE" ? undefined : configMap());
        expect(p.admit?.(a, ctx), `${p.name} admit ${op}`).toBeUndefined();
        expect(p.validate?.(a, ctx), `${p.name} validate ${op}`).toBeUndefined();
      }
    }
  });

  it("still wait on the writes they concern, and refuse them by a rejection", async () => {
    const runtime = new RuntimeClassAdmission(objects());
    const pod = write("CREATE", "", "pods", { metadata: { name: "p", namespace: "a" }, spec: { runtimeClassName: "gone" } });
    const admitted = runtime.admit(pod, ctx);
    expect(admitted).toBeInstanceOf(Promise);
    await expect(admitted).rejects.toMatchObject({ status: { code: 403 } });

    const rbac = new RBACEscalation(noRules, denyAll);
    const role = write("CREATE", "rbac.authorization.k8s.io", "roles", {
      metadata: { name: "r", namespace: "a" },
      rules: [{ verbs: ["get"], resources: ["pods"], apiGroups: [""] }],
    });
    const checked = rbac.validate(role);
    expect(checked).toBeInstanceOf(Promise);
    await expect(checked).rejects.toMatchObject({ status: { code: 403 } });

    const csr = new CertificateSubjectRestriction();
    const request = write(
      "CREATE",
      "certificates.k8s.io",
      "certificatesigningrequests",
      {
        metadata: { name: "c" },
        spec: { signerName: "kubernetes.io/kube-apiserver-client", request: "bm90IGEgQ1NS" },
      },
      "",
    );
    await expect(csr.validate(request)).rejects.toMatchObject({ status: { code: 403 } });
  });

  it("NamespaceLifecycle: none once the namespace was seen active; the lookup and a refusal are promises", async () => {
    let lookups = 0;
    const lifecycle = new NamespaceLifecycle(async (name) => {
      lookups++;
      return name === "a" ? { metadata: { name: "a" }, status: { phase: "Active" } } : undefined;
    });
    const first = lifecycle.validate(write("CREATE", "", "configmaps", configMap()), ctx);
    expect(first).toBeInstanceOf(Promise);
    await first;
    expect(lifecycle.validate(write("CREATE", "", "configmaps", configMap()), ctx)).toBeUndefined();
    expect(lookups).toBe(1);
    await expect(lifecycle.validate(write("CREATE", "", "configmaps", configMap(), "missing"), ctx)).rejects.toMatchObject({
      status: { code: 404 },
    });
    const immortal = lifecycle.validate(
      { ...write("DELETE", "", "namespaces", undefined, ""), kind: { group: "", version: "v1", kind: "Namespace" }, name: "default" },
      ctx,
    );
    await expect(immortal).rejects.toMatchObject({ status: { code: 403 } });
  });

  it("webhooks and policies: none when the kept lists say there are none, a read when they are not known", async () => {
    let reads = 0;
    let kept: KubeObject[] | undefined;
    const webhooks = new WebhookAdmission({
      mutating: () => (reads++, Promise.resolve([])),
      validating: () => (reads++, Promise.resolve([])),
      namespace: () => Promise.resolve(undefined),
      keptMutating: () => kept,
      keptValidating: () => kept,
    });
    const policies = new ValidatingAdmissionPolicyPlugin({
      policies: () => Promise.resolve([]),
      bindings: () => (reads++, Promise.resolve([])),
      namespace: () => Promise.resolve(undefined),
      param: () => Promise.resolve(undefined),
      keptBindings: () => kept,
    });
    const a = write("CREATE", "", "configmaps", configMap());
    const unknown = [webhooks.admit(a, ctx), webhooks.validate(a, ctx), policies.validate(a, ctx)];
    for (const p of unknown) expect(p).toBeInstanceOf(Promise);
    for (const p of unknown) await p;
    expect(reads).toBe(3);
    kept = [];
    expect([webhooks.admit(a, ctx), webhooks.validate(a, ctx), policies.validate(a, ctx)]).toEqual([undefined, undefined, undefined]);
    expect(reads).toBe(3);
    // A configuration without webhooks calls nothing either.
    kept = [{ metadata: { name: "empty" } }];
    expect(webhooks.admit(a, ctx)).toBeUndefined();
    expect(policies.validate(a, ctx)).toBeInstanceOf(Promise);
  });

  it("a ConfigMap create runs the chain of them without a promise of the chain's own", () => {
    const chain = new AdmissionChain(attributePlugins());
    const a = write("CREATE", "", "configmaps", configMap());
    const admit = chain.admit(a, ctx);
    const validate = chain.validate(a, ctx);
    // The chain's settled DONE: the same promise for both phases, no frame made per write.
    expect(admit).toBe(validate);
  });
});
