import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Condition, ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";
import type { Protocol } from "./references.js";

/**
 * ServiceAffinity selects how a service keeps a client's connections on the same endpoint.
 *
 * +enum
 */
export type ServiceAffinity = "ClientIP" | "None";

/**
 * ServiceType selects how a service is exposed inside and outside the cluster.
 *
 * +enum
 */
export type ServiceType = "ClusterIP" | "ExternalName" | "LoadBalancer" | "NodePort";

/**
 * ServiceInternalTrafficPolicy selects which endpoints receive traffic a node gets on the
 * service's cluster IP: all of them, or only those on the same node.
 *
 * +enum
 */
export type ServiceInternalTrafficPolicy = "Cluster" | "Local";

/**
 * ServiceExternalTrafficPolicy selects which endpoints receive traffic a node gets on the
 * service's externally reachable addresses (node ports, external IPs, load-balancer IPs):
 * all of them, or only node-local ones, which keeps the client's source IP.
 *
 * +enum
 */
export type ServiceExternalTrafficPolicy = "Cluster" | "Local";

/**
 * IPFamily is an IP address family; the empty value means the family is unknown.
 *
 * +enum
 */
export type IPFamily = "" | "IPv4" | "IPv6";

/**
 * IPFamilyPolicy says whether a service wants one IP family, prefers both, or requires both.
 *
 * +enum
 */
export type IPFamilyPolicy = "PreferDualStack" | "RequireDualStack" | "SingleStack";

/**
 * LoadBalancerIPMode describes how traffic addressed to a load-balancer IP reaches the
 * cluster: "VIP" (destination kept as the load-balancer IP) or "Proxy" (destination
 * rewritten to a node or pod address).
 */
export type LoadBalancerIPMode = string;

/**
 * SessionAffinityConfig holds the settings of a service's session affinity.
 */
export interface SessionAffinityConfig {
  /**
   * Settings for affinity keyed on the client's IP address.
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  clientIP?: ClientIPConfig;
}

/**
 * ClientIPConfig holds the settings of client-IP based session affinity.
 */
export interface ClientIPConfig {
  /**
   * How many seconds a client stays pinned to one endpoint; between 1 and 86400, 10800
   * (three hours) when unset.
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  timeoutSeconds?: int32;
}

/**
 * ServiceStatus reports the observed state of a service.
 */
export interface ServiceStatus {
  /**
   * State of the service's external load balancer, when it has one.
   * +optional
   * +protobuf=1
   */
  loadBalancer?: LoadBalancerStatus;

  /**
   * The latest observations about the service, one per condition type.
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=2
   */
  conditions?: Condition[];
}

/**
 * LoadBalancerStatus reports the state of a load balancer.
 */
export interface LoadBalancerStatus {
  /**
   * The addresses at which the load balancer accepts traffic for the service.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ingress?: LoadBalancerIngress[];
}

/**
 * LoadBalancerIngress is one address at which a load balancer accepts traffic for a service.
 */
export interface LoadBalancerIngress {
  /**
   * IP address of the ingress point, for load balancers addressed by IP.
   * +optional
   * +protobuf=1
   */
  ip?: string;

  /**
   * DNS name of the ingress point, for load balancers addressed by host name.
   * +optional
   * +protobuf=2
   */
  hostname?: string;

  /**
   * How traffic for the ingress IP is delivered into the cluster; only allowed together with
   * ip.
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  ipMode?: LoadBalancerIPMode;

  /**
   * Per-port status records; when present, every port of the service has one.
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  ports?: PortStatus[];
}

/**
 * PortStatus records the state (in particular a failure) of one service port on a load
 * balancer.
 */
export interface PortStatus {
  /**
   * The service port number this record is about.
   * +protobuf=1
   */
  port: int32;

  /**
   * The protocol of the service port this record is about.
   * +protobuf=2
   */
  protocol: Protocol;

  // A CamelCase error code describing why the port could not be set up; codes defined by
  // cloud providers are prefixed with a DNS subdomain (foo.example.com/CamelCase).
  // +optional
  // +kubebuilder:validation:Pattern=`^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`
  // +kubebuilder:validation:MaxLength=316
  // +kubegen:pointer
  // +protobuf=3
  /**
   * error reports a problem with the port, in CamelCase or as a domain-prefixed name; empty means
   * none.
   */
  error?: string;
}

/**
 * ServiceSpec holds the user-settable attributes of a service.
 */
export interface ServiceSpec {
  /**
   * The ports the service exposes, unique per port number and protocol.
   * +patchMergeKey=port
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=port
   * +listMapKey=protocol
   * +protobuf=1
   */
  ports?: ServicePort[];

  /**
   * Label selector choosing the pods that back the service. When empty, the endpoints are
   * managed outside Kubernetes. Not used by ExternalName services.
   * +optional
   * +mapType=atomic
   * +protobuf=2
   */
  selector?: Record<string, string>;

  /**
   * The service's virtual IP, normally allocated at random; "None" makes a headless service
   * without a virtual IP. Only used by ClusterIP, NodePort and LoadBalancer services.
   * +optional
   * +protobuf=3
   */
  clusterIP?: string;

  /**
   * All virtual IPs of the service, at most one per IP family, the first equal to clusterIP.
   * Must match ipFamilies; both are governed by ipFamilyPolicy.
   * +listType=atomic
   * +optional
   * +protobuf=18
   */
  clusterIPs?: string[];

  /**
   * How the service is exposed: ClusterIP (the default), NodePort, LoadBalancer, or
   * ExternalName (a DNS alias to externalName).
   * +optional
   * +protobuf=4
   */
  type?: ServiceType;

  /**
   * Extra IP addresses for which cluster nodes accept traffic to this service. These are not
   * managed by Kubernetes.
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  externalIPs?: string[];

  /**
   * Session affinity: "ClientIP" keeps a client on one endpoint, "None" (the default) does
   * not.
   * +optional
   * +protobuf=7
   */
  sessionAffinity?: ServiceAffinity;

  /**
   * Requested load-balancer IP for LoadBalancer services, where the provider supports it.
   * Deprecated: its behaviour differs between implementations.
   * +optional
   * +protobuf=8
   */
  loadBalancerIP?: string;

  /**
   * Client CIDR ranges allowed through a provider load balancer, where supported.
   * +optional
   * +listType=atomic
   * +protobuf=9
   */
  loadBalancerSourceRanges?: string[];

  /**
   * The DNS name an ExternalName service resolves to, as a CNAME record.
   * +optional
   * +protobuf=10
   */
  externalName?: string;

  /**
   * How nodes route traffic arriving on the service's externally reachable addresses:
   * "Cluster" (the default) or "Local".
   * +optional
   * +protobuf=11
   */
  externalTrafficPolicy?: ServiceExternalTrafficPolicy;

  /**
   * Node port serving health checks, for LoadBalancer services with the Local external
   * traffic policy; allocated automatically when unset and immutable once set.
   * +optional
   * +protobuf=12
   */
  healthCheckNodePort?: int32;

  /**
   * When true, endpoints for this service are published whether or not their pods are ready.
   * +optional
   * +protobuf=13
   */
  publishNotReadyAddresses?: boolean;

  /**
   * Settings for session affinity.
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  sessionAffinityConfig?: SessionAffinityConfig;

  /**
   * The IP families of the service's virtual IPs, at most two and in the order of
   * clusterIPs; defaulted from the cluster configuration and ipFamilyPolicy.
   * +listType=atomic
   * +optional
   * +protobuf=19
   */
  ipFamilies?: IPFamily[];

  /**
   * Whether the service is single-stack or dual-stack (preferred or required).
   * +optional
   * +kubegen:pointer
   * +protobuf=17
   */
  ipFamilyPolicy?: IPFamilyPolicy;

  /**
   * Whether a LoadBalancer service gets node ports allocated; true when unset.
   * +optional
   * +kubegen:pointer
   * +protobuf=20
   */
  allocateLoadBalancerNodePorts?: boolean;

  /**
   * The load-balancer implementation that should handle this LoadBalancer service; unset
   * means the cloud provider's default. Immutable.
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  loadBalancerClass?: string;

  /**
   * How nodes route traffic arriving on the cluster IP: "Cluster" (the default) or "Local".
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  internalTrafficPolicy?: ServiceInternalTrafficPolicy;

  /**
   * A routing preference hint for implementations, e.g. "PreferClose" to favour endpoints in
   * the client's zone.
   * +optional
   * +kubegen:pointer
   * +protobuf=23
   */
  trafficDistribution?: string;
}

/**
 * ServicePort describes one port a service exposes.
 */
export interface ServicePort {
  /**
   * DNS label naming the port, unique within the service and matched by EndpointPort.name;
   * optional when the service has a single port.
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * IP protocol of the port: TCP (the default), UDP or SCTP.
   * +default="TCP"
   * +optional
   * +protobuf=2
   */
  protocol?: Protocol;

  /**
   * Application protocol spoken on the port, as a hint to implementations: an IANA service
   * name, a kubernetes.io/ name, or a domain-prefixed custom name.
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  appProtocol?: string;

  /**
   * Port number the service exposes.
   * +protobuf=3
   */
  port: int32;

  /**
   * Port number or named container port on the backing pods; defaults to port.
   * +optional
   * +protobuf=4
   */
  targetPort?: IntOrString;

  /**
   * Port opened on every node for NodePort and LoadBalancer services, usually allocated by
   * the system.
   * +optional
   * +protobuf=5
   */
  nodePort?: int32;
}

/**
 * Service gives a set of pods, chosen by a label selector, a stable name and virtual address
 * through which clients reach them.
 *
 * +genclient
 * +genclient:skipVerbs=deleteCollection
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=services,singular=service,shortName=svc,categories=all
 * +kubebuilder:subresource:status
 */
export interface Service extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * Desired behaviour of the service.
   * +optional
   * +protobuf=2
   */
  spec?: ServiceSpec;

  /**
   * Observed state of the service, maintained by the system; read-only.
   * +optional
   * +protobuf=3
   */
  status?: ServiceStatus;
}

/**
 * ServiceList is a list of services.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ServiceList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The services in this list.
   * +protobuf=2
   */
  items: Service[];
}

/**
 * ServiceProxyOptions are the query parameters of a request through a service's proxy
 * subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface ServiceProxyOptions extends TypeMeta {
  /**
   * The remainder of the URL (path and query) to forward to the service, e.g.
   * "_search?q=user:kimchy".
   * +optional
   * +protobuf=1
   */
  path?: string;
}
