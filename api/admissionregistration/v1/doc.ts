/**
 * Package v1 is version v1 of the admissionregistration.k8s.io API group: webhook configurations
 * and validating admission policies with their bindings.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=admissionregistration.k8s.io
 * +kubegen:go-package=k8s.io/api/admissionregistration/v1
 */
export {};
