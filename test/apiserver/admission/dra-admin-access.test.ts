/**
 * DRA admin access (issue #16), as upstream's resource strategies guard it: a claim or template
 * asking `adminAccess` on create, and a claim's `/status` first granting it, need the namespace
 * label `resource.kubernetes.io/admin-access: "true"`; else 422 with upstream's Forbidden cause.
 */
import { describe, expect, it } from "vitest";
import { DRAAdminAccess } from "../../../apiserver/admission/dra-admin-access.js";
import type { AdmissionAttributes } from "../../../apiserver/admission/interface.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { asStatusError } from "../../../runtime/rest/errors.js";

const LABELLED = "admins";
const plugin = new DRAAdminAccess((name) =>
  Promise.resolve(
    name === LABELLED
      ? { metadata: { name, labels: { "resource.kubernetes.io/admin-access": "true" } } }
      : name === "plain"
        ? { metadata: { name, labels: { "resource.kubernetes.io/admin-access": "yes" } } }
        : undefined,
  ),
);
const ctx = { signal: new AbortController().signal };

const requests = (admin: boolean) => [
  { name: "a", exactly: { deviceClassName: "gpu.example.com" } },
  { name: "b", exactly: { deviceClassName: "gpu.example.com", ...(admin && { adminAccess: true }) } },
];
const claim = (admin: boolean, status?: unknown): KubeObject => ({
  metadata: { name: "c", namespace: "x" },
  spec: { devices: { requests: requests(admin) } },
  ...(status !== undefined && { status }),
});
const granted = (admin: boolean) => ({
  allocation: {
    devices: { results: [{ request: "b", driver: "d.example.com", pool: "p", device: "g0", ...(admin && { adminAccess: true }) }] },
  },
});

function attrs(resource: string, namespace: string, object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    operation: "CREATE",
    kind: { group: "resource.k8s.io", version: "v1", kind: resource === "resourceclaims" ? "ResourceClaim" : "ResourceClaimTemplate" },
    resource: { group: "resource.k8s.io", version: "v1", resource },
    subresource: "",
    namespace,
    name: "c",
    object,
    dryRun: false,
    user: { name: "bob", groups: ["system:authenticated"] },
    ...extra,
  };
}

async function refusal(a: AdmissionAttributes): Promise<string | undefined> {
  try {
    await plugin.validate(a, ctx);
    return undefined;
  } catch (e) {
    const s = asStatusError(e);
    if (!s) throw e;
    expect(s.status.code).toBe(422);
    return s.status.message;
  }
}

const TEXT = "admin access to devices requires the `resource.kubernetes.io/admin-access: true` label on the containing namespace";

describe("DRA admin access", () => {
  it("refuses a claim asking admin access outside a labelled namespace, with upstream's path and text", async () => {
    expect(await refusal(attrs("resourceclaims", "plain", claim(true)))).toBe(
      `ResourceClaim.resource.k8s.io "c" is invalid: spec.devices.requests[1].adminAccess: Forbidden: ${TEXT}`,
    );
    expect(await refusal(attrs("resourceclaims", "missing", claim(true)))).toContain(TEXT);
    expect(await refusal(attrs("resourceclaims", LABELLED, claim(true)))).toBeUndefined();
    expect(await refusal(attrs("resourceclaims", "plain", claim(false)))).toBeUndefined();
    // The spec is immutable: an update is not asked again.
    expect(await refusal(attrs("resourceclaims", "plain", claim(true), { operation: "UPDATE", oldObject: claim(true) }))).toBeUndefined();
  });

  it("refuses a template asking admin access, under the claim's path as upstream reports it", async () => {
    const template: KubeObject = { metadata: { name: "c", namespace: "plain" }, spec: { spec: { devices: { requests: requests(true) } } } };
    expect(await refusal(attrs("resourceclaimtemplates", "plain", template))).toBe(
      `ResourceClaimTemplate.resource.k8s.io "c" is invalid: spec.devices.requests[1].adminAccess: Forbidden: ${TEXT}`,
    );
    expect(await refusal(attrs("resourceclaimtemplates", LABELLED, template))).toBeUndefined();
  });

  it("refuses a status first granting admin access, and not one keeping a grant", async () => {
    const update = (old: KubeObject, obj: KubeObject, ns = "plain") =>
      attrs("resourceclaims", ns, obj, { operation: "UPDATE", subresource: "status", oldObject: old });
    expect(await refusal(update(claim(false), claim(false, granted(true))))).toBe(
      `ResourceClaim.resource.k8s.io "c" is invalid: status.allocation.devices.results[0].adminAccess: Forbidden: ${TEXT}`,
    );
    expect(await refusal(update(claim(false), claim(false, granted(true)), LABELLED))).toBeUndefined();
    expect(await refusal(update(claim(false), claim(false, granted(false))))).toBeUndefined();
    expect(await refusal(update(claim(false, granted(true)), claim(false, granted(true))))).toBeUndefined();
  });

  it("leaves other kinds and deletes alone", async () => {
    expect(await refusal({ ...attrs("resourceslices", "plain", claim(true)) })).toBeUndefined();
    expect(await refusal({ ...attrs("resourceclaims", "plain", claim(true)), operation: "DELETE" })).toBeUndefined();
  });
});
