/**
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=autoscaling
 * +kubegen:go-package=k8s.io/api/autoscaling/v1
 */
export {};
