/**
 * Package v1 is version v1 of the apiextensions.k8s.io API group, which lets users add their own
 * resource types to the API server through CustomResourceDefinitions.
 *
 * +groupName=apiextensions.k8s.io
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +kubegen:go-package=k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1
 */
export {};
