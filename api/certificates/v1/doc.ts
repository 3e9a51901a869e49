/**
 * Package v1 is version v1 of the certificates.k8s.io API group: certificate signing requests.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=certificates.k8s.io
 * +kubegen:go-package=k8s.io/api/certificates/v1
 */
export {};
