/**
 * Package v1 is version v1 of the admission.k8s.io API group: the AdmissionReview that the
 * apiserver exchanges with admission webhooks. It is not served as a resource.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=false
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=admission.k8s.io
 * +kubegen:go-package=k8s.io/api/admission/v1
 */
export {};
