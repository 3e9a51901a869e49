import type { Quantity } from "../../apimachinery/resource/types.js";
import type { PersistentVolumeReclaimPolicy, PersistentVolumeSpec, TopologySelectorTerm } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * StorageClass describes a class of storage: the provisioner that creates volumes of it, their
 * parameters and binding mode.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 * +kubebuilder:resource:path=storageclasses,singular=storageclass,shortName=sc
 */
export interface StorageClass extends TypeMeta {
  /**
   * Standard object metadata.
   *
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
 * StorageClassList is a list of StorageClasses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface StorageClassList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the StorageClasses.
   *
   * +protobuf=2
   */
  items: StorageClass[];
}

/**
 * VolumeBindingMode says whether claims bind as soon as they are created (Immediate) or once a pod
 * using them is scheduled (WaitForFirstConsumer).
 *
 * +enum
 */
export type VolumeBindingMode = "Immediate" | "WaitForFirstConsumer";

/**
 * VolumeAttachment records the intent to attach a volume to a node, and whether it is attached.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.13
 * +kubebuilder:resource:path=volumeattachments,singular=volumeattachment
 */
export interface VolumeAttachment extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the VolumeAttachment.
   *
   * +protobuf=2
   */
  spec: VolumeAttachmentSpec;

  /**
   * status is the most recently observed state of the VolumeAttachment; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: VolumeAttachmentStatus;
}

/**
 * VolumeAttachmentList is a list of VolumeAttachments.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.13
 */
export interface VolumeAttachmentList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the VolumeAttachments.
   *
   * +protobuf=2
   */
  items: VolumeAttachment[];
}

/**
 * VolumeAttachmentSpec names the attacher, the volume and the node.
 */
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

/**
 * VolumeAttachmentSource is the volume to attach: a PersistentVolume by name, or an inline volume's
 * spec.
 */
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

/**
 * VolumeAttachmentStatus reports whether the volume is attached, data returned by the attacher, and
 * errors.
 */
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

/**
 * VolumeError is an error of an attach or detach operation, with when it happened.
 */
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
 * CSIDriver describes a CSI volume driver installed in the cluster and how Kubernetes should
 * interact with it.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.18
 * +kubebuilder:resource:path=csidrivers,singular=csidriver
 */
export interface CSIDriver extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the CSIDriver.
   *
   * +protobuf=2
   */
  spec: CSIDriverSpec;
}

/**
 * CSIDriverList is a list of CSIDrivers.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.18
 */
export interface CSIDriverList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the CSIDrivers.
   *
   * +protobuf=2
   */
  items: CSIDriver[];
}

/**
 * CSIDriverSpec holds the behaviours a CSI driver supports or requires (attach, pod info, fsGroup,
 * tokens...).
 */
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

/**
 * FSGroupPolicy says whether a CSI driver's volumes have their ownership changed to the pod's
 * fsGroup.
 */
export type FSGroupPolicy = string;

/**
 * VolumeLifecycleMode is a way a CSI driver's volumes can be used: Persistent or Ephemeral.
 */
export type VolumeLifecycleMode = string;

/**
 * TokenRequest asks for a service account token for a CSI driver, for an audience and lifetime.
 */
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
 * CSINode lists the CSI drivers installed on a node; its name is the node's.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.17
 * +kubebuilder:resource:path=csinodes,singular=csinode
 */
export interface CSINode extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the CSINode.
   *
   * +protobuf=2
   */
  spec: CSINodeSpec;
}

/**
 * CSINodeSpec lists the CSI drivers of a node.
 */
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

/**
 * CSINodeDriver is one CSI driver on a node: its node ID, topology keys and allocatable volumes.
 */
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

/**
 * VolumeNodeResources holds how many volumes of a driver a node can have.
 */
export interface VolumeNodeResources {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  count?: int32;
}

/**
 * CSINodeList is a list of CSINodes.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.17
 */
export interface CSINodeList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the CSINodes.
   *
   * +protobuf=2
   */
  items: CSINode[];
}

/**
 * CSIStorageCapacity reports the storage a class can provide in a topology segment, for scheduling.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.24
 * +kubebuilder:resource:path=csistoragecapacities,singular=csistoragecapacity
 */
export interface CSIStorageCapacity extends TypeMeta {
  /**
   * Standard object metadata.
   *
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
 * CSIStorageCapacityList is a list of CSIStorageCapacities.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.24
 */
export interface CSIStorageCapacityList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the CSIStorageCapacities.
   *
   * +protobuf=2
   */
  items: CSIStorageCapacity[];
}

/**
 * VolumeAttributesClass names a set of mutable volume attributes (such as IOPS) that a CSI driver
 * applies to volumes.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +kubebuilder:resource:path=volumeattributesclasses,singular=volumeattributesclass
 */
export interface VolumeAttributesClass extends TypeMeta {
  /**
   * Standard object metadata.
   *
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
 * VolumeAttributesClassList is a list of VolumeAttributesClasses.
 *
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface VolumeAttributesClassList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the VolumeAttributesClasses.
   *
   * +protobuf=2
   */
  items: VolumeAttributesClass[];
}
