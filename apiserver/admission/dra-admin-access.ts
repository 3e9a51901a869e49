/**
 * DRA admin access as upstream's resource strategies guard it (pkg/registry/resource/utils.go
 * AuthorizedForAdmin / AuthorizedForAdminStatus): a ResourceClaim or ResourceClaimTemplate whose
 * `exactly` request asks `adminAccess: true`, and a claim's `/status` whose allocation result
 * first grants it, are refused unless the namespace carries `resource.kubernetes.io/admin-access:
 * "true"`. Upstream asks while validating, before the kind's own checks; here it runs after them
 * (the namespace is read asynchronously), so an object failing both gets the validation errors.
 */
import type { KubeObject } from "../registry/rest.js";
import { fieldErrors, FieldPath, invalidError } from "../registry/validation/field.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";

const GROUP = "resource.k8s.io";
export const DRA_ADMIN_NAMESPACE_LABEL = "resource.kubernetes.io/admin-access";
const FORBIDDEN = `admin access to devices requires the \`${DRA_ADMIN_NAMESPACE_LABEL}: true\` label on the containing namespace`;

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The index of the first `exactly` request asking admin access (subrequests cannot), or -1. */
function adminRequest(devices: unknown): number {
  return arr(rec(devices).requests).findIndex((r) => rec(rec(r).exactly).adminAccess === true);
}

/** The index of the first allocation result granting admin access, or -1. */
function adminResult(claim: KubeObject | undefined): number {
  return arr(rec(rec(rec(claim?.status).allocation).devices).results).findIndex((r) => rec(r).adminAccess === true);
}

export class DRAAdminAccess implements AdmissionPlugin {
  readonly name = "DRAAdminAccess";

  constructor(private readonly namespace: (name: string, ctx: AdmissionContext) => Promise<KubeObject | undefined>) {}

  /** Only a write asking admin access gets a promise: every other passes with none for the chain to wait on. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.resource.group !== GROUP || !a.object || (a.operation !== "CREATE" && a.operation !== "UPDATE")) return;
    const path = this.adminPath(a);
    if (path === undefined) return;
    return this.validateNamespace(a, path, ctx);
  }

  private async validateNamespace(a: AdmissionAttributes, path: FieldPath, ctx: AdmissionContext): Promise<void> {
    const ns = await this.namespace(a.namespace, ctx);
    if (ns?.metadata?.labels?.[DRA_ADMIN_NAMESPACE_LABEL] === "true") return;
    const kind = a.resource.resource === "resourceclaims" ? "ResourceClaim" : "ResourceClaimTemplate";
    throw invalidError({ group: GROUP, kind }, a.name, [fieldErrors.forbidden(path, FORBIDDEN)]);
  }

  /** Where admin access is asked, when this write asks it and upstream checks it; else undefined. */
  private adminPath(a: AdmissionAttributes): FieldPath | undefined {
    const requests = FieldPath.of("spec", "devices", "requests");
    if (a.resource.resource === "resourceclaims") {
      if (a.subresource === "status") {
        // A granted allocation is immutable: only the write that first grants it is asked.
        if (a.oldObject !== undefined && adminResult(a.oldObject) >= 0) return undefined;
        const i = adminResult(a.object);
        return i < 0 ? undefined : FieldPath.of("status", "allocation", "devices", "results").index(i).child("adminAccess");
      }
      // The spec is immutable: upstream asks on create only.
      if (a.subresource !== "" || a.operation !== "CREATE") return undefined;
      const i = adminRequest(rec(a.object!.spec).devices);
      // upstream's path names the request, not its `exactly`.
      return i < 0 ? undefined : requests.index(i).child("adminAccess");
    }
    if (a.resource.resource === "resourceclaimtemplates" && a.subresource === "" && a.operation === "CREATE") {
      const i = adminRequest(rec(rec(a.object!.spec).spec).devices);
      // The same path as a claim's, as upstream reports it for templates too.
      return i < 0 ? undefined : requests.index(i).child("adminAccess");
    }
    return undefined;
  }
}
