/**
 * Package v1 is version v1 of the authentication.k8s.io API group: token reviews, token requests
 * and self-subject reviews.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +groupName=authentication.k8s.io
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +kubegen:go-package=k8s.io/api/authentication/v1
 */
export {};
