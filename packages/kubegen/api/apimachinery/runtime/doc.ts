/**
 * Package runtime holds the version-independent envelope types used to carry embedded and
 * undecoded objects.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=k8s.io/apimachinery/pkg/runtime
 */
export {};
