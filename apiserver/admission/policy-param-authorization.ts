/**
 * Who may point a ValidatingAdmissionPolicy at params, as upstream's policy and binding
 * strategies decide (pkg/registry/admissionregistration/validatingadmissionpolicy{,binding}/
 * authz.go): a policy's `paramKind` needs `get` on every object of that kind, a binding's
 * `paramRef` needs `get` on the object it names, else the write is refused as invalid
 * (`spec.paramKind: Forbidden: ...`). Members of system:masters skip the check, and an update
 * that keeps the reference is not asked again. Runs after the strategy's validation, which is
 * where upstream asks too (only for an otherwise valid object).
 */
import type { AuthorizationAttributes, Decision } from "../auth/authorizer.js";
import type { UserInfo } from "../auth/user.js";
import { SYSTEM_MASTERS_GROUP } from "../auth/user.js";
import type { KubeObject } from "../registry/rest.js";
import { fieldErrors, FieldPath, invalidError } from "../registry/validation/field.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";

const GROUP = "admissionregistration.k8s.io";

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const present = (v: unknown): boolean => v !== undefined && v !== null;

export interface PolicyParamSources {
  /** The plural of `kind` in group/version, as the REST mapper resolves it; undefined when unknown. */
  resourceFor(group: string, version: string, kind: string): string | undefined;
  /** A ValidatingAdmissionPolicy by name; undefined when there is none. */
  policy(name: string, ctx: AdmissionContext): Promise<KubeObject | undefined>;
}

/** Go's schema.ParseGroupVersion; undefined where it fails (more than one slash). */
function parseGroupVersion(gv: string): { group: string; version: string } | undefined {
  if (gv === "" || gv === "/") return { group: "", version: "" };
  const parts = gv.split("/");
  if (parts.length === 1) return { group: "", version: gv };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  return undefined;
}

/** Go's `%v` of a user.Info (a *user.DefaultInfo): `&{name uid [groups] map[extra]}`. */
export function goUserText(user: UserInfo): string {
  const extra = user.extra ?? {};
  const entries = Object.keys(extra)
    .sort()
    .map((k) => `${k}:[${(extra[k] ?? []).join(" ")}]`);
  return `&{${user.name} ${user.uid ?? ""} [${user.groups.join(" ")}] map[${entries.join(" ")}]}`;
}

export class PolicyParamAuthorization implements AdmissionPlugin {
  readonly name = "PolicyParamAuthorization";

  constructor(
    private readonly sources: PolicyParamSources,
    private readonly authorize: (a: AuthorizationAttributes) => Promise<Decision>,
  ) {}

  /** Only a policy's or a binding's write gets a promise: every other passes with none for the chain to wait on. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.resource.group !== GROUP || a.subresource !== "" || !a.object) return;
    if (a.operation !== "CREATE" && a.operation !== "UPDATE") return;
    if (a.user.groups.includes(SYSTEM_MASTERS_GROUP)) return;
    if (a.resource.resource === "validatingadmissionpolicies") return this.checkPolicy(a);
    if (a.resource.resource === "validatingadmissionpolicybindings") return this.checkBinding(a, ctx);
    return;
  }

  /** The resource `get` is asked on: the paramKind's group, version and plural where they resolve, `*` where not. */
  private target(paramKind: Obj | undefined): { apiGroup: string; apiVersion: string; resource: string } {
    const out = { apiGroup: "*", apiVersion: "*", resource: "*" };
    if (paramKind === undefined) return out;
    const gv = parseGroupVersion(str(paramKind.apiVersion));
    if (gv === undefined) return out;
    out.apiGroup = gv.group;
    out.apiVersion = gv.version;
    out.resource = this.sources.resourceFor(gv.group, gv.version, str(paramKind.kind)) ?? "*";
    return out;
  }

  private async allowed(a: AdmissionAttributes, target: ReturnType<PolicyParamAuthorization["target"]>, namespace: string, name: string) {
    const d = await this.authorize({
      user: a.user,
      verb: "get",
      isResourceRequest: true,
      path: "",
      ...target,
      namespace,
      subresource: "",
      name,
    });
    return d.allowed;
  }

  private async checkPolicy(a: AdmissionAttributes): Promise<void> {
    const spec = rec(a.object!.spec);
    if (!present(spec.paramKind)) return;
    const paramKind = rec(spec.paramKind);
    if (a.operation === "UPDATE") {
      const oldSpec = rec(a.oldObject?.spec);
      const old = rec(oldSpec.paramKind);
      if (present(oldSpec.paramKind) && str(old.apiVersion) === str(paramKind.apiVersion) && str(old.kind) === str(paramKind.kind)) return;
    }
    if (await this.allowed(a, this.target(paramKind), "*", "*")) return;
    const why = `user ${goUserText(a.user)} must have "get" permission on all objects of the referenced paramKind (kind=${str(paramKind.kind)}, apiVersion=${str(paramKind.apiVersion)})`;
    throw invalidError({ group: GROUP, kind: "ValidatingAdmissionPolicy" }, a.name, [
      fieldErrors.forbidden(FieldPath.of("spec", "paramKind"), why),
    ]);
  }

  private async checkBinding(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    const spec = rec(a.object!.spec);
    if (!present(spec.paramRef)) return;
    const ref = rec(spec.paramRef);
    if (a.operation === "UPDATE" && sameParamRef(rec(a.oldObject?.spec), spec)) return;
    const policy = await this.sources.policy(str(spec.policyName), ctx);
    const paramKind = policy !== undefined && present(rec(policy.spec).paramKind) ? rec(rec(policy.spec).paramKind) : undefined;
    if (await this.allowed(a, this.target(paramKind), str(ref.namespace), str(ref.name))) return;
    const why = `user ${goUserText(a.user)} does not have "get" permission on the object referenced by paramRef`;
    throw invalidError({ group: GROUP, kind: "ValidatingAdmissionPolicyBinding" }, a.name, [
      fieldErrors.forbidden(FieldPath.of("spec", "paramRef"), why),
    ]);
  }
}

/**
 * Upstream compares the old and new ParamRef structs with `==`: its selector and
 * parameterNotFoundAction are pointers, so a reference holding either is never "the same" and is
 * asked again; the policy name must not change either.
 */
function sameParamRef(oldSpec: Obj, spec: Obj): boolean {
  if (!present(oldSpec.paramRef) || str(oldSpec.policyName) !== str(spec.policyName)) return false;
  const o = rec(oldSpec.paramRef);
  const n = rec(spec.paramRef);
  if (present(o.selector) || present(n.selector) || present(o.parameterNotFoundAction) || present(n.parameterNotFoundAction)) return false;
  return str(o.name) === str(n.name) && str(o.namespace) === str(n.namespace);
}
