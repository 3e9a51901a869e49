/**
 * Behaviour that used to contradict upstream 1.34 (issue #16), asserted as upstream has it:
 * CSIDriver defaults, fully qualified LimitRange types, PersistentVolumeClaim update rules, the
 * CertificateSigningRequest strategy.
 */
import { describe, expect, it } from "vitest";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { CSR_REQUEST, tamperedRequest } from "../../support/csr-fixture.js";
import { ctx, statusOf, utf8, scheme } from "./helpers.js";

function setup() {
  const storages = buildBuiltinStorages(new MemoryStorage(), scheme, { watchCache: false });
  return (group: string, plural: string): RESTStorage => storages.find((s) => s.group === group && s.info.plural === plural)!;
}
const causes = (s: { details?: { causes?: { message?: string; field?: string }[] } }) =>
  (s.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);

describe("CSIDriver", () => {
  it("is defaulted as upstream's SetDefaults_CSIDriver", async () => {
    const by = setup();
    const d = await by("storage.k8s.io", "csidrivers").create!(
      ctx(),
      { apiVersion: "storage.k8s.io/v1", kind: "CSIDriver", metadata: { name: "csi.example.com" }, spec: {} },
      {},
    );
    expect(d.spec).toEqual({
      attachRequired: true,
      podInfoOnMount: false,
      storageCapacity: false,
      fsGroupPolicy: "ReadWriteOnceWithFSType",
      requiresRepublish: false,
      seLinuxMount: false,
      volumeLifecycleModes: ["Persistent"],
    });
    expect(d.metadata?.generation).toBeUndefined();
  });
});

describe("LimitRange types", () => {
  const lr = (type: string): KubeObject => ({
    apiVersion: "v1",
    kind: "LimitRange",
    metadata: { name: "l" },
    spec: { limits: [{ type, max: { "example.com/foo": "2" } }] },
  });
  it("accepts a fully qualified type, refuses an unqualified non-standard one with upstream's message", async () => {
    const by = setup();
    const created = await by("", "limitranges").create!(ctx("default"), lr("example.com/foo"), {});
    expect((created.spec as { limits: { type: string }[] }).limits[0]!.type).toBe("example.com/foo");
    const bad = await statusOf(by("", "limitranges").create!(ctx("default"), lr("foo"), {}));
    expect(causes(bad)).toEqual(['spec.limits[0].type: Invalid value: "foo": must be a standard limit type or fully qualified']);
  });
});

describe("PersistentVolumeClaim updates", () => {
  const pvc = (storage: string): KubeObject => ({
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: { name: "c" },
    spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage } } },
  });
  const setStatus = async (s: RESTStorage, status: Record<string, unknown>) => {
    const cur = await s.get!(ctx("default"), "c", {});
    await s.subresources!.status!.update!(ctx("default"), "c", { ...cur, status }, {});
  };
  const patchSpec = (s: RESTStorage, spec: Record<string, unknown>) => s.patch!(ctx("default"), "c", "merge", utf8({ spec }), {});
  /** The causes without the spec diff upstream appends to the immutability message (valgaps4-storage tests it). */
  const heads = (status: Parameters<typeof causes>[0]) => causes(status).map((m) => m.split("\n")[0]);

  it("refuses request and attributes-class changes while the claim is not bound", async () => {
    const s = setup()("", "persistentvolumeclaims");
    await s.create!(ctx("default"), pvc("1Gi"), {});
    const bad = await statusOf(patchSpec(s, { resources: { requests: { storage: "2Gi" } } }));
    expect(heads(bad)).toEqual([
      "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
    ]);
    const vac = await statusOf(patchSpec(s, { volumeAttributesClassName: "gold" }));
    expect(heads(vac)).toEqual([
      "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
    ]);
  });

  it("lets a bound claim grow, and shrink back down to just above status.capacity", async () => {
    const s = setup()("", "persistentvolumeclaims");
    await s.create!(ctx("default"), pvc("1Gi"), {});
    await setStatus(s, { phase: "Bound", capacity: { storage: "1Gi" } });
    await patchSpec(s, { resources: { requests: { storage: "3Gi" } }, volumeAttributesClassName: "gold" });
    // Recovering from a failed expansion: lower, but still above the capacity.
    const { object } = await patchSpec(s, { resources: { requests: { storage: "2Gi" } } });
    expect(object.spec).toMatchObject({ resources: { requests: { storage: "2Gi" } }, volumeAttributesClassName: "gold" });
    const atCapacity = await statusOf(patchSpec(s, { resources: { requests: { storage: "1Gi" } } }));
    expect(causes(atCapacity)).toEqual(["spec.resources.requests.storage: Forbidden: field can not be less than status.capacity"]);
    // Only the storage request: other requests and limits stay as they were.
    const limits = await statusOf(patchSpec(s, { resources: { limits: { storage: "5Gi" } } }));
    expect(heads(limits)).toEqual([
      "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
    ]);
  });

  it("sets a class once on a claim that had none (retroactive default class)", async () => {
    const s = setup()("", "persistentvolumeclaims");
    await s.create!(ctx("default"), pvc("1Gi"), {});
    const { object } = await patchSpec(s, { storageClassName: "standard" });
    expect((object.spec as { storageClassName?: string }).storageClassName).toBe("standard");
    const again = await statusOf(patchSpec(s, { storageClassName: "other" }));
    expect(heads(again)).toEqual([
      "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
    ]);
  });
});

describe("CertificateSigningRequest", () => {
  const csr = (spec: Record<string, unknown>, extra: Partial<KubeObject> = {}): KubeObject => ({
    apiVersion: "certificates.k8s.io/v1",
    kind: "CertificateSigningRequest",
    metadata: { name: "node-csr:worker-1" },
    spec: { request: CSR_REQUEST, signerName: "kubernetes.io/kube-apiserver-client-kubelet", usages: ["client auth"], ...spec },
    ...extra,
  });
  const as = { ...ctx(), user: { name: "system:bootstrap:abc", uid: "u-1", groups: ["system:bootstrappers", "system:authenticated"] } };

  it("takes the requesting user, not the body's, and starts with an empty status", async () => {
    const s = setup()("certificates.k8s.io", "certificatesigningrequests");
    const created = await s.create!(
      as,
      csr({ username: "admin", groups: ["system:masters"] }, { status: { conditions: [{ type: "Approved", status: "True" }] } }),
      {},
    );
    expect(created.spec).toMatchObject({
      username: "system:bootstrap:abc",
      uid: "u-1",
      groups: ["system:bootstrappers", "system:authenticated"],
    });
    expect(created.status).toEqual({});
    // The spec is fixed after creation: an update keeps the stored one.
    const { object } = await s.update!(
      as,
      "node-csr:worker-1",
      { ...created, spec: { ...(created.spec as object), signerName: "x.io/y" } },
      {},
    );
    expect((object.spec as { signerName: string }).signerName).toBe("kubernetes.io/kube-apiserver-client-kubelet");
  });

  it("validates the request, usages, signerName and expirationSeconds with upstream's messages", async () => {
    const s = setup()("certificates.k8s.io", "certificatesigningrequests");
    const bad = await statusOf(
      s.create!(
        as,
        csr({
          request: Buffer.from("hello").toString("base64"),
          usages: ["client auth", "nope", "client auth"],
          signerName: "signer",
          expirationSeconds: 60,
        }),
        {},
      ),
    );
    expect(bad.code).toBe(422);
    expect(causes(bad)).toEqual([
      'spec.request: Invalid value: "aGVsbG8=": PEM block type must be CERTIFICATE REQUEST',
      expect.stringMatching(/^spec\.usages\[1\]: Unsupported value: "nope": supported values: "any", "cert sign", .*"timestamping"$/),
      'spec.usages[2]: Duplicate value: "client auth"',
      "spec.signerName: Invalid value: \"signer\": must be a fully qualified domain and path of the form 'example.com/signer-name'",
      "spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)",
    ]);
    const unsigned = await statusOf(s.create!(as, csr({ request: tamperedRequest() }), {}));
    expect(causes(unsigned)).toEqual([expect.stringMatching(/^spec\.request: Invalid value: ".*": x509: ECDSA verification failure$/)]);
    const legacy = await statusOf(s.create!(as, csr({ signerName: "kubernetes.io/legacy-unknown", usages: [] }), {}));
    expect(causes(legacy)).toEqual([
      "spec.usages: Required value",
      'spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version',
    ]);
    const oneLabel = await statusOf(s.create!(as, csr({ signerName: "example/signer" }), {}));
    expect(causes(oneLabel)).toEqual([
      'spec.signerName: Invalid value: "example": should be a domain with at least two segments separated by dots',
    ]);
  });
});
