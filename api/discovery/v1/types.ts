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
   * +protobuf=4
   */
  addressType: AddressType;

  /**
   * +listType=atomic
   * +protobuf=2
   */
  endpoints: Endpoint[];

  /**
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
   * +listType=set
   * +protobuf=1
   */
  addresses: string[];

  /**
   * +protobuf=2
   */
  conditions?: EndpointConditions;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  hostname?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  targetRef?: ObjectReference;

  /**
   * +optional
   * +protobuf=5
   */
  deprecatedTopology?: Record<string, string>;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  nodeName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  zone?: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  ready?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  serving?: boolean;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  forZones?: ForZone[];

  /**
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
   * +protobuf=1
   */
  name: string;
}

/**
 * ForNode names a node that should route to an endpoint.
 */
export interface ForNode {
  /**
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
   * +kubegen:pointer
   * +protobuf=1
   */
  name?: string;

  /**
   * +kubegen:pointer
   * +protobuf=2
   */
  protocol?: Protocol;

  /**
   * +kubegen:pointer
   * +protobuf=3
   */
  port?: int32;

  /**
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
