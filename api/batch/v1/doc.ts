/**
 * Package v1 is version v1 of the batch API group: Jobs and CronJobs.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=batch
 * +kubegen:go-package=k8s.io/api/batch/v1
 */
export {};
