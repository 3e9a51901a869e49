/**
 * Package v1 is version v1 of the autoscaling API group: CPU-based HorizontalPodAutoscalers and
 * the Scale subresource.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=autoscaling
 * +kubegen:go-package=k8s.io/api/autoscaling/v1
 */
export {};
