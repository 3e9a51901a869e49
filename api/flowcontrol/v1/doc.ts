/**
 * Package v1 is version v1 of the flowcontrol.apiserver.k8s.io API group: FlowSchemas and priority
 * levels of API priority and fairness.
 *
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +k8s:prerelease-lifecycle-gen=true
 * +groupName=flowcontrol.apiserver.k8s.io
 * +kubegen:go-package=k8s.io/api/flowcontrol/v1
 */
export {};
