import type { Condition, LabelSelector, ListMeta, ObjectMeta, StatusReason, TypeMeta } from "../../meta/v1/types.js";
import type { bytes, int32, int64 } from "../../scalars.js";

/**
 * Rule selects requests by API group, version, resource and scope.
 */
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
 * ScopeType restricts a rule to cluster-scoped resources, namespaced ones, or both ("*").
 *
 * +enum
 */
export type ScopeType = "*" | "Cluster" | "Namespaced";

/**
 * FailurePolicyType says what happens to a request when its webhook or policy cannot be evaluated:
 * Ignore or Fail.
 *
 * +enum
 */
export type FailurePolicyType = "Fail" | "Ignore";

/**
 * ParameterNotFoundActionType says whether a binding whose parameter resource is missing allows
 * (Allow) or denies (Deny) requests.
 */
export type ParameterNotFoundActionType = string;

/**
 * MatchPolicyType chooses whether rules match only the listed versions (Exact) or also equivalent
 * ones (Equivalent).
 *
 * +enum
 */
export type MatchPolicyType = "Equivalent" | "Exact";

/**
 * SideEffectClass declares whether calling a webhook has effects outside the request, which decides
 * whether dry-run requests may call it.
 *
 * +enum
 */
export type SideEffectClass = "None" | "NoneOnDryRun" | "Some" | "Unknown";

/**
 * ValidatingAdmissionPolicy holds CEL validations that the apiserver evaluates in-process, without
 * calling a webhook.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 * +kubebuilder:resource:path=validatingadmissionpolicies,singular=validatingadmissionpolicy,categories=api-extensions
 */
export interface ValidatingAdmissionPolicy extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ValidatingAdmissionPolicy.
   *
   * +protobuf=2
   */
  spec?: ValidatingAdmissionPolicySpec;

  /**
   * status is the most recently observed state of the ValidatingAdmissionPolicy; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: ValidatingAdmissionPolicyStatus;
}

/**
 * ValidatingAdmissionPolicyStatus reports the generation checked, the type-checking results and
 * conditions of a policy.
 */
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

/**
 * ValidatingAdmissionPolicyConditionType names a condition of a ValidatingAdmissionPolicy.
 */
export type ValidatingAdmissionPolicyConditionType = string;

/**
 * TypeChecking holds the warnings found when the policy's expressions were type-checked.
 */
export interface TypeChecking {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  expressionWarnings?: ExpressionWarning[];
}

/**
 * ExpressionWarning is one type-checking warning, with the path of the expression it concerns.
 */
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
 * ValidatingAdmissionPolicyList is a list of ValidatingAdmissionPolicies.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 */
export interface ValidatingAdmissionPolicyList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ValidatingAdmissionPolicies.
   *
   * +protobuf=2
   */
  items: ValidatingAdmissionPolicy[];
}

/**
 * ValidatingAdmissionPolicySpec says what a policy matches, which parameters it takes and which
 * validations it runs.
 */
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
 * ParamKind names the group-version and kind of the resources used as a policy's parameters.
 *
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

/**
 * Validation is one CEL expression that must evaluate to true, with the message and reason used
 * when it does not.
 */
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
 * Variable names a CEL expression whose value later expressions of the policy can reuse.
 *
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

/**
 * AuditAnnotation is a CEL expression whose string result is added to the audit event under the
 * given key.
 */
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
 * ValidatingAdmissionPolicyBinding puts a ValidatingAdmissionPolicy into effect for selected
 * resources, with parameters.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 * +kubebuilder:resource:path=validatingadmissionpolicybindings,singular=validatingadmissionpolicybinding,categories=api-extensions
 */
export interface ValidatingAdmissionPolicyBinding extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ValidatingAdmissionPolicyBinding.
   *
   * +protobuf=2
   */
  spec?: ValidatingAdmissionPolicyBindingSpec;
}

/**
 * ValidatingAdmissionPolicyBindingList is a list of ValidatingAdmissionPolicyBindings.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.30
 */
export interface ValidatingAdmissionPolicyBindingList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ValidatingAdmissionPolicyBindings.
   *
   * +protobuf=2
   */
  items: ValidatingAdmissionPolicyBinding[];
}

/**
 * ValidatingAdmissionPolicyBindingSpec names the policy, its parameters, the resources it applies
 * to and the actions taken on failure.
 */
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
 * ParamRef selects the parameter resources of a binding, by name or by label selector, and says
 * what to do when none exists.
 *
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
 * MatchResources selects requests by namespace, object labels and resource rules, with exclusions.
 *
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
 * ValidationAction is how a failed validation is enforced: Deny, Warn or Audit.
 *
 * +enum
 */
export type ValidationAction = "Audit" | "Deny" | "Warn";

/**
 * NamedRuleWithOperations is a resource rule with operations, optionally limited to objects with
 * given names.
 *
 * +structType=atomic
 * +kubegen:protobuf-embed=RuleWithOperations,2
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
 * ValidatingWebhookConfiguration lists webhooks that may reject requests but cannot change them.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 * +kubebuilder:resource:path=validatingwebhookconfigurations,singular=validatingwebhookconfiguration,categories=api-extensions
 */
export interface ValidatingWebhookConfiguration extends TypeMeta {
  /**
   * Standard object metadata.
   *
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
 * ValidatingWebhookConfigurationList is a list of ValidatingWebhookConfigurations.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 */
export interface ValidatingWebhookConfigurationList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ValidatingWebhookConfigurations.
   *
   * +protobuf=2
   */
  items: ValidatingWebhookConfiguration[];
}

/**
 * MutatingWebhookConfiguration lists webhooks that may change objects, or reject requests, before
 * they are stored.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 * +kubebuilder:resource:path=mutatingwebhookconfigurations,singular=mutatingwebhookconfiguration,categories=api-extensions
 */
export interface MutatingWebhookConfiguration extends TypeMeta {
  /**
   * Standard object metadata.
   *
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
 * MutatingWebhookConfigurationList is a list of MutatingWebhookConfigurations.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 */
export interface MutatingWebhookConfigurationList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the MutatingWebhookConfigurations.
   *
   * +protobuf=2
   */
  items: MutatingWebhookConfiguration[];
}

/**
 * ValidatingWebhook describes one validating webhook: how to reach it and which requests it is
 * sent.
 */
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

/**
 * MutatingWebhook describes one mutating webhook: how to reach it, which requests it is sent and
 * whether it is called again after later changes.
 */
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
 * ReinvocationPolicyType says whether a mutating webhook is called again when later admission
 * plugins change the object: Never or IfNeeded.
 *
 * +enum
 */
export type ReinvocationPolicyType = "IfNeeded" | "Never";

/**
 * RuleWithOperations is a resource rule together with the operations it matches.
 *
 * +kubegen:protobuf-embed=Rule,2
 */
export interface RuleWithOperations extends Rule {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  operations?: OperationType[];
}

/**
 * OperationType is an operation an admission rule may match (CREATE, UPDATE, DELETE, CONNECT or
 * "*").
 *
 * +enum
 */
export type OperationType = "*" | "CONNECT" | "CREATE" | "DELETE" | "UPDATE";

/**
 * WebhookClientConfig says how to reach a webhook, by URL or through a Service, and which CA bundle
 * verifies its certificate.
 */
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

/**
 * ServiceReference points to the in-cluster Service that serves a webhook, with an optional path
 * and port.
 */
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

/**
 * MatchCondition is a named CEL expression that must be true for a request to be sent to the
 * webhook or policy.
 */
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
