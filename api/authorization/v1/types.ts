import type { FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";

/**
 * SubjectAccessReview asks whether a given user or group may perform an action.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface SubjectAccessReview extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is what the caller asks.
   *
   * +protobuf=2
   */
  spec: SubjectAccessReviewSpec;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +optional
   * +protobuf=3
   */
  status?: SubjectAccessReviewStatus;
}

/**
 * SelfSubjectAccessReview asks whether the caller may perform an action.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface SelfSubjectAccessReview extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is what the caller asks.
   *
   * +protobuf=2
   */
  spec: SelfSubjectAccessReviewSpec;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +optional
   * +protobuf=3
   */
  status?: SubjectAccessReviewStatus;
}

/**
 * LocalSubjectAccessReview asks whether a user may perform an action in the review's own namespace.
 *
 * +genclient
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface LocalSubjectAccessReview extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is what the caller asks.
   *
   * +protobuf=2
   */
  spec: SubjectAccessReviewSpec;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +optional
   * +protobuf=3
   */
  status?: SubjectAccessReviewStatus;
}

/**
 * ResourceAttributes describes an action on a resource: verb, group, version, resource,
 * subresource, namespace and name.
 */
export interface ResourceAttributes {
  /**
   * namespace is the namespace of the action; empty means every namespace for namespaced resources
   * and nothing for cluster-scoped ones.
   *
   * +optional
   * +protobuf=1
   */
  namespace?: string;

  /**
   * verb is the API verb (get, list, watch, create, update, patch, delete...) or a custom verb such
   * as use or bind; "*" means all.
   *
   * +optional
   * +protobuf=2
   */
  verb?: string;

  /**
   * group is the API group of the resource; "*" means all.
   *
   * +optional
   * +protobuf=3
   */
  group?: string;

  /**
   * version is the API version of the resource; "*" means all.
   *
   * +optional
   * +protobuf=4
   */
  version?: string;

  /**
   * resource is the resource's plural name; "*" means all.
   *
   * +optional
   * +protobuf=5
   */
  resource?: string;

  /**
   * subresource is the subresource, such as status or scale; empty means the resource itself.
   *
   * +optional
   * +protobuf=6
   */
  subresource?: string;

  /**
   * name is the object's name; empty means all objects, which a get, update or delete then needs to
   * be allowed on.
   *
   * +optional
   * +protobuf=7
   */
  name?: string;

  /**
   * fieldSelector narrows a list or watch by field; authorizers may use it to allow what they would
   * not allow unrestricted.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  fieldSelector?: FieldSelectorAttributes;

  /**
   * labelSelector narrows a list or watch by label; authorizers may use it to allow what they would
   * not allow unrestricted.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  labelSelector?: LabelSelectorAttributes;
}

/**
 * LabelSelectorAttributes holds the label selector of a list or watch being authorized.
 */
export interface LabelSelectorAttributes {
  /**
   * rawSelector is the label selector as a query parameter would carry it; the server parses it,
   * and it cannot be set together with requirements.
   *
   * +optional
   * +protobuf=1
   */
  rawSelector?: string;

  /**
   * requirements is the parsed form of the selector; every requirement must hold.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  requirements?: LabelSelectorRequirement[];
}

/**
 * FieldSelectorAttributes holds the field selector of a list or watch being authorized.
 */
export interface FieldSelectorAttributes {
  /**
   * rawSelector is the field selector as a query parameter would carry it; the server parses it,
   * and it cannot be set together with requirements.
   *
   * +optional
   * +protobuf=1
   */
  rawSelector?: string;

  /**
   * requirements is the parsed form of the selector; every requirement must hold.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  requirements?: FieldSelectorRequirement[];
}

/**
 * NonResourceAttributes describes an action on a non-resource URL: the path and the verb.
 */
export interface NonResourceAttributes {
  /**
   * path is the URL path of the request, such as /healthz.
   *
   * +optional
   * +protobuf=1
   */
  path?: string;

  /**
   * verb is the HTTP verb in lower case, such as get.
   *
   * +optional
   * +protobuf=2
   */
  verb?: string;
}

/**
 * SubjectAccessReviewSpec describes the action and the user (name, UID, groups, extra) to check it
 * for.
 */
export interface SubjectAccessReviewSpec {
  /**
   * resourceAttributes describe a request on a resource; exactly one of resourceAttributes and
   * nonResourceAttributes is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  resourceAttributes?: ResourceAttributes;

  /**
   * nonResourceAttributes describe a request on a non-resource path; exactly one of
   * resourceAttributes and nonResourceAttributes is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  nonResourceAttributes?: NonResourceAttributes;

  /**
   * user is the user to check; with groups, at least one of them must be given.
   *
   * +optional
   * +protobuf=3
   */
  user?: string;

  /**
   * groups are the groups of the user to check.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  groups?: string[];

  /**
   * extra holds the user's extra attributes, as an authenticator would have set them.
   *
   * +optional
   * +protobuf=5
   */
  extra?: Record<string, ExtraValue>;

  /**
   * uid is the uid of the user to check.
   *
   * +optional
   * +protobuf=6
   */
  uid?: string;
}

/**
 * ExtraValue is the list of values of one extra user attribute.
 */
export type ExtraValue = string[];

/**
 * SelfSubjectAccessReviewSpec describes the action to check for the caller.
 */
export interface SelfSubjectAccessReviewSpec {
  /**
   * resourceAttributes describe a request on a resource; exactly one of resourceAttributes and
   * nonResourceAttributes is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  resourceAttributes?: ResourceAttributes;

  /**
   * nonResourceAttributes describe a request on a non-resource path; exactly one of
   * resourceAttributes and nonResourceAttributes is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  nonResourceAttributes?: NonResourceAttributes;
}

/**
 * SubjectAccessReviewStatus is the authorizer's answer: allowed, explicitly denied, and why.
 */
export interface SubjectAccessReviewStatus {
  /**
   * allowed says the action would be allowed.
   *
   * +protobuf=1
   */
  allowed: boolean;

  /**
   * denied says the action is explicitly denied, so no other authorizer would be asked; allowed and
   * denied are never both true, and both false means no opinion.
   *
   * +optional
   * +protobuf=4
   */
  denied?: boolean;

  /**
   * reason says why the action was allowed or denied, when an authorizer gave one.
   *
   * +optional
   * +protobuf=2
   */
  reason?: string;

  /**
   * evaluationError reports a failure while checking, such as a role that could not be read; the
   * answer may still be right.
   *
   * +optional
   * +protobuf=3
   */
  evaluationError?: string;
}

/**
 * SelfSubjectRulesReview lists the actions the caller may perform in a namespace.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface SelfSubjectRulesReview extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is what the caller asks.
   *
   * +protobuf=2
   */
  spec: SelfSubjectRulesReviewSpec;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +optional
   * +protobuf=3
   */
  status?: SubjectRulesReviewStatus;
}

/**
 * SelfSubjectRulesReviewSpec names the namespace whose rules are listed.
 */
export interface SelfSubjectRulesReviewSpec {
  /**
   * namespace is the namespace whose rules are listed.
   *
   * +protobuf=1
   */
  namespace?: string;
}

/**
 * SubjectRulesReviewStatus holds the resource and non-resource rules found, and whether the list is
 * incomplete.
 */
export interface SubjectRulesReviewStatus {
  /**
   * resourceRules are the rules on resources the user has in the namespace; the list may be
   * incomplete.
   *
   * +listType=atomic
   * +protobuf=1
   */
  resourceRules: ResourceRule[];

  /**
   * nonResourceRules are the rules on non-resource paths the user has; the list may be incomplete.
   *
   * +listType=atomic
   * +protobuf=2
   */
  nonResourceRules: NonResourceRule[];

  /**
   * incomplete is true when an authorizer could not list every rule (authorizers other than RBAC
   * cannot), so the lists are not the whole answer.
   *
   * +protobuf=3
   */
  incomplete: boolean;

  /**
   * evaluationError reports a failure while listing rules; it may be set together with incomplete.
   *
   * +optional
   * +protobuf=4
   */
  evaluationError?: string;
}

/**
 * ResourceRule lists verbs allowed on resources; "*" means all.
 */
export interface ResourceRule {
  /**
   * verbs are the verbs allowed on the resources; "*" means all.
   *
   * +listType=atomic
   * +protobuf=1
   */
  verbs: string[];

  /**
   * apiGroups are the API groups of the resources; "*" means all.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  apiGroups?: string[];

  /**
   * resources are the resources the rule allows, with "*" for all, and "*" followed by
   * "/subresource" for a subresource of every resource.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  resources?: string[];

  /**
   * resourceNames limit the rule to objects of these names; empty means every object.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  resourceNames?: string[];
}

/**
 * NonResourceRule lists verbs allowed on non-resource URLs.
 */
export interface NonResourceRule {
  /**
   * verbs are the HTTP verbs, in lower case, allowed on the paths; "*" means all.
   *
   * +listType=atomic
   * +protobuf=1
   */
  verbs: string[];

  /**
   * nonResourceURLs are the paths the rule allows; a trailing "*" matches any suffix.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  nonResourceURLs?: string[];
}
