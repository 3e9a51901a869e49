/**
 * Package v1 is version v1 of the coordination API group, which holds leases used for leader
 * election and node heartbeats.
 *
 * +groupName=coordination.k8s.io
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +kubegen:go-package=k8s.io/api/coordination/v1
 */
export {};
