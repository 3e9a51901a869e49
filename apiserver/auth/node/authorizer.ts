/**
 * `--authorization-mode=Node`, as upstream's Node authorizer: a kubelet (`system:node:<name>` in
 * `system:nodes`) reads the Secrets, ConfigMaps, volumes and claims of the Pods bound to it and
 * nothing else of those kinds; its own Node, Lease and CSINode; Pods by a `spec.nodeName`
 * field selector naming it; everything else by the static rules of the `system:node` role.
 * Anyone else, and every request it does not allow, is left to the next mode ("no opinion").
 */
import { parseFieldSelector, type FieldsSelector } from "../../../runtime/selectors/fields.js";
import type { AuthorizationAttributes, Authorizer, Decision } from "../authorizer.js";
import { ruleAllows, type PolicyRule } from "../rbac/rules.js";
import type { NodeGraph, VertexType } from "./graph.js";
import { nodeIdentity } from "./identity.js";

const NODE_LEASE_NAMESPACE = "kube-node-lease";

const ALLOW: Decision = { allowed: true };
const noOpinion = (reason = ""): Decision => ({ allowed: false, reason, noOpinion: true });
const NO_OPINION = noOpinion();

/** The request's field selector; an unparsable one has no requirements, as upstream ignores its parse error. */
function fieldSelectorOf(a: AuthorizationAttributes): FieldsSelector | undefined {
  if (!a.fieldSelector) return undefined;
  try {
    return parseFieldSelector(a.fieldSelector);
  } catch {
    return undefined;
  }
}

export class NodeAuthorizer implements Authorizer {
  constructor(
    private readonly graph: NodeGraph,
    /** The `system:node` role's rules: what every node may do beyond what the graph grants. */
    private readonly nodeRules: readonly PolicyRule[],
  ) {}

  authorize(a: AuthorizationAttributes): Decision {
    const node = nodeIdentity(a.user);
    if (node === undefined) return NO_OPINION;
    if (node === "") return noOpinion(`unknown node for user ${JSON.stringify(a.user.name)}`);
    if (a.isResourceRequest) {
      const decided = this.byResource(node, a);
      if (decided) return decided;
    }
    return this.nodeRules.some((r) => ruleAllows(a, r)) ? ALLOW : NO_OPINION;
  }

  /** The kinds upstream subdivides; undefined leaves the request to the static rules. */
  private byResource(node: string, a: AuthorizationAttributes): Decision | undefined {
    const groupResource = `${a.resource}.${a.apiGroup}`;
    switch (groupResource) {
      case "secrets.":
        return this.readNamespaced(node, "secret", a);
      case "configmaps.":
        return this.readNamespaced(node, "configmap", a);
      case "persistentvolumeclaims.":
        return a.subresource === "status" ? this.statusUpdate(node, "pvc", a) : this.get(node, "pvc", a);
      case "persistentvolumes.":
        return this.get(node, "pv", a);
      case "resourceclaims.resource.k8s.io":
        return this.get(node, "resourceclaim", a);
      case "volumeattachments.storage.k8s.io":
        return this.get(node, "volumeattachment", a);
      case "serviceaccounts.":
        return this.createToken(node, a);
      case "leases.coordination.k8s.io":
        return this.lease(node, a);
      case "csinodes.storage.k8s.io":
        return this.csiNode(node, a);
      case "resourceslices.resource.k8s.io":
        return this.resourceSlice(node, a);
      case "nodes.":
        return this.nodeObject(node, a);
      case "pods.":
        return this.pod(node, a);
      default:
        return undefined;
    }
  }

  private related(node: string, type: VertexType, a: AuthorizationAttributes): Decision {
    if (!a.name) return noOpinion("No Object name found");
    return this.graph.hasPathFrom(node, type, a.namespace, a.name)
      ? ALLOW
      : noOpinion(`no relationship found between node '${node}' and this object`);
  }

  private statusUpdate(node: string, type: VertexType, a: AuthorizationAttributes): Decision {
    if (a.verb !== "update" && a.verb !== "patch") return noOpinion("can only get/update/patch this type");
    return this.related(node, type, a);
  }

  private get(node: string, type: VertexType, a: AuthorizationAttributes): Decision {
    if (a.verb !== "get") return noOpinion("can only get individual resources of this type");
    if (a.subresource) return noOpinion("cannot get subresource");
    return this.related(node, type, a);
  }

  private readNamespaced(node: string, type: VertexType, a: AuthorizationAttributes): Decision {
    if (a.verb !== "get" && a.verb !== "list" && a.verb !== "watch") return noOpinion("can only read resources of this type");
    if (a.subresource) return noOpinion("cannot read subresource");
    if (!a.namespace) return noOpinion("can only read namespaced object of this type");
    return this.related(node, type, a);
  }

  private createToken(node: string, a: AuthorizationAttributes): Decision {
    if (a.verb !== "create" || !a.name) return noOpinion("can only create tokens for individual service accounts");
    if (a.subresource !== "token") return noOpinion("can only create token subresource of serviceaccount");
    return this.graph.hasPathFrom(node, "serviceaccount", a.namespace, a.name)
      ? ALLOW
      : noOpinion(`no relationship found between node '${node}' and this object`);
  }

  private lease(node: string, a: AuthorizationAttributes): Decision {
    if (!["get", "create", "update", "patch", "delete"].includes(a.verb)) {
      return noOpinion("can only get, create, update, patch, or delete a node lease");
    }
    if (a.namespace !== NODE_LEASE_NAMESPACE) return noOpinion(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
    // A create's name is in the body: NodeRestriction checks it.
    if (a.verb !== "create" && a.name !== node) return noOpinion("can only access node lease with the same name as the requesting node");
    return ALLOW;
  }

  private csiNode(node: string, a: AuthorizationAttributes): Decision {
    if (!["get", "create", "update", "patch", "delete"].includes(a.verb)) {
      return noOpinion("can only get, create, update, patch, or delete a CSINode");
    }
    if (a.subresource) return noOpinion("cannot authorize CSINode subresources");
    if (a.verb !== "create" && a.name !== node) return noOpinion("can only access CSINode with the same name as the requesting node");
    return ALLOW;
  }

  private resourceSlice(node: string, a: AuthorizationAttributes): Decision {
    if (a.subresource) return noOpinion("cannot authorize ResourceSlice subresources");
    switch (a.verb) {
      case "create":
        // The new slice's spec.nodeName is in the body: NodeRestriction checks it.
        return ALLOW;
      case "get":
      case "update":
      case "patch":
      case "delete":
        return this.related(node, "resourceslice", a);
      case "watch":
      case "list":
      case "deletecollection":
        return fieldSelectorOf(a)?.hasEqualsTerm("spec.nodeName", node)
          ? ALLOW
          : noOpinion("can only list/watch/deletecollection resourceslices with nodeName field selector");
      default:
        return noOpinion(
          "only the following verbs are allowed for a ResourceSlice: get, watch, list, create, update, patch, delete, deletecollection",
        );
    }
  }

  private nodeObject(node: string, a: AuthorizationAttributes): Decision {
    if (a.subresource === "") {
      // Creates and updates of its own Node only: NodeRestriction checks the object.
      if (a.verb === "create" || a.verb === "update" || a.verb === "patch") return ALLOW;
      if (a.verb === "get" || a.verb === "list" || a.verb === "watch") {
        // By name, not the graph, so a kubelet can look for its Node before creating it.
        if (a.name === node) return ALLOW;
        if (a.name === "") return noOpinion(`node '${node}' cannot read all nodes, only its own Node object`);
        return noOpinion(`node '${node}' cannot read '${a.name}', only its own Node object`);
      }
    } else if (a.subresource === "status" && (a.verb === "update" || a.verb === "patch")) return ALLOW;
    return NO_OPINION;
  }

  private pod(node: string, a: AuthorizationAttributes): Decision {
    switch (a.subresource) {
      case "":
        switch (a.verb) {
          case "get":
            return this.get(node, "pod", a);
          case "list":
          case "watch":
            if (fieldSelectorOf(a)?.hasEqualsTerm("spec.nodeName", node)) return ALLOW;
            if (a.name !== "") return this.related(node, "pod", a);
            return noOpinion("can only list/watch pods with spec.nodeName field selector");
          case "create":
          case "delete":
            // Mirror Pods: NodeRestriction limits them to ones bound to this node.
            return ALLOW;
        }
        break;
      case "status":
        if (a.verb === "update" || a.verb === "patch") return ALLOW;
        break;
      case "eviction":
        if (a.verb === "create") return ALLOW;
        break;
    }
    return NO_OPINION;
  }
}
