/**
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=false
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=admission.k8s.io
 * +kubegen:go-package=k8s.io/api/admission/v1
 */
export {};
