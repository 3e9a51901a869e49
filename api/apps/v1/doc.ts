/**
 * Package v1 is version v1 of the apps API group: Deployments, ReplicaSets, StatefulSets,
 * DaemonSets and ControllerRevisions.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=apps
 * +kubegen:go-package=k8s.io/api/apps/v1
 */
export {};
