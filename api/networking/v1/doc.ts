/**
 * Package v1 is version v1 of the networking.k8s.io API group: NetworkPolicies, Ingresses,
 * IngressClasses, IPAddresses and ServiceCIDRs.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=networking.k8s.io
 * +kubegen:go-package=k8s.io/api/networking/v1
 */
export {};
