/**
 * Package v1 is version v1 of the widgets.example.com API group: the Widget of the controller
 * framework's tutorial (docs/controllers.md), an operator's resource that owns a ConfigMap.
 *
 * +groupName=widgets.example.com
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=example.com/widget/api/widgets/v1
 */
export {};
