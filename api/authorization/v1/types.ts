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
   * +optional
   * +protobuf=1
   */
  namespace?: string;

  /**
   * +optional
   * +protobuf=2
   */
  verb?: string;

  /**
   * +optional
   * +protobuf=3
   */
  group?: string;

  /**
   * +optional
   * +protobuf=4
   */
  version?: string;

  /**
   * +optional
   * +protobuf=5
   */
  resource?: string;

  /**
   * +optional
   * +protobuf=6
   */
  subresource?: string;

  /**
   * +optional
   * +protobuf=7
   */
  name?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  fieldSelector?: FieldSelectorAttributes;

  /**
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
   * +optional
   * +protobuf=1
   */
  rawSelector?: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  rawSelector?: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  path?: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  resourceAttributes?: ResourceAttributes;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  nonResourceAttributes?: NonResourceAttributes;

  /**
   * +optional
   * +protobuf=3
   */
  user?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  groups?: string[];

  /**
   * +optional
   * +protobuf=5
   */
  extra?: Record<string, ExtraValue>;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  resourceAttributes?: ResourceAttributes;

  /**
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
   * +protobuf=1
   */
  allowed: boolean;

  /**
   * +optional
   * +protobuf=4
   */
  denied?: boolean;

  /**
   * +optional
   * +protobuf=2
   */
  reason?: string;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  resourceRules: ResourceRule[];

  /**
   * +listType=atomic
   * +protobuf=2
   */
  nonResourceRules: NonResourceRule[];

  /**
   * +protobuf=3
   */
  incomplete: boolean;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  verbs: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  apiGroups?: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  resources?: string[];

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  verbs: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  nonResourceURLs?: string[];
}
