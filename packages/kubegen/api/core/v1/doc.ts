/**
 * Package v1 is version v1 of the core ("legacy", unnamed) API group: namespaces, services,
 * endpoints, config maps, secrets, service accounts, events and the types they share.
 *
 * +groupName=
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +kubegen:go-package=k8s.io/api/core/v1
 */
export {};
