/**
 * Package v2 is version v2 of the autoscaling API group: HorizontalPodAutoscalers driven by
 * several metrics, with scaling behaviour.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=autoscaling
 * +kubegen:go-package=k8s.io/api/autoscaling/v2
 */
export {};
