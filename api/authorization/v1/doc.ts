/**
 * Package v1 is version v1 of the authorization.k8s.io API group: access reviews that ask the
 * authorizer whether an action is allowed.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=authorization.k8s.io
 * +kubegen:go-package=k8s.io/api/authorization/v1
 */
export {};
