import type { ObjectReference, Protocol } from "../../core/v1/references.js";
import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * EndpointSlice lists a subset of the network endpoints of a service, with their ports and
 * readiness; large services span several slices.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 * +kubebuilder:resource:path=endpointslices,singular=endpointslice
 */
export interface EndpointSlice extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * addressType is the kind of address the slice holds: IPv4, IPv6 or FQDN; it cannot change.
   *
   * +protobuf=4
   */
  addressType: AddressType;

  /**
   * endpoints are the endpoints of the slice, at most 1,000.
   *
   * +listType=atomic
   * +protobuf=2
   */
  endpoints: Endpoint[];

  /**
   * ports are the network ports every endpoint of the slice exposes; an empty list means none are
   * exposed,. At most 100.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  ports: EndpointPort[];
}

/**
 * AddressType is the kind of address an EndpointSlice holds: IPv4, IPv6 or FQDN.
 */
export type AddressType = string;

/**
 * Endpoint is one backend of a service: its addresses, conditions, target object and topology.
 */
export interface Endpoint {
  /**
   * addresses are the endpoint's addresses, read by consumers according to the slice's addressType;
   * at least one and at most 100, and consumers use the first.
   *
   * +listType=set
   * +protobuf=1
   */
  addresses: string[];

  /**
   * conditions say whether the endpoint is ready, serving and terminating.
   *
   * +protobuf=2
   */
  conditions?: EndpointConditions;

  /**
   * hostname is the endpoint's DNS label, used by DNS servers that publish endpoint names.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  hostname?: string;

  /**
   * targetRef is the object (usually a Pod) behind the endpoint.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  targetRef?: ObjectReference;

  /**
   * deprecatedTopology holds topology labels of the v1beta1 API; it is no longer written and is
   * dropped on update.
   *
   * +optional
   * +protobuf=5
   */
  deprecatedTopology?: Record<string, string>;

  /**
   * nodeName is the node that hosts the endpoint.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  nodeName?: string;

  /**
   * zone is the zone the endpoint is in.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  zone?: string;

  /**
   * hints tell consumers which zones or nodes should use the endpoint, for topology-aware routing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  hints?: EndpointHints;
}

/**
 * EndpointConditions say whether an endpoint is ready, serving and terminating.
 */
export interface EndpointConditions {
  /**
   * ready says the endpoint may receive traffic; for a pod, that it is ready and not terminating.
   * Nil means unknown and should be read as true.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  ready?: boolean;

  /**
   * serving is like ready but stays true while a pod is terminating, so that load balancers can
   * drain it. Nil means unknown and should be read as true.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  serving?: boolean;

  /**
   * terminating says the endpoint is being deleted. Nil means unknown and should be read as false.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  terminating?: boolean;
}

/**
 * EndpointHints tell consumers which zones or nodes should prefer an endpoint for topology-aware
 * routing.
 */
export interface EndpointHints {
  /**
   * forZones are the zones whose clients should use the endpoint.
   *
   * +listType=atomic
   * +protobuf=1
   */
  forZones?: ForZone[];

  /**
   * forNodes are the nodes whose clients should use the endpoint.
   *
   * +listType=atomic
   * +protobuf=2
   */
  forNodes?: ForNode[];
}

/**
 * ForZone names a zone that should route to an endpoint.
 */
export interface ForZone {
  /**
   * name is the zone's name.
   *
   * +protobuf=1
   */
  name: string;
}

/**
 * ForNode names a node that should route to an endpoint.
 */
export interface ForNode {
  /**
   * name is the node's name.
   *
   * +protobuf=1
   */
  name: string;
}

/**
 * EndpointPort is a port served by every endpoint of a slice, with its name, protocol and
 * application protocol.
 *
 * +structType=atomic
 */
export interface EndpointPort {
  /**
   * name is the port's name; it must match the Service port's name when the slice belongs to a
   * Service, and may be empty only when it is the only port.
   *
   * +kubegen:pointer
   * +protobuf=1
   */
  name?: string;

  /**
   * protocol is the port's IP protocol: TCP (the default), UDP or SCTP.
   *
   * +kubegen:pointer
   * +protobuf=2
   */
  protocol?: Protocol;

  /**
   * port is the port number; nil means every port, as a service with no selector may publish.
   *
   * +kubegen:pointer
   * +protobuf=3
   */
  port?: int32;

  /**
   * appProtocol is the application protocol of the port: an IANA service name, a kubernetes.io/
   * prefixed standard name such as kubernetes.io/h2c, or a domain-prefixed name of the user's.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  appProtocol?: string;
}

/**
 * EndpointSliceList is a list of EndpointSlices.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 */
export interface EndpointSliceList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the EndpointSlices.
   *
   * +protobuf=2
   */
  items: EndpointSlice[];
}
