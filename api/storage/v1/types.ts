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
   * provisioner names the volume plugin or CSI driver that provisions volumes of this class; it
   * cannot change.
   *
   * +protobuf=2
   */
  provisioner: string;

  /**
   * parameters are passed to the provisioner; at most 512 entries of at most 256 kB together, and
   * they cannot change.
   *
   * +optional
   * +protobuf=3
   */
  parameters?: Record<string, string>;

  /**
   * reclaimPolicy is given to volumes provisioned for this class: Delete (the default) or Retain.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  reclaimPolicy?: PersistentVolumeReclaimPolicy;

  /**
   * mountOptions are given to volumes provisioned for this class and used when they are mounted;
   * they are not validated, and an invalid one fails the mount.
   *
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  mountOptions?: string[];

  /**
   * allowVolumeExpansion says whether claims of this class may be resized.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  allowVolumeExpansion?: boolean;

  /**
   * volumeBindingMode says when claims are provisioned and bound: Immediate (the default) or
   * WaitForFirstConsumer, which waits for a pod to be scheduled.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  volumeBindingMode?: VolumeBindingMode;

  /**
   * allowedTopologies restrict where volumes may be provisioned; empty means anywhere.
   *
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
   * attacher is the name of the volume driver that must handle the attachment, as its GetPluginName
   * returns it.
   *
   * +protobuf=1
   */
  attacher: string;

  /**
   * source is the volume to attach.
   *
   * +protobuf=2
   */
  source: VolumeAttachmentSource;

  /**
   * nodeName is the node the volume is attached to.
   *
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
   * persistentVolumeName is the name of the persistent volume to attach.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  persistentVolumeName?: string;

  /**
   * inlineVolumeSpec holds what attaching an inline pod volume needs, for pods migrated to CSI; it
   * is alpha upstream.
   *
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
   * attached says the attach operation finished; only the attacher sets it.
   *
   * +protobuf=1
   */
  attached: boolean;

  /**
   * attachmentMetadata is what the attach operation returned, passed to later mount calls; only the
   * attacher sets it.
   *
   * +optional
   * +protobuf=2
   */
  attachmentMetadata?: Record<string, string>;

  /**
   * attachError is the last error of the attach operation, if any; only the attacher sets it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  attachError?: VolumeError;

  /**
   * detachError is the last error of the detach operation, if any; only the attacher sets it.
   *
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
   * time is when the error was seen.
   *
   * +optional
   * +protobuf=1
   */
  time?: Time;

  /**
   * message describes the error; it may be logged and must not hold sensitive data.
   *
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * errorCode is the gRPC status code of the error, for machines.
   *
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
   * attachRequired says the driver needs an attach step (ControllerPublishVolume), so the
   * attach-detach controller creates VolumeAttachments and the kubelet waits for them; defaults to
   * true.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  attachRequired?: boolean;

  /**
   * podInfoOnMount makes the kubelet pass the pod's name, namespace, uid and service account to the
   * driver on mount; defaults to false.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  podInfoOnMount?: boolean;

  /**
   * volumeLifecycleModes are the kinds of volumes the driver serves: Persistent, Ephemeral or both;
   * defaults to Persistent.
   *
   * +optional
   * +listType=set
   * +protobuf=3
   */
  volumeLifecycleModes?: VolumeLifecycleMode[];

  /**
   * storageCapacity says the driver publishes CSIStorageCapacity objects, which the scheduler then
   * honours; defaults to false.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  storageCapacity?: boolean;

  /**
   * fsGroupPolicy says whether the volume's ownership and permissions may be changed to the pod's
   * fsGroup before mounting; defaults to ReadWriteOnceWithFSType.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  fsGroupPolicy?: FSGroupPolicy;

  /**
   * tokenRequests are the audiences of the service-account tokens the kubelet passes to the driver
   * on NodePublishVolume.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tokenRequests?: TokenRequest[];

  /**
   * requiresRepublish makes the kubelet call NodePublishVolume again from time to time, for volumes
   * whose content changes, such as with rotating tokens.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  requiresRepublish?: boolean;

  /**
   * seLinuxMount says the driver supports the -o context mount option, so the kubelet mounts
   * volumes with the pod's SELinux label instead of relabelling each file.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  seLinuxMount?: boolean;

  /**
   * nodeAllocatableUpdatePeriodSeconds is how often the kubelet refreshes the driver's allocatable
   * volume count on the CSINode; at least 10 seconds, unset means never.
   *
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
   * audience is the intended audience of the token; empty means the apiserver's audiences.
   *
   * +protobuf=1
   */
  audience: string;

  /**
   * expirationSeconds is the token's validity, as in a TokenRequest.
   *
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
   * drivers are the CSI drivers installed on the node; a driver is listed once its node plugin has
   * registered.
   *
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
   * name is the CSI driver's name, as its GetPluginName returns it.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * nodeID is the node's identifier as the driver knows it, used in its calls about this node.
   *
   * +protobuf=2
   */
  nodeID: string;

  /**
   * topologyKeys are the node label keys the driver reports topology under; empty means the driver
   * reports none.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  topologyKeys: string[];

  /**
   * allocatable is how many volumes of this driver the node can take.
   *
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
   * count is the most volumes of the driver that can be attached to the node; nil means no limit.
   *
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
   * nodeTopology selects the nodes that can reach the storage the capacity is about; nil means
   * none, an empty selector means all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  nodeTopology?: LabelSelector;

  /**
   * storageClassName is the storage class the capacity applies to; it cannot change.
   *
   * +protobuf=3
   */
  storageClassName: string;

  /**
   * capacity is the capacity the driver reported for the class and topology; unset means unknown,
   * and it is taken as a best effort.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  capacity?: Quantity;

  /**
   * maximumVolumeSize is the largest volume that can be created with the class and topology; unset
   * means no limit beyond capacity.
   *
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
   * driverName is the CSI driver that handles the class's parameters; it cannot change.
   *
   * +protobuf=2
   */
  driverName: string;

  /**
   * parameters are passed to the driver when a volume is created or modified with this class; at
   * most 512 entries of at most 256 kB together, and they cannot change.
   *
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
