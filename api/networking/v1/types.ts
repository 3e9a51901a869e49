import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Protocol } from "../../core/v1/references.js";
import type { TypedLocalObjectReference } from "../../core/v1/types.js";
import type { Condition, LabelSelector, ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.7
 * +kubebuilder:resource:path=networkpolicies,singular=networkpolicy,shortName=netpol
 */
export interface NetworkPolicy extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: NetworkPolicySpec;
}

/**
 * +enum
 */
export type PolicyType = "Egress" | "Ingress";

export interface NetworkPolicySpec {
  /**
   * +optional
   * +protobuf=1
   */
  podSelector: LabelSelector;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  ingress?: NetworkPolicyIngressRule[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  egress?: NetworkPolicyEgressRule[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  policyTypes?: PolicyType[];
}

export interface NetworkPolicyIngressRule {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ports?: NetworkPolicyPort[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  from?: NetworkPolicyPeer[];
}

export interface NetworkPolicyEgressRule {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ports?: NetworkPolicyPort[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  to?: NetworkPolicyPeer[];
}

export interface NetworkPolicyPort {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  protocol?: Protocol;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  port?: IntOrString;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  endPort?: int32;
}

export interface IPBlock {
  /**
   * +protobuf=1
   */
  cidr: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  except?: string[];
}

export interface NetworkPolicyPeer {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  podSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  namespaceSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  ipBlock?: IPBlock;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface NetworkPolicyList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: NetworkPolicy[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=ingresses,singular=ingress,shortName=ing
 */
export interface Ingress extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: IngressSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: IngressStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface IngressList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: Ingress[];
}

export interface IngressSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  ingressClassName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  defaultBackend?: IngressBackend;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  tls?: IngressTLS[];

  /**
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  rules?: IngressRule[];
}

export interface IngressTLS {
  /**
   * +listType=atomic
   * +optional
   * +protobuf=1
   */
  hosts?: string[];

  /**
   * +optional
   * +protobuf=2
   */
  secretName?: string;
}

export interface IngressStatus {
  /**
   * +optional
   * +protobuf=1
   */
  loadBalancer?: IngressLoadBalancerStatus;
}

export interface IngressLoadBalancerStatus {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ingress?: IngressLoadBalancerIngress[];
}

export interface IngressLoadBalancerIngress {
  /**
   * +optional
   * +protobuf=1
   */
  ip?: string;

  /**
   * +optional
   * +protobuf=2
   */
  hostname?: string;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  ports?: IngressPortStatus[];
}

export interface IngressPortStatus {
  /**
   * +protobuf=1
   */
  port: int32;

  /**
   * +protobuf=2
   */
  protocol: Protocol;

  /**
   * +optional
   * +kubebuilder:validation:Pattern=`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`
   * +kubebuilder:validation:MaxLength=316
   * +kubegen:pointer
   * +protobuf=3
   */
  error?: string;
}

/**
 * +kubegen:embed-protobuf=IngressRuleValue,2
 */
export interface IngressRule extends IngressRuleValue {
  /**
   * +optional
   * +protobuf=1
   */
  host?: string;
}

export interface IngressRuleValue {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  http?: HTTPIngressRuleValue;
}

export interface HTTPIngressRuleValue {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  paths: HTTPIngressPath[];
}

export type PathType = string;

export interface HTTPIngressPath {
  /**
   * +optional
   * +protobuf=1
   */
  path?: string;

  /**
   * +kubegen:pointer
   * +protobuf=3
   */
  pathType: PathType;

  /**
   * +protobuf=2
   */
  backend: IngressBackend;
}

export interface IngressBackend {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  service?: IngressServiceBackend;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  resource?: TypedLocalObjectReference;
}

export interface IngressServiceBackend {
  /**
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  port?: ServiceBackendPort;
}

/**
 * +structType=atomic
 */
export interface ServiceBackendPort {
  /**
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * +optional
   * +protobuf=2
   */
  number?: int32;
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=ingressclasses,singular=ingressclass
 */
export interface IngressClass extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: IngressClassSpec;
}

export interface IngressClassSpec {
  /**
   * +protobuf=1
   */
  controller?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  parameters?: IngressClassParametersReference;
}

export interface IngressClassParametersReference {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1,name=aPIGroup
   */
  apiGroup?: string;

  /**
   * +protobuf=2
   */
  kind: string;

  /**
   * +protobuf=3
   */
  name: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  scope: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  namespace?: string;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface IngressClassList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: IngressClass[];
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 * +kubebuilder:resource:path=ipaddresses,singular=ipaddress
 */
export interface IPAddress extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: IPAddressSpec;
}

export interface IPAddressSpec {
  /**
   * +kubegen:pointer
   * +protobuf=1
   */
  parentRef?: ParentReference;
}

export interface ParentReference {
  /**
   * +optional
   * +protobuf=1
   */
  group?: string;

  /**
   * +protobuf=2
   */
  resource?: string;

  /**
   * +optional
   * +protobuf=3
   */
  namespace?: string;

  /**
   * +protobuf=4
   */
  name?: string;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 */
export interface IPAddressList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: IPAddress[];
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 * +kubebuilder:resource:path=servicecidrs,singular=servicecidr
 */
export interface ServiceCIDR extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: ServiceCIDRSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ServiceCIDRStatus;
}

export interface ServiceCIDRSpec {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  cidrs?: string[];
}

export interface ServiceCIDRStatus {
  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=1
   */
  conditions?: Condition[];
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 */
export interface ServiceCIDRList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ServiceCIDR[];
}
