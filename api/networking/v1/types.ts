import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Protocol } from "../../core/v1/references.js";
import type { TypedLocalObjectReference } from "../../core/v1/types.js";
import type { Condition, LabelSelector, ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * NetworkPolicy says which traffic may reach, or leave, the pods it selects.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.7
 * +kubebuilder:resource:path=networkpolicies,singular=networkpolicy,shortName=netpol
 */
export interface NetworkPolicy extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the NetworkPolicy.
   *
   * +optional
   * +protobuf=2
   */
  spec?: NetworkPolicySpec;
}

/**
 * PolicyType names a direction a NetworkPolicy governs: Ingress or Egress.
 *
 * +enum
 */
export type PolicyType = "Egress" | "Ingress";

/**
 * NetworkPolicySpec selects pods and lists the ingress and egress traffic allowed for them.
 */
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

/**
 * NetworkPolicyIngressRule allows traffic to the selected pods from the given peers on the given
 * ports.
 */
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

/**
 * NetworkPolicyEgressRule allows traffic from the selected pods to the given peers on the given
 * ports.
 */
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

/**
 * NetworkPolicyPort is a port, or range of ports, and its protocol.
 */
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

/**
 * IPBlock is a CIDR range, minus excepted sub-ranges, that a policy peer allows.
 */
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

/**
 * NetworkPolicyPeer is a source or destination of traffic: pods, namespaces or an IP block.
 */
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
 * NetworkPolicyList is a list of NetworkPolicies.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface NetworkPolicyList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the NetworkPolicies.
   *
   * +protobuf=2
   */
  items: NetworkPolicy[];
}

/**
 * Ingress routes external HTTP(S) traffic to services by host and path.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=ingresses,singular=ingress,shortName=ing
 */
export interface Ingress extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the Ingress.
   *
   * +optional
   * +protobuf=2
   */
  spec?: IngressSpec;

  /**
   * status is the most recently observed state of the Ingress; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: IngressStatus;
}

/**
 * IngressList is a list of Ingresses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface IngressList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the Ingresses.
   *
   * +protobuf=2
   */
  items: Ingress[];
}

/**
 * IngressSpec holds an Ingress's class, default backend, TLS settings and routing rules.
 */
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

/**
 * IngressTLS names the hosts served over TLS and the secret holding their certificate.
 */
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

/**
 * IngressStatus reports the load balancer an Ingress was given.
 */
export interface IngressStatus {
  /**
   * +optional
   * +protobuf=1
   */
  loadBalancer?: IngressLoadBalancerStatus;
}

/**
 * IngressLoadBalancerStatus lists the load balancer's ingress points.
 */
export interface IngressLoadBalancerStatus {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ingress?: IngressLoadBalancerIngress[];
}

/**
 * IngressLoadBalancerIngress is one ingress point of a load balancer: an IP or hostname and its
 * ports.
 */
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

/**
 * IngressPortStatus reports the state of one port of a load balancer ingress point.
 */
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
 * IngressRule maps requests for a host (or every host) to backends.
 *
 * +kubegen:protobuf-embed=IngressRuleValue,2
 */
export interface IngressRule extends IngressRuleValue {
  /**
   * +optional
   * +protobuf=1
   */
  host?: string;
}

/**
 * IngressRuleValue holds the protocol-specific routing of an IngressRule; only HTTP is defined.
 */
export interface IngressRuleValue {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  http?: HTTPIngressRuleValue;
}

/**
 * HTTPIngressRuleValue lists the paths of a host and their backends.
 */
export interface HTTPIngressRuleValue {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  paths: HTTPIngressPath[];
}

/**
 * PathType says how an Ingress path is matched: Exact, Prefix or ImplementationSpecific.
 */
export type PathType = string;

/**
 * HTTPIngressPath maps a path to a backend.
 */
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

/**
 * IngressBackend is where matching traffic goes: a service port or another resource.
 */
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

/**
 * IngressServiceBackend names a service and port as an Ingress backend.
 */
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
 * ServiceBackendPort is a service port given by name or number.
 *
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
 * IngressClass names an ingress controller and its parameters; Ingresses choose one by name.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=ingressclasses,singular=ingressclass
 */
export interface IngressClass extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the IngressClass.
   *
   * +optional
   * +protobuf=2
   */
  spec?: IngressClassSpec;
}

/**
 * IngressClassSpec holds the controller name and parameters of an IngressClass.
 */
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

/**
 * IngressClassParametersReference points to the resource holding an ingress controller's settings.
 */
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
 * IngressClassList is a list of IngressClasses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface IngressClassList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the IngressClasses.
   *
   * +protobuf=2
   */
  items: IngressClass[];
}

/**
 * IPAddress records that one IP address is allocated, and to which object; its name is the address.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 * +kubebuilder:resource:path=ipaddresses,singular=ipaddress
 */
export interface IPAddress extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the IPAddress.
   *
   * +optional
   * +protobuf=2
   */
  spec?: IPAddressSpec;
}

/**
 * IPAddressSpec names the object an IP address is allocated to.
 */
export interface IPAddressSpec {
  /**
   * +kubebuilder:validation:Required
   * +kubegen:pointer
   * +protobuf=1
   */
  parentRef?: ParentReference;
}

/**
 * ParentReference identifies the object that holds an IP address.
 */
export interface ParentReference {
  /**
   * +optional
   * +protobuf=1
   */
  group?: string;

  /**
   * +kubebuilder:validation:Required
   * +protobuf=2
   */
  resource?: string;

  /**
   * +optional
   * +protobuf=3
   */
  namespace?: string;

  /**
   * +kubebuilder:validation:Required
   * +protobuf=4
   */
  name?: string;
}

/**
 * IPAddressList is a list of IPAddresses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 */
export interface IPAddressList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the IPAddresses.
   *
   * +protobuf=2
   */
  items: IPAddress[];
}

/**
 * ServiceCIDR is a range of addresses from which service ClusterIPs are allocated.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 * +kubebuilder:resource:path=servicecidrs,singular=servicecidr
 */
export interface ServiceCIDR extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ServiceCIDR.
   *
   * +optional
   * +protobuf=2
   */
  spec?: ServiceCIDRSpec;

  /**
   * status is the most recently observed state of the ServiceCIDR; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: ServiceCIDRStatus;
}

/**
 * ServiceCIDRSpec holds the CIDRs (at most one per IP family) of a ServiceCIDR.
 */
export interface ServiceCIDRSpec {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  cidrs?: string[];
}

/**
 * ServiceCIDRStatus holds the conditions of a ServiceCIDR.
 */
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
 * ServiceCIDRList is a list of ServiceCIDRs.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.33
 */
export interface ServiceCIDRList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ServiceCIDRs.
   *
   * +protobuf=2
   */
  items: ServiceCIDR[];
}
