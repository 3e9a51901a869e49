/**
 * Package resource holds Quantity, the fixed-point decimal used for resource amounts.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=k8s.io/apimachinery/pkg/api/resource
 */
export {};
