/**
 * Package v1 is version v1 of the stable.example.com API group: the CronTab custom resource of
 * the Kubernetes documentation, as an example of a user's own API group.
 *
 * +groupName=stable.example.com
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=example.com/crontab/api/stable/v1
 */
export {};
