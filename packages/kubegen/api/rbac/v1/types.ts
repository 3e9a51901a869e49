import type { LabelSelector, ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";

/**
 * PolicyRule states a set of allowed actions: which verbs may be used on which resources or
 * non-resource URLs. It says nothing about who is allowed or in which namespace.
 */
export interface PolicyRule {
  /**
   * verbs lists the actions permitted on every resource matched by this rule; "*" stands for
   * all verbs.
   *
   * +listType=atomic
   * +protobuf=1
   */
  verbs: string[];

  /**
   * apiGroups names the API groups whose resources this rule covers. "" is the core group and
   * "*" matches every group.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  apiGroups?: string[];

  /**
   * resources lists the resource types this rule covers; "*" matches all of them.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  resources?: string[];

  /**
   * resourceNames optionally narrows the rule to objects with these names; when empty, any
   * name is allowed.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  resourceNames?: string[];

  /**
   * nonResourceURLs lists URL paths, not API resources, that the rule permits; "*" is only
   * allowed as the last path segment. It only has effect in ClusterRoles bound through a
   * ClusterRoleBinding, and a rule covers either resources or URLs, never both.
   *
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  nonResourceURLs?: string[];
}

/**
 * Subject identifies who a binding grants its role to: a user, a group, or an API object such
 * as a ServiceAccount.
 *
 * +structType=atomic
 */
export interface Subject {
  /**
   * kind is the type of subject; this group defines "User", "Group" and "ServiceAccount".
   * Authorizers report an error for kinds they do not understand.
   *
   * +protobuf=1
   */
  kind: string;

  /**
   * apiGroup is the API group of the subject's kind. It defaults to "" for ServiceAccounts and
   * to "rbac.authorization.k8s.io" for users and groups.
   *
   * +optional
   * +protobuf=2
   */
  apiGroup?: string;

  /**
   * name is the name of the subject.
   *
   * +protobuf=3
   */
  name: string;

  /**
   * namespace is the namespace of the subject. It must be empty for subjects that are not
   * namespaced, such as users and groups.
   *
   * +optional
   * +protobuf=4
   */
  namespace?: string;
}

/**
 * RoleRef points at the Role or ClusterRole a binding grants.
 *
 * +structType=atomic
 */
export interface RoleRef {
  /**
   * apiGroup is the API group of the referenced role.
   *
   * +protobuf=1
   */
  apiGroup: string;

  /**
   * kind is the kind of the referenced role, Role or ClusterRole.
   *
   * +protobuf=2
   */
  kind: string;

  /**
   * name is the name of the referenced role.
   *
   * +protobuf=3
   */
  name: string;
}

/**
 * Role is a set of PolicyRules that applies within a single namespace and is granted through a
 * RoleBinding.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 * +kubebuilder:resource:path=roles,singular=role
 */
export interface Role extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * rules lists the permissions this role grants. It is serialized even when empty.
   *
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  rules: PolicyRule[];
}

/**
 * RoleBinding grants the permissions of a Role in its own namespace, or of a ClusterRole limited
 * to its own namespace, to a list of subjects. It has no effect outside that namespace.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 * +kubebuilder:resource:path=rolebindings,singular=rolebinding
 */
export interface RoleBinding extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * subjects are the identities that receive the referenced role.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  subjects?: Subject[];

  /**
   * roleRef names a Role in the binding's namespace or a ClusterRole. The authorizer fails if it
   * cannot be resolved, and it cannot be changed after creation.
   *
   * +protobuf=3
   */
  roleRef: RoleRef;
}

/**
 * RoleBindingList is a collection of RoleBinding objects.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 */
export interface RoleBindingList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items holds the role bindings in this list.
   *
   * +protobuf=2
   */
  items: RoleBinding[];
}

/**
 * RoleList is a collection of Role objects.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 */
export interface RoleList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items holds the roles in this list.
   *
   * +protobuf=2
   */
  items: Role[];
}

/**
 * ClusterRole is a cluster-wide set of PolicyRules, granted through a ClusterRoleBinding or,
 * limited to one namespace, through a RoleBinding.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 * +kubebuilder:resource:path=clusterroles,singular=clusterrole
 */
export interface ClusterRole extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * rules lists the permissions this cluster role grants. Upstream serializes it even when
   * empty.
   *
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  rules: PolicyRule[];

  /**
   * aggregationRule, when set, makes rules controller-managed: a controller fills them from the
   * ClusterRoles the rule selects and overwrites any direct edits.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  aggregationRule?: AggregationRule;
}

/**
 * AggregationRule selects the ClusterRoles whose rules are combined into an aggregated
 * ClusterRole.
 */
export interface AggregationRule {
  /**
   * clusterRoleSelectors are label selectors; the rules of every ClusterRole matching any of
   * them are added to the aggregated role.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  clusterRoleSelectors?: LabelSelector[];
}

/**
 * ClusterRoleBinding grants the permissions of a ClusterRole across the whole cluster to a list
 * of subjects.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 * +kubebuilder:resource:path=clusterrolebindings,singular=clusterrolebinding
 */
export interface ClusterRoleBinding extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * subjects are the identities that receive the referenced cluster role.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  subjects?: Subject[];

  /**
   * roleRef names the ClusterRole being granted. The authorizer fails if it cannot be
   * resolved, and it cannot be changed after creation.
   *
   * +protobuf=3
   */
  roleRef: RoleRef;
}

/**
 * ClusterRoleBindingList is a collection of ClusterRoleBinding objects.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 */
export interface ClusterRoleBindingList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items holds the cluster role bindings in this list.
   *
   * +protobuf=2
   */
  items: ClusterRoleBinding[];
}

/**
 * ClusterRoleList is a collection of ClusterRole objects.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.8
 */
export interface ClusterRoleList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items holds the cluster roles in this list.
   *
   * +protobuf=2
   */
  items: ClusterRole[];
}
