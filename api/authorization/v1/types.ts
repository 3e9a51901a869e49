import type { FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface SubjectAccessReview extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: SubjectAccessReviewSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: SubjectAccessReviewStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface SelfSubjectAccessReview extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: SelfSubjectAccessReviewSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: SubjectAccessReviewStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface LocalSubjectAccessReview extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: SubjectAccessReviewSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: SubjectAccessReviewStatus;
}

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

export type ExtraValue = string[];

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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface SelfSubjectRulesReview extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: SelfSubjectRulesReviewSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: SubjectRulesReviewStatus;
}

export interface SelfSubjectRulesReviewSpec {
  /**
   * +protobuf=1
   */
  namespace?: string;
}

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
