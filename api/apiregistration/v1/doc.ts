/**
 * Package v1 is version v1 of the apiregistration.k8s.io API group: APIServices, which register
 * aggregated API servers (kube-aggregator's API).
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +groupName=apiregistration.k8s.io
 * +kubegen:go-package=k8s.io/kube-aggregator/pkg/apis/apiregistration/v1
 */
export {};
