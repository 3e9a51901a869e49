/**
 * Package intstr holds IntOrString, a value that is written either as an integer or as a string.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=k8s.io/apimachinery/pkg/util/intstr
 */
export {};
