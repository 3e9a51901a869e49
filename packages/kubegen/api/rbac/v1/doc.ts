/**
 * Package v1 is version v1 of the rbac.authorization.k8s.io API group, which grants permissions
 * through roles and the bindings that attach them to users, groups and service accounts.
 *
 * +groupName=rbac.authorization.k8s.io
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +kubegen:go-package=k8s.io/api/rbac/v1
 */
export {};
