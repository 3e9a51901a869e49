import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";
import type { ObjectReference, Protocol } from "./references.js";

/**
 * Endpoints lists the network endpoints that implement a service, grouped into subsets that
 * share the same ports. It is a legacy API that cannot describe every Service feature;
 * deprecated since v1.33 in favour of discovery.k8s.io/v1 EndpointSlice.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=endpoints,singular=endpoints,shortName=ep
 */
export interface Endpoints extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * The groups of addresses and ports; the service's endpoints are their union. An address
   * whose ports differ in readiness shows up in several subsets, but never as both ready and
   * not ready within one subset.
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  subsets?: EndpointSubset[];
}

/**
 * EndpointSubset pairs a set of addresses with a set of ports; every address serves every
 * port, so the endpoints are the cross product of the two. Deprecated since v1.33.
 */
export interface EndpointSubset {
  /**
   * Addresses serving the ports that are ready, and so safe for clients and load balancers.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  addresses?: EndpointAddress[];

  /**
   * Addresses serving the ports that are not ready yet, for instance still starting or
   * failing their readiness or liveness checks.
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  notReadyAddresses?: EndpointAddress[];

  /**
   * The ports served at the subset's addresses.
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  ports?: EndpointPort[];
}

/**
 * EndpointAddress is one IP address of an endpoint. Deprecated since v1.33.
 *
 * +structType=atomic
 */
export interface EndpointAddress {
  /**
   * The endpoint's IP; loopback, link-local and link-local multicast addresses are rejected.
   * +protobuf=1
   */
  ip: string;

  /**
   * Host name of the endpoint.
   * +optional
   * +protobuf=3
   */
  hostname?: string;

  /**
   * The node the endpoint runs on, which lets consumers find node-local endpoints.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  nodeName?: string;

  /**
   * The object (usually a pod) that provides this endpoint.
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  targetRef?: ObjectReference;
}

/**
 * EndpointPort is one port of an endpoint. Deprecated since v1.33.
 *
 * +structType=atomic
 */
export interface EndpointPort {
  /**
   * DNS label naming the port, equal to the name of the matching ServicePort; optional only
   * when there is a single port.
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * The endpoint's port number.
   * +protobuf=2
   */
  port: int32;

  /**
   * IP protocol of the port: TCP (the default), UDP or SCTP.
   * +optional
   * +protobuf=3
   */
  protocol?: Protocol;

  /**
   * Application protocol spoken on the port, as a hint to implementations: an IANA service
   * name, a kubernetes.io/ name, or a domain-prefixed custom name.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  appProtocol?: string;
}

/**
 * EndpointsList is a list of Endpoints objects. Deprecated since v1.33.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface EndpointsList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The Endpoints objects in this list.
   * +protobuf=2
   */
  items: Endpoints[];
}
