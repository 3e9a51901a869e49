import type { ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * FlowSchema classifies incoming requests into flows and assigns them to a priority level for API
 * priority and fairness.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 * +kubebuilder:resource:path=flowschemas,singular=flowschema
 */
export interface FlowSchema extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the FlowSchema.
   *
   * +optional
   * +protobuf=2
   */
  spec?: FlowSchemaSpec;

  /**
   * status is the most recently observed state of the FlowSchema; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: FlowSchemaStatus;
}

/**
 * FlowSchemaList is a list of FlowSchemas.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 */
export interface FlowSchemaList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the FlowSchemas.
   *
   * +protobuf=2
   */
  items: FlowSchema[];
}

/**
 * FlowSchemaSpec holds the priority level, matching precedence, flow distinguisher and rules of a
 * FlowSchema.
 */
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

/**
 * FlowDistinguisherMethodType says whether requests are split into flows by user (ByUser) or by
 * namespace (ByNamespace).
 */
export type FlowDistinguisherMethodType = string;

/**
 * FlowDistinguisherMethod says how a FlowSchema splits its requests into flows.
 */
export interface FlowDistinguisherMethod {
  /**
   * +protobuf=1
   */
  type: FlowDistinguisherMethodType;
}

/**
 * PriorityLevelConfigurationReference names the priority level a FlowSchema's requests go to.
 */
export interface PriorityLevelConfigurationReference {
  /**
   * +protobuf=1
   */
  name: string;
}

/**
 * PolicyRulesWithSubjects matches requests whose subject and action both match: at least one
 * subject, and one resource or non-resource rule.
 */
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

/**
 * Subject matches the originator of a request: a user, a group or a service account.
 */
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

/**
 * SubjectKind says which kind of subject is set: User, Group or ServiceAccount.
 */
export type SubjectKind = string;

/**
 * UserSubject matches a user by name.
 */
export interface UserSubject {
  /**
   * +protobuf=1
   */
  name: string;
}

/**
 * GroupSubject matches a user group by name.
 */
export interface GroupSubject {
  /**
   * +protobuf=1
   */
  name: string;
}

/**
 * ServiceAccountSubject matches a service account by namespace and name.
 */
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

/**
 * ResourcePolicyRule matches resource requests by verb, API group, resource and namespace.
 */
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

/**
 * NonResourcePolicyRule matches non-resource requests by verb and URL.
 */
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

/**
 * FlowSchemaStatus holds the conditions of a FlowSchema.
 */
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

/**
 * FlowSchemaCondition is one observed condition of a FlowSchema.
 */
export interface FlowSchemaCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type?: FlowSchemaConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status?: ConditionStatus;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +protobuf=5
   */
  message?: string;
}

/**
 * FlowSchemaConditionType names a condition of a FlowSchema.
 */
export type FlowSchemaConditionType = string;

/**
 * PriorityLevelConfiguration describes one priority level of API priority and fairness and its
 * share of concurrency.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 * +kubebuilder:resource:path=prioritylevelconfigurations,singular=prioritylevelconfiguration
 */
export interface PriorityLevelConfiguration extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the PriorityLevelConfiguration.
   *
   * +optional
   * +protobuf=2
   */
  spec?: PriorityLevelConfigurationSpec;

  /**
   * status is the most recently observed state of the PriorityLevelConfiguration; it may lag
   * behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: PriorityLevelConfigurationStatus;
}

/**
 * PriorityLevelConfigurationList is a list of PriorityLevelConfigurations.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.29
 */
export interface PriorityLevelConfigurationList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the PriorityLevelConfigurations.
   *
   * +protobuf=2
   */
  items: PriorityLevelConfiguration[];
}

/**
 * PriorityLevelConfigurationSpec says whether a priority level is exempt or limited, and how.
 */
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

/**
 * PriorityLevelEnablement says whether a priority level is Exempt from limits or Limited.
 */
export type PriorityLevelEnablement = string;

/**
 * LimitedPriorityLevelConfiguration sets the concurrency shares, borrowing limits and queueing of a
 * limited priority level.
 */
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

/**
 * ExemptPriorityLevelConfiguration sets the concurrency shares an exempt priority level lends and
 * counts.
 */
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

/**
 * LimitResponse says what happens to requests that cannot run at once: queued or rejected.
 */
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

/**
 * LimitResponseType says whether excess requests are queued (Queue) or rejected (Reject).
 */
export type LimitResponseType = string;

/**
 * QueuingConfiguration sets the number of queues, the hand size for shuffle sharding and the length
 * of each queue.
 */
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

/**
 * PriorityLevelConfigurationConditionType names a condition of a priority level.
 */
export type PriorityLevelConfigurationConditionType = string;

/**
 * PriorityLevelConfigurationStatus holds the conditions of a priority level.
 */
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

/**
 * PriorityLevelConfigurationCondition is one observed condition of a priority level.
 */
export interface PriorityLevelConfigurationCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type?: PriorityLevelConfigurationConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status?: ConditionStatus;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +protobuf=5
   */
  message?: string;
}

/**
 * ConditionStatus is the state of a condition: True, False or Unknown.
 */
export type ConditionStatus = string;
