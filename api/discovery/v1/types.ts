import type { ObjectReference, Protocol } from "../../core/v1/references.js";
import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 * +kubebuilder:resource:path=endpointslices,singular=endpointslice
 */
export interface EndpointSlice extends TypeMeta {
  /**
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

export type AddressType = string;

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

export interface ForZone {
  /**
   * +protobuf=1
   */
  name: string;
}

export interface ForNode {
  /**
   * +protobuf=1
   */
  name: string;
}

/**
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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 */
export interface EndpointSliceList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: EndpointSlice[];
}
