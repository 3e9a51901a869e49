/**
 * Package v1 is version v1 of the events.k8s.io API group: Events with series and reporting
 * controllers.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=events.k8s.io
 * +kubegen:go-package=k8s.io/api/events/v1
 */
export {};
