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
   * priorityLevelConfiguration names the priority level that matching requests are handled at; a
   * missing level leaves the schema inactive.
   *
   * +protobuf=1
   */
  priorityLevelConfiguration: PriorityLevelConfigurationReference;

  /**
   * matchingPrecedence orders schemas: a request is classified by the matching schema with the
   * lowest value, between 1 and 10,000; defaults to 1,000.
   *
   * +optional
   * +protobuf=2
   */
  matchingPrecedence: int32;

  /**
   * distinguisherMethod says how matching requests are split into flows (by user or by namespace);
   * nil puts them all in one flow.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  distinguisherMethod?: FlowDistinguisherMethod;

  /**
   * rules say which requests match the schema; a request matches when at least one rule does, and
   * an empty list matches none.
   *
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
   * type is ByUser or ByNamespace.
   *
   * +protobuf=1
   */
  type: FlowDistinguisherMethodType;
}

/**
 * PriorityLevelConfigurationReference names the priority level a FlowSchema's requests go to.
 */
export interface PriorityLevelConfigurationReference {
  /**
   * name is the name of the priority level configuration.
   *
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
   * subjects are the users, groups or service accounts the rule applies to; at least one.
   *
   * +listType=atomic
   * +protobuf=1
   */
  subjects: Subject[];

  /**
   * resourceRules match requests on resources; the rule matches when any of them or of
   * nonResourceRules does.
   *
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  resourceRules?: ResourcePolicyRule[];

  /**
   * nonResourceRules match requests on non-resource paths.
   *
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
   * kind says which of user, group and serviceAccount is set.
   *
   * +protobuf=1
   */
  kind: SubjectKind;

  /**
   * user matches a user by name.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  user?: UserSubject;

  /**
   * group matches the members of a group.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  group?: GroupSubject;

  /**
   * serviceAccount matches a service account.
   *
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
   * name is the user's name, or "*" for every user.
   *
   * +protobuf=1
   */
  name: string;
}

/**
 * GroupSubject matches a user group by name.
 */
export interface GroupSubject {
  /**
   * name is the group's name, or "*" for every group (system:authenticated and
   * system:unauthenticated cover every request together).
   *
   * +protobuf=1
   */
  name: string;
}

/**
 * ServiceAccountSubject matches a service account by namespace and name.
 */
export interface ServiceAccountSubject {
  /**
   * namespace is the service account's namespace.
   *
   * +protobuf=1
   */
  namespace: string;

  /**
   * name is the service account's name, or "*" for every one in the namespace.
   *
   * +protobuf=2
   */
  name: string;
}

/**
 * ResourcePolicyRule matches resource requests by verb, API group, resource and namespace.
 */
export interface ResourcePolicyRule {
  /**
   * verbs are the verbs matched; "*" matches all and must then be the only entry.
   *
   * +listType=set
   * +protobuf=1
   */
  verbs: string[];

  /**
   * apiGroups are the API groups matched; "*" matches all and must then be the only entry.
   *
   * +listType=set
   * +protobuf=2
   */
  apiGroups: string[];

  /**
   * resources are the resources (and "resource/subresource" pairs) matched; "*" matches all and
   * must then be the only entry.
   *
   * +listType=set
   * +protobuf=3
   */
  resources: string[];

  /**
   * clusterScope says whether requests with no namespace (on cluster-scoped resources, or lists
   * across namespaces) match.
   *
   * +optional
   * +protobuf=4
   */
  clusterScope?: boolean;

  /**
   * namespaces are the namespaces matched for namespaced requests; "*" matches every namespace.
   *
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
   * verbs are the HTTP verbs matched; "*" matches all and must then be the only entry.
   *
   * +listType=set
   * +protobuf=1
   */
  verbs: string[];

  /**
   * nonResourceURLs are the paths matched, with a trailing "/*" matching any suffix; "*" matches
   * all and must then be the only entry.
   *
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
   * conditions are the current states of the schema, such as Dangling when its priority level does
   * not exist.
   *
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
   * type is Exempt (requests are never limited) or Limited (requests share this level's
   * concurrency).
   *
   * +protobuf=1
   */
  type: PriorityLevelEnablement;

  /**
   * limited configures a Limited level; set exactly when type is Limited.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  limited?: LimitedPriorityLevelConfiguration;

  /**
   * exempt configures an Exempt level; it may be set only when type is Exempt.
   *
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
   * nominalConcurrencyShares is this level's share of the server's concurrency limit; defaults to
   * 30 and 0 gives no nominal seats.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  nominalConcurrencyShares: int32;

  /**
   * limitResponse says what happens to requests that cannot run at once: queue them or reject them.
   *
   * +protobuf=2
   */
  limitResponse?: LimitResponse;

  /**
   * lendablePercent is the part of this level's nominal seats that other levels may borrow, 0 to
   * 100.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  lendablePercent?: int32;

  /**
   * borrowingLimitPercent caps the seats this level may borrow from others, as a percentage of its
   * own nominal seats; nil means no cap.
   *
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
   * nominalConcurrencyShares is this level's share of the concurrency limit, used only to size what
   * it lends; defaults to 0.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  nominalConcurrencyShares?: int32;

  /**
   * lendablePercent is the part of this level's nominal seats that other levels may borrow, 0 to
   * 100.
   *
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
   * type is Queue or Reject.
   *
   * +protobuf=1
   */
  type: LimitResponseType;

  /**
   * queuing configures the queues; set exactly when type is Queue.
   *
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
   * queues is how many queues the level has; defaults to 64.
   *
   * +optional
   * +protobuf=1
   */
  queues: int32;

  /**
   * handSize is how many queues a flow is shuffle-sharded onto (a request joins the shortest of
   * them); defaults to 8.
   *
   * +optional
   * +protobuf=2
   */
  handSize: int32;

  /**
   * queueLengthLimit is how many requests may wait in one queue; defaults to 50.
   *
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
   * conditions are the current states of the priority level.
   *
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
