/**
 * Package v1 is version v1 of the storage.k8s.io API group: StorageClasses, CSI drivers and nodes,
 * storage capacity, volume attachments and volume attributes classes.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +groupName=storage.k8s.io
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +kubegen:go-package=k8s.io/api/storage/v1
 */
export {};
