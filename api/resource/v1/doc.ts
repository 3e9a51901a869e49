/**
 * Package v1 is version v1 of the resource.k8s.io API group: dynamic resource allocation with
 * device classes, resource claims, claim templates and resource slices.
 *
 * +k8s:openapi-gen=true
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=resource.k8s.io
 * +kubegen:go-package=k8s.io/api/resource/v1
 */
export {};
