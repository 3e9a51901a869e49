/**
 * Package v1 is version v1 of the scheduling.k8s.io API group: PriorityClasses.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=scheduling.k8s.io
 * +kubegen:go-package=k8s.io/api/scheduling/v1
 */
export {};
