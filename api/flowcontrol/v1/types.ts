import type { ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 * +kubebuilder:resource:path=flowschemas,singular=flowschema
 */
export interface FlowSchema extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: FlowSchemaSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: FlowSchemaStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 */
export interface FlowSchemaList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: FlowSchema[];
}

export interface FlowSchemaSpec {
  /**
   * +protobuf=1
   */
  priorityLevelConfiguration: PriorityLevelConfigurationReference;

  /**
   * +optional
   * +protobuf=2
   */
  matchingPrecedence: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  distinguisherMethod?: FlowDistinguisherMethod;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  rules?: PolicyRulesWithSubjects[];
}

export type FlowDistinguisherMethodType = string;

export interface FlowDistinguisherMethod {
  /**
   * +protobuf=1
   */
  type: FlowDistinguisherMethodType;
}

export interface PriorityLevelConfigurationReference {
  /**
   * +protobuf=1
   */
  name: string;
}

export interface PolicyRulesWithSubjects {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  subjects: Subject[];

  /**
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  resourceRules?: ResourcePolicyRule[];

  /**
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  nonResourceRules?: NonResourcePolicyRule[];
}

export interface Subject {
  /**
   * +protobuf=1
   */
  kind: SubjectKind;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  user?: UserSubject;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  group?: GroupSubject;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  serviceAccount?: ServiceAccountSubject;
}

export type SubjectKind = string;

export interface UserSubject {
  /**
   * +protobuf=1
   */
  name: string;
}

export interface GroupSubject {
  /**
   * +protobuf=1
   */
  name: string;
}

export interface ServiceAccountSubject {
  /**
   * +protobuf=1
   */
  namespace: string;

  /**
   * +protobuf=2
   */
  name: string;
}

export interface ResourcePolicyRule {
  /**
   * +listType=set
   * +protobuf=1
   */
  verbs: string[];

  /**
   * +listType=set
   * +protobuf=2
   */
  apiGroups: string[];

  /**
   * +listType=set
   * +protobuf=3
   */
  resources: string[];

  /**
   * +optional
   * +protobuf=4
   */
  clusterScope?: boolean;

  /**
   * +optional
   * +listType=set
   * +protobuf=5
   */
  namespaces: string[];
}

export interface NonResourcePolicyRule {
  /**
   * +listType=set
   * +protobuf=1
   */
  verbs: string[];

  /**
   * +listType=set
   * +protobuf=6
   */
  nonResourceURLs: string[];
}

export interface FlowSchemaStatus {
  /**
   * +listType=map
   * +listMapKey=type
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +optional
   * +protobuf=1
   */
  conditions?: FlowSchemaCondition[];
}

export interface FlowSchemaCondition {
  /**
   * +protobuf=1
   */
  type?: FlowSchemaConditionType;

  /**
   * +protobuf=2
   */
  status?: ConditionStatus;

  /**
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * +protobuf=4
   */
  reason?: string;

  /**
   * +protobuf=5
   */
  message?: string;
}

export type FlowSchemaConditionType = string;

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 * +kubebuilder:resource:path=prioritylevelconfigurations,singular=prioritylevelconfiguration
 */
export interface PriorityLevelConfiguration extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: PriorityLevelConfigurationSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: PriorityLevelConfigurationStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 */
export interface PriorityLevelConfigurationList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: PriorityLevelConfiguration[];
}

export interface PriorityLevelConfigurationSpec {
  /**
   * +protobuf=1
   */
  type: PriorityLevelEnablement;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  limited?: LimitedPriorityLevelConfiguration;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  exempt?: ExemptPriorityLevelConfiguration;
}

export type PriorityLevelEnablement = string;

export interface LimitedPriorityLevelConfiguration {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  nominalConcurrencyShares: int32;

  /**
   * +protobuf=2
   */
  limitResponse?: LimitResponse;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  lendablePercent?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  borrowingLimitPercent?: int32;
}

export interface ExemptPriorityLevelConfiguration {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  nominalConcurrencyShares?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  lendablePercent?: int32;
}

export interface LimitResponse {
  /**
   * +protobuf=1
   */
  type: LimitResponseType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  queuing?: QueuingConfiguration;
}

export type LimitResponseType = string;

export interface QueuingConfiguration {
  /**
   * +optional
   * +protobuf=1
   */
  queues: int32;

  /**
   * +optional
   * +protobuf=2
   */
  handSize: int32;

  /**
   * +optional
   * +protobuf=3
   */
  queueLengthLimit: int32;
}

export type PriorityLevelConfigurationConditionType = string;

export interface PriorityLevelConfigurationStatus {
  /**
   * +listType=map
   * +listMapKey=type
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +optional
   * +protobuf=1
   */
  conditions?: PriorityLevelConfigurationCondition[];
}

export interface PriorityLevelConfigurationCondition {
  /**
   * +protobuf=1
   */
  type?: PriorityLevelConfigurationConditionType;

  /**
   * +protobuf=2
   */
  status?: ConditionStatus;

  /**
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * +protobuf=4
   */
  reason?: string;

  /**
   * +protobuf=5
   */
  message?: string;
}

export type ConditionStatus = string;
