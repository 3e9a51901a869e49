import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Quantity } from "../../apimachinery/resource/types.js";
import type { LabelSelector, List as metav1List, ListMeta, ObjectMeta, OwnerReference, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";
import type { ConditionStatus, LocalObjectReference, ObjectReference, Protocol } from "./references.js";
import type { IPFamilyPolicy, ServiceExternalTrafficPolicy, ServiceInternalTrafficPolicy } from "./service.js";

/**
 * Volume is a named volume of a pod, which its containers can mount.
 *
 * +kubegen:protobuf-embed=VolumeSource,2
 */
export interface Volume extends VolumeSource {
  /**
   * name identifies the volume within the pod; volume mounts refer to it.
   *
   * +protobuf=1
   */
  name: string;
}

/**
 * VolumeSource says where a volume's data comes from; exactly one source is set.
 */
export interface VolumeSource {
  /**
   * hostPath mounts a file or directory of the node's filesystem; for system agents only, as it
   * exposes the node.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  hostPath?: HostPathVolumeSource;

  /**
   * emptyDir is an empty directory that lives as long as the pod on its node.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  emptyDir?: EmptyDirVolumeSource;

  /**
   * gcePersistentDisk is a GCE persistent disk; deprecated, its operations go to the
   * pd.csi.storage.gke.io CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  gcePersistentDisk?: GCEPersistentDiskVolumeSource;

  /**
   * awsElasticBlockStore is an AWS EBS disk; deprecated, its operations go to the ebs.csi.aws.com
   * CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;

  /**
   * gitRepo is a directory cloned from a git repository when the pod starts; deprecated, use an
   * init container that clones into an emptyDir instead.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  gitRepo?: GitRepoVolumeSource;

  /**
   * secret fills the volume with the keys of a Secret.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  secret?: SecretVolumeSource;

  /**
   * nfs is an NFS export mounted into the pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  nfs?: NFSVolumeSource;

  /**
   * iscsi is an iSCSI disk attached to the node and mounted into the pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  iscsi?: ISCSIVolumeSource;

  /**
   * glusterfs is a Glusterfs volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  glusterfs?: GlusterfsVolumeSource;

  /**
   * persistentVolumeClaim mounts the volume bound to a PersistentVolumeClaim of the pod's
   * namespace.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  persistentVolumeClaim?: PersistentVolumeClaimVolumeSource;

  /**
   * rbd is a Ceph RBD image; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  rbd?: RBDVolumeSource;

  /**
   * flexVolume is a volume served by an exec-based FlexVolume driver; deprecated.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  flexVolume?: FlexVolumeSource;

  /**
   * cinder is an OpenStack Cinder volume; deprecated, its operations go to the
   * cinder.csi.openstack.org CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  cinder?: CinderVolumeSource;

  /**
   * cephfs is a CephFS volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  cephfs?: CephFSVolumeSource;

  /**
   * flocker is a Flocker dataset; deprecated and no longer supported.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  flocker?: FlockerVolumeSource;

  /**
   * downwardAPI fills the volume with files holding the pod's own fields and resources.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=16
   */
  downwardAPI?: DownwardAPIVolumeSource;

  /**
   * fc is a Fibre Channel disk attached to the node and mounted into the pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=17
   */
  fc?: FCVolumeSource;

  /**
   * azureFile is an Azure File share; deprecated, its operations go to the file.csi.azure.com CSI
   * driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  azureFile?: AzureFileVolumeSource;

  /**
   * configMap fills the volume with the keys of a ConfigMap.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=19
   */
  configMap?: ConfigMapVolumeSource;

  /**
   * vsphereVolume is a vSphere disk; deprecated, its operations go to the csi.vsphere.vmware.com
   * CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=20
   */
  vsphereVolume?: VsphereVirtualDiskVolumeSource;

  /**
   * quobyte is a Quobyte volume; deprecated and no longer supported.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  quobyte?: QuobyteVolumeSource;

  /**
   * azureDisk is an Azure data disk; deprecated, its operations go to the disk.csi.azure.com CSI
   * driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  azureDisk?: AzureDiskVolumeSource;

  /**
   * photonPersistentDisk is a Photon Controller disk; deprecated and no longer supported.
   *
   * +kubegen:pointer
   * +protobuf=23
   */
  photonPersistentDisk?: PhotonPersistentDiskVolumeSource;

  /**
   * projected fills one directory from several sources: secrets, config maps, the downward API,
   * service-account tokens and cluster trust bundles.
   *
   * +kubegen:pointer
   * +protobuf=26
   */
  projected?: ProjectedVolumeSource;

  /**
   * portworxVolume is a Portworx volume; deprecated, its operations go to the pxd.portworx.com CSI
   * driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=24
   */
  portworxVolume?: PortworxVolumeSource;

  /**
   * scaleIO is a ScaleIO volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=25
   */
  scaleIO?: ScaleIOVolumeSource;

  /**
   * storageos is a StorageOS volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=27
   */
  storageos?: StorageOSVolumeSource;

  /**
   * csi is an ephemeral volume served by a CSI driver that supports inline volumes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=28
   */
  csi?: CSIVolumeSource;

  /**
   * ephemeral is a volume provisioned for the pod from a claim template: the claim is created with
   * the pod and deleted with it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=29
   */
  ephemeral?: EphemeralVolumeSource;

  /**
   * image mounts the content of an OCI image or artifact, read-only, pulled as the pod's container
   * images are.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=30
   */
  image?: ImageVolumeSource;
}

/**
 * PersistentVolumeClaimVolumeSource mounts the volume bound to a claim in the pod's namespace.
 */
export interface PersistentVolumeClaimVolumeSource {
  /**
   * claimName names the claim, in the pod's namespace.
   *
   * +protobuf=1
   */
  claimName: string;

  /**
   * readOnly mounts the volume read-only.
   *
   * +optional
   * +protobuf=2
   */
  readOnly?: boolean;
}

/**
 * PersistentVolumeSource says what storage backs a PersistentVolume; exactly one source is set.
 */
export interface PersistentVolumeSource {
  /**
   * gcePersistentDisk is a GCE persistent disk; deprecated, its operations go to the
   * pd.csi.storage.gke.io CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  gcePersistentDisk?: GCEPersistentDiskVolumeSource;

  /**
   * awsElasticBlockStore is an AWS EBS disk; deprecated, its operations go to the ebs.csi.aws.com
   * CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;

  /**
   * hostPath is a directory on one node, for single-node testing only.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  hostPath?: HostPathVolumeSource;

  /**
   * glusterfs is a Glusterfs volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  glusterfs?: GlusterfsPersistentVolumeSource;

  /**
   * nfs is an NFS export.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  nfs?: NFSVolumeSource;

  /**
   * rbd is a Ceph RBD image; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  rbd?: RBDPersistentVolumeSource;

  /**
   * iscsi is an iSCSI disk.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  iscsi?: ISCSIPersistentVolumeSource;

  /**
   * cinder is an OpenStack Cinder volume; deprecated, its operations go to the
   * cinder.csi.openstack.org CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  cinder?: CinderPersistentVolumeSource;

  /**
   * cephfs is a CephFS volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  cephfs?: CephFSPersistentVolumeSource;

  /**
   * fc is a Fibre Channel disk.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  fc?: FCVolumeSource;

  /**
   * flocker is a Flocker dataset; deprecated and no longer supported.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  flocker?: FlockerVolumeSource;

  /**
   * flexVolume is a volume served by an exec-based FlexVolume driver; deprecated.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  flexVolume?: FlexPersistentVolumeSource;

  /**
   * azureFile is an Azure File share; deprecated, its operations go to the file.csi.azure.com CSI
   * driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  azureFile?: AzureFilePersistentVolumeSource;

  /**
   * vsphereVolume is a vSphere disk; deprecated, its operations go to the csi.vsphere.vmware.com
   * CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  vsphereVolume?: VsphereVirtualDiskVolumeSource;

  /**
   * quobyte is a Quobyte volume; deprecated and no longer supported.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  quobyte?: QuobyteVolumeSource;

  /**
   * azureDisk is an Azure data disk; deprecated, its operations go to the disk.csi.azure.com CSI
   * driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=16
   */
  azureDisk?: AzureDiskVolumeSource;

  /**
   * photonPersistentDisk is a Photon Controller disk; deprecated and no longer supported.
   *
   * +kubegen:pointer
   * +protobuf=17
   */
  photonPersistentDisk?: PhotonPersistentDiskVolumeSource;

  /**
   * portworxVolume is a Portworx volume; deprecated, its operations go to the pxd.portworx.com CSI
   * driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  portworxVolume?: PortworxVolumeSource;

  /**
   * scaleIO is a ScaleIO volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=19
   */
  scaleIO?: ScaleIOPersistentVolumeSource;

  /**
   * local is a disk, partition or directory attached to one node; the volume's nodeAffinity must
   * name that node.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=20
   */
  local?: LocalVolumeSource;

  /**
   * storageos is a StorageOS volume; the in-tree plugin is removed upstream and no longer works.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  storageos?: StorageOSPersistentVolumeSource;

  /**
   * csi is a volume served by a CSI driver.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  csi?: CSIPersistentVolumeSource;
}

/**
 * PersistentVolume is a piece of storage in the cluster, provisioned by an administrator or
 * dynamically, that claims bind to.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=persistentvolumes,singular=persistentvolume,shortName=pv
 */
export interface PersistentVolume extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the PersistentVolume.
   *
   * +optional
   * +protobuf=2
   */
  spec?: PersistentVolumeSpec;

  /**
   * status is the most recently observed state of the PersistentVolume; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: PersistentVolumeStatus;
}

/**
 * PersistentVolumeSpec holds a volume's capacity, source, access modes, claim binding, reclaim
 * policy and node affinity.
 *
 * +kubegen:protobuf-embed=PersistentVolumeSource,2
 */
export interface PersistentVolumeSpec extends PersistentVolumeSource {
  /**
   * capacity is the volume's size, as the storage key of a resource list.
   *
   * +optional
   * +protobuf=1
   */
  capacity?: ResourceList;

  /**
   * accessModes are the ways the volume can be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany,
   * ReadWriteOncePod.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  accessModes?: PersistentVolumeAccessMode[];

  /**
   * claimRef is the claim the volume is bound to (or reserved for, before binding).
   *
   * +optional
   * +structType=granular
   * +kubegen:pointer
   * +protobuf=4
   */
  claimRef?: ObjectReference;

  /**
   * persistentVolumeReclaimPolicy says what happens to the volume once its claim is deleted: Retain
   * (the default for manually created volumes), Delete (the default for provisioned ones) or
   * Recycle (deprecated).
   *
   * +optional
   * +protobuf=5
   */
  persistentVolumeReclaimPolicy?: PersistentVolumeReclaimPolicy;

  /**
   * storageClassName is the class the volume belongs to; only claims asking for this class bind to
   * it, and empty means no class.
   *
   * +optional
   * +protobuf=6
   */
  storageClassName?: string;

  /**
   * mountOptions are used when the volume is mounted; they are not validated, and an invalid one
   * fails the mount.
   *
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  mountOptions?: string[];

  /**
   * volumeMode says whether the volume is used as a formatted filesystem (Filesystem, the default)
   * or a raw block device (Block).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  volumeMode?: PersistentVolumeMode;

  /**
   * nodeAffinity limits the nodes the volume can be reached from; pods using it are scheduled
   * there.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  nodeAffinity?: VolumeNodeAffinity;

  /**
   * volumeAttributesClassName names the VolumeAttributesClass the volume belongs to, whose
   * parameters the driver applied.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  volumeAttributesClassName?: string;
}

/**
 * VolumeNodeAffinity restricts the nodes a volume can be used from.
 */
export interface VolumeNodeAffinity {
  /**
   * required are the node selector terms a node must match to reach the volume.
   *
   * +kubegen:pointer
   * +protobuf=1
   */
  required?: NodeSelector;
}

/**
 * PersistentVolumeReclaimPolicy says what happens to a volume released by its claim: Retain, Delete
 * or Recycle.
 *
 * +enum
 */
export type PersistentVolumeReclaimPolicy = "Delete" | "Recycle" | "Retain";

/**
 * PersistentVolumeMode says whether a volume is used as a raw block device (Block) or a filesystem
 * (Filesystem).
 *
 * +enum
 */
export type PersistentVolumeMode = "Block" | "Filesystem";

/**
 * PersistentVolumeStatus reports a volume's phase and why it is in it.
 */
export interface PersistentVolumeStatus {
  /**
   * phase is the volume's place in its lifecycle: Pending, Available, Bound, Released or Failed.
   *
   * +optional
   * +protobuf=1
   */
  phase?: PersistentVolumePhase;

  /**
   * message says, for people, why the volume is in its phase.
   *
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * reason is a short CamelCase word saying why the volume failed, for tools.
   *
   * +optional
   * +protobuf=3
   */
  reason?: string;

  /**
   * lastPhaseTransitionTime is when the volume last changed phase; reset whenever the phase
   * changes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  lastPhaseTransitionTime?: Time;
}

/**
 * PersistentVolumeList is a list of PersistentVolumes.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PersistentVolumeList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the PersistentVolumes.
   *
   * +protobuf=2
   */
  items: PersistentVolume[];
}

/**
 * PersistentVolumeClaim is a user's request for storage, bound to one PersistentVolume.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=persistentvolumeclaims,singular=persistentvolumeclaim,shortName=pvc
 */
export interface PersistentVolumeClaim extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the PersistentVolumeClaim.
   *
   * +optional
   * +protobuf=2
   */
  spec?: PersistentVolumeClaimSpec;

  /**
   * status is the most recently observed state of the PersistentVolumeClaim; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: PersistentVolumeClaimStatus;
}

/**
 * PersistentVolumeClaimList is a list of PersistentVolumeClaims.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PersistentVolumeClaimList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the PersistentVolumeClaims.
   *
   * +protobuf=2
   */
  items: PersistentVolumeClaim[];
}

/**
 * PersistentVolumeClaimSpec holds the access modes, size, class, data source and volume mode a
 * claim asks for.
 */
export interface PersistentVolumeClaimSpec {
  /**
   * accessModes are the ways the volume must be mountable.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  accessModes?: PersistentVolumeAccessMode[];

  /**
   * selector narrows the volumes the claim may bind to by label.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * resources holds the minimum storage the claim needs, and optionally a limit.
   *
   * +optional
   * +protobuf=2
   */
  resources?: VolumeResourceRequirements;

  /**
   * volumeName binds the claim to this PersistentVolume.
   *
   * +optional
   * +protobuf=3
   */
  volumeName?: string;

  /**
   * storageClassName names the StorageClass to provision from; the default class when unset, no
   * class when "".
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  storageClassName?: string;

  /**
   * volumeMode is Filesystem (the default) or Block.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  volumeMode?: PersistentVolumeMode;

  /**
   * dataSource is a snapshot or claim in the same namespace to fill the new volume from.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  dataSource?: TypedLocalObjectReference;

  /**
   * dataSourceRef is any populator object (possibly in another namespace) to fill the new volume
   * from.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  dataSourceRef?: TypedObjectReference;

  /**
   * volumeAttributesClassName names the VolumeAttributesClass the volume should have.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  volumeAttributesClassName?: string;
}

/**
 * TypedObjectReference names an object by API group, kind, name and optionally namespace.
 */
export interface TypedObjectReference {
  /**
   * apiGroup is the referent's API group; empty means the core group.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  apiGroup: string;

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
   * namespace is the referent's namespace; a reference to another namespace needs a ReferenceGrant
   * there.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  namespace?: string;
}

/**
 * PersistentVolumeClaimConditionType names a condition of a claim, such as a pending resize.
 */
export type PersistentVolumeClaimConditionType = string;

/**
 * ClaimResourceStatus is the state of a resize of a claim's resource.
 *
 * +enum
 */
export type ClaimResourceStatus =
  "ControllerResizeInProgress" | "ControllerResizeInfeasible" | "NodeResizeInProgress" | "NodeResizeInfeasible" | "NodeResizePending";

/**
 * PersistentVolumeClaimModifyVolumeStatus reports a change of a claim's VolumeAttributesClass in
 * progress.
 *
 * +enum
 */
export type PersistentVolumeClaimModifyVolumeStatus = "InProgress" | "Infeasible" | "Pending";

/**
 * ModifyVolumeStatus is the state of a volume attributes change: Pending, InProgress or Infeasible.
 */
export interface ModifyVolumeStatus {
  /**
   * targetVolumeAttributesClassName is the VolumeAttributesClass the volume is being modified to.
   *
   * +protobuf=1
   */
  targetVolumeAttributesClassName?: string;

  /**
   * status is the state of the modification: Pending, InProgress or Infeasible.
   *
   * +protobuf=2
   */
  status: PersistentVolumeClaimModifyVolumeStatus;
}

/**
 * PersistentVolumeClaimCondition is one observed condition of a claim.
 */
export interface PersistentVolumeClaimCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: PersistentVolumeClaimConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastProbeTime is when the condition was last checked.
   *
   * +optional
   * +protobuf=3
   */
  lastProbeTime?: Time;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=6
   */
  message?: string;
}

/**
 * PersistentVolumeClaimStatus reports a claim's phase, access modes, capacity, resize and attribute
 * changes.
 */
export interface PersistentVolumeClaimStatus {
  /**
   * phase is Pending, Bound or Lost.
   *
   * +optional
   * +protobuf=1
   */
  phase?: PersistentVolumeClaimPhase;

  /**
   * accessModes are the access modes of the bound volume.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  accessModes?: PersistentVolumeAccessMode[];

  /**
   * capacity is the size of the bound volume.
   *
   * +optional
   * +protobuf=3
   */
  capacity?: ResourceList;

  /**
   * conditions report resizes and attribute changes in progress.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=4
   */
  conditions?: PersistentVolumeClaimCondition[];

  /**
   * allocatedResources is the storage allocated to the claim, which may exceed the request during a
   * resize.
   *
   * +optional
   * +protobuf=5
   */
  allocatedResources?: ResourceList;

  /**
   * allocatedResourceStatuses reports the state of each resource's resize.
   *
   * +mapType=granular
   * +optional
   * +protobuf=7
   */
  allocatedResourceStatuses?: Record<string, ClaimResourceStatus>;

  /**
   * currentVolumeAttributesClassName is the VolumeAttributesClass the volume has now.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  currentVolumeAttributesClassName?: string;

  /**
   * modifyVolumeStatus reports a change of VolumeAttributesClass in progress.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  modifyVolumeStatus?: ModifyVolumeStatus;
}

/**
 * PersistentVolumeAccessMode is how a volume may be mounted: by one node, many nodes read-only,
 * many nodes read-write, or one pod.
 *
 * +enum
 */
export type PersistentVolumeAccessMode = "ReadOnlyMany" | "ReadWriteMany" | "ReadWriteOnce" | "ReadWriteOncePod";

/**
 * PersistentVolumePhase is the lifecycle phase of a volume: Pending, Available, Bound, Released or
 * Failed.
 *
 * +enum
 */
export type PersistentVolumePhase = "Available" | "Bound" | "Failed" | "Pending" | "Released";

/**
 * PersistentVolumeClaimPhase is the lifecycle phase of a claim: Pending, Bound or Lost.
 *
 * +enum
 */
export type PersistentVolumeClaimPhase = "Bound" | "Lost" | "Pending";

/**
 * HostPathType says what a host path must be (directory, file, socket...) and whether it is created
 * when missing.
 *
 * +enum
 */
export type HostPathType = "" | "BlockDevice" | "CharDevice" | "Directory" | "DirectoryOrCreate" | "File" | "FileOrCreate" | "Socket";

/**
 * HostPathVolumeSource mounts a file or directory of the node into the pod.
 */
export interface HostPathVolumeSource {
  /**
   * path is the path on the node.
   *
   * +protobuf=1
   */
  path: string;

  /**
   * type is what the path must be; no check when "".
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  type?: HostPathType;
}

/**
 * EmptyDirVolumeSource is an empty directory that lives as long as the pod, on disk or in memory.
 */
export interface EmptyDirVolumeSource {
  /**
   * medium is the storage behind the directory: the node's disk by default, or Memory.
   *
   * +optional
   * +protobuf=1
   */
  medium?: StorageMedium;

  /**
   * sizeLimit caps the directory's size; the pod is evicted when it grows beyond.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  sizeLimit?: Quantity;
}

/**
 * GlusterfsVolumeSource mounts a Glusterfs volume (a deprecated in-tree plugin).
 */
export interface GlusterfsVolumeSource {
  /**
   * endpoints names the Endpoints object that lists the Glusterfs cluster.
   *
   * +protobuf=1
   */
  endpoints: string;

  /**
   * path is the Glusterfs volume's path.
   *
   * +protobuf=2
   */
  path: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;
}

/**
 * GlusterfsPersistentVolumeSource is a Glusterfs volume as a PersistentVolume source.
 */
export interface GlusterfsPersistentVolumeSource {
  /**
   * endpoints names the Endpoints object that lists the Glusterfs cluster.
   *
   * +protobuf=1
   */
  endpoints: string;

  /**
   * path is the Glusterfs volume's path.
   *
   * +protobuf=2
   */
  path: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * endpointsNamespace is the namespace of the Endpoints object; empty means the claim's namespace.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  endpointsNamespace?: string;
}

/**
 * RBDVolumeSource mounts a Ceph RBD block device (a deprecated in-tree plugin).
 */
export interface RBDVolumeSource {
  /**
   * monitors are the addresses of the Ceph monitors.
   *
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * image is the RBD image's name.
   *
   * +protobuf=2
   */
  image: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * pool is the RBD pool; defaults to rbd.
   *
   * +optional
   * +default="rbd"
   * +protobuf=4
   */
  pool?: string;

  /**
   * user is the RADOS user; defaults to admin.
   *
   * +optional
   * +default="admin"
   * +protobuf=5
   */
  user?: string;

  /**
   * keyring is the path of the RBD user's keyring; defaults to /etc/ceph/keyring.
   *
   * +optional
   * +default="/etc/ceph/keyring"
   * +protobuf=6
   */
  keyring?: string;

  /**
   * secretRef names the Secret holding the RBD user's key, overriding keyring.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  secretRef?: LocalObjectReference;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=8
   */
  readOnly?: boolean;
}

/**
 * RBDPersistentVolumeSource is a Ceph RBD device as a PersistentVolume source.
 */
export interface RBDPersistentVolumeSource {
  /**
   * monitors are the addresses of the Ceph monitors.
   *
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * image is the RBD image's name.
   *
   * +protobuf=2
   */
  image: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * pool is the RBD pool; defaults to rbd.
   *
   * +optional
   * +default="rbd"
   * +protobuf=4
   */
  pool?: string;

  /**
   * user is the RADOS user; defaults to admin.
   *
   * +optional
   * +default="admin"
   * +protobuf=5
   */
  user?: string;

  /**
   * keyring is the path of the RBD user's keyring; defaults to /etc/ceph/keyring.
   *
   * +optional
   * +default="/etc/ceph/keyring"
   * +protobuf=6
   */
  keyring?: string;

  /**
   * secretRef names the Secret holding the RBD user's key, overriding keyring.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  secretRef?: SecretReference;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=8
   */
  readOnly?: boolean;
}

/**
 * CinderVolumeSource mounts an OpenStack Cinder volume (handled by the CSI driver through
 * migration).
 */
export interface CinderVolumeSource {
  /**
   * volumeID identifies the Cinder volume.
   *
   * +protobuf=1
   */
  volumeID: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * secretRef names the Secret holding the parameters to connect to OpenStack.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  secretRef?: LocalObjectReference;
}

/**
 * CinderPersistentVolumeSource is a Cinder volume as a PersistentVolume source.
 */
export interface CinderPersistentVolumeSource {
  /**
   * volumeID identifies the Cinder volume.
   *
   * +protobuf=1
   */
  volumeID: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * secretRef names the Secret holding the parameters to connect to OpenStack.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  secretRef?: SecretReference;
}

/**
 * CephFSVolumeSource mounts a CephFS filesystem.
 */
export interface CephFSVolumeSource {
  /**
   * monitors are the addresses of the Ceph monitors.
   *
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * path is the directory of the CephFS tree to mount; defaults to /.
   *
   * +optional
   * +protobuf=2
   */
  path?: string;

  /**
   * user is the RADOS user; defaults to admin.
   *
   * +optional
   * +protobuf=3
   */
  user?: string;

  /**
   * secretFile is the path of the user's keyring; defaults to /etc/ceph/user.secret.
   *
   * +optional
   * +protobuf=4
   */
  secretFile?: string;

  /**
   * secretRef names the Secret holding the user's key, overriding secretFile.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  secretRef?: LocalObjectReference;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=6
   */
  readOnly?: boolean;
}

/**
 * SecretReference names a secret in any namespace.
 *
 * +structType=atomic
 */
export interface SecretReference {
  /**
   * name is the Secret's name, unique in its namespace.
   *
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * namespace is the Secret's namespace.
   *
   * +optional
   * +protobuf=2
   */
  namespace?: string;
}

/**
 * CephFSPersistentVolumeSource is a CephFS filesystem as a PersistentVolume source.
 */
export interface CephFSPersistentVolumeSource {
  /**
   * monitors are the addresses of the Ceph monitors.
   *
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * path is the directory of the CephFS tree to mount; defaults to /.
   *
   * +optional
   * +protobuf=2
   */
  path?: string;

  /**
   * user is the RADOS user; defaults to admin.
   *
   * +optional
   * +protobuf=3
   */
  user?: string;

  /**
   * secretFile is the path of the user's keyring; defaults to /etc/ceph/user.secret.
   *
   * +optional
   * +protobuf=4
   */
  secretFile?: string;

  /**
   * secretRef names the Secret holding the user's key, overriding secretFile.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  secretRef?: SecretReference;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=6
   */
  readOnly?: boolean;
}

/**
 * FlockerVolumeSource mounts a Flocker dataset (a deprecated in-tree plugin).
 */
export interface FlockerVolumeSource {
  /**
   * datasetName is the dataset's name, as the Flocker metadata holds it; exactly one of datasetName
   * and datasetUUID is set.
   *
   * +optional
   * +protobuf=1
   */
  datasetName?: string;

  /**
   * datasetUUID is the dataset's UUID.
   *
   * +optional
   * +protobuf=2
   */
  datasetUUID?: string;
}

/**
 * StorageMedium is the medium backing an emptyDir: the node's default, memory or huge pages.
 */
export type StorageMedium = string;

/**
 * GCEPersistentDiskVolumeSource mounts a Google Compute Engine persistent disk.
 */
export interface GCEPersistentDiskVolumeSource {
  /**
   * pdName is the name of the persistent disk in GCE.
   *
   * +protobuf=1
   */
  pdName: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * partition is the partition to mount, such as 1 for /dev/sda1; unset or 0 mounts the whole disk.
   *
   * +optional
   * +protobuf=3
   */
  partition?: int32;

  /**
   * readOnly mounts the disk read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;
}

/**
 * QuobyteVolumeSource mounts a Quobyte volume (a deprecated in-tree plugin).
 */
export interface QuobyteVolumeSource {
  /**
   * registry is one or more Quobyte registry services, as host:port, comma-separated.
   *
   * +protobuf=1
   */
  registry: string;

  /**
   * volume is the name of an existing Quobyte volume.
   *
   * +protobuf=2
   */
  volume: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * user the volume's files are accessed as; defaults to the serviceaccount user.
   *
   * +optional
   * +protobuf=4
   */
  user?: string;

  /**
   * group the volume's files are accessed as; defaults to none.
   *
   * +optional
   * +protobuf=5
   */
  group?: string;

  /**
   * tenant owns the Quobyte volume in the backend; used with dynamically provisioned volumes.
   *
   * +optional
   * +protobuf=6
   */
  tenant?: string;
}

/**
 * FlexPersistentVolumeSource is a FlexVolume driver's volume as a PersistentVolume source.
 */
export interface FlexPersistentVolumeSource {
  /**
   * driver names the FlexVolume driver that serves the volume.
   *
   * +protobuf=1
   */
  driver: string;

  /**
   * fsType is the filesystem to mount; the default depends on the driver.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * secretRef names a Secret whose data is passed to the driver's scripts.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef?: SecretReference;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
   * options are extra command options passed to the driver.
   *
   * +optional
   * +protobuf=5
   */
  options?: Record<string, string>;
}

/**
 * FlexVolumeSource mounts a volume through an exec-based FlexVolume driver.
 */
export interface FlexVolumeSource {
  /**
   * driver names the FlexVolume driver that serves the volume.
   *
   * +protobuf=1
   */
  driver: string;

  /**
   * fsType is the filesystem to mount; the default depends on the driver.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * secretRef names a Secret whose data is passed to the driver's scripts.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef?: LocalObjectReference;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
   * options are extra command options passed to the driver.
   *
   * +optional
   * +protobuf=5
   */
  options?: Record<string, string>;
}

/**
 * AWSElasticBlockStoreVolumeSource mounts an AWS EBS volume.
 */
export interface AWSElasticBlockStoreVolumeSource {
  /**
   * volumeID identifies the EBS volume.
   *
   * +protobuf=1
   */
  volumeID: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * partition is the partition to mount, such as 1 for /dev/sda1; unset or 0 mounts the whole
   * volume.
   *
   * +optional
   * +protobuf=3
   */
  partition?: int32;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;
}

/**
 * GitRepoVolumeSource clones a git repository into an empty directory (deprecated).
 */
export interface GitRepoVolumeSource {
  /**
   * repository is the URL of the repository to clone.
   *
   * +protobuf=1
   */
  repository: string;

  /**
   * revision is the commit to check out.
   *
   * +optional
   * +protobuf=2
   */
  revision?: string;

  /**
   * directory is where to clone, relative to the volume; "." clones into the volume's root, and by
   * default a subdirectory named after the repository is used.
   *
   * +optional
   * +protobuf=3
   */
  directory?: string;
}

/**
 * SecretVolumeSource fills a volume with the keys of a secret, one file each.
 */
export interface SecretVolumeSource {
  /**
   * secretName names the secret, in the pod's namespace.
   *
   * +optional
   * +protobuf=1
   */
  secretName?: string;

  /**
   * items picks keys and their file paths; every key, named after itself, when unset.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
   * defaultMode is the permission bits of the files; 0644 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  defaultMode?: int32;

  /**
   * optional lets the pod start when the secret or a key is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * SecretProjection adds keys of a secret to a projected volume.
 *
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface SecretProjection extends LocalObjectReference {
  /**
   * items project chosen keys to chosen paths; without them every key becomes a file named after
   * it. A key that does not exist is an error unless optional.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
   * optional lets the pod start when the Secret or a listed key is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * NFSVolumeSource mounts an NFS export.
 */
export interface NFSVolumeSource {
  /**
   * server is the NFS server's host name or IP address.
   *
   * +protobuf=1
   */
  server: string;

  /**
   * path is the path the NFS server exports.
   *
   * +protobuf=2
   */
  path: string;

  /**
   * readOnly mounts the export read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;
}

/**
 * ISCSIVolumeSource mounts an iSCSI disk.
 */
export interface ISCSIVolumeSource {
  /**
   * targetPortal is the iSCSI target portal, an IP or ip:port (port 3260 by default).
   *
   * +protobuf=1
   */
  targetPortal: string;

  /**
   * iqn is the target's iSCSI qualified name.
   *
   * +protobuf=2
   */
  iqn: string;

  /**
   * lun is the target's logical unit number.
   *
   * +protobuf=3
   */
  lun: int32;

  /**
   * iscsiInterface is the iSCSI interface to use; defaults to default (tcp).
   *
   * +optional
   * +default="default"
   * +protobuf=4
   */
  iscsiInterface?: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=5
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=6
   */
  readOnly?: boolean;

  /**
   * portals are further target portals, for multipath.
   *
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  portals?: string[];

  /**
   * chapAuthDiscovery turns on CHAP authentication for iSCSI discovery.
   *
   * +optional
   * +protobuf=8
   */
  chapAuthDiscovery?: boolean;

  /**
   * chapAuthSession turns on CHAP authentication for the iSCSI session.
   *
   * +optional
   * +protobuf=11
   */
  chapAuthSession?: boolean;

  /**
   * secretRef names the Secret holding the CHAP credentials.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  secretRef?: LocalObjectReference;

  /**
   * initiatorName is a custom initiator name, which makes a new interface <target portal>:<volume
   * name> be created.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  initiatorName?: string;
}

/**
 * ISCSIPersistentVolumeSource is an iSCSI disk as a PersistentVolume source.
 */
export interface ISCSIPersistentVolumeSource {
  /**
   * targetPortal is the iSCSI target portal, an IP or ip:port (port 3260 by default).
   *
   * +protobuf=1
   */
  targetPortal: string;

  /**
   * iqn is the target's iSCSI qualified name.
   *
   * +protobuf=2
   */
  iqn: string;

  /**
   * lun is the target's logical unit number.
   *
   * +protobuf=3
   */
  lun: int32;

  /**
   * iscsiInterface is the iSCSI interface to use; defaults to default (tcp).
   *
   * +optional
   * +default="default"
   * +protobuf=4
   */
  iscsiInterface?: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=5
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=6
   */
  readOnly?: boolean;

  /**
   * portals are further target portals, for multipath.
   *
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  portals?: string[];

  /**
   * chapAuthDiscovery turns on CHAP authentication for iSCSI discovery.
   *
   * +optional
   * +protobuf=8
   */
  chapAuthDiscovery?: boolean;

  /**
   * chapAuthSession turns on CHAP authentication for the iSCSI session.
   *
   * +optional
   * +protobuf=11
   */
  chapAuthSession?: boolean;

  /**
   * secretRef names the Secret holding the CHAP credentials.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  secretRef?: SecretReference;

  /**
   * initiatorName is a custom initiator name, which makes a new interface <target portal>:<volume
   * name> be created.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  initiatorName?: string;
}

/**
 * FCVolumeSource mounts a Fibre Channel disk.
 */
export interface FCVolumeSource {
  /**
   * targetWWNs are the Fibre Channel target world wide names; set either them with lun, or wwids.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  targetWWNs?: string[];

  /**
   * lun is the target's logical unit number.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  lun?: int32;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
   * wwids are the volume's world wide identifiers; set either them, or targetWWNs with lun.
   *
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  wwids?: string[];
}

/**
 * AzureFileVolumeSource mounts an Azure File share.
 */
export interface AzureFileVolumeSource {
  /**
   * secretName names the Secret holding the Azure storage account's name and key.
   *
   * +protobuf=1
   */
  secretName: string;

  /**
   * shareName is the Azure file share's name.
   *
   * +protobuf=2
   */
  shareName: string;

  /**
   * readOnly mounts the share read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;
}

/**
 * AzureFilePersistentVolumeSource is an Azure File share as a PersistentVolume source.
 */
export interface AzureFilePersistentVolumeSource {
  /**
   * secretName names the Secret holding the Azure storage account's name and key.
   *
   * +protobuf=1
   */
  secretName: string;

  /**
   * shareName is the Azure file share's name.
   *
   * +protobuf=2
   */
  shareName: string;

  /**
   * readOnly mounts the share read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * secretNamespace is the Secret's namespace; defaults to the pod's.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  secretNamespace: string;
}

/**
 * VsphereVirtualDiskVolumeSource mounts a vSphere virtual disk.
 */
export interface VsphereVirtualDiskVolumeSource {
  /**
   * volumePath is the path of the vSphere volume's disk file.
   *
   * +protobuf=1
   */
  volumePath: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * storagePolicyName is the storage policy based management (SPBM) profile's name.
   *
   * +optional
   * +protobuf=3
   */
  storagePolicyName?: string;

  /**
   * storagePolicyID is the SPBM profile's id for storagePolicyName.
   *
   * +optional
   * +protobuf=4
   */
  storagePolicyID?: string;
}

/**
 * PhotonPersistentDiskVolumeSource mounts a Photon Controller disk (a deprecated in-tree plugin).
 */
export interface PhotonPersistentDiskVolumeSource {
  /**
   * pdID identifies the Photon Controller persistent disk.
   *
   * +protobuf=1
   */
  pdID: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +protobuf=2
   */
  fsType?: string;
}

/**
 * AzureDataDiskCachingMode is the host caching of an Azure data disk: None, ReadOnly or ReadWrite.
 *
 * +enum
 */
export type AzureDataDiskCachingMode = "None" | "ReadOnly" | "ReadWrite";

/**
 * AzureDataDiskKind is the kind of Azure data disk: Shared, Dedicated or Managed.
 *
 * +enum
 */
export type AzureDataDiskKind = "Dedicated" | "Managed" | "Shared";

/**
 * AzureDiskVolumeSource mounts an Azure data disk.
 */
export interface AzureDiskVolumeSource {
  /**
   * diskName is the data disk's name in the blob storage.
   *
   * +protobuf=1
   */
  diskName: string;

  /**
   * diskURI is the data disk's URI in the blob storage.
   *
   * +protobuf=2
   */
  diskURI: string;

  /**
   * cachingMode is the host caching mode: None, ReadOnly or ReadWrite (the default).
   *
   * +optional
   * +default="ReadWrite"
   * +kubegen:pointer
   * +protobuf=3
   */
  cachingMode?: AzureDataDiskCachingMode;

  /**
   * fsType is the filesystem to mount; defaults to ext4.
   *
   * +optional
   * +default="ext4"
   * +kubegen:pointer
   * +protobuf=4
   */
  fsType?: string;

  /**
   * readOnly mounts the disk read-only; defaults to false.
   *
   * +optional
   * +default=false
   * +kubegen:pointer
   * +protobuf=5
   */
  readOnly?: boolean;

  /**
   * kind is the disk's kind: Shared (several disks per storage account, the default), Dedicated
   * (one per account) or Managed.
   *
   * +default="Shared"
   * +kubegen:pointer
   * +protobuf=6
   */
  kind?: AzureDataDiskKind;
}

/**
 * PortworxVolumeSource mounts a Portworx volume.
 */
export interface PortworxVolumeSource {
  /**
   * volumeID identifies the Portworx volume.
   *
   * +protobuf=1
   */
  volumeID: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +protobuf=2
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;
}

/**
 * ScaleIOVolumeSource mounts a ScaleIO volume (a deprecated in-tree plugin).
 */
export interface ScaleIOVolumeSource {
  /**
   * gateway is the ScaleIO API gateway's host address.
   *
   * +protobuf=1
   */
  gateway: string;

  /**
   * system is the name of the storage system as configured in ScaleIO.
   *
   * +protobuf=2
   */
  system: string;

  /**
   * secretRef names the Secret holding the ScaleIO user's credentials.
   *
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef: LocalObjectReference;

  /**
   * sslEnabled turns on SSL for talking to the gateway; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  sslEnabled?: boolean;

  /**
   * protectionDomain is the ScaleIO protection domain of the storage.
   *
   * +optional
   * +protobuf=5
   */
  protectionDomain?: string;

  /**
   * storagePool is the ScaleIO storage pool of the protection domain.
   *
   * +optional
   * +protobuf=6
   */
  storagePool?: string;

  /**
   * storageMode is ThickProvisioned or ThinProvisioned (the default).
   *
   * +optional
   * +default="ThinProvisioned"
   * +protobuf=7
   */
  storageMode?: string;

  /**
   * volumeName is the name of a volume already made in the ScaleIO system.
   *
   * +protobuf=8
   */
  volumeName?: string;

  /**
   * fsType is the filesystem to mount; defaults to xfs.
   *
   * +optional
   * +default="xfs"
   * +protobuf=9
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=10
   */
  readOnly?: boolean;
}

/**
 * ScaleIOPersistentVolumeSource is a ScaleIO volume as a PersistentVolume source.
 */
export interface ScaleIOPersistentVolumeSource {
  /**
   * gateway is the ScaleIO API gateway's host address.
   *
   * +protobuf=1
   */
  gateway: string;

  /**
   * system is the name of the storage system as configured in ScaleIO.
   *
   * +protobuf=2
   */
  system: string;

  /**
   * secretRef names the Secret holding the ScaleIO user's credentials.
   *
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef: SecretReference;

  /**
   * sslEnabled turns on SSL for talking to the gateway; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  sslEnabled?: boolean;

  /**
   * protectionDomain is the ScaleIO protection domain of the storage.
   *
   * +optional
   * +protobuf=5
   */
  protectionDomain?: string;

  /**
   * storagePool is the ScaleIO storage pool of the protection domain.
   *
   * +optional
   * +protobuf=6
   */
  storagePool?: string;

  /**
   * storageMode is ThickProvisioned or ThinProvisioned (the default).
   *
   * +optional
   * +default="ThinProvisioned"
   * +protobuf=7
   */
  storageMode?: string;

  /**
   * volumeName is the name of a volume already made in the ScaleIO system.
   *
   * +protobuf=8
   */
  volumeName?: string;

  /**
   * fsType is the filesystem to mount; defaults to xfs.
   *
   * +optional
   * +default="xfs"
   * +protobuf=9
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=10
   */
  readOnly?: boolean;
}

/**
 * StorageOSVolumeSource mounts a StorageOS volume (a deprecated in-tree plugin).
 */
export interface StorageOSVolumeSource {
  /**
   * volumeName is the StorageOS volume's name, unique in its namespace.
   *
   * +protobuf=1
   */
  volumeName?: string;

  /**
   * volumeNamespace is the StorageOS namespace of the volume; defaults to the pod's namespace.
   *
   * +optional
   * +protobuf=2
   */
  volumeNamespace?: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
   * secretRef names the Secret holding the StorageOS API credentials.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  secretRef?: LocalObjectReference;
}

/**
 * StorageOSPersistentVolumeSource is a StorageOS volume as a PersistentVolume source.
 */
export interface StorageOSPersistentVolumeSource {
  /**
   * volumeName is the StorageOS volume's name, unique in its namespace.
   *
   * +protobuf=1
   */
  volumeName?: string;

  /**
   * volumeNamespace is the StorageOS namespace of the volume; defaults to the claim's namespace.
   *
   * +optional
   * +protobuf=2
   */
  volumeNamespace?: string;

  /**
   * fsType is the filesystem to mount, such as ext4 (the default) or xfs.
   *
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
   * secretRef refers to the Secret holding the StorageOS API credentials.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  secretRef?: ObjectReference;
}

/**
 * ConfigMapVolumeSource fills a volume with the keys of a config map, one file each.
 *
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface ConfigMapVolumeSource extends LocalObjectReference {
  /**
   * items picks keys and their file paths; every key, named after itself, when unset.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
   * defaultMode is the permission bits of the files; 0644 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  defaultMode?: int32;

  /**
   * optional lets the pod start when the config map or a key is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * ConfigMapProjection adds keys of a config map to a projected volume.
 *
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface ConfigMapProjection extends LocalObjectReference {
  /**
   * items project chosen keys to chosen paths; without them every key becomes a file named after
   * it. A key that does not exist is an error unless optional.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
   * optional lets the pod start when the ConfigMap or a listed key is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * ServiceAccountTokenProjection adds a service account token, for an audience and lifetime, to a
 * projected volume; the kubelet renews it.
 */
export interface ServiceAccountTokenProjection {
  /**
   * audience is the token's intended audience, which its receiver checks; defaults to the
   * apiserver's audience.
   *
   * +optional
   * +protobuf=1
   */
  audience?: string;

  /**
   * expirationSeconds is the token's requested validity, at least 600 seconds and by default an
   * hour; the kubelet refreshes the token before it expires.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  expirationSeconds?: int64;

  /**
   * path is the file the token is written to, relative to the volume.
   *
   * +protobuf=3
   */
  path: string;
}

/**
 * ClusterTrustBundleProjection adds the certificates of ClusterTrustBundles to a projected volume.
 */
export interface ClusterTrustBundleProjection {
  /**
   * name selects one ClusterTrustBundle by name; it cannot be set with signerName and
   * labelSelector.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  name?: string;

  /**
   * signerName selects the ClusterTrustBundles of a signer, together with labelSelector; their
   * certificates are joined.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  signerName?: string;

  /**
   * labelSelector narrows the bundles selected by signerName; null selects none and empty selects
   * all.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  labelSelector?: LabelSelector;

  /**
   * optional lets the pod start when the bundle is missing or none is selected; the file is then
   * empty.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  optional?: boolean;

  /**
   * path is the file the bundle is written to, relative to the volume.
   *
   * +protobuf=4
   */
  path: string;
}

/**
 * PodCertificateProjection adds a private key and a certificate issued for the pod to a projected
 * volume.
 */
export interface PodCertificateProjection {
  /**
   * signerName is the signer that issues the pod's certificate.
   *
   * +kubebuilder:validation:Required
   * +protobuf=1
   */
  signerName?: string;

  /**
   * keyType is the type of key the kubelet generates: RSA3072, RSA4096, ECDSAP256, ECDSAP384,
   * ECDSAP521 or ED25519.
   *
   * +kubebuilder:validation:Required
   * +protobuf=2
   */
  keyType?: string;

  /**
   * maxExpirationSeconds is the longest validity the certificate may get; the signer may issue
   * less. Defaults to a day, at least an hour.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  maxExpirationSeconds?: int32;

  /**
   * credentialBundlePath is the file holding the private key and certificate chain together, in
   * PEM.
   *
   * +optional
   * +protobuf=4
   */
  credentialBundlePath?: string;

  /**
   * keyPath is the file holding the private key alone.
   *
   * +optional
   * +protobuf=5
   */
  keyPath?: string;

  /**
   * certificateChainPath is the file holding the certificate chain alone.
   *
   * +optional
   * +protobuf=6
   */
  certificateChainPath?: string;
}

/**
 * ProjectedVolumeSource combines several sources (secrets, config maps, downward API, tokens) into
 * one directory.
 */
export interface ProjectedVolumeSource {
  /**
   * sources are the projections, written into the one directory.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  sources: VolumeProjection[];

  /**
   * defaultMode is the permission bits of the files, 0 to 0777 (decimal in JSON); defaults to 0644.
   * Modes set per item win.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  defaultMode?: int32;
}

/**
 * VolumeProjection is one source of a projected volume; exactly one is set.
 */
export interface VolumeProjection {
  /**
   * secret projects the keys of a Secret.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  secret?: SecretProjection;

  /**
   * downwardAPI projects fields of the pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  downwardAPI?: DownwardAPIProjection;

  /**
   * configMap projects the keys of a ConfigMap.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  configMap?: ConfigMapProjection;

  /**
   * serviceAccountToken projects a token of the pod's service account.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  serviceAccountToken?: ServiceAccountTokenProjection;

  /**
   * clusterTrustBundle projects the certificates of ClusterTrustBundles.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  clusterTrustBundle?: ClusterTrustBundleProjection;

  /**
   * podCertificate projects a key and certificate issued for the pod.
   *
   * +kubegen:pointer
   * +protobuf=6
   */
  podCertificate?: PodCertificateProjection;
}

/**
 * KeyToPath maps a key of a secret or config map to a file path in the volume.
 */
export interface KeyToPath {
  /**
   * key is the key to project.
   *
   * +protobuf=1
   */
  key: string;

  /**
   * path is the relative file path the key is written to.
   *
   * +protobuf=2
   */
  path: string;

  /**
   * mode is the file's permission bits; the volume's defaultMode when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  mode?: int32;
}

/**
 * LocalVolumeSource is a disk, partition or directory local to one node.
 */
export interface LocalVolumeSource {
  /**
   * path is the full path on the node of the directory or block device.
   *
   * +protobuf=1
   */
  path: string;

  /**
   * fsType is the filesystem of a block device, formatted when it has none; unset picks a default.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  fsType?: string;
}

/**
 * CSIPersistentVolumeSource is a volume managed by a CSI driver, as a PersistentVolume source.
 */
export interface CSIPersistentVolumeSource {
  /**
   * driver names the CSI driver that serves the volume.
   *
   * +protobuf=1
   */
  driver: string;

  /**
   * volumeHandle identifies the volume as the driver's CreateVolume returned it, passed back in
   * every call.
   *
   * +protobuf=2
   */
  volumeHandle: string;

  /**
   * readOnly publishes the volume read-only; defaults to false.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * fsType is the filesystem to mount, such as ext4 or xfs.
   *
   * +optional
   * +protobuf=4
   */
  fsType?: string;

  /**
   * volumeAttributes are the volume's attributes, passed to the driver in its publish calls.
   *
   * +optional
   * +protobuf=5
   */
  volumeAttributes?: Record<string, string>;

  /**
   * controllerPublishSecretRef names the Secret passed to the driver's ControllerPublishVolume and
   * ControllerUnpublishVolume calls.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  controllerPublishSecretRef?: SecretReference;

  /**
   * nodeStageSecretRef names the Secret passed to the driver's NodeStageVolume and
   * NodeUnstageVolume calls.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  nodeStageSecretRef?: SecretReference;

  /**
   * nodePublishSecretRef names the Secret passed to the driver's NodePublishVolume and
   * NodeUnpublishVolume calls.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  nodePublishSecretRef?: SecretReference;

  /**
   * controllerExpandSecretRef names the Secret passed to the driver's ControllerExpandVolume call.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  controllerExpandSecretRef?: SecretReference;

  /**
   * nodeExpandSecretRef names the Secret passed to the driver's NodeExpandVolume call.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  nodeExpandSecretRef?: SecretReference;
}

/**
 * CSIVolumeSource is an ephemeral inline volume provided by a CSI driver.
 */
export interface CSIVolumeSource {
  /**
   * driver names the CSI driver that serves the inline volume.
   *
   * +protobuf=1
   */
  driver: string;

  /**
   * readOnly mounts the volume read-only; defaults to false.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  readOnly?: boolean;

  /**
   * fsType is the filesystem to mount, such as ext4; unset lets the driver choose.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  fsType?: string;

  /**
   * volumeAttributes are driver-specific properties of the volume.
   *
   * +optional
   * +protobuf=4
   */
  volumeAttributes?: Record<string, string>;

  /**
   * nodePublishSecretRef names the Secret passed to the driver's NodePublishVolume and
   * NodeUnpublishVolume calls.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  nodePublishSecretRef?: LocalObjectReference;
}

/**
 * EphemeralVolumeSource is a volume from a claim created for the pod from a template and deleted
 * with it.
 */
export interface EphemeralVolumeSource {
  /**
   * volumeClaimTemplate is the claim made for the pod, named <pod name>-<volume name> and owned by
   * the pod; it cannot change.
   *
   * +kubegen:pointer
   * +protobuf=1
   */
  volumeClaimTemplate?: PersistentVolumeClaimTemplate;
}

/**
 * PersistentVolumeClaimTemplate is the metadata and spec of a claim created for an ephemeral
 * volume.
 */
export interface PersistentVolumeClaimTemplate {
  /**
   * metadata is copied into the claim made from the template; name and namespace are not allowed.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is copied into the claim made from the template.
   *
   * +protobuf=2
   */
  spec: PersistentVolumeClaimSpec;
}

/**
 * ContainerPort is a network port a container exposes.
 */
export interface ContainerPort {
  /**
   * name names the port so that services can refer to it; unique in the pod.
   *
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * hostPort exposes the port on the node at this number.
   *
   * +optional
   * +protobuf=2
   */
  hostPort?: int32;

  /**
   * containerPort is the port number on the pod's IP.
   *
   * +protobuf=3
   */
  containerPort: int32;

  /**
   * protocol is TCP (the default), UDP or SCTP.
   *
   * +optional
   * +default="TCP"
   * +protobuf=4
   */
  protocol?: Protocol;

  /**
   * hostIP is the node address a hostPort binds to.
   *
   * +optional
   * +protobuf=5
   */
  hostIP?: string;
}

/**
 * VolumeMount mounts a volume of the pod at a path in a container.
 */
export interface VolumeMount {
  /**
   * name is the pod volume to mount.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * readOnly mounts the volume read-only.
   *
   * +optional
   * +protobuf=2
   */
  readOnly?: boolean;

  /**
   * recursiveReadOnly says whether a read-only mount is read-only in its submounts too.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  recursiveReadOnly?: RecursiveReadOnlyMode;

  /**
   * mountPath is where the volume appears in the container.
   *
   * +protobuf=3
   */
  mountPath: string;

  /**
   * subPath mounts only this path within the volume; the root when "".
   *
   * +optional
   * +protobuf=4
   */
  subPath?: string;

  /**
   * mountPropagation says how mounts propagate between host and container; None when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  mountPropagation?: MountPropagationMode;

  /**
   * subPathExpr is like subPath, with $(VAR) references to the container's environment expanded.
   *
   * +optional
   * +protobuf=6
   */
  subPathExpr?: string;
}

/**
 * MountPropagationMode says whether mounts propagate between host and container: None,
 * HostToContainer or Bidirectional.
 *
 * +enum
 */
export type MountPropagationMode = "Bidirectional" | "HostToContainer" | "None";

/**
 * RecursiveReadOnlyMode says whether a read-only mount is read-only recursively: Disabled,
 * IfPossible or Enabled.
 */
export type RecursiveReadOnlyMode = string;

/**
 * VolumeDevice maps a raw block volume to a device path in a container.
 */
export interface VolumeDevice {
  /**
   * name is the name of the pod's persistentVolumeClaim volume that holds the block device.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * devicePath is the path in the container where the device appears.
   *
   * +protobuf=2
   */
  devicePath: string;
}

/**
 * EnvVar is an environment variable of a container, with a literal value or a value from a source.
 */
export interface EnvVar {
  /**
   * name is the variable's name.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * value is the literal value; $(VAR) references to earlier variables are expanded.
   *
   * +optional
   * +protobuf=2
   */
  value?: string;

  /**
   * valueFrom takes the value from a pod field, a resource, a config map, a secret or a file.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  valueFrom?: EnvVarSource;
}

/**
 * EnvVarSource is where an environment variable's value comes from; exactly one is set.
 */
export interface EnvVarSource {
  /**
   * fieldRef takes the value from a pod field, such as metadata.name or status.podIP.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  fieldRef?: ObjectFieldSelector;

  /**
   * resourceFieldRef takes the value from a container's resource limit or request.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  resourceFieldRef?: ResourceFieldSelector;

  /**
   * configMapKeyRef takes the value from a key of a config map.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  configMapKeyRef?: ConfigMapKeySelector;

  /**
   * secretKeyRef takes the value from a key of a secret.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  secretKeyRef?: SecretKeySelector;

  /**
   * fileKeyRef takes the value from a key of an env file in a volume.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  fileKeyRef?: FileKeySelector;
}

/**
 * FileKeySelector selects a key of an env file in a volume.
 *
 * +structType=atomic
 */
export interface FileKeySelector {
  /**
   * volumeName names the pod's emptyDir volume that holds the env file.
   *
   * +required
   * +protobuf=1
   */
  volumeName: string;

  /**
   * path is the env file's path in the volume.
   *
   * +required
   * +protobuf=2
   */
  path: string;

  /**
   * key is the variable whose value is taken from the env file.
   *
   * +required
   * +protobuf=3
   */
  key: string;

  /**
   * optional lets the container start when the file or key is missing; the variable is then unset.
   *
   * +optional
   * +default=false
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * ObjectFieldSelector selects a field of the pod, such as metadata.name.
 *
 * +structType=atomic
 */
export interface ObjectFieldSelector {
  /**
   * apiVersion is the version of the schema fieldPath is written in; defaults to v1.
   *
   * +optional
   * +protobuf=1
   */
  apiVersion?: string;

  /**
   * fieldPath is the path of the field to select, such as metadata.name or status.podIP.
   *
   * +protobuf=2
   */
  fieldPath: string;
}

/**
 * ResourceFieldSelector selects a container's resource limit or request, with a divisor.
 *
 * +structType=atomic
 */
export interface ResourceFieldSelector {
  /**
   * containerName names the container whose resources are read; required for volumes, optional for
   * env vars.
   *
   * +optional
   * +protobuf=1
   */
  containerName?: string;

  /**
   * resource is what to select, such as limits.cpu or requests.memory.
   *
   * +protobuf=2
   */
  resource: string;

  /**
   * divisor is the unit the value is given in; defaults to 1.
   *
   * +optional
   * +protobuf=3
   */
  divisor?: Quantity;
}

/**
 * ConfigMapKeySelector selects a key of a config map.
 *
 * +structType=atomic
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface ConfigMapKeySelector extends LocalObjectReference {
  /**
   * key is the ConfigMap key to select.
   *
   * +protobuf=2
   */
  key: string;

  /**
   * optional lets the container start when the ConfigMap or the key is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  optional?: boolean;
}

/**
 * SecretKeySelector selects a key of a secret.
 *
 * +structType=atomic
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface SecretKeySelector extends LocalObjectReference {
  /**
   * key is the Secret key to select.
   *
   * +protobuf=2
   */
  key: string;

  /**
   * optional lets the container start when the Secret or the key is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  optional?: boolean;
}

/**
 * EnvFromSource imports every key of a config map or secret as environment variables, with an
 * optional prefix.
 */
export interface EnvFromSource {
  /**
   * prefix is put before every variable name taken from the source.
   *
   * +optional
   * +protobuf=1
   */
  prefix?: string;

  /**
   * configMapRef is the ConfigMap whose keys become variables.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  configMapRef?: ConfigMapEnvSource;

  /**
   * secretRef is the Secret whose keys become variables.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef?: SecretEnvSource;
}

/**
 * ConfigMapEnvSource names a config map whose keys become environment variables.
 *
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface ConfigMapEnvSource extends LocalObjectReference {
  /**
   * optional lets the container start when the ConfigMap is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  optional?: boolean;
}

/**
 * SecretEnvSource names a secret whose keys become environment variables.
 *
 * +kubegen:protobuf-embed=LocalObjectReference,1
 */
export interface SecretEnvSource extends LocalObjectReference {
  /**
   * optional lets the container start when the Secret is missing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  optional?: boolean;
}

/**
 * HTTPHeader is a header to send with an HTTP probe.
 */
export interface HTTPHeader {
  /**
   * name is the header's field name; it is canonicalised on output, so names differing only in case
   * are one header.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * value is the header's field value.
   *
   * +protobuf=2
   */
  value: string;
}

/**
 * HTTPGetAction is a probe or hook that sends an HTTP GET request.
 */
export interface HTTPGetAction {
  /**
   * path is the request path.
   *
   * +optional
   * +protobuf=1
   */
  path?: string;

  /**
   * port is the port number or name to connect to.
   *
   * +protobuf=2
   */
  port: IntOrString;

  /**
   * host is the host to connect to; the pod IP when unset.
   *
   * +optional
   * +protobuf=3
   */
  host?: string;

  /**
   * scheme is HTTP (the default) or HTTPS.
   *
   * +optional
   * +protobuf=4
   */
  scheme?: URIScheme;

  /**
   * httpHeaders are extra request headers.
   *
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  httpHeaders?: HTTPHeader[];
}

/**
 * URIScheme is the scheme of an HTTP probe: HTTP or HTTPS.
 *
 * +enum
 */
export type URIScheme = "HTTP" | "HTTPS";

/**
 * TCPSocketAction is a probe that opens a TCP connection.
 */
export interface TCPSocketAction {
  /**
   * port is the port number or name to connect to.
   *
   * +protobuf=1
   */
  port: IntOrString;

  /**
   * host is the host to connect to; the pod IP when unset.
   *
   * +optional
   * +protobuf=2
   */
  host?: string;
}

/**
 * GRPCAction is a probe that calls the gRPC health checking service.
 */
export interface GRPCAction {
  /**
   * port is the port number of the gRPC service, 1 to 65,535.
   *
   * +protobuf=1
   */
  port: int32;

  /**
   * service is the name put in the gRPC HealthCheckRequest; empty asks about the server as a whole.
   *
   * +optional
   * +default=""
   * +kubegen:pointer
   * +protobuf=2
   */
  service: string;
}

/**
 * ExecAction is a probe or hook that runs a command in the container.
 */
export interface ExecAction {
  /**
   * command is run in the container, without a shell; exit status 0 is success.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  command?: string[];
}

/**
 * SleepAction is a lifecycle hook that waits for a number of seconds.
 */
export interface SleepAction {
  /**
   * seconds is how long to sleep.
   *
   * +protobuf=1
   */
  seconds: int64;
}

/**
 * Probe describes a health check of a container and how often and how strictly it runs.
 *
 * +kubegen:protobuf-embed=ProbeHandler,1,name=handler
 */
export interface Probe extends ProbeHandler {
  /**
   * initialDelaySeconds is how long after the container starts the first probe runs.
   *
   * +optional
   * +protobuf=2
   */
  initialDelaySeconds?: int32;

  /**
   * timeoutSeconds is how long a probe may take; 1 when unset.
   *
   * +optional
   * +protobuf=3
   */
  timeoutSeconds?: int32;

  /**
   * periodSeconds is the interval between probes; 10 when unset.
   *
   * +optional
   * +protobuf=4
   */
  periodSeconds?: int32;

  /**
   * successThreshold is how many successes in a row count as success after a failure; 1 when unset.
   *
   * +optional
   * +protobuf=5
   */
  successThreshold?: int32;

  /**
   * failureThreshold is how many failures in a row count as failure; 3 when unset.
   *
   * +optional
   * +protobuf=6
   */
  failureThreshold?: int32;

  /**
   * terminationGracePeriodSeconds overrides the pod's grace period when a failed liveness or
   * startup probe kills the container.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  terminationGracePeriodSeconds?: int64;
}

/**
 * PullPolicy says when an image is pulled: Always, Never or IfNotPresent.
 *
 * +enum
 */
export type PullPolicy = "Always" | "IfNotPresent" | "Never";

/**
 * ResourceResizeRestartPolicy says whether resizing a resource restarts the container: NotRequired
 * or RestartContainer.
 */
export type ResourceResizeRestartPolicy = string;

/**
 * ContainerResizePolicy says how a container reacts when one of its resources is resized.
 */
export interface ContainerResizePolicy {
  /**
   * resourceName is the resource the policy applies to: cpu or memory.
   *
   * +protobuf=1
   */
  resourceName: ResourceName;

  /**
   * restartPolicy says what resizing the resource does: NotRequired (the default, resize in place)
   * or RestartContainer.
   *
   * +protobuf=2
   */
  restartPolicy: ResourceResizeRestartPolicy;
}

/**
 * PreemptionPolicy says whether a pod may preempt lower-priority pods: PreemptLowerPriority or
 * Never.
 *
 * +enum
 */
export type PreemptionPolicy = "Never" | "PreemptLowerPriority";

/**
 * TerminationMessagePolicy says where a container's termination message is read from: the file
 * only, or the log when the file is empty.
 *
 * +enum
 */
export type TerminationMessagePolicy = "FallbackToLogsOnError" | "File";

/**
 * Capability is a Linux capability name.
 */
export type Capability = string;

/**
 * Capabilities lists the Linux capabilities to add to and drop from a container.
 */
export interface Capabilities {
  /**
   * add are the capabilities added to the container.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  add?: Capability[];

  /**
   * drop are the capabilities removed from the container.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  drop?: Capability[];
}

/**
 * ResourceRequirements holds the compute resource limits and requests of a container, and the
 * claims it uses.
 */
export interface ResourceRequirements {
  /**
   * limits are the most of each resource the container may use.
   *
   * +optional
   * +protobuf=1
   */
  limits?: ResourceList;

  /**
   * requests are the resources the container is scheduled with; the limits when unset.
   *
   * +optional
   * +protobuf=2
   */
  requests?: ResourceList;

  /**
   * claims names the pod's resource claims the container uses.
   *
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=3
   */
  claims?: ResourceClaim[];
}

/**
 * VolumeResourceRequirements holds the storage limits and requests of a claim.
 */
export interface VolumeResourceRequirements {
  /**
   * limits are the most storage the volume may have.
   *
   * +optional
   * +protobuf=1
   */
  limits?: ResourceList;

  /**
   * requests are the least storage the volume must have; defaults to the limits when those are set.
   *
   * +optional
   * +protobuf=2
   */
  requests?: ResourceList;
}

/**
 * ResourceClaim names one of the pod's resource claims that a container uses.
 */
export interface ResourceClaim {
  /**
   * name is the name of an entry of the pod's spec.resourceClaims, whose devices the container may
   * use.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * request narrows the use to one request of the claim; empty means all of them.
   *
   * +optional
   * +protobuf=2
   */
  request?: string;
}

/**
 * Container is one container of a pod: image, command, environment, resources, ports, mounts,
 * probes and security settings.
 */
export interface Container {
  /**
   * name identifies the container within the pod (a DNS label).
   *
   * +protobuf=1
   */
  name: string;

  /**
   * image is the container image to run.
   *
   * +optional
   * +protobuf=2
   */
  image?: string;

  /**
   * command replaces the image's entrypoint; $(VAR) references are expanded.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  command?: string[];

  /**
   * args replace the image's arguments; $(VAR) references are expanded.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  args?: string[];

  /**
   * workingDir is the container's working directory; the image's when unset.
   *
   * +optional
   * +protobuf=5
   */
  workingDir?: string;

  /**
   * ports lists ports the container exposes; informational, any listening port is reachable.
   *
   * +optional
   * +patchMergeKey=containerPort
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=containerPort
   * +listMapKey=protocol
   * +protobuf=6
   */
  ports?: ContainerPort[];

  /**
   * envFrom imports the keys of config maps and secrets as environment variables.
   *
   * +optional
   * +listType=atomic
   * +protobuf=19
   */
  envFrom?: EnvFromSource[];

  /**
   * env sets environment variables; they override envFrom.
   *
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=7
   */
  env?: EnvVar[];

  /**
   * resources holds the container's compute requests and limits.
   *
   * +optional
   * +protobuf=8
   */
  resources?: ResourceRequirements;

  /**
   * resizePolicy says, per resource, whether an in-place resize restarts the container.
   *
   * +optional
   * +listType=atomic
   * +protobuf=23
   */
  resizePolicy?: ContainerResizePolicy[];

  /**
   * restartPolicy overrides the pod's for this container; Always on an init container makes it a
   * sidecar.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=24
   */
  restartPolicy?: ContainerRestartPolicy;

  /**
   * restartPolicyRules decide by exit code whether the container is restarted.
   *
   * +optional
   * +listType=atomic
   * +protobuf=25
   */
  restartPolicyRules?: ContainerRestartRule[];

  /**
   * volumeMounts mounts pod volumes into the container's filesystem.
   *
   * +optional
   * +patchMergeKey=mountPath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=mountPath
   * +protobuf=9
   */
  volumeMounts?: VolumeMount[];

  /**
   * volumeDevices maps raw block volumes to device paths.
   *
   * +patchMergeKey=devicePath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=devicePath
   * +optional
   * +protobuf=21
   */
  volumeDevices?: VolumeDevice[];

  /**
   * livenessProbe restarts the container when it fails.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  livenessProbe?: Probe;

  /**
   * readinessProbe removes the pod from service endpoints while it fails.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  readinessProbe?: Probe;

  /**
   * startupProbe holds off the other probes until it succeeds once.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  startupProbe?: Probe;

  /**
   * lifecycle holds the hooks run after start and before stop.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  lifecycle?: Lifecycle;

  /**
   * terminationMessagePath is the file the container's termination message is read from;
   * /dev/termination-log when unset.
   *
   * +optional
   * +protobuf=13
   */
  terminationMessagePath?: string;

  /**
   * terminationMessagePolicy says whether the log is used when that file is empty.
   *
   * +optional
   * +protobuf=20
   */
  terminationMessagePolicy?: TerminationMessagePolicy;

  /**
   * imagePullPolicy says when the image is pulled; Always for :latest, IfNotPresent otherwise, when
   * unset.
   *
   * +optional
   * +protobuf=14
   */
  imagePullPolicy?: PullPolicy;

  /**
   * securityContext holds the container's security settings; they override the pod's.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  securityContext?: SecurityContext;

  /**
   * stdin keeps a stdin stream open for attach.
   *
   * +optional
   * +protobuf=16
   */
  stdin?: boolean;

  /**
   * stdinOnce closes stdin after the first attach ends.
   *
   * +optional
   * +protobuf=17
   */
  stdinOnce?: boolean;

  /**
   * tty allocates a terminal; needs stdin.
   *
   * +optional
   * +protobuf=18
   */
  tty?: boolean;
}

/**
 * ProbeHandler is the check a probe runs; exactly one action is set.
 */
export interface ProbeHandler {
  /**
   * exec runs a command in the container; exit status 0 passes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  exec?: ExecAction;

  /**
   * httpGet sends an HTTP GET; a status from 200 to 399 passes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  httpGet?: HTTPGetAction;

  /**
   * tcpSocket opens a TCP connection; a successful connect passes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  tcpSocket?: TCPSocketAction;

  /**
   * grpc calls the gRPC health checking protocol; SERVING passes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  grpc?: GRPCAction;
}

/**
 * LifecycleHandler is the action a lifecycle hook runs; exactly one is set.
 */
export interface LifecycleHandler {
  /**
   * exec runs a command in the container.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  exec?: ExecAction;

  /**
   * httpGet sends an HTTP GET request.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  httpGet?: HTTPGetAction;

  /**
   * tcpSocket is accepted for compatibility and does nothing.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  tcpSocket?: TCPSocketAction;

  /**
   * sleep waits for a number of seconds.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  sleep?: SleepAction;
}

/**
 * Signal is a signal name a container can be stopped with.
 *
 * +enum
 */
export type Signal =
  | "SIGABRT"
  | "SIGALRM"
  | "SIGBUS"
  | "SIGCHLD"
  | "SIGCLD"
  | "SIGCONT"
  | "SIGFPE"
  | "SIGHUP"
  | "SIGILL"
  | "SIGINT"
  | "SIGIO"
  | "SIGIOT"
  | "SIGKILL"
  | "SIGPIPE"
  | "SIGPOLL"
  | "SIGPROF"
  | "SIGPWR"
  | "SIGQUIT"
  | "SIGRTMAX"
  | "SIGRTMAX-1"
  | "SIGRTMAX-10"
  | "SIGRTMAX-11"
  | "SIGRTMAX-12"
  | "SIGRTMAX-13"
  | "SIGRTMAX-14"
  | "SIGRTMAX-2"
  | "SIGRTMAX-3"
  | "SIGRTMAX-4"
  | "SIGRTMAX-5"
  | "SIGRTMAX-6"
  | "SIGRTMAX-7"
  | "SIGRTMAX-8"
  | "SIGRTMAX-9"
  | "SIGRTMIN"
  | "SIGRTMIN+1"
  | "SIGRTMIN+10"
  | "SIGRTMIN+11"
  | "SIGRTMIN+12"
  | "SIGRTMIN+13"
  | "SIGRTMIN+14"
  | "SIGRTMIN+15"
  | "SIGRTMIN+2"
  | "SIGRTMIN+3"
  | "SIGRTMIN+4"
  | "SIGRTMIN+5"
  | "SIGRTMIN+6"
  | "SIGRTMIN+7"
  | "SIGRTMIN+8"
  | "SIGRTMIN+9"
  | "SIGSEGV"
  | "SIGSTKFLT"
  | "SIGSTOP"
  | "SIGSYS"
  | "SIGTERM"
  | "SIGTRAP"
  | "SIGTSTP"
  | "SIGTTIN"
  | "SIGTTOU"
  | "SIGURG"
  | "SIGUSR1"
  | "SIGUSR2"
  | "SIGVTALRM"
  | "SIGWINCH"
  | "SIGXCPU"
  | "SIGXFSZ";

/**
 * Lifecycle holds the hooks run after a container starts and before it stops, and the stop signal.
 */
export interface Lifecycle {
  /**
   * postStart runs right after the container is created; the container is restarted if it fails.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  postStart?: LifecycleHandler;

  /**
   * preStop runs before the container is stopped, within the grace period.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  preStop?: LifecycleHandler;

  /**
   * stopSignal is the signal that stops the container; the image's or the runtime's default when
   * unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  stopSignal?: Signal;
}

/**
 * ContainerStateWaiting is a container that has not started yet, and why.
 */
export interface ContainerStateWaiting {
  /**
   * reason says why the container is not running yet, such as ImagePullBackOff.
   *
   * +optional
   * +protobuf=1
   */
  reason?: string;

  /**
   * message gives details.
   *
   * +optional
   * +protobuf=2
   */
  message?: string;
}

/**
 * ContainerStateRunning is a running container and when it started.
 */
export interface ContainerStateRunning {
  /**
   * startedAt is when the container last started.
   *
   * +optional
   * +protobuf=1
   */
  startedAt?: Time;
}

/**
 * ContainerStateTerminated is a container that has exited: exit code, reason and times.
 */
export interface ContainerStateTerminated {
  /**
   * exitCode is the exit status of the container's process.
   *
   * +protobuf=1
   */
  exitCode: int32;

  /**
   * signal is the signal that ended the process, if any.
   *
   * +optional
   * +protobuf=2
   */
  signal?: int32;

  /**
   * reason says why the container ended, such as Completed or OOMKilled.
   *
   * +optional
   * +protobuf=3
   */
  reason?: string;

  /**
   * message gives details, such as the termination message.
   *
   * +optional
   * +protobuf=4
   */
  message?: string;

  /**
   * startedAt is when the container started.
   *
   * +optional
   * +protobuf=5
   */
  startedAt?: Time;

  /**
   * finishedAt is when the container ended.
   *
   * +optional
   * +protobuf=6
   */
  finishedAt?: Time;

  /**
   * containerID is the runtime's ID of the container, as "<type>://<id>".
   *
   * +optional
   * +protobuf=7
   */
  containerID?: string;
}

/**
 * ContainerState is the state of a container; exactly one of waiting, running and terminated is
 * set.
 */
export interface ContainerState {
  /**
   * waiting is set while the container has not started.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  waiting?: ContainerStateWaiting;

  /**
   * running is set while the container runs.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  running?: ContainerStateRunning;

  /**
   * terminated is set once the container has ended.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  terminated?: ContainerStateTerminated;
}

/**
 * ContainerStatus reports one container of a pod: state, readiness, restarts, image and resources.
 */
export interface ContainerStatus {
  /**
   * name is the container's name in the pod spec.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * state is the container's current state.
   *
   * +optional
   * +protobuf=2
   */
  state?: ContainerState;

  /**
   * lastState is the state of the previous run, kept after a restart.
   *
   * +optional
   * +protobuf=3
   */
  lastState?: ContainerState;

  /**
   * ready says whether the container passes its readiness probe.
   *
   * +protobuf=4
   */
  ready: boolean;

  /**
   * restartCount counts the container's restarts.
   *
   * +protobuf=5
   */
  restartCount: int32;

  /**
   * image is the image the container runs.
   *
   * +protobuf=6
   */
  image: string;

  /**
   * imageID is the image's digest.
   *
   * +protobuf=7
   */
  imageID: string;

  /**
   * containerID is the runtime's ID of the container, as "<type>://<id>".
   *
   * +optional
   * +protobuf=8
   */
  containerID?: string;

  /**
   * started says whether the container has passed its startup probe.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  started?: boolean;

  /**
   * allocatedResources are the resources the node allocated to the container.
   *
   * +optional
   * +protobuf=10
   */
  allocatedResources?: ResourceList;

  /**
   * resources are the requests and limits applied to the running container.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  resources?: ResourceRequirements;

  /**
   * volumeMounts reports the container's mounts.
   *
   * +optional
   * +patchMergeKey=mountPath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=mountPath
   * +protobuf=12
   */
  volumeMounts?: VolumeMountStatus[];

  /**
   * user is the identity the container's first process runs as.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  user?: ContainerUser;

  /**
   * allocatedResourcesStatus reports the health of the devices allocated to the container.
   *
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=14
   */
  allocatedResourcesStatus?: ResourceStatus[];

  /**
   * stopSignal is the signal the container is stopped with.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  stopSignal?: Signal;
}

/**
 * ResourceStatus reports the health of the devices behind one resource of a container.
 */
export interface ResourceStatus {
  /**
   * name is the resource the status is about: a container resource name, or claim:<claim
   * name>/<request> for a device.
   *
   * +required
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * resources report the health of each device or unit allocated to the container for this
   * resource.
   *
   * +listType=map
   * +listMapKey=resourceID
   * +protobuf=2
   */
  resources?: ResourceHealth[];
}

/**
 * ResourceHealthStatus is the health of a device: Healthy, Unhealthy or Unknown.
 */
export type ResourceHealthStatus = string;

/**
 * ResourceID identifies a device assigned to a container.
 */
export type ResourceID = string;

/**
 * ResourceHealth is the health of one device.
 */
export interface ResourceHealth {
  /**
   * resourceID identifies the device or unit, unique for the resource.
   *
   * +protobuf=1
   */
  resourceID: ResourceID;

  /**
   * health is Healthy, Unhealthy or Unknown.
   *
   * +protobuf=2
   */
  health?: ResourceHealthStatus;
}

/**
 * ContainerUser is the identity a container's first process runs as.
 */
export interface ContainerUser {
  /**
   * linux is the identity of the first process of a Linux container.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  linux?: LinuxContainerUser;
}

/**
 * LinuxContainerUser is the UID, GID and supplemental groups of a Linux container's first process.
 */
export interface LinuxContainerUser {
  /**
   * uid is the process's user id.
   *
   * +protobuf=1
   */
  uid: int64;

  /**
   * gid is the process's primary group id.
   *
   * +protobuf=2
   */
  gid: int64;

  /**
   * supplementalGroups are the process's supplementary group ids.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  supplementalGroups?: int64[];
}

/**
 * PodPhase is the coarse lifecycle phase of a pod: Pending, Running, Succeeded, Failed or Unknown.
 *
 * +enum
 */
export type PodPhase = "Failed" | "Pending" | "Running" | "Succeeded" | "Unknown";

/**
 * PodConditionType names a condition of a pod (Ready, PodScheduled, ContainersReady...).
 */
export type PodConditionType = string;

/**
 * PodCondition is one observed condition of a pod.
 */
export interface PodCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: PodConditionType;

  /**
   * observedGeneration is the pod generation the condition was set for.
   *
   * +optional
   * +protobuf=7
   */
  observedGeneration?: int64;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastProbeTime is when the condition was last checked.
   *
   * +optional
   * +protobuf=3
   */
  lastProbeTime?: Time;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=6
   */
  message?: string;
}

/**
 * PodResizeStatus is the state of a pod resize (deprecated in favour of conditions).
 */
export type PodResizeStatus = string;

/**
 * VolumeMountStatus reports one volume mount of a container.
 */
export interface VolumeMountStatus {
  /**
   * name is the mount's volume name, as in the container's volumeMounts.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * mountPath is the mount's path, as in the container's volumeMounts.
   *
   * +protobuf=2
   */
  mountPath: string;

  /**
   * readOnly says the mount is read-only, as in the container's volumeMounts.
   *
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * recursiveReadOnly says whether the read-only mount is read-only in its submounts too: Disabled
   * or Enabled.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  recursiveReadOnly?: RecursiveReadOnlyMode;
}

/**
 * RestartPolicy says when a pod's containers are restarted: Always, OnFailure or Never.
 *
 * +enum
 */
export type RestartPolicy = "Always" | "Never" | "OnFailure";

/**
 * ContainerRestartPolicy is a container's own restart policy; Always makes an init container a
 * sidecar.
 */
export type ContainerRestartPolicy = string;

/**
 * ContainerRestartRule decides, by exit code, whether a container is restarted.
 */
export interface ContainerRestartRule {
  /**
   * action is what to do when the rule matches; Restart is the only one.
   *
   * +kubebuilder:validation:Required
   * +protobuf=1
   */
  action?: ContainerRestartRuleAction;

  /**
   * exitCodes matches the container's exit code.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  exitCodes?: ContainerRestartRuleOnExitCodes;
}

/**
 * ContainerRestartRuleAction is what a restart rule does; only Restart is defined.
 */
export type ContainerRestartRuleAction = string;

/**
 * ContainerRestartRuleOnExitCodes matches a container's exit code against a list.
 */
export interface ContainerRestartRuleOnExitCodes {
  /**
   * operator says how the exit code is compared with values: In or NotIn.
   *
   * +kubebuilder:validation:Required
   * +protobuf=1
   */
  operator?: ContainerRestartRuleOnExitCodesOperator;

  /**
   * values are the exit codes compared with, at most 255.
   *
   * +optional
   * +listType=set
   * +protobuf=2
   */
  values?: int32[];
}

/**
 * ContainerRestartRuleOnExitCodesOperator says whether the exit code must be In or NotIn the list.
 */
export type ContainerRestartRuleOnExitCodesOperator = string;

/**
 * DNSPolicy says how a pod's DNS is configured: ClusterFirst, ClusterFirstWithHostNet, Default or
 * None.
 *
 * +enum
 */
export type DNSPolicy = "ClusterFirst" | "ClusterFirstWithHostNet" | "Default" | "None";

/**
 * NodeSelector matches nodes satisfying any of its terms.
 *
 * +structType=atomic
 */
export interface NodeSelector {
  /**
   * nodeSelectorTerms are alternatives: a node matches when any term does.
   *
   * +listType=atomic
   * +protobuf=1
   */
  nodeSelectorTerms: NodeSelectorTerm[];
}

/**
 * NodeSelectorTerm matches nodes satisfying all of its label and field requirements.
 *
 * +structType=atomic
 */
export interface NodeSelectorTerm {
  /**
   * matchExpressions are requirements on node labels; all must hold.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  matchExpressions?: NodeSelectorRequirement[];

  /**
   * matchFields are requirements on node fields (metadata.name); all must hold.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  matchFields?: NodeSelectorRequirement[];
}

/**
 * NodeSelectorRequirement compares a node label or field with values.
 */
export interface NodeSelectorRequirement {
  /**
   * key is the label or field compared.
   *
   * +protobuf=1
   */
  key: string;

  /**
   * operator is how the value is compared.
   *
   * +protobuf=2
   */
  operator: NodeSelectorOperator;

  /**
   * values are compared with the label's value: a set for In and NotIn, one integer for Gt and Lt,
   * empty for Exists and DoesNotExist.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  values?: string[];
}

/**
 * NodeSelectorOperator is how a node requirement compares: In, NotIn, Exists, DoesNotExist, Gt or
 * Lt.
 *
 * +enum
 */
export type NodeSelectorOperator = "DoesNotExist" | "Exists" | "Gt" | "In" | "Lt" | "NotIn";

/**
 * TopologySelectorTerm matches topology domains by label values.
 *
 * +structType=atomic
 */
export interface TopologySelectorTerm {
  /**
   * matchLabelExpressions are label requirements that must all hold.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  matchLabelExpressions?: TopologySelectorLabelRequirement[];
}

/**
 * TopologySelectorLabelRequirement matches a topology label against values.
 */
export interface TopologySelectorLabelRequirement {
  /**
   * key is the label key.
   *
   * +protobuf=1
   */
  key: string;

  /**
   * values are the label values, one of which must match.
   *
   * +listType=atomic
   * +protobuf=2
   */
  values: string[];
}

/**
 * Affinity groups a pod's node affinity, pod affinity and pod anti-affinity rules.
 */
export interface Affinity {
  /**
   * nodeAffinity constrains or steers the pod's node by node labels.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  nodeAffinity?: NodeAffinity;

  /**
   * podAffinity places the pod near other pods.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  podAffinity?: PodAffinity;

  /**
   * podAntiAffinity keeps the pod away from other pods.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  podAntiAffinity?: PodAntiAffinity;
}

/**
 * PodAffinity places a pod in the same topology domain as other pods.
 */
export interface PodAffinity {
  /**
   * requiredDuringSchedulingIgnoredDuringExecution are terms the pod must meet to be scheduled on a
   * node; they are not checked again once it runs.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];

  /**
   * preferredDuringSchedulingIgnoredDuringExecution are weighted terms the scheduler prefers nodes
   * for; the node with the highest sum of matched weights wins.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

/**
 * PodAntiAffinity keeps a pod out of topology domains where other pods run.
 */
export interface PodAntiAffinity {
  /**
   * requiredDuringSchedulingIgnoredDuringExecution are terms the pod must not meet to be scheduled
   * on a node; they are not checked again once it runs.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];

  /**
   * preferredDuringSchedulingIgnoredDuringExecution are weighted terms the scheduler avoids nodes
   * for; the node with the highest sum of weights wins.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

/**
 * WeightedPodAffinityTerm is a preferred pod affinity term with its weight.
 */
export interface WeightedPodAffinityTerm {
  /**
   * weight is the term's weight, 1 to 100.
   *
   * +protobuf=1
   */
  weight: int32;

  /**
   * podAffinityTerm is the term the weight applies to.
   *
   * +protobuf=2
   */
  podAffinityTerm: PodAffinityTerm;
}

/**
 * PodAffinityTerm selects pods, by labels and namespaces, and the topology key that defines
 * "together".
 */
export interface PodAffinityTerm {
  /**
   * labelSelector selects the other pods.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  labelSelector?: LabelSelector;

  /**
   * namespaces lists the namespaces the other pods may be in; the pod's own when this and
   * namespaceSelector are unset.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  namespaces?: string[];

  /**
   * topologyKey is the node label whose equal values define "the same place".
   *
   * +protobuf=3
   */
  topologyKey: string;

  /**
   * namespaceSelector selects the namespaces the other pods may be in, beside namespaces.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  namespaceSelector?: LabelSelector;

  /**
   * matchLabelKeys adds the pod's own values of these labels to labelSelector as requirements.
   *
   * +listType=atomic
   * +optional
   * +protobuf=5
   */
  matchLabelKeys?: string[];

  /**
   * mismatchLabelKeys adds the pod's own values of these labels to labelSelector as exclusions.
   *
   * +listType=atomic
   * +optional
   * +protobuf=6
   */
  mismatchLabelKeys?: string[];
}

/**
 * NodeAffinity restricts or steers the nodes a pod is scheduled on.
 */
export interface NodeAffinity {
  /**
   * requiredDuringSchedulingIgnoredDuringExecution must be met to schedule the pod; later label
   * changes do not evict it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;

  /**
   * preferredDuringSchedulingIgnoredDuringExecution are weighted preferences the scheduler tries to
   * meet.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

/**
 * PreferredSchedulingTerm is a preferred node selector term with its weight.
 */
export interface PreferredSchedulingTerm {
  /**
   * weight is the term's weight, 1 to 100.
   *
   * +protobuf=1
   */
  weight: int32;

  /**
   * preference is the node selector term the weight applies to.
   *
   * +protobuf=2
   */
  preference: NodeSelectorTerm;
}

/**
 * Taint on a node repels pods that do not tolerate it.
 */
export interface Taint {
  /**
   * key is the taint's key.
   *
   * +protobuf=1
   */
  key: string;

  /**
   * value is the taint's value.
   *
   * +optional
   * +protobuf=2
   */
  value?: string;

  /**
   * effect is what the taint does to pods that do not tolerate it.
   *
   * +protobuf=3
   */
  effect: TaintEffect;

  /**
   * timeAdded is when a NoExecute taint was added.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  timeAdded?: Time;
}

/**
 * TaintEffect is what a taint does to pods that do not tolerate it: NoSchedule, PreferNoSchedule or
 * NoExecute.
 *
 * +enum
 */
export type TaintEffect = "NoExecute" | "NoSchedule" | "PreferNoSchedule";

/**
 * Toleration lets a pod be scheduled on, or keep running on, nodes with a matching taint.
 */
export interface Toleration {
  /**
   * key is the taint key matched; all keys when empty (with Exists).
   *
   * +optional
   * +protobuf=1
   */
  key?: string;

  /**
   * operator is Equal (the default) or Exists.
   *
   * +optional
   * +protobuf=2
   */
  operator?: TolerationOperator;

  /**
   * value is the taint value matched with Equal.
   *
   * +optional
   * +protobuf=3
   */
  value?: string;

  /**
   * effect is the taint effect matched; all effects when empty.
   *
   * +optional
   * +protobuf=4
   */
  effect?: TaintEffect;

  /**
   * tolerationSeconds is how long the pod stays on a node after a matching NoExecute taint appears;
   * forever when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  tolerationSeconds?: int64;
}

/**
 * TolerationOperator says how a toleration matches a taint's value: Exists or Equal.
 *
 * +enum
 */
export type TolerationOperator = "Equal" | "Exists";

/**
 * PodReadinessGate names a condition that must be true for the pod to be ready.
 */
export interface PodReadinessGate {
  /**
   * conditionType is a pod condition type that must be True for the pod to be ready.
   *
   * +protobuf=1
   */
  conditionType: PodConditionType;
}

/**
 * PodSpec is the desired state of a pod: containers, volumes, scheduling constraints, security and
 * networking settings.
 */
export interface PodSpec {
  /**
   * volumes are the volumes the pod's containers can mount.
   *
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge,retainKeys
   * +listType=map
   * +listMapKey=name
   * +protobuf=1
   */
  volumes?: Volume[];

  /**
   * initContainers run in order before the app containers; restartable ones keep running as
   * sidecars.
   *
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=20
   */
  initContainers?: Container[];

  /**
   * containers are the pod's app containers; at least one.
   *
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=2
   */
  containers: Container[];

  /**
   * ephemeralContainers are debugging containers added to the running pod through its
   * ephemeralcontainers subresource.
   *
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=34
   */
  ephemeralContainers?: EphemeralContainer[];

  /**
   * restartPolicy says when containers are restarted; Always when unset.
   *
   * +optional
   * +protobuf=3
   */
  restartPolicy?: RestartPolicy;

  /**
   * terminationGracePeriodSeconds is how long the pod gets to stop after the stop signal before it
   * is killed; 30 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  terminationGracePeriodSeconds?: int64;

  /**
   * activeDeadlineSeconds bounds how long the pod may run, counted from its start, before it is
   * failed.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  activeDeadlineSeconds?: int64;

  /**
   * dnsPolicy says how the pod's DNS is set up; ClusterFirst when unset.
   *
   * +optional
   * +protobuf=6
   */
  dnsPolicy?: DNSPolicy;

  /**
   * nodeSelector restricts the pod to nodes having all of these labels.
   *
   * +optional
   * +mapType=atomic
   * +protobuf=7
   */
  nodeSelector?: Record<string, string>;

  /**
   * serviceAccountName is the service account the pod runs as; default when unset.
   *
   * +optional
   * +protobuf=8
   */
  serviceAccountName?: string;

  /**
   * serviceAccount is the deprecated spelling of serviceAccountName.
   *
   * +optional
   * +protobuf=9
   */
  serviceAccount?: string;

  /**
   * automountServiceAccountToken says whether the service account's token is mounted.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  automountServiceAccountToken?: boolean;

  /**
   * nodeName is the node the pod is bound to; set by the scheduler, or by the user to bypass it.
   *
   * +optional
   * +protobuf=10
   */
  nodeName?: string;

  /**
   * hostNetwork runs the pod in the node's network namespace.
   *
   * +optional
   * +protobuf=11
   */
  hostNetwork?: boolean;

  /**
   * hostPID runs the pod in the node's PID namespace.
   *
   * +optional
   * +protobuf=12
   */
  hostPID?: boolean;

  /**
   * hostIPC runs the pod in the node's IPC namespace.
   *
   * +optional
   * +protobuf=13
   */
  hostIPC?: boolean;

  /**
   * shareProcessNamespace puts all containers of the pod in one PID namespace.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=27
   */
  shareProcessNamespace?: boolean;

  /**
   * securityContext holds security settings for all containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  securityContext?: PodSecurityContext;

  /**
   * imagePullSecrets name secrets with registry credentials for pulling images.
   *
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=15
   */
  imagePullSecrets?: LocalObjectReference[];

  /**
   * hostname is the pod's hostname; the pod name when unset.
   *
   * +optional
   * +protobuf=16
   */
  hostname?: string;

  /**
   * subdomain gives the pod the name "<hostname>.<subdomain>.<namespace>.svc.<cluster domain>"
   * through a headless service.
   *
   * +optional
   * +protobuf=17
   */
  subdomain?: string;

  /**
   * affinity holds the pod's node affinity and pod (anti-)affinity.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  affinity?: Affinity;

  /**
   * schedulerName names the scheduler that places the pod; default-scheduler when unset.
   *
   * +optional
   * +protobuf=19
   */
  schedulerName?: string;

  /**
   * tolerations let the pod run on nodes with matching taints.
   *
   * +optional
   * +listType=atomic
   * +protobuf=22
   */
  tolerations?: Toleration[];

  /**
   * hostAliases add entries to the pod's hosts file.
   *
   * +optional
   * +patchMergeKey=ip
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=ip
   * +protobuf=23
   */
  hostAliases?: HostAlias[];

  /**
   * priorityClassName names the pod's PriorityClass.
   *
   * +optional
   * +protobuf=24
   */
  priorityClassName?: string;

  /**
   * priority is the pod's priority, filled in from priorityClassName by admission.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=25
   */
  priority?: int32;

  /**
   * dnsConfig adds nameservers, search domains and options to the pod's DNS setup.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=26
   */
  dnsConfig?: PodDNSConfig;

  /**
   * readinessGates are extra conditions that must be true for the pod to be ready.
   *
   * +optional
   * +listType=atomic
   * +protobuf=28
   */
  readinessGates?: PodReadinessGate[];

  /**
   * runtimeClassName names the RuntimeClass the pod runs with.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=29
   */
  runtimeClassName?: string;

  /**
   * enableServiceLinks injects environment variables describing services; true when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=30
   */
  enableServiceLinks?: boolean;

  /**
   * preemptionPolicy says whether the pod may preempt lower-priority pods.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=31
   */
  preemptionPolicy?: PreemptionPolicy;

  /**
   * overhead is the runtime's per-pod resource overhead, filled in from the RuntimeClass by
   * admission.
   *
   * +optional
   * +protobuf=32
   */
  overhead?: ResourceList;

  /**
   * topologySpreadConstraints spread the pod's group across topology domains.
   *
   * +optional
   * +patchMergeKey=topologyKey
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=topologyKey
   * +listMapKey=whenUnsatisfiable
   * +protobuf=33
   */
  topologySpreadConstraints?: TopologySpreadConstraint[];

  /**
   * setHostnameAsFQDN sets the pod's hostname to its fully qualified domain name.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=35
   */
  setHostnameAsFQDN?: boolean;

  /**
   * os names the operating system the pod is meant for.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=36
   */
  os?: PodOS;

  /**
   * hostUsers false runs the pod in a new user namespace; the host's when unset or true.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=37
   */
  hostUsers?: boolean;

  /**
   * schedulingGates hold the pod back from scheduling while any remains.
   *
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=38
   */
  schedulingGates?: PodSchedulingGate[];

  /**
   * resourceClaims are the resource claims the pod's containers may use.
   *
   * +patchMergeKey=name
   * +patchStrategy=merge,retainKeys
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=39
   */
  resourceClaims?: PodResourceClaim[];

  /**
   * resources are pod-level requests and limits shared by all containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=40
   */
  resources?: ResourceRequirements;

  /**
   * hostnameOverride sets the pod's hostname to this value, overriding hostname and subdomain.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=41
   */
  hostnameOverride?: string;
}

/**
 * PodResourceClaim names a resource claim of the pod, given directly or through a template.
 */
export interface PodResourceClaim {
  /**
   * name identifies the claim within the pod, as containers' resources.claims refer to it; a DNS
   * label.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * resourceClaimName names an existing ResourceClaim in the pod's namespace; exactly one of it and
   * resourceClaimTemplateName is set.
   *
   * +kubegen:pointer
   * +protobuf=3
   */
  resourceClaimName?: string;

  /**
   * resourceClaimTemplateName names a ResourceClaimTemplate from which a claim is made for the pod
   * and deleted with it.
   *
   * +kubegen:pointer
   * +protobuf=4
   */
  resourceClaimTemplateName?: string;
}

/**
 * PodResourceClaimStatus names the ResourceClaim generated for one of the pod's claim templates.
 */
export interface PodResourceClaimStatus {
  /**
   * name is the name of the claim entry in the pod's spec.resourceClaims.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * resourceClaimName is the name of the ResourceClaim made for the entry; unset when none was
   * needed.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  resourceClaimName?: string;
}

/**
 * PodExtendedResourceClaimStatus names the claim created for the pod's extended resource requests.
 */
export interface PodExtendedResourceClaimStatus {
  /**
   * requestMappings map each container's extended resource to the request of the claim that serves
   * it.
   *
   * +listType=atomic
   * +protobuf=1
   */
  requestMappings: ContainerExtendedResourceRequest[];

  /**
   * resourceClaimName is the name of the ResourceClaim made for the pod's extended resources.
   *
   * +protobuf=2
   */
  resourceClaimName: string;
}

/**
 * ContainerExtendedResourceRequest maps a container's extended resource to the request of the claim
 * that satisfies it.
 */
export interface ContainerExtendedResourceRequest {
  /**
   * containerName names the container that asks for the extended resource.
   *
   * +protobuf=1
   */
  containerName: string;

  /**
   * resourceName is the extended resource's name.
   *
   * +protobuf=2
   */
  resourceName: string;

  /**
   * requestName is the request of the claim that serves the resource.
   *
   * +protobuf=3
   */
  requestName: string;
}

/**
 * OSName is an operating system a pod can run on: linux or windows.
 */
export type OSName = string;

/**
 * PodOS names the operating system a pod is meant to run on.
 */
export interface PodOS {
  /**
   * name is the operating system the pod runs on: linux or windows.
   *
   * +protobuf=1
   */
  name: OSName;
}

/**
 * PodSchedulingGate holds a pod back from scheduling until it is removed.
 */
export interface PodSchedulingGate {
  /**
   * name identifies the gate; unique among the pod's gates.
   *
   * +protobuf=1
   */
  name: string;
}

/**
 * UnsatisfiableConstraintAction is what happens when a spread constraint cannot be met:
 * DoNotSchedule or ScheduleAnyway.
 *
 * +enum
 */
export type UnsatisfiableConstraintAction = "DoNotSchedule" | "ScheduleAnyway";

/**
 * NodeInclusionPolicy says whether node affinity or taints are considered when spreading pods:
 * Honor or Ignore.
 *
 * +enum
 */
export type NodeInclusionPolicy = "Honor" | "Ignore";

/**
 * TopologySpreadConstraint spreads matching pods evenly across topology domains, within a skew.
 */
export interface TopologySpreadConstraint {
  /**
   * maxSkew is how unevenly matching pods may be spread: the largest allowed difference between a
   * domain's count and the least count of any eligible domain; at least 1.
   *
   * +protobuf=1
   */
  maxSkew: int32;

  /**
   * topologyKey is the node label whose values are the domains pods are spread over, such as
   * topology.kubernetes.io/zone.
   *
   * +protobuf=2
   */
  topologyKey: string;

  /**
   * whenUnsatisfiable says what happens to a pod that would break the constraint: DoNotSchedule or
   * ScheduleAnyway (scheduled, preferring the least skew).
   *
   * +protobuf=3
   */
  whenUnsatisfiable: UnsatisfiableConstraintAction;

  /**
   * labelSelector picks the pods counted in each domain.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  labelSelector?: LabelSelector;

  /**
   * minDomains is the least number of eligible domains assumed: fewer domains count as having zero
   * matching pods. Only with DoNotSchedule.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  minDomains?: int32;

  /**
   * nodeAffinityPolicy says whether the pod's node affinity and selector limit the domains counted:
   * Honor (the default) or Ignore.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  nodeAffinityPolicy?: NodeInclusionPolicy;

  /**
   * nodeTaintsPolicy says whether node taints limit the domains counted: Honor or Ignore (the
   * default).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  nodeTaintsPolicy?: NodeInclusionPolicy;

  /**
   * matchLabelKeys are label keys whose values on the incoming pod are added to labelSelector, such
   * as pod-template-hash to count one revision only.
   *
   * +listType=atomic
   * +optional
   * +protobuf=8
   */
  matchLabelKeys?: string[];
}

/**
 * HostAlias adds an IP and its hostnames to the pod's hosts file.
 */
export interface HostAlias {
  /**
   * ip is the address the host names resolve to.
   *
   * +required
   * +protobuf=1
   */
  ip: string;

  /**
   * hostnames are the names written to /etc/hosts for ip.
   *
   * +listType=atomic
   * +protobuf=2
   */
  hostnames?: string[];
}

/**
 * PodFSGroupChangePolicy says when volume ownership is changed to the fsGroup: OnRootMismatch or
 * Always.
 *
 * +enum
 */
export type PodFSGroupChangePolicy = "Always" | "OnRootMismatch";

/**
 * SupplementalGroupsPolicy says how a container's supplemental groups are computed: Merge or
 * Strict.
 *
 * +enum
 */
export type SupplementalGroupsPolicy = "Merge" | "Strict";

/**
 * PodSELinuxChangePolicy says how SELinux labels are applied to volumes: Recursive or MountOption.
 */
export type PodSELinuxChangePolicy = string;

/**
 * PodSecurityContext holds security settings for all containers of a pod: user, groups, SELinux,
 * seccomp, sysctls.
 */
export interface PodSecurityContext {
  /**
   * seLinuxOptions is the SELinux label of all containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  seLinuxOptions?: SELinuxOptions;

  /**
   * windowsOptions holds Windows-specific settings of all containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  windowsOptions?: WindowsSecurityContextOptions;

  /**
   * runAsUser is the UID containers run as; the image's when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  runAsUser?: int64;

  /**
   * runAsGroup is the primary GID containers run as.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  runAsGroup?: int64;

  /**
   * runAsNonRoot refuses to start containers that would run as UID 0.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  runAsNonRoot?: boolean;

  /**
   * supplementalGroups are extra GIDs added to each container's first process.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  supplementalGroups?: int64[];

  /**
   * supplementalGroupsPolicy says whether the image's groups are merged in; Merge when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  supplementalGroupsPolicy?: SupplementalGroupsPolicy;

  /**
   * fsGroup is a GID that owns supported volumes and is added to every container's groups.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  fsGroup?: int64;

  /**
   * sysctls are namespaced kernel parameters set for the pod.
   *
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  sysctls?: Sysctl[];

  /**
   * fsGroupChangePolicy says when volume ownership is changed to fsGroup; Always when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  fsGroupChangePolicy?: PodFSGroupChangePolicy;

  /**
   * seccompProfile is the seccomp profile of all containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  seccompProfile?: SeccompProfile;

  /**
   * appArmorProfile is the AppArmor profile of all containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  appArmorProfile?: AppArmorProfile;

  /**
   * seLinuxChangePolicy says how SELinux labels are applied to volumes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  seLinuxChangePolicy?: PodSELinuxChangePolicy;
}

/**
 * SeccompProfile selects a container's seccomp profile.
 */
export interface SeccompProfile {
  /**
   * type is the kind of profile: Localhost (a file on the node), RuntimeDefault or Unconfined.
   *
   * +protobuf=1
   */
  type: SeccompProfileType;

  /**
   * localhostProfile is the profile file's path, relative to the kubelet's seccomp directory; set
   * exactly when type is Localhost.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  localhostProfile?: string;
}

/**
 * SeccompProfileType is the kind of seccomp profile: Unconfined, RuntimeDefault or Localhost.
 *
 * +enum
 */
export type SeccompProfileType = "Localhost" | "RuntimeDefault" | "Unconfined";

/**
 * AppArmorProfile selects a container's AppArmor profile.
 */
export interface AppArmorProfile {
  /**
   * type is the kind of profile: Localhost (loaded on the node), RuntimeDefault or Unconfined.
   *
   * +protobuf=1
   */
  type: AppArmorProfileType;

  /**
   * localhostProfile is the name of the profile loaded on the node; set exactly when type is
   * Localhost.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  localhostProfile?: string;
}

/**
 * AppArmorProfileType is the kind of AppArmor profile: Unconfined, RuntimeDefault or Localhost.
 *
 * +enum
 */
export type AppArmorProfileType = "Localhost" | "RuntimeDefault" | "Unconfined";

/**
 * PodQOSClass is the quality of service class of a pod: Guaranteed, Burstable or BestEffort.
 *
 * +enum
 */
export type PodQOSClass = "BestEffort" | "Burstable" | "Guaranteed";

/**
 * PodDNSConfig adds nameservers, search domains and options to a pod's DNS configuration.
 */
export interface PodDNSConfig {
  /**
   * nameservers are DNS server addresses added to those the DNS policy gives; duplicates are
   * removed.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  nameservers?: string[];

  /**
   * searches are search domains added to those the DNS policy gives; duplicates are removed.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  searches?: string[];

  /**
   * options are resolver options merged with those the DNS policy gives; options here win.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  options?: PodDNSConfigOption[];
}

/**
 * PodDNSConfigOption is one resolver option with an optional value.
 */
export interface PodDNSConfigOption {
  /**
   * name is the resolver option's name, such as ndots.
   *
   * +protobuf=1
   */
  name?: string;

  /**
   * value is the resolver option's value, if it takes one.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  value?: string;
}

/**
 * PodIP is one IP address of a pod.
 */
export interface PodIP {
  /**
   * ip is an IP address of the pod.
   *
   * +required
   * +protobuf=1
   */
  ip: string;
}

/**
 * HostIP is one IP address of the node a pod runs on.
 */
export interface HostIP {
  /**
   * ip is an IP address of the pod's node.
   *
   * +required
   * +protobuf=1
   */
  ip: string;
}

/**
 * EphemeralContainerCommon holds the fields an ephemeral container shares with a regular container.
 */
export interface EphemeralContainerCommon {
  /**
   * name of the ephemeral container, a DNS label unique among all the pod's containers.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * image is the container image to run.
   *
   * +protobuf=2
   */
  image?: string;

  /**
   * command is the entrypoint, run without a shell; $(VAR) references are expanded from the
   * container's environment. Unset uses the image's ENTRYPOINT.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  command?: string[];

  /**
   * args are the entrypoint's arguments, with $(VAR) references expanded; unset uses the image's
   * CMD.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  args?: string[];

  /**
   * workingDir is the container's working directory; unset uses the image's.
   *
   * +optional
   * +protobuf=5
   */
  workingDir?: string;

  /**
   * ports are not allowed for ephemeral containers.
   *
   * +optional
   * +patchMergeKey=containerPort
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=containerPort
   * +listMapKey=protocol
   * +protobuf=6
   */
  ports?: ContainerPort[];

  /**
   * envFrom are sources whose keys become environment variables; env wins over them.
   *
   * +optional
   * +listType=atomic
   * +protobuf=19
   */
  envFrom?: EnvFromSource[];

  /**
   * env are the container's environment variables.
   *
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=7
   */
  env?: EnvVar[];

  /**
   * resources are not allowed for ephemeral containers: they use what the pod already has.
   *
   * +optional
   * +protobuf=8
   */
  resources?: ResourceRequirements;

  /**
   * resizePolicy is not allowed for ephemeral containers.
   *
   * +optional
   * +listType=atomic
   * +protobuf=23
   */
  resizePolicy?: ContainerResizePolicy[];

  /**
   * restartPolicy is not allowed for ephemeral containers, which are never restarted.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=24
   */
  restartPolicy?: ContainerRestartPolicy;

  /**
   * restartPolicyRules are not allowed for ephemeral containers.
   *
   * +optional
   * +listType=atomic
   * +protobuf=25
   */
  restartPolicyRules?: ContainerRestartRule[];

  /**
   * volumeMounts are the pod's volumes mounted into the container; subPath mounts are not allowed.
   *
   * +optional
   * +patchMergeKey=mountPath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=mountPath
   * +protobuf=9
   */
  volumeMounts?: VolumeMount[];

  /**
   * volumeDevices are the pod's block devices made available in the container.
   *
   * +patchMergeKey=devicePath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=devicePath
   * +optional
   * +protobuf=21
   */
  volumeDevices?: VolumeDevice[];

  /**
   * livenessProbe is not allowed for ephemeral containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  livenessProbe?: Probe;

  /**
   * readinessProbe is not allowed for ephemeral containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  readinessProbe?: Probe;

  /**
   * startupProbe is not allowed for ephemeral containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  startupProbe?: Probe;

  /**
   * lifecycle is not allowed for ephemeral containers.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  lifecycle?: Lifecycle;

  /**
   * terminationMessagePath is the file in the container whose content becomes the termination
   * message; defaults to /dev/termination-log.
   *
   * +optional
   * +protobuf=13
   */
  terminationMessagePath?: string;

  /**
   * terminationMessagePolicy is File (the default) or FallbackToLogsOnError, which uses the log's
   * tail when the file is empty after an error.
   *
   * +optional
   * +protobuf=20
   */
  terminationMessagePolicy?: TerminationMessagePolicy;

  /**
   * imagePullPolicy is Always, Never or IfNotPresent; defaults to Always for the :latest tag and
   * IfNotPresent otherwise.
   *
   * +optional
   * +protobuf=14
   */
  imagePullPolicy?: PullPolicy;

  /**
   * securityContext overrides the pod's security settings for this container.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  securityContext?: SecurityContext;

  /**
   * stdin gives the container a stdin buffer; without it reads from stdin see EOF.
   *
   * +optional
   * +protobuf=16
   */
  stdin?: boolean;

  /**
   * stdinOnce closes stdin after the first attach session ends; defaults to false.
   *
   * +optional
   * +protobuf=17
   */
  stdinOnce?: boolean;

  /**
   * tty allocates a terminal for the container; needs stdin.
   *
   * +optional
   * +protobuf=18
   */
  tty?: boolean;
}

/**
 * EphemeralContainer is a container added to a running pod for debugging; it is never restarted.
 *
 * +kubegen:protobuf-embed=EphemeralContainerCommon,1
 */
export interface EphemeralContainer extends EphemeralContainerCommon {
  /**
   * targetContainerName names a container of the pod whose process namespace the ephemeral
   * container joins, if the runtime supports it.
   *
   * +optional
   * +protobuf=2
   */
  targetContainerName?: string;
}

/**
 * PodStatus reports a pod's phase, conditions, addresses, container statuses and resource state.
 */
export interface PodStatus {
  /**
   * observedGeneration is the pod generation this status was computed for.
   *
   * +optional
   * +protobuf=17
   */
  observedGeneration?: int64;

  /**
   * phase is the pod's coarse lifecycle phase.
   *
   * +optional
   * +protobuf=1
   */
  phase?: PodPhase;

  /**
   * conditions are the pod's current conditions.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=2
   */
  conditions?: PodCondition[];

  /**
   * message explains the pod's state for people.
   *
   * +optional
   * +protobuf=3
   */
  message?: string;

  /**
   * reason is a one-word cause of the pod's state, such as Evicted.
   *
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * nominatedNodeName is the node a preempting pod is expected to run on.
   *
   * +optional
   * +protobuf=11
   */
  nominatedNodeName?: string;

  /**
   * hostIP is the primary IP of the pod's node.
   *
   * +optional
   * +protobuf=5
   */
  hostIP?: string;

  /**
   * hostIPs are the IPs of the pod's node, one per family.
   *
   * +optional
   * +patchStrategy=merge
   * +patchMergeKey=ip
   * +listType=atomic
   * +protobuf=16
   */
  hostIPs?: HostIP[];

  /**
   * podIP is the pod's primary IP.
   *
   * +optional
   * +protobuf=6
   */
  podIP?: string;

  /**
   * podIPs are the pod's IPs, one per family.
   *
   * +optional
   * +patchStrategy=merge
   * +patchMergeKey=ip
   * +listType=map
   * +listMapKey=ip
   * +protobuf=12
   */
  podIPs?: PodIP[];

  /**
   * startTime is when the kubelet acknowledged the pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  startTime?: Time;

  /**
   * initContainerStatuses report the init containers.
   *
   * +listType=atomic
   * +protobuf=10
   */
  initContainerStatuses?: ContainerStatus[];

  /**
   * containerStatuses report the app containers.
   *
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  containerStatuses?: ContainerStatus[];

  /**
   * qosClass is the pod's quality of service class.
   *
   * +optional
   * +protobuf=9
   */
  qosClass?: PodQOSClass;

  /**
   * ephemeralContainerStatuses report the ephemeral containers.
   *
   * +optional
   * +listType=atomic
   * +protobuf=13
   */
  ephemeralContainerStatuses?: ContainerStatus[];

  /**
   * resize is the state of an in-place resize (deprecated in favour of conditions).
   *
   * +optional
   * +protobuf=14
   */
  resize?: PodResizeStatus;

  /**
   * resourceClaimStatuses name the ResourceClaims generated from templates.
   *
   * +patchMergeKey=name
   * +patchStrategy=merge,retainKeys
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=15
   */
  resourceClaimStatuses?: PodResourceClaimStatus[];

  /**
   * extendedResourceClaimStatus names the claim created for extended resources.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  extendedResourceClaimStatus?: PodExtendedResourceClaimStatus;
}

/**
 * PodStatusResult wraps a pod's status to report it alone.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodStatusResult extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * status is the most recently observed state of the pod; it may lag behind.
   *
   * +optional
   * +protobuf=2
   */
  status?: PodStatus;
}

/**
 * Pod is a group of containers that run together on one node, sharing network and volumes.
 *
 * +genclient
 * +genclient:method=UpdateEphemeralContainers,verb=update,subresource=ephemeralcontainers
 * +genclient:method=UpdateResize,verb=update,subresource=resize
 * +genclient:method=Bind,verb=create,subresource=binding,input=Binding,result=Binding
 * +genclient:method=Evict,verb=create,subresource=eviction,input=k8s.io/api/policy/v1.Eviction,result=k8s.io/api/policy/v1.Eviction
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=pods,singular=pod,shortName=po,categories=all
 */
export interface Pod extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the Pod.
   *
   * +optional
   * +protobuf=2
   */
  spec?: PodSpec;

  /**
   * status is the most recently observed state of the Pod; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: PodStatus;
}

/**
 * PodList is a list of Pods.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the Pods.
   *
   * +protobuf=2
   */
  items: Pod[];
}

/**
 * PodTemplateSpec is the metadata and spec of the pods a workload creates.
 */
export interface PodTemplateSpec {
  /**
   * metadata is given to the pods created from the template.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the spec of the pods created from the template.
   *
   * +optional
   * +protobuf=2
   */
  spec?: PodSpec;
}

/**
 * PodTemplate stores a pod template as an object of its own.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=podtemplates,singular=podtemplate
 */
export interface PodTemplate extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * template is the pod template the object holds.
   *
   * +optional
   * +protobuf=2
   */
  template?: PodTemplateSpec;
}

/**
 * PodTemplateList is a list of PodTemplates.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodTemplateList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the PodTemplates.
   *
   * +protobuf=2
   */
  items: PodTemplate[];
}

/**
 * ReplicationControllerSpec is the desired state of a ReplicationController: replicas, selector and
 * template.
 */
export interface ReplicationControllerSpec {
  /**
   * replicas is the desired number of pods; defaults to 1.
   *
   * +optional
   * +default=1
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * minReadySeconds is how long a new pod must be ready, with no container crashing, to count as
   * available; defaults to 0.
   *
   * +optional
   * +default=0
   * +protobuf=4
   */
  minReadySeconds?: int32;

  /**
   * selector is the labels that pods counted by the controller must have; defaults to the
   * template's labels.
   *
   * +optional
   * +mapType=atomic
   * +protobuf=2
   */
  selector?: Record<string, string>;

  /**
   * template is the pod made when pods are missing; its labels must match the selector.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  template?: PodTemplateSpec;
}

/**
 * ReplicationControllerStatus reports the replicas of a ReplicationController by state.
 */
export interface ReplicationControllerStatus {
  /**
   * replicas is the current number of pods.
   *
   * +protobuf=1
   */
  replicas: int32;

  /**
   * fullyLabeledReplicas is how many pods carry all of the template's labels.
   *
   * +optional
   * +protobuf=2
   */
  fullyLabeledReplicas?: int32;

  /**
   * readyReplicas is how many pods are ready.
   *
   * +optional
   * +protobuf=4
   */
  readyReplicas?: int32;

  /**
   * availableReplicas is how many pods have been ready for at least minReadySeconds.
   *
   * +optional
   * +protobuf=5
   */
  availableReplicas?: int32;

  /**
   * observedGeneration is the controller's generation that this status was computed from.
   *
   * +optional
   * +protobuf=3
   */
  observedGeneration?: int64;

  /**
   * conditions are the latest observations of the controller's state.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=6
   */
  conditions?: ReplicationControllerCondition[];
}

/**
 * ReplicationControllerConditionType names a condition of a ReplicationController.
 */
export type ReplicationControllerConditionType = string;

/**
 * ReplicationControllerCondition is one observed condition of a ReplicationController.
 */
export interface ReplicationControllerCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: ReplicationControllerConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=5
   */
  message?: string;
}

/**
 * ReplicationController keeps a given number of pods running; ReplicaSets and Deployments supersede
 * it.
 *
 * +genclient
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=replicationcontrollers,singular=replicationcontroller,shortName=rc,categories=all
 */
export interface ReplicationController extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ReplicationController.
   *
   * +optional
   * +protobuf=2
   */
  spec?: ReplicationControllerSpec;

  /**
   * status is the most recently observed state of the ReplicationController; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: ReplicationControllerStatus;
}

/**
 * ReplicationControllerList is a list of ReplicationControllers.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ReplicationControllerList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ReplicationControllers.
   *
   * +protobuf=2
   */
  items: ReplicationController[];
}

/**
 * ServiceInternalTrafficPolicyType is the older name of ServiceInternalTrafficPolicy.
 */
export type ServiceInternalTrafficPolicyType = ServiceInternalTrafficPolicy;

/**
 * ServiceExternalTrafficPolicyType is the older name of ServiceExternalTrafficPolicy.
 */
export type ServiceExternalTrafficPolicyType = ServiceExternalTrafficPolicy;

/**
 * IPFamilyPolicyType is the older name of IPFamilyPolicy.
 */
export type IPFamilyPolicyType = IPFamilyPolicy;

/**
 * NodeSpec holds a node's pod CIDRs, provider ID, taints and schedulability.
 */
export interface NodeSpec {
  /**
   * podCIDR is the IP range assigned to the node's pods.
   *
   * +optional
   * +protobuf=1
   */
  podCIDR?: string;

  /**
   * podCIDRs are the IP ranges assigned to the node's pods, one per family.
   *
   * +optional
   * +patchStrategy=merge
   * +listType=set
   * +protobuf=7
   */
  podCIDRs?: string[];

  /**
   * providerID is the node's ID at the cloud provider.
   *
   * +optional
   * +protobuf=3
   */
  providerID?: string;

  /**
   * unschedulable keeps new pods off the node (kubectl cordon).
   *
   * +optional
   * +protobuf=4
   */
  unschedulable?: boolean;

  /**
   * taints repel pods that do not tolerate them.
   *
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  taints?: Taint[];

  /**
   * configSource is no longer used.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  configSource?: NodeConfigSource;

  /**
   * externalID is no longer used.
   *
   * +optional
   * +protobuf=2
   */
  externalID?: string;
}

/**
 * NodeConfigSource pointed to a kubelet configuration (no longer used).
 */
export interface NodeConfigSource {
  /**
   * configMap is a ConfigMap holding the kubelet's configuration; dynamic kubelet configuration is
   * removed upstream.
   *
   * +kubegen:pointer
   * +protobuf=2
   */
  configMap?: ConfigMapNodeConfigSource;
}

/**
 * ConfigMapNodeConfigSource named a config map holding kubelet configuration (no longer used).
 */
export interface ConfigMapNodeConfigSource {
  /**
   * namespace is the ConfigMap's namespace.
   *
   * +protobuf=1
   */
  namespace: string;

  /**
   * name is the ConfigMap's name.
   *
   * +protobuf=2
   */
  name: string;

  /**
   * uid is the ConfigMap's uid, written in status only.
   *
   * +optional
   * +protobuf=3
   */
  uid?: UID;

  /**
   * resourceVersion is the ConfigMap's resource version, written in status only.
   *
   * +optional
   * +protobuf=4
   */
  resourceVersion?: string;

  /**
   * kubeletConfigKey is the ConfigMap key holding the KubeletConfiguration.
   *
   * +protobuf=5
   */
  kubeletConfigKey: string;
}

/**
 * DaemonEndpoint is a port a node daemon listens on.
 */
export interface DaemonEndpoint {
  /**
   * Port is the port the daemon listens on.
   *
   * +protobuf=1
   */
  Port: int32;
}

/**
 * NodeDaemonEndpoints lists the ports of daemons running on a node.
 */
export interface NodeDaemonEndpoints {
  /**
   * kubeletEndpoint is where the node's kubelet listens.
   *
   * +optional
   * +protobuf=1
   */
  kubeletEndpoint?: DaemonEndpoint;
}

/**
 * NodeRuntimeHandlerFeatures lists the features a runtime handler supports.
 */
export interface NodeRuntimeHandlerFeatures {
  /**
   * recursiveReadOnlyMounts says the handler supports recursive read-only mounts.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  recursiveReadOnlyMounts?: boolean;

  /**
   * userNamespaces says the handler supports user namespaces, volumes included.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  userNamespaces?: boolean;
}

/**
 * NodeRuntimeHandler is a runtime handler of a node and its features.
 */
export interface NodeRuntimeHandler {
  /**
   * name is the runtime handler's name; empty for the default handler.
   *
   * +optional
   * +protobuf=1
   */
  name: string;

  /**
   * features are what the handler supports.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  features?: NodeRuntimeHandlerFeatures;
}

/**
 * NodeFeatures lists the features a node supports.
 */
export interface NodeFeatures {
  /**
   * supplementalGroupsPolicy says the node honours the pod's supplementalGroupsPolicy.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  supplementalGroupsPolicy?: boolean;
}

/**
 * NodeSystemInfo describes a node's machine, kernel, OS, container runtime and kubelet versions.
 */
export interface NodeSystemInfo {
  /**
   * machineID is the node's machine ID.
   *
   * +protobuf=1
   */
  machineID: string;

  /**
   * systemUUID is the node's system UUID.
   *
   * +protobuf=2
   */
  systemUUID: string;

  /**
   * bootID changes on every boot of the node.
   *
   * +protobuf=3
   */
  bootID: string;

  /**
   * kernelVersion is the node's kernel version.
   *
   * +protobuf=4
   */
  kernelVersion: string;

  /**
   * osImage names the node's OS image.
   *
   * +protobuf=5
   */
  osImage: string;

  /**
   * containerRuntimeVersion is the container runtime and its version.
   *
   * +protobuf=6
   */
  containerRuntimeVersion: string;

  /**
   * kubeletVersion is the kubelet's version.
   *
   * +protobuf=7
   */
  kubeletVersion: string;

  /**
   * kubeProxyVersion is deprecated and no longer reliable.
   *
   * +protobuf=8
   */
  kubeProxyVersion: string;

  /**
   * operatingSystem is the node's OS (GOOS).
   *
   * +protobuf=9
   */
  operatingSystem: string;

  /**
   * architecture is the node's CPU architecture (GOARCH).
   *
   * +protobuf=10
   */
  architecture: string;

  /**
   * swap reports the node's swap memory.
   *
   * +kubegen:pointer
   * +protobuf=11
   */
  swap?: NodeSwapStatus;
}

/**
 * NodeSwapStatus reports the swap memory of a node.
 */
export interface NodeSwapStatus {
  /**
   * capacity is the node's swap size, in bytes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  capacity?: int64;
}

/**
 * NodeConfigStatus reported the kubelet configuration in use (no longer used).
 */
export interface NodeConfigStatus {
  /**
   * assigned is the configuration the node will try to use; dynamic kubelet configuration is
   * removed upstream.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  assigned?: NodeConfigSource;

  /**
   * active is the configuration the node runs with.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  active?: NodeConfigSource;

  /**
   * lastKnownGood is the configuration the node falls back to when the assigned one fails.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  lastKnownGood?: NodeConfigSource;

  /**
   * error says why the assigned configuration could not be used.
   *
   * +optional
   * +protobuf=4
   */
  error?: string;
}

/**
 * NodeStatus reports a node's capacity, conditions, addresses, system info, images and volumes.
 */
export interface NodeStatus {
  /**
   * capacity is the node's total resources.
   *
   * +optional
   * +protobuf=1
   */
  capacity?: ResourceList;

  /**
   * allocatable is the part of capacity available to pods.
   *
   * +optional
   * +protobuf=2
   */
  allocatable?: ResourceList;

  /**
   * phase is no longer set.
   *
   * +optional
   * +protobuf=3
   */
  phase?: NodePhase;

  /**
   * conditions are the node's current conditions.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=4
   */
  conditions?: NodeCondition[];

  /**
   * addresses are the node's addresses.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=5
   */
  addresses?: NodeAddress[];

  /**
   * daemonEndpoints lists the ports of the node's daemons.
   *
   * +optional
   * +protobuf=6
   */
  daemonEndpoints?: NodeDaemonEndpoints;

  /**
   * nodeInfo describes the node's machine and software.
   *
   * +optional
   * +protobuf=7
   */
  nodeInfo?: NodeSystemInfo;

  /**
   * images lists images present on the node.
   *
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  images?: ContainerImage[];

  /**
   * volumesInUse lists volumes the node has mounted or is mounting.
   *
   * +optional
   * +listType=atomic
   * +protobuf=9
   */
  volumesInUse?: UniqueVolumeName[];

  /**
   * volumesAttached lists volumes attached to the node.
   *
   * +optional
   * +listType=atomic
   * +protobuf=10
   */
  volumesAttached?: AttachedVolume[];

  /**
   * config is no longer used.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  config?: NodeConfigStatus;

  /**
   * runtimeHandlers lists the runtime handlers available on the node.
   *
   * +optional
   * +listType=atomic
   * +protobuf=12
   */
  runtimeHandlers?: NodeRuntimeHandler[];

  /**
   * features lists features the node supports.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  features?: NodeFeatures;
}

/**
 * UniqueVolumeName identifies an attached volume uniquely on a node.
 */
export type UniqueVolumeName = string;

/**
 * AttachedVolume is a volume attached to a node and its device path.
 */
export interface AttachedVolume {
  /**
   * name identifies the attached volume.
   *
   * +protobuf=1
   */
  name: UniqueVolumeName;

  /**
   * devicePath is where the volume appears on the node.
   *
   * +protobuf=2
   */
  devicePath: string;
}

/**
 * AvoidPods lists pods the scheduler should avoid putting on a node.
 */
export interface AvoidPods {
  /**
   * preferAvoidPods lists pods the scheduler should avoid placing on the node; no longer used
   * upstream.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  preferAvoidPods?: PreferAvoidPodsEntry[];
}

/**
 * PreferAvoidPodsEntry is one class of pods to avoid on a node, and why.
 */
export interface PreferAvoidPodsEntry {
  /**
   * podSignature identifies the pods to avoid.
   *
   * +protobuf=1
   */
  podSignature: PodSignature;

  /**
   * evictionTime is when the entry was added.
   *
   * +optional
   * +protobuf=2
   */
  evictionTime?: Time;

  /**
   * reason is a short CamelCase word saying why the entry was added.
   *
   * +optional
   * +protobuf=3
   */
  reason?: string;

  /**
   * message says, for people, why the entry was added.
   *
   * +optional
   * +protobuf=4
   */
  message?: string;
}

/**
 * PodSignature identifies a class of pods by their controller.
 */
export interface PodSignature {
  /**
   * podController is the controller of the pods to avoid.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  podController?: OwnerReference;
}

/**
 * ContainerImage is an image present on a node, its names and size.
 */
export interface ContainerImage {
  /**
   * names are the image's names, such as registry.k8s.io/pause:3.10 and its digest form.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  names: string[];

  /**
   * sizeBytes is the image's size in bytes.
   *
   * +optional
   * +protobuf=2
   */
  sizeBytes?: int64;
}

/**
 * NodePhase was a node's lifecycle phase (no longer set).
 *
 * +enum
 */
export type NodePhase = "Pending" | "Running" | "Terminated";

/**
 * NodeConditionType names a condition of a node (Ready, MemoryPressure, DiskPressure...).
 */
export type NodeConditionType = string;

/**
 * NodeCondition is one observed condition of a node.
 */
export interface NodeCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: NodeConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastHeartbeatTime is when the condition was last reported.
   *
   * +optional
   * +protobuf=3
   */
  lastHeartbeatTime?: Time;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=6
   */
  message?: string;
}

/**
 * NodeAddressType is the kind of a node address: Hostname, InternalIP, ExternalIP, InternalDNS or
 * ExternalDNS.
 */
export type NodeAddressType = string;

/**
 * NodeAddress is one address of a node.
 */
export interface NodeAddress {
  /**
   * type is the kind of address.
   *
   * +protobuf=1
   */
  type: NodeAddressType;

  /**
   * address is the address itself.
   *
   * +protobuf=2
   */
  address: string;
}

/**
 * ResourceName names a compute or storage resource, such as cpu, memory or a device plugin's
 * resource.
 */
export type ResourceName = string;

/**
 * ResourceList maps resource names to quantities.
 */
export type ResourceList = Record<string, Quantity>;

/**
 * Node is a worker machine that runs pods; its kubelet keeps its status up to date.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=nodes,singular=node,shortName=no
 */
export interface Node extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the Node.
   *
   * +optional
   * +protobuf=2
   */
  spec?: NodeSpec;

  /**
   * status is the most recently observed state of the Node; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: NodeStatus;
}

/**
 * NodeList is a list of Nodes.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface NodeList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the Nodes.
   *
   * +protobuf=2
   */
  items: Node[];
}

/**
 * Binding assigns a pod to a node; the scheduler posts it to the pod's binding subresource.
 *
 * +genclient
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface Binding extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * target is the node to bind the pod to.
   *
   * +protobuf=2
   */
  target: ObjectReference;
}

/**
 * Preconditions must hold for an operation to proceed, such as the object's UID.
 *
 * +k8s:openapi-gen=false
 */
export interface Preconditions {
  /**
   * uid is the uid the object must have.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  uid?: UID;
}

/**
 * PodLogOptions are the query options of a pod's log subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodLogOptions extends TypeMeta {
  /**
   * container names the container whose log is read; defaults to the only container.
   *
   * +optional
   * +protobuf=1
   */
  container?: string;

  /**
   * follow keeps the stream open and sends new lines as they are written.
   *
   * +optional
   * +protobuf=2
   */
  follow?: boolean;

  /**
   * previous reads the log of the container's last terminated instance.
   *
   * +optional
   * +protobuf=3
   */
  previous?: boolean;

  /**
   * sinceSeconds reads only lines written in the last so many seconds; cannot be set with
   * sinceTime.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  sinceSeconds?: int64;

  /**
   * sinceTime reads only lines written after this time; cannot be set with sinceSeconds.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  sinceTime?: Time;

  /**
   * timestamps puts an RFC 3339 timestamp before every line.
   *
   * +optional
   * +protobuf=6
   */
  timestamps?: boolean;

  /**
   * tailLines reads only the last so many lines; cannot be set with stream other than All.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  tailLines?: int64;

  /**
   * limitBytes stops the log after so many bytes; the last line may be cut.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  limitBytes?: int64;

  /**
   * insecureSkipTLSVerifyBackend makes the apiserver skip checking the kubelet's serving
   * certificate when it reads the log.
   *
   * +optional
   * +protobuf=9
   */
  insecureSkipTLSVerifyBackend?: boolean;

  /**
   * stream picks the container's output to read: All (the default), Stdout or Stderr.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  stream?: string;
}

/**
 * PodAttachOptions are the query options of a pod's attach subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.1
 */
export interface PodAttachOptions extends TypeMeta {
  /**
   * stdin passes the caller's stdin to the container.
   *
   * +optional
   * +protobuf=1
   */
  stdin?: boolean;

  /**
   * stdout returns the container's stdout.
   *
   * +optional
   * +protobuf=2
   */
  stdout?: boolean;

  /**
   * stderr returns the container's stderr.
   *
   * +optional
   * +protobuf=3
   */
  stderr?: boolean;

  /**
   * tty says the stdin is a terminal; stderr is then merged into stdout.
   *
   * +optional
   * +protobuf=4
   */
  tty?: boolean;

  /**
   * container names the container to attach to; defaults to the only container.
   *
   * +optional
   * +protobuf=5
   */
  container?: string;
}

/**
 * PodExecOptions are the query options of a pod's exec subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodExecOptions extends TypeMeta {
  /**
   * stdin passes the caller's stdin to the command.
   *
   * +optional
   * +protobuf=1
   */
  stdin?: boolean;

  /**
   * stdout returns the command's stdout.
   *
   * +optional
   * +protobuf=2
   */
  stdout?: boolean;

  /**
   * stderr returns the command's stderr.
   *
   * +optional
   * +protobuf=3
   */
  stderr?: boolean;

  /**
   * tty allocates a terminal for the command; stderr is then merged into stdout.
   *
   * +optional
   * +protobuf=4
   */
  tty?: boolean;

  /**
   * container names the container to run in; defaults to the only container.
   *
   * +optional
   * +protobuf=5
   */
  container?: string;

  /**
   * command is the command and its arguments, run without a shell.
   *
   * +listType=atomic
   * +protobuf=6
   */
  command: string[];
}

/**
 * PodPortForwardOptions are the query options of a pod's portforward subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface PodPortForwardOptions extends TypeMeta {
  /**
   * ports are the pod ports to forward to.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  ports?: int32[];
}

/**
 * PodProxyOptions are the query options of a pod's proxy subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodProxyOptions extends TypeMeta {
  /**
   * path is the URL path appended to the pod's address when proxying.
   *
   * +optional
   * +protobuf=1
   */
  path?: string;
}

/**
 * NodeProxyOptions are the query options of a node's proxy subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface NodeProxyOptions extends TypeMeta {
  /**
   * path is the URL path appended to the node's address when proxying.
   *
   * +optional
   * +protobuf=1
   */
  path?: string;
}

/**
 * TypedLocalObjectReference names an object in the same namespace by API group, kind and name.
 *
 * +structType=atomic
 */
export interface TypedLocalObjectReference {
  /**
   * apiGroup is the referent's API group; empty means the core group.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  apiGroup: string;

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
}

/**
 * SerializedReference holds an object reference serialized into an annotation.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface SerializedReference extends TypeMeta {
  /**
   * reference is the object referred to.
   *
   * +optional
   * +protobuf=1
   */
  reference?: ObjectReference;
}

/**
 * List holds objects of any kind.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export type List = metav1List;

/**
 * LimitType is what a limit range item applies to: Pod, Container or PersistentVolumeClaim.
 */
export type LimitType = string;

/**
 * LimitRangeItem sets minimums, maximums, defaults and limit-to-request ratios for one kind of
 * object.
 */
export interface LimitRangeItem {
  /**
   * type is what the limits apply to: Pod, Container or PersistentVolumeClaim.
   *
   * +protobuf=1
   */
  type: LimitType;

  /**
   * max is the most of each resource one object may ask for.
   *
   * +optional
   * +protobuf=2
   */
  max?: ResourceList;

  /**
   * min is the least of each resource one object must ask for.
   *
   * +optional
   * +protobuf=3
   */
  min?: ResourceList;

  /**
   * default is the limit given to containers that set none.
   *
   * +optional
   * +protobuf=4
   */
  default?: ResourceList;

  /**
   * defaultRequest is the request given to containers that set none.
   *
   * +optional
   * +protobuf=5
   */
  defaultRequest?: ResourceList;

  /**
   * maxLimitRequestRatio is the largest ratio of limit to request allowed for each resource.
   *
   * +optional
   * +protobuf=6
   */
  maxLimitRequestRatio?: ResourceList;
}

/**
 * LimitRangeSpec lists the limit range items of a namespace.
 */
export interface LimitRangeSpec {
  /**
   * limits are the constraints, each for one type of object.
   *
   * +listType=atomic
   * +protobuf=1
   */
  limits: LimitRangeItem[];
}

/**
 * LimitRange sets resource bounds and defaults for pods, containers and claims in a namespace.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=limitranges,singular=limitrange,shortName=limits
 */
export interface LimitRange extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the LimitRange.
   *
   * +optional
   * +protobuf=2
   */
  spec?: LimitRangeSpec;
}

/**
 * LimitRangeList is a list of LimitRanges.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface LimitRangeList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the LimitRanges.
   *
   * +protobuf=2
   */
  items: LimitRange[];
}

/**
 * ResourceQuotaScope narrows which objects a quota counts, such as Terminating or BestEffort pods.
 *
 * +enum
 */
export type ResourceQuotaScope =
  | "BestEffort"
  | "CrossNamespacePodAffinity"
  | "NotBestEffort"
  | "NotTerminating"
  | "PriorityClass"
  | "Terminating"
  | "VolumeAttributesClass";

/**
 * ResourceQuotaSpec sets hard limits per resource and the scopes the quota covers.
 */
export interface ResourceQuotaSpec {
  /**
   * hard is the most of each named resource the namespace may use.
   *
   * +optional
   * +protobuf=1
   */
  hard?: ResourceList;

  /**
   * scopes narrow what the quota counts; an object is counted only when every scope matches it.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  scopes?: ResourceQuotaScope[];

  /**
   * scopeSelector narrows what the quota counts with expressions over scopes; an object is counted
   * only when every expression matches it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  scopeSelector?: ScopeSelector;
}

/**
 * ScopeSelector selects quota scopes by expressions.
 *
 * +structType=atomic
 */
export interface ScopeSelector {
  /**
   * matchExpressions are scope requirements that must all hold.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  matchExpressions?: ScopedResourceSelectorRequirement[];
}

/**
 * ScopedResourceSelectorRequirement matches a quota scope with an operator and values.
 */
export interface ScopedResourceSelectorRequirement {
  /**
   * scopeName is the scope the requirement is about.
   *
   * +protobuf=1
   */
  scopeName: ResourceQuotaScope;

  /**
   * operator is In, NotIn, Exists or DoesNotExist.
   *
   * +protobuf=2
   */
  operator: ScopeSelectorOperator;

  /**
   * values are compared with the scope's value; non-empty for In and NotIn, empty for Exists and
   * DoesNotExist.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  values?: string[];
}

/**
 * ScopeSelectorOperator is how a scope requirement compares: In, NotIn, Exists or DoesNotExist.
 *
 * +enum
 */
export type ScopeSelectorOperator = "DoesNotExist" | "Exists" | "In" | "NotIn";

/**
 * ResourceQuotaStatus reports a quota's enforced limits and current usage.
 */
export interface ResourceQuotaStatus {
  /**
   * hard is the enforced limit of each resource.
   *
   * +optional
   * +protobuf=1
   */
  hard?: ResourceList;

  /**
   * used is the namespace's current use of each limited resource.
   *
   * +optional
   * +protobuf=2
   */
  used?: ResourceList;
}

/**
 * ResourceQuota limits the total resources and object counts a namespace may use.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=resourcequotas,singular=resourcequota,shortName=quota
 */
export interface ResourceQuota extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ResourceQuota.
   *
   * +optional
   * +protobuf=2
   */
  spec?: ResourceQuotaSpec;

  /**
   * status is the most recently observed state of the ResourceQuota; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: ResourceQuotaStatus;
}

/**
 * ResourceQuotaList is a list of ResourceQuotas.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ResourceQuotaList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ResourceQuotas.
   *
   * +protobuf=2
   */
  items: ResourceQuota[];
}

/**
 * ComponentConditionType names a condition of a control-plane component; only Healthy is defined.
 */
export type ComponentConditionType = string;

/**
 * ComponentCondition is the health of a control-plane component.
 */
export interface ComponentCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: ComponentConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=3
   */
  message?: string;

  /**
   * error is the component's health check error, if any.
   *
   * +optional
   * +protobuf=4
   */
  error?: string;
}

/**
 * ComponentStatus reports the health of a control-plane component (deprecated).
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=componentstatuses,singular=componentstatus,shortName=cs
 */
export interface ComponentStatus extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * conditions are the component's health checks.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=2
   */
  conditions?: ComponentCondition[];
}

/**
 * ComponentStatusList is a list of ComponentStatuses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ComponentStatusList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ComponentStatuses.
   *
   * +protobuf=2
   */
  items: ComponentStatus[];
}

/**
 * DownwardAPIVolumeSource fills a volume with files holding pod fields and container resources.
 */
export interface DownwardAPIVolumeSource {
  /**
   * items are the files of the volume, each filled from a pod field or a container resource.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  items?: DownwardAPIVolumeFile[];

  /**
   * defaultMode is the permission bits of the files, 0 to 0777 (decimal in JSON); defaults to 0644.
   * Modes set per file win.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  defaultMode?: int32;
}

/**
 * DownwardAPIVolumeFile is one file of a downward API volume and the field or resource it holds.
 */
export interface DownwardAPIVolumeFile {
  /**
   * path is the file's path relative to the volume; it may not contain ".." or start with it.
   *
   * +protobuf=1
   */
  path: string;

  /**
   * fieldRef selects a field of the pod: annotations, labels, name, namespace or uid.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  fieldRef?: ObjectFieldSelector;

  /**
   * resourceFieldRef selects a resource limit or request of a container (limits.cpu,
   * requests.memory...).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  resourceFieldRef?: ResourceFieldSelector;

  /**
   * mode is the file's permission bits, 0 to 0777 (decimal in JSON); unset uses the volume's
   * defaultMode.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  mode?: int32;
}

/**
 * DownwardAPIProjection adds downward API files to a projected volume.
 */
export interface DownwardAPIProjection {
  /**
   * items are the projected files, each filled from a pod field or a container resource.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  items?: DownwardAPIVolumeFile[];
}

/**
 * SecurityContext holds a container's security settings: user, privileges, capabilities, SELinux,
 * seccomp and AppArmor.
 */
export interface SecurityContext {
  /**
   * capabilities adds and drops Linux capabilities.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  capabilities?: Capabilities;

  /**
   * privileged runs the container with the host's full privileges.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  privileged?: boolean;

  /**
   * seLinuxOptions is the container's SELinux label.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  seLinuxOptions?: SELinuxOptions;

  /**
   * windowsOptions holds Windows-specific settings.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  windowsOptions?: WindowsSecurityContextOptions;

  /**
   * runAsUser is the UID the container runs as.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  runAsUser?: int64;

  /**
   * runAsGroup is the primary GID the container runs as.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  runAsGroup?: int64;

  /**
   * runAsNonRoot refuses to start the container if it would run as UID 0.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  runAsNonRoot?: boolean;

  /**
   * readOnlyRootFilesystem mounts the container's root filesystem read-only.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  readOnlyRootFilesystem?: boolean;

  /**
   * allowPrivilegeEscalation says whether a process may gain more privileges than its parent
   * (no_new_privs).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  allowPrivilegeEscalation?: boolean;

  /**
   * procMount says how /proc is mounted; Default masks sensitive paths.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  procMount?: ProcMountType;

  /**
   * seccompProfile is the container's seccomp profile.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  seccompProfile?: SeccompProfile;

  /**
   * appArmorProfile is the container's AppArmor profile.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  appArmorProfile?: AppArmorProfile;
}

/**
 * ProcMountType says how /proc is mounted in a container: Default or Unmasked.
 *
 * +enum
 */
export type ProcMountType = "Default" | "Unmasked";

/**
 * SELinuxOptions is the SELinux label applied to a container.
 */
export interface SELinuxOptions {
  /**
   * user is the SELinux user label.
   *
   * +optional
   * +protobuf=1
   */
  user?: string;

  /**
   * role is the SELinux role label.
   *
   * +optional
   * +protobuf=2
   */
  role?: string;

  /**
   * type is the SELinux type label.
   *
   * +optional
   * +protobuf=3
   */
  type?: string;

  /**
   * level is the SELinux level label.
   *
   * +optional
   * +protobuf=4
   */
  level?: string;
}

/**
 * WindowsSecurityContextOptions holds Windows-specific security settings of a container.
 */
export interface WindowsSecurityContextOptions {
  /**
   * gmsaCredentialSpecName names the GMSA credential spec resource to use.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  gmsaCredentialSpecName?: string;

  /**
   * gmsaCredentialSpec is the content of the GMSA credential spec that the admission webhook named
   * by gmsaCredentialSpecName inlines.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  gmsaCredentialSpec?: string;

  /**
   * runAsUserName is the Windows user the container's entrypoint runs as; defaults to the image's.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  runAsUserName?: string;

  /**
   * hostProcess runs the container as a Windows HostProcess container; all containers of such a pod
   * must set it alike, and the pod needs hostNetwork.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  hostProcess?: boolean;
}

/**
 * Sysctl is a kernel parameter set for a pod.
 */
export interface Sysctl {
  /**
   * name is the sysctl to set.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * value is the value to set it to.
   *
   * +protobuf=2
   */
  value: string;
}

/**
 * ImageVolumeSource mounts the contents of an OCI image or artifact as a read-only volume.
 */
export interface ImageVolumeSource {
  /**
   * reference is the OCI image or artifact to mount, as container images are named.
   *
   * +optional
   * +protobuf=1
   */
  reference?: string;

  /**
   * pullPolicy is Always, Never or IfNotPresent; defaults to Always for the :latest tag and
   * IfNotPresent otherwise.
   *
   * +optional
   * +protobuf=2
   */
  pullPolicy?: PullPolicy;
}
