import type { Condition, LabelSelector, ListMeta, ObjectMeta, StatusReason, TypeMeta } from "../../meta/v1/types.js";
import type { bytes, int32, int64 } from "../../scalars.js";

export interface Rule {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  apiGroups?: string[];

  /**
   * +listType=atomic
   * +protobuf=2
   */
  apiVersions?: string[];

  /**
   * +listType=atomic
   * +protobuf=3
   */
  resources?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  scope?: ScopeType;
}

/**
 * +enum
 */
export type ScopeType = "*" | "Cluster" | "Namespaced";

/**
 * +enum
 */
export type FailurePolicyType = "Fail" | "Ignore";

export type ParameterNotFoundActionType = string;

/**
 * +enum
 */
export type MatchPolicyType = "Equivalent" | "Exact";

/**
 * +enum
 */
export type SideEffectClass = "None" | "NoneOnDryRun" | "Some" | "Unknown";

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 * +kubebuilder:resource:path=validatingadmissionpolicies,singular=validatingadmissionpolicy,categories=api-extensions
 */
export interface ValidatingAdmissionPolicy extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec?: ValidatingAdmissionPolicySpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ValidatingAdmissionPolicyStatus;
}

export interface ValidatingAdmissionPolicyStatus {
  /**
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  typeChecking?: TypeChecking;

  /**
   * +optional
   * +listType=map
   * +listMapKey=type
   * +protobuf=3
   */
  conditions?: Condition[];
}

export type ValidatingAdmissionPolicyConditionType = string;

export interface TypeChecking {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  expressionWarnings?: ExpressionWarning[];
}

export interface ExpressionWarning {
  /**
   * +protobuf=2
   */
  fieldRef: string;

  /**
   * +protobuf=3
   */
  warning: string;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 */
export interface ValidatingAdmissionPolicyList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ValidatingAdmissionPolicy[];
}

export interface ValidatingAdmissionPolicySpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  paramKind?: ParamKind;

  /**
   * +kubegen:pointer
   * +protobuf=2
   */
  matchConstraints?: MatchResources;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  validations?: Validation[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  failurePolicy?: FailurePolicyType;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=5
   */
  auditAnnotations?: AuditAnnotation[];

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=6
   */
  matchConditions?: MatchCondition[];

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=7
   */
  variables?: Variable[];
}

/**
 * +structType=atomic
 */
export interface ParamKind {
  /**
   * +protobuf=1
   */
  apiVersion?: string;

  /**
   * +protobuf=2
   */
  kind?: string;
}

export interface Validation {
  /**
   * +protobuf=1,name=Expression
   */
  expression: string;

  /**
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  reason?: StatusReason;

  /**
   * +optional
   * +protobuf=4
   */
  messageExpression?: string;
}

/**
 * +structType=atomic
 */
export interface Variable {
  /**
   * +protobuf=1,name=Name
   */
  name: string;

  /**
   * +protobuf=2,name=Expression
   */
  expression: string;
}

export interface AuditAnnotation {
  /**
   * +protobuf=1
   */
  key: string;

  /**
   * +protobuf=2
   */
  valueExpression: string;
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 * +kubebuilder:resource:path=validatingadmissionpolicybindings,singular=validatingadmissionpolicybinding,categories=api-extensions
 */
export interface ValidatingAdmissionPolicyBinding extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec?: ValidatingAdmissionPolicyBindingSpec;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 */
export interface ValidatingAdmissionPolicyBindingList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ValidatingAdmissionPolicyBinding[];
}

export interface ValidatingAdmissionPolicyBindingSpec {
  /**
   * +protobuf=1
   */
  policyName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  paramRef?: ParamRef;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  matchResources?: MatchResources;

  /**
   * +listType=set
   * +protobuf=4
   */
  validationActions?: ValidationAction[];
}

/**
 * +structType=atomic
 */
export interface ParamRef {
  /**
   * +protobuf=1
   */
  name?: string;

  /**
   * +optional
   * +protobuf=2
   */
  namespace?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  selector?: LabelSelector;

  /**
   * +kubegen:pointer
   * +protobuf=4
   */
  parameterNotFoundAction?: ParameterNotFoundActionType;
}

/**
 * +structType=atomic
 */
export interface MatchResources {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  namespaceSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  objectSelector?: LabelSelector;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  resourceRules?: NamedRuleWithOperations[];

  /**
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  excludeResourceRules?: NamedRuleWithOperations[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  matchPolicy?: MatchPolicyType;
}

/**
 * +enum
 */
export type ValidationAction = "Audit" | "Deny" | "Warn";

/**
 * +structType=atomic
 * +kubegen:embed-protobuf=RuleWithOperations,2
 */
export interface NamedRuleWithOperations extends RuleWithOperations {
  /**
   * +listType=atomic
   * +optional
   * +protobuf=1
   */
  resourceNames?: string[];
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 * +kubebuilder:resource:path=validatingwebhookconfigurations,singular=validatingwebhookconfiguration,categories=api-extensions
 */
export interface ValidatingWebhookConfiguration extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=2,name=Webhooks
   */
  webhooks?: ValidatingWebhook[];
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 */
export interface ValidatingWebhookConfigurationList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ValidatingWebhookConfiguration[];
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 * +kubebuilder:resource:path=mutatingwebhookconfigurations,singular=mutatingwebhookconfiguration,categories=api-extensions
 */
export interface MutatingWebhookConfiguration extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=2,name=Webhooks
   */
  webhooks?: MutatingWebhook[];
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 */
export interface MutatingWebhookConfigurationList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: MutatingWebhookConfiguration[];
}

export interface ValidatingWebhook {
  /**
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  clientConfig: WebhookClientConfig;

  /**
   * +listType=atomic
   * +protobuf=3
   */
  rules?: RuleWithOperations[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  failurePolicy?: FailurePolicyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  matchPolicy?: MatchPolicyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  namespaceSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  objectSelector?: LabelSelector;

  /**
   * +kubegen:pointer
   * +protobuf=6
   */
  sideEffects: SideEffectClass;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  timeoutSeconds?: int32;

  /**
   * +listType=atomic
   * +protobuf=8
   */
  admissionReviewVersions: string[];

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=11
   */
  matchConditions?: MatchCondition[];
}

export interface MutatingWebhook {
  /**
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  clientConfig: WebhookClientConfig;

  /**
   * +listType=atomic
   * +protobuf=3
   */
  rules?: RuleWithOperations[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  failurePolicy?: FailurePolicyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  matchPolicy?: MatchPolicyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  namespaceSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  objectSelector?: LabelSelector;

  /**
   * +kubegen:pointer
   * +protobuf=6
   */
  sideEffects: SideEffectClass;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  timeoutSeconds?: int32;

  /**
   * +listType=atomic
   * +protobuf=8
   */
  admissionReviewVersions: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  reinvocationPolicy?: ReinvocationPolicyType;

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=12
   */
  matchConditions?: MatchCondition[];
}

/**
 * +enum
 */
export type ReinvocationPolicyType = "IfNeeded" | "Never";

/**
 * +kubegen:embed-protobuf=Rule,2
 */
export interface RuleWithOperations extends Rule {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  operations?: OperationType[];
}

/**
 * +enum
 */
export type OperationType = "*" | "CONNECT" | "CREATE" | "DELETE" | "UPDATE";

export interface WebhookClientConfig {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  url?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  service?: ServiceReference;

  /**
   * +optional
   * +protobuf=2
   */
  caBundle?: bytes;
}

export interface ServiceReference {
  /**
   * +protobuf=1
   */
  namespace: string;

  /**
   * +protobuf=2
   */
  name: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  path?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  port?: int32;
}

export interface MatchCondition {
  /**
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  expression: string;
}
