/**
 * RBAC escalation prevention, as upstream's rbac registry does it: a Role or ClusterRole may be
 * written only by someone who holds every permission it grants (or may `escalate` roles), and a
 * binding only by someone who holds every permission of the role it references (or may `bind`
 * that role). Runs as a validating admission step over rbac.authorization.k8s.io writes.
 */
import { newForbidden } from "../../runtime/rest/errors.js";
import type { AuthorizationAttributes, Decision } from "../auth/authorizer.js";
import type { PolicyCache } from "../auth/rbac/policy-cache.js";
import { covers, describeRule, type PolicyRule, type RoleRef } from "../auth/rbac/rules.js";
import { SYSTEM_MASTERS_GROUP } from "../auth/user.js";
import type { KubeObject, RESTStorage } from "../registry/rest.js";
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const RBAC = "rbac.authorization.k8s.io";

export class RBACEscalation implements AdmissionPlugin {
  readonly name = "RBACEscalation";

  constructor(
    private readonly policy: PolicyCache,
    private readonly authorize: (a: AuthorizationAttributes) => Promise<Decision>,
  ) {}

  private async may(a: AdmissionAttributes, verb: string, resource: string, name: string): Promise<boolean> {
    const d = await this.authorize({
      user: a.user,
      verb,
      isResourceRequest: true,
      path: "",
      apiGroup: RBAC,
      apiVersion: "v1",
      namespace: a.namespace,
      resource,
      subresource: "",
      name,
    });
    return d.allowed;
  }

  private refuse(a: AdmissionAttributes, missing: PolicyRule[], suffix = ""): never {
    const who = `user ${JSON.stringify(a.user.name)} (groups=[${a.user.groups.map((g) => JSON.stringify(g)).join(" ")}])`;
    const scope = a.namespace ? `in namespace ${JSON.stringify(a.namespace)}` : "";
    const lines = missing.map(describeRule).join("\n");
    throw newForbidden(
      { group: a.resource.group, resource: a.resource.resource },
      a.name,
      `${who} is attempting to grant RBAC permissions not currently held:\n${lines}${suffix}${scope ? "" : ""}`,
    );
  }

  /**
   * Patches reach admission without the object they will produce: the storage wrapper computes
   * it with a dry run and asks here before the real patch.
   */
  wrapPatch(storage: RESTStorage): RESTStorage {
    const patch = storage.patch?.bind(storage);
    if (!patch || storage.group !== RBAC) return storage;
    const resource = storage.info.plural;
    return {
      ...storage,
      patch: async (ctx, name, type, body, opts) => {
        if (!ctx.user.groups.includes(SYSTEM_MASTERS_GROUP)) {
          const { object } = await patch(ctx, name, type, body, { ...opts, dryRun: true });
          await this.validate({
            operation: "UPDATE",
            kind: { group: RBAC, version: "v1", kind: storage.info.kind },
            resource: { group: RBAC, version: "v1", resource },
            subresource: "",
            namespace: ctx.namespace ?? "",
            name,
            object,
            dryRun: opts.dryRun ?? false,
            user: { name: ctx.user.name, groups: [...ctx.user.groups], ...(ctx.user.uid && { uid: ctx.user.uid }) },
          });
        }
        return patch(ctx, name, type, body, opts);
      },
    };
  }

  /** Only an RBAC write gets a promise: every other passes with none for the chain to wait on. */
  validate(a: AdmissionAttributes): Promise<void> | undefined {
    if (a.resource.group !== RBAC || a.subresource !== "" || !a.object) return;
    if (a.operation !== "CREATE" && a.operation !== "UPDATE") return;
    if (a.user.groups.includes(SYSTEM_MASTERS_GROUP)) return;
    return this.validateRBAC(a, a.object);
  }

  private async validateRBAC(a: AdmissionAttributes, object: KubeObject): Promise<void> {
    const held = this.policy.rulesFor(a.user, a.namespace);
    const r = a.resource.resource;
    if (r === "roles" || r === "clusterroles") {
      if (await this.may(a, "escalate", r, a.name)) return;
      const wanted = (object.rules as PolicyRule[] | undefined) ?? [];
      const missing = wanted.flatMap((w) => covers(held, w));
      if (missing.length > 0) this.refuse(a, missing);
      return;
    }
    if (r === "rolebindings" || r === "clusterrolebindings") {
      const ref = object.roleRef as RoleRef | undefined;
      if (!ref) return; // validation names the missing field
      const refResource = ref.kind === "ClusterRole" ? "clusterroles" : "roles";
      const d = await this.authorize({
        user: a.user,
        verb: "bind",
        isResourceRequest: true,
        path: "",
        apiGroup: RBAC,
        apiVersion: "v1",
        namespace: ref.kind === "Role" ? a.namespace : "",
        resource: refResource,
        subresource: "",
        name: ref.name,
      });
      if (d.allowed) return;
      const rules = ref.kind === "ClusterRole" ? this.policy.clusterRoleRules(ref.name) : this.policy.roleRules(a.namespace, ref.name);
      if (!rules) return; // a binding to a role that does not exist yet grants nothing
      const missing = rules.flatMap((w) => covers(held, w));
      if (missing.length > 0) this.refuse(a, missing);
    }
  }
}
