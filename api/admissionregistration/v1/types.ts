import type { Condition, LabelSelector, ListMeta, ObjectMeta, StatusReason, TypeMeta } from "../../meta/v1/types.js";
import type { bytes, int32, int64 } from "../../scalars.js";

/**
 * Rule selects requests by API group, version, resource and scope.
 */
export interface Rule {
  /**
   * apiGroups are the API groups the rule matches, "" for the core group and "*" for all; with "*"
   * it must be the only entry.
   *
   * +listType=atomic
   * +protobuf=1
   */
  apiGroups?: string[];

  /**
   * apiVersions are the API versions the rule matches; "*" matches all and must then be the only
   * entry.
   *
   * +listType=atomic
   * +protobuf=2
   */
  apiVersions?: string[];

  /**
   * resources are the resources the rule matches: "pods", "pods/log" for a subresource, "*" for
   * every resource, "*" followed by "/scale" for that subresource of every resource, "pods/*" for
   * every subresource of pods.
   *
   * +listType=atomic
   * +protobuf=3
   */
  resources?: string[];

  /**
   * scope limits the rule to Cluster-scoped or Namespaced resources, or "*" for both (the default).
   *
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
   * observedGeneration is the policy's generation that this status was computed from.
   *
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * typeChecking holds the results of type-checking the policy's expressions against the matched
   * types.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  typeChecking?: TypeChecking;

  /**
   * conditions are the current states of the policy.
   *
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
   * expressionWarnings are the problems type checking found in each expression.
   *
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
   * fieldRef is the path of the expression's field, such as spec.validations[0].expression.
   *
   * +protobuf=2
   */
  fieldRef: string;

  /**
   * warning is what type checking found, with the types it checked against.
   *
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
   * paramKind is the kind of the object bindings pass as params; unset means the policy takes none
   * and `params` is null in its expressions.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  paramKind?: ParamKind;

  /**
   * matchConstraints say which requests the policy may apply to; required, and a binding can only
   * narrow them.
   *
   * +kubegen:pointer
   * +protobuf=2
   */
  matchConstraints?: MatchResources;

  /**
   * validations are the CEL expressions a request must pass; at least one of validations and
   * auditAnnotations is required.
   *
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  validations?: Validation[];

  /**
   * failurePolicy says what happens when an expression cannot be evaluated, the params are missing
   * or the policy is misconfigured: Fail (the default, refuse the request) or Ignore.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  failurePolicy?: FailurePolicyType;

  /**
   * auditAnnotations are CEL expressions whose values become annotations of the request's audit
   * event.
   *
   * +listType=atomic
   * +optional
   * +protobuf=5
   */
  auditAnnotations?: AuditAnnotation[];

  /**
   * matchConditions are CEL expressions that must all be true for the policy to apply to a request;
   * at most 64.
   *
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=6
   */
  matchConditions?: MatchCondition[];

  /**
   * variables are named CEL expressions that the other expressions reach as `variables.<name>`,
   * each evaluated lazily and at most once per request.
   *
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
   * apiVersion is the group/version of the param kind, such as app.example.com/v1; it cannot be set
   * for a version-less group.
   *
   * +protobuf=1
   */
  apiVersion?: string;

  /**
   * kind is the kind of the params, such as ConfigMap.
   *
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
   * expression is a CEL expression that must be true for the request to pass; it sees object,
   * oldObject, request, params, namespaceObject, variables and authorizer.
   *
   * +protobuf=1,name=Expression
   */
  expression: string;

  /**
   * message is returned when the expression is false; it may not contain line breaks. Unset means a
   * message naming the failed expression.
   *
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * reason is the Status reason returned when the expression is false: Unauthorized, Forbidden,
   * Invalid (the default) or RequestEntityTooLarge.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  reason?: StatusReason;

  /**
   * messageExpression is a CEL expression whose string value becomes the message when the
   * expression is false; it wins over message when it evaluates to a non-empty single line.
   *
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
   * name is the variable's name, a CEL identifier unique in the policy.
   *
   * +protobuf=1,name=Name
   */
  name: string;

  /**
   * expression is the CEL expression whose value the variable holds.
   *
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
   * key is the annotation's key, joined with the policy's name as `<policy name>/<key>`; at most 63
   * bytes, unique in the policy.
   *
   * +protobuf=1
   */
  key: string;

  /**
   * valueExpression is a CEL expression giving the annotation's value, a string of at most 10 kB; a
   * null value leaves the annotation out.
   *
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
   * policyName names the ValidatingAdmissionPolicy the binding applies; a missing policy makes the
   * binding do nothing.
   *
   * +protobuf=1
   */
  policyName?: string;

  /**
   * paramRef says which object (or objects) the policy gets as params; required when the policy has
   * a paramKind.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  paramRef?: ParamRef;

  /**
   * matchResources narrow the requests the binding applies to, within the policy's own
   * matchConstraints; unset means all of those.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  matchResources?: MatchResources;

  /**
   * validationActions say what a failed validation does: Deny refuses the request, Warn returns a
   * warning, Audit records it in the audit event; Deny and Warn cannot be used together.
   *
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
   * name is the name of the params object; it cannot be set together with selector.
   *
   * +protobuf=1
   */
  name?: string;

  /**
   * namespace is where the params are looked up; unset means the request's namespace for namespaced
   * kinds, and it must be unset for cluster-scoped param kinds.
   *
   * +optional
   * +protobuf=2
   */
  namespace?: string;

  /**
   * selector picks params objects by label; the policy is evaluated once per match, and an empty
   * selector matches every object of the kind.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  selector?: LabelSelector;

  /**
   * parameterNotFoundAction says what happens when no params are found: Allow the request, or Deny
   * it (as a failure the failurePolicy governs); required.
   *
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
   * namespaceSelector picks requests on objects in namespaces whose labels match (and
   * cluster-scoped objects other than namespaces, which it matches always); empty matches all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  namespaceSelector?: LabelSelector;

  /**
   * objectSelector picks requests whose object, old or new, has matching labels; empty matches all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  objectSelector?: LabelSelector;

  /**
   * resourceRules are the operations and resources matched; a request matches when any rule does.
   *
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  resourceRules?: NamedRuleWithOperations[];

  /**
   * excludeResourceRules are operations and resources never matched, even when a resourceRule
   * matches.
   *
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  excludeResourceRules?: NamedRuleWithOperations[];

  /**
   * matchPolicy says whether a request through another version of a matched resource matches too:
   * Equivalent (the default, converting it) or Exact.
   *
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
   * resourceNames limit the rule to objects of these names; empty means every object.
   *
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
   * webhooks are the validating webhooks the configuration registers, each called for the requests
   * it matches.
   *
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
   * webhooks are the mutating webhooks the configuration registers, each called for the requests it
   * matches.
   *
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
   * name identifies the webhook, as a fully-qualified name such as imagepolicy.kubernetes.io;
   * unique in the configuration.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * clientConfig says how to reach the webhook: a URL or a Service, and the CA to trust.
   *
   * +protobuf=2
   */
  clientConfig: WebhookClientConfig;

  /**
   * rules are the operations and resources the webhook is called for.
   *
   * +listType=atomic
   * +protobuf=3
   */
  rules?: RuleWithOperations[];

  /**
   * failurePolicy says what happens when the webhook cannot be called or answers badly: Fail (the
   * default, refuse the request) or Ignore.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  failurePolicy?: FailurePolicyType;

  /**
   * matchPolicy says whether a request through another version of a matched resource calls the
   * webhook too: Equivalent (the default, converting it) or Exact.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  matchPolicy?: MatchPolicyType;

  /**
   * namespaceSelector calls the webhook only for objects in namespaces whose labels match (and for
   * cluster-scoped objects other than namespaces); empty matches all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  namespaceSelector?: LabelSelector;

  /**
   * objectSelector calls the webhook only when the object, old or new, has matching labels; empty
   * matches all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  objectSelector?: LabelSelector;

  /**
   * sideEffects says whether calling the webhook changes anything outside the request: None or
   * NoneOnDryRun; dry-run requests only call webhooks that say so.
   *
   * +kubegen:pointer
   * +protobuf=6
   */
  sideEffects: SideEffectClass;

  /**
   * timeoutSeconds is how long to wait for the webhook, 1 to 30 seconds; defaults to 10, and a
   * timeout is a failure the failurePolicy governs.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  timeoutSeconds?: int32;

  /**
   * admissionReviewVersions are the AdmissionReview versions the webhook accepts, in order of
   * preference; the apiserver sends the first it supports.
   *
   * +listType=atomic
   * +protobuf=8
   */
  admissionReviewVersions: string[];

  /**
   * matchConditions are CEL expressions that must all be true for the webhook to be called; at most
   * 64.
   *
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
   * name identifies the webhook, as a fully-qualified name such as imagepolicy.kubernetes.io;
   * unique in the configuration.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * clientConfig says how to reach the webhook: a URL or a Service, and the CA to trust.
   *
   * +protobuf=2
   */
  clientConfig: WebhookClientConfig;

  /**
   * rules are the operations and resources the webhook is called for.
   *
   * +listType=atomic
   * +protobuf=3
   */
  rules?: RuleWithOperations[];

  /**
   * failurePolicy says what happens when the webhook cannot be called or answers badly: Fail (the
   * default, refuse the request) or Ignore.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  failurePolicy?: FailurePolicyType;

  /**
   * matchPolicy says whether a request through another version of a matched resource calls the
   * webhook too: Equivalent (the default, converting it) or Exact.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  matchPolicy?: MatchPolicyType;

  /**
   * namespaceSelector calls the webhook only for objects in namespaces whose labels match (and for
   * cluster-scoped objects other than namespaces); empty matches all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  namespaceSelector?: LabelSelector;

  /**
   * objectSelector calls the webhook only when the object, old or new, has matching labels; empty
   * matches all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  objectSelector?: LabelSelector;

  /**
   * sideEffects says whether calling the webhook changes anything outside the request: None or
   * NoneOnDryRun; dry-run requests only call webhooks that say so.
   *
   * +kubegen:pointer
   * +protobuf=6
   */
  sideEffects: SideEffectClass;

  /**
   * timeoutSeconds is how long to wait for the webhook, 1 to 30 seconds; defaults to 10, and a
   * timeout is a failure the failurePolicy governs.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  timeoutSeconds?: int32;

  /**
   * admissionReviewVersions are the AdmissionReview versions the webhook accepts, in order of
   * preference; the apiserver sends the first it supports.
   *
   * +listType=atomic
   * +protobuf=8
   */
  admissionReviewVersions: string[];

  /**
   * reinvocationPolicy says whether the webhook is called again when a later mutation changed the
   * object: Never (the default) or IfNeeded.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  reinvocationPolicy?: ReinvocationPolicyType;

  /**
   * matchConditions are CEL expressions that must all be true for the webhook to be called; at most
   * 64.
   *
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
   * operations are the operations matched: CREATE, UPDATE, DELETE, CONNECT, or "*" for all (then
   * the only entry).
   *
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
   * url is where the webhook is reached, as https://host[:port]/path with no user, query or
   * fragment; exactly one of url and service is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  url?: string;

  /**
   * service is the Service the webhook is reached through, on HTTPS; exactly one of url and service
   * is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  service?: ServiceReference;

  /**
   * caBundle is the PEM CA bundle that the webhook's serving certificate is checked against; unset
   * means the apiserver's system roots.
   *
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
   * namespace is the Service's namespace.
   *
   * +protobuf=1
   */
  namespace: string;

  /**
   * name is the Service's name.
   *
   * +protobuf=2
   */
  name: string;

  /**
   * path is the URL path requests are sent to.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  path?: string;

  /**
   * port is the Service port the webhook is reached on, 1 to 65,535; defaults to 443.
   *
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
   * name identifies the condition in error messages and metrics; a qualified name unique in the
   * list.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * expression is a CEL expression over object, oldObject, request and authorizer that must be true
   * for the webhook or policy to apply.
   *
   * +protobuf=2
   */
  expression: string;
}
