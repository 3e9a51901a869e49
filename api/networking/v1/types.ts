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
   * podSelector picks the pods of the namespace the policy applies to; an empty selector picks them
   * all.
   *
   * +optional
   * +protobuf=1
   */
  podSelector: LabelSelector;

  /**
   * ingress lists the traffic allowed into the selected pods; traffic is allowed when any rule
   * matches it. An empty list allows nothing in.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  ingress?: NetworkPolicyIngressRule[];

  /**
   * egress lists the traffic allowed out of the selected pods; traffic is allowed when any rule
   * matches it. An empty list allows nothing out.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  egress?: NetworkPolicyEgressRule[];

  /**
   * policyTypes says whether the policy governs Ingress, Egress or both; unset means Ingress, plus
   * Egress when egress rules are given.
   *
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
   * ports are the ports traffic may reach; empty or missing means every port.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ports?: NetworkPolicyPort[];

  /**
   * from are the sources traffic may come from; empty or missing means every source.
   *
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
   * ports are the destination ports traffic may go to; empty or missing means every port.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ports?: NetworkPolicyPort[];

  /**
   * to are the destinations traffic may go to; empty or missing means every destination.
   *
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
   * protocol is the port's protocol: TCP (the default), UDP or SCTP.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  protocol?: Protocol;

  /**
   * port is a port number or a named container port; unset means every port.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  port?: IntOrString;

  /**
   * endPort makes the rule cover the range from port to endPort inclusive; port must then be a
   * number no larger than endPort.
   *
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
   * cidr is the allowed IP range, such as 192.168.1.0/24 or 2001:db8::/64.
   *
   * +protobuf=1
   */
  cidr: string;

  /**
   * except are ranges inside cidr that are not allowed; each must lie within it.
   *
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
   * podSelector picks pods: in the policy's namespace, or in the namespaces namespaceSelector picks
   * when it is also set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  podSelector?: LabelSelector;

  /**
   * namespaceSelector picks namespaces whose pods (all of them, or those podSelector picks) are
   * peers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  namespaceSelector?: LabelSelector;

  /**
   * ipBlock is an IP range that is a peer; it cannot be set with the selectors.
   *
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
   * ingressClassName names the IngressClass whose controller implements this Ingress; unset means
   * the default class, if one is marked.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  ingressClassName?: string;

  /**
   * defaultBackend serves requests that match no rule; without it the controller decides what to do
   * with them.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  defaultBackend?: IngressBackend;

  /**
   * tls lists the TLS certificates and the hosts they serve; hosts on port 443 are multiplexed by
   * SNI.
   *
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  tls?: IngressTLS[];

  /**
   * rules route requests by host and path; requests that match none go to the default backend.
   *
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
   * hosts are the host names the certificate is served for; they must match the rules' hosts, and
   * default to the controller's wildcard host.
   *
   * +listType=atomic
   * +optional
   * +protobuf=1
   */
  hosts?: string[];

  /**
   * secretName names the Secret holding the certificate and key; it may be empty for controllers
   * that terminate TLS by SNI alone.
   *
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
   * loadBalancer is the address of the load balancer that serves the Ingress.
   *
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
   * ingress lists the load balancer's entry points.
   *
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
   * ip is an entry point's IP address.
   *
   * +optional
   * +protobuf=1
   */
  ip?: string;

  /**
   * hostname is an entry point's DNS name.
   *
   * +optional
   * +protobuf=2
   */
  hostname?: string;

  /**
   * ports report each of the entry point's ports.
   *
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
   * port is the port number of the entry point.
   *
   * +protobuf=1
   */
  port: int32;

  /**
   * protocol is the port's protocol: TCP, UDP or SCTP.
   *
   * +protobuf=2
   */
  protocol: Protocol;

  /**
   * error reports a problem with the port, in CamelCase or as a domain-prefixed name; empty means
   * none.
   *
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
   * host is the fully-qualified host name the rule matches; it may start with a "*." wildcard
   * label, and empty means every host.
   *
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
   * http routes HTTP requests by path.
   *
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
   * paths map request paths to backends.
   *
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
   * path is matched against the request's path, as pathType says; it must begin with "/".
   *
   * +optional
   * +protobuf=1
   */
  path?: string;

  /**
   * pathType says how path is matched: Exact, Prefix (by path elements) or ImplementationSpecific
   * (as the IngressClass decides).
   *
   * +kubegen:pointer
   * +protobuf=3
   */
  pathType: PathType;

  /**
   * backend receives the matching requests.
   *
   * +protobuf=2
   */
  backend: IngressBackend;
}

/**
 * IngressBackend is where matching traffic goes: a service port or another resource.
 */
export interface IngressBackend {
  /**
   * service is a Service that receives the traffic; exactly one of service and resource is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  service?: IngressServiceBackend;

  /**
   * resource is another object that receives the traffic, such as an object storage bucket; exactly
   * one of service and resource is set.
   *
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
   * name is the Service's name, in the Ingress's namespace.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * port is the Service's port, by name or number.
   *
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
   * name is the port's name; exactly one of name and number is set.
   *
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * number is the port's number; exactly one of name and number is set.
   *
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
   * controller names the controller that implements the class, as a domain-prefixed path such as
   * example.com/ingress-controller; it cannot change.
   *
   * +protobuf=1
   */
  controller?: string;

  /**
   * parameters refers to an object that holds further configuration for the controller.
   *
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
   * apiGroup is the referent's API group; empty means the core group.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1,name=aPIGroup
   */
  apiGroup?: string;

  /**
   * kind is the referent's kind.
   *
   * +protobuf=2
   */
  kind: string;

  /**
   * name is the referent's name.
   *
   * +protobuf=3
   */
  name: string;

  /**
   * scope is Cluster (the default) or Namespace, for a namespaced referent.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  scope: string;

  /**
   * namespace is the referent's namespace; set exactly when scope is Namespace.
   *
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
   * parentRef refers to the object the IP address is allocated to, such as a Service; it cannot
   * change.
   *
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
   * group is the referent's API group.
   *
   * +optional
   * +protobuf=1
   */
  group?: string;

  /**
   * resource is the referent's resource.
   *
   * +kubebuilder:validation:Required
   * +protobuf=2
   */
  resource?: string;

  /**
   * namespace is the referent's namespace.
   *
   * +optional
   * +protobuf=3
   */
  namespace?: string;

  /**
   * name is the referent's name.
   *
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
   * cidrs are at most two ranges, one per IP family, from which Service ClusterIPs are allocated;
   * they cannot change.
   *
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
   * conditions are the current states of the range, such as Ready.
   *
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
