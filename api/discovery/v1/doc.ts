/**
 * Package v1 is version v1 of the discovery.k8s.io API group: EndpointSlices.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=discovery.k8s.io
 * +kubegen:go-package=k8s.io/api/discovery/v1
 */
export {};
