/**
 * Package v1 holds the API types shared by every group and version: object and list metadata,
 * request options, status responses, discovery documents, tables and label selectors.
 *
 * +groupName=meta.k8s.io
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=k8s.io/apimachinery/pkg/apis/meta/v1
 */
export {};
