/**
 * Package v1 is version v1 of the node.k8s.io API group: RuntimeClasses.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=node.k8s.io
 * +kubegen:go-package=k8s.io/api/node/v1
 */
export {};
