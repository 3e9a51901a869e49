/**
 * Package v1 is version v1 of the policy API group: PodDisruptionBudgets and the Eviction request.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=policy
 * +kubegen:go-package=k8s.io/api/policy/v1
 */
export {};
