import type { Quantity } from "../../apimachinery/resource/types.js";
import type { PersistentVolumeReclaimPolicy, PersistentVolumeSpec, TopologySelectorTerm } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 * +kubebuilder:resource:path=storageclasses,singular=storageclass,shortName=sc
 */
export interface StorageClass extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  provisioner: string;

  /**
   * +optional
   * +protobuf=3
   */
  parameters?: Record<string, string>;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  reclaimPolicy?: PersistentVolumeReclaimPolicy;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  mountOptions?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  allowVolumeExpansion?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  volumeBindingMode?: VolumeBindingMode;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  allowedTopologies?: TopologySelectorTerm[];
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface StorageClassList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: StorageClass[];
}

/**
 * +enum
 */
export type VolumeBindingMode = "Immediate" | "WaitForFirstConsumer";

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.13
 * +kubebuilder:resource:path=volumeattachments,singular=volumeattachment
 */
export interface VolumeAttachment extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: VolumeAttachmentSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: VolumeAttachmentStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.13
 */
export interface VolumeAttachmentList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: VolumeAttachment[];
}

export interface VolumeAttachmentSpec {
  /**
   * +protobuf=1
   */
  attacher: string;

  /**
   * +protobuf=2
   */
  source: VolumeAttachmentSource;

  /**
   * +protobuf=3
   */
  nodeName: string;
}

export interface VolumeAttachmentSource {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  persistentVolumeName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  inlineVolumeSpec?: PersistentVolumeSpec;
}

export interface VolumeAttachmentStatus {
  /**
   * +protobuf=1
   */
  attached: boolean;

  /**
   * +optional
   * +protobuf=2
   */
  attachmentMetadata?: Record<string, string>;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  attachError?: VolumeError;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  detachError?: VolumeError;
}

export interface VolumeError {
  /**
   * +optional
   * +protobuf=1
   */
  time?: Time;

  /**
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  errorCode?: int32;
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.18
 * +kubebuilder:resource:path=csidrivers,singular=csidriver
 */
export interface CSIDriver extends TypeMeta {
  /**
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: CSIDriverSpec;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.18
 */
export interface CSIDriverList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: CSIDriver[];
}

export interface CSIDriverSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  attachRequired?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  podInfoOnMount?: boolean;

  /**
   * +optional
   * +listType=set
   * +protobuf=3
   */
  volumeLifecycleModes?: VolumeLifecycleMode[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  storageCapacity?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  fsGroupPolicy?: FSGroupPolicy;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tokenRequests?: TokenRequest[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  requiresRepublish?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  seLinuxMount?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  nodeAllocatableUpdatePeriodSeconds?: int64;
}

export type FSGroupPolicy = string;

export type VolumeLifecycleMode = string;

export interface TokenRequest {
  /**
   * +protobuf=1
   */
  audience: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  expirationSeconds?: int64;
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.17
 * +kubebuilder:resource:path=csinodes,singular=csinode
 */
export interface CSINode extends TypeMeta {
  /**
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: CSINodeSpec;
}

export interface CSINodeSpec {
  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=1
   */
  drivers: CSINodeDriver[];
}

export interface CSINodeDriver {
  /**
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  nodeID: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  topologyKeys: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  allocatable?: VolumeNodeResources;
}

export interface VolumeNodeResources {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  count?: int32;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.17
 */
export interface CSINodeList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: CSINode[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.24
 * +kubebuilder:resource:path=csistoragecapacities,singular=csistoragecapacity
 */
export interface CSIStorageCapacity extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  nodeTopology?: LabelSelector;

  /**
   * +protobuf=3
   */
  storageClassName: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  capacity?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  maximumVolumeSize?: Quantity;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.24
 */
export interface CSIStorageCapacityList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: CSIStorageCapacity[];
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +kubebuilder:resource:path=volumeattributesclasses,singular=volumeattributesclass
 */
export interface VolumeAttributesClass extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  driverName: string;

  /**
   * +protobuf=3
   */
  parameters?: Record<string, string>;
}

/**
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface VolumeAttributesClassList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: VolumeAttributesClass[];
}
