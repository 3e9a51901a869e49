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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  hostPath?: HostPathVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  emptyDir?: EmptyDirVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  gcePersistentDisk?: GCEPersistentDiskVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  gitRepo?: GitRepoVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  secret?: SecretVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  nfs?: NFSVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  iscsi?: ISCSIVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  glusterfs?: GlusterfsVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  persistentVolumeClaim?: PersistentVolumeClaimVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  rbd?: RBDVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  flexVolume?: FlexVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  cinder?: CinderVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  cephfs?: CephFSVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  flocker?: FlockerVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=16
   */
  downwardAPI?: DownwardAPIVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=17
   */
  fc?: FCVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  azureFile?: AzureFileVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=19
   */
  configMap?: ConfigMapVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=20
   */
  vsphereVolume?: VsphereVirtualDiskVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  quobyte?: QuobyteVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  azureDisk?: AzureDiskVolumeSource;

  /**
   * +kubegen:pointer
   * +protobuf=23
   */
  photonPersistentDisk?: PhotonPersistentDiskVolumeSource;

  /**
   * +kubegen:pointer
   * +protobuf=26
   */
  projected?: ProjectedVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=24
   */
  portworxVolume?: PortworxVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=25
   */
  scaleIO?: ScaleIOVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=27
   */
  storageos?: StorageOSVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=28
   */
  csi?: CSIVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=29
   */
  ephemeral?: EphemeralVolumeSource;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  gcePersistentDisk?: GCEPersistentDiskVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  awsElasticBlockStore?: AWSElasticBlockStoreVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  hostPath?: HostPathVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  glusterfs?: GlusterfsPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  nfs?: NFSVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  rbd?: RBDPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  iscsi?: ISCSIPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  cinder?: CinderPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  cephfs?: CephFSPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  fc?: FCVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  flocker?: FlockerVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  flexVolume?: FlexPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  azureFile?: AzureFilePersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  vsphereVolume?: VsphereVirtualDiskVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  quobyte?: QuobyteVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=16
   */
  azureDisk?: AzureDiskVolumeSource;

  /**
   * +kubegen:pointer
   * +protobuf=17
   */
  photonPersistentDisk?: PhotonPersistentDiskVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  portworxVolume?: PortworxVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=19
   */
  scaleIO?: ScaleIOPersistentVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=20
   */
  local?: LocalVolumeSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  storageos?: StorageOSPersistentVolumeSource;

  /**
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
   * +optional
   * +protobuf=1
   */
  capacity?: ResourceList;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  accessModes?: PersistentVolumeAccessMode[];

  /**
   * +optional
   * +structType=granular
   * +kubegen:pointer
   * +protobuf=4
   */
  claimRef?: ObjectReference;

  /**
   * +optional
   * +protobuf=5
   */
  persistentVolumeReclaimPolicy?: PersistentVolumeReclaimPolicy;

  /**
   * +optional
   * +protobuf=6
   */
  storageClassName?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  mountOptions?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  volumeMode?: PersistentVolumeMode;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  nodeAffinity?: VolumeNodeAffinity;

  /**
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
   * +optional
   * +protobuf=1
   */
  phase?: PersistentVolumePhase;

  /**
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * +optional
   * +protobuf=3
   */
  reason?: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  apiGroup: string;

  /**
   * +protobuf=2
   */
  kind: string;

  /**
   * +protobuf=3
   */
  name: string;

  /**
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
   * +protobuf=1
   */
  targetVolumeAttributesClassName?: string;

  /**
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
   * +protobuf=1
   */
  endpoints: string;

  /**
   * +protobuf=2
   */
  path: string;

  /**
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
   * +protobuf=1
   */
  endpoints: string;

  /**
   * +protobuf=2
   */
  path: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * +protobuf=2
   */
  image: string;

  /**
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * +optional
   * +default="rbd"
   * +protobuf=4
   */
  pool?: string;

  /**
   * +optional
   * +default="admin"
   * +protobuf=5
   */
  user?: string;

  /**
   * +optional
   * +default="/etc/ceph/keyring"
   * +protobuf=6
   */
  keyring?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  secretRef?: LocalObjectReference;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * +protobuf=2
   */
  image: string;

  /**
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * +optional
   * +default="rbd"
   * +protobuf=4
   */
  pool?: string;

  /**
   * +optional
   * +default="admin"
   * +protobuf=5
   */
  user?: string;

  /**
   * +optional
   * +default="/etc/ceph/keyring"
   * +protobuf=6
   */
  keyring?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  secretRef?: SecretReference;

  /**
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
   * +protobuf=1
   */
  volumeID: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  volumeID: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * +optional
   * +protobuf=2
   */
  path?: string;

  /**
   * +optional
   * +protobuf=3
   */
  user?: string;

  /**
   * +optional
   * +protobuf=4
   */
  secretFile?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  secretRef?: LocalObjectReference;

  /**
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
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  monitors: string[];

  /**
   * +optional
   * +protobuf=2
   */
  path?: string;

  /**
   * +optional
   * +protobuf=3
   */
  user?: string;

  /**
   * +optional
   * +protobuf=4
   */
  secretFile?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  secretRef?: SecretReference;

  /**
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
   * +optional
   * +protobuf=1
   */
  datasetName?: string;

  /**
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
   * +protobuf=1
   */
  pdName: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=3
   */
  partition?: int32;

  /**
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
   * +protobuf=1
   */
  registry: string;

  /**
   * +protobuf=2
   */
  volume: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * +optional
   * +protobuf=4
   */
  user?: string;

  /**
   * +optional
   * +protobuf=5
   */
  group?: string;

  /**
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
   * +protobuf=1
   */
  driver: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef?: SecretReference;

  /**
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  driver: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef?: LocalObjectReference;

  /**
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  volumeID: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=3
   */
  partition?: int32;

  /**
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
   * +protobuf=1
   */
  repository: string;

  /**
   * +optional
   * +protobuf=2
   */
  revision?: string;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
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
   * +protobuf=1
   */
  server: string;

  /**
   * +protobuf=2
   */
  path: string;

  /**
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
   * +protobuf=1
   */
  targetPortal: string;

  /**
   * +protobuf=2
   */
  iqn: string;

  /**
   * +protobuf=3
   */
  lun: int32;

  /**
   * +optional
   * +default="default"
   * +protobuf=4
   */
  iscsiInterface?: string;

  /**
   * +optional
   * +protobuf=5
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=6
   */
  readOnly?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  portals?: string[];

  /**
   * +optional
   * +protobuf=8
   */
  chapAuthDiscovery?: boolean;

  /**
   * +optional
   * +protobuf=11
   */
  chapAuthSession?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  secretRef?: LocalObjectReference;

  /**
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
   * +protobuf=1
   */
  targetPortal: string;

  /**
   * +protobuf=2
   */
  iqn: string;

  /**
   * +protobuf=3
   */
  lun: int32;

  /**
   * +optional
   * +default="default"
   * +protobuf=4
   */
  iscsiInterface?: string;

  /**
   * +optional
   * +protobuf=5
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=6
   */
  readOnly?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  portals?: string[];

  /**
   * +optional
   * +protobuf=8
   */
  chapAuthDiscovery?: boolean;

  /**
   * +optional
   * +protobuf=11
   */
  chapAuthSession?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  secretRef?: SecretReference;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  targetWWNs?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  lun?: int32;

  /**
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  secretName: string;

  /**
   * +protobuf=2
   */
  shareName: string;

  /**
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
   * +protobuf=1
   */
  secretName: string;

  /**
   * +protobuf=2
   */
  shareName: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  volumePath: string;

  /**
   * +optional
   * +protobuf=2
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=3
   */
  storagePolicyName?: string;

  /**
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
   * +protobuf=1
   */
  pdID: string;

  /**
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
   * +protobuf=1
   */
  diskName: string;

  /**
   * +protobuf=2
   */
  diskURI: string;

  /**
   * +optional
   * +default="ReadWrite"
   * +kubegen:pointer
   * +protobuf=3
   */
  cachingMode?: AzureDataDiskCachingMode;

  /**
   * +optional
   * +default="ext4"
   * +kubegen:pointer
   * +protobuf=4
   */
  fsType?: string;

  /**
   * +optional
   * +default=false
   * +kubegen:pointer
   * +protobuf=5
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  volumeID: string;

  /**
   * +protobuf=2
   */
  fsType?: string;

  /**
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
   * +protobuf=1
   */
  gateway: string;

  /**
   * +protobuf=2
   */
  system: string;

  /**
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef: LocalObjectReference;

  /**
   * +optional
   * +protobuf=4
   */
  sslEnabled?: boolean;

  /**
   * +optional
   * +protobuf=5
   */
  protectionDomain?: string;

  /**
   * +optional
   * +protobuf=6
   */
  storagePool?: string;

  /**
   * +optional
   * +default="ThinProvisioned"
   * +protobuf=7
   */
  storageMode?: string;

  /**
   * +protobuf=8
   */
  volumeName?: string;

  /**
   * +optional
   * +default="xfs"
   * +protobuf=9
   */
  fsType?: string;

  /**
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
   * +protobuf=1
   */
  gateway: string;

  /**
   * +protobuf=2
   */
  system: string;

  /**
   * +kubegen:pointer
   * +protobuf=3
   */
  secretRef: SecretReference;

  /**
   * +optional
   * +protobuf=4
   */
  sslEnabled?: boolean;

  /**
   * +optional
   * +protobuf=5
   */
  protectionDomain?: string;

  /**
   * +optional
   * +protobuf=6
   */
  storagePool?: string;

  /**
   * +optional
   * +default="ThinProvisioned"
   * +protobuf=7
   */
  storageMode?: string;

  /**
   * +protobuf=8
   */
  volumeName?: string;

  /**
   * +optional
   * +default="xfs"
   * +protobuf=9
   */
  fsType?: string;

  /**
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
   * +protobuf=1
   */
  volumeName?: string;

  /**
   * +optional
   * +protobuf=2
   */
  volumeNamespace?: string;

  /**
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
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
   * +protobuf=1
   */
  volumeName?: string;

  /**
   * +optional
   * +protobuf=2
   */
  volumeNamespace?: string;

  /**
   * +optional
   * +protobuf=3
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=4
   */
  readOnly?: boolean;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
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
   * +optional
   * +protobuf=1
   */
  audience?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  expirationSeconds?: int64;

  /**
   * +protobuf=3
   */
  path: string;
}

/**
 * ClusterTrustBundleProjection adds the certificates of ClusterTrustBundles to a projected volume.
 */
export interface ClusterTrustBundleProjection {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  name?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  signerName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  labelSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  optional?: boolean;

  /**
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
   * +kubebuilder:validation:Required
   * +protobuf=1
   */
  signerName?: string;

  /**
   * +kubebuilder:validation:Required
   * +protobuf=2
   */
  keyType?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  maxExpirationSeconds?: int32;

  /**
   * +optional
   * +protobuf=4
   */
  credentialBundlePath?: string;

  /**
   * +optional
   * +protobuf=5
   */
  keyPath?: string;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  sources: VolumeProjection[];

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  secret?: SecretProjection;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  downwardAPI?: DownwardAPIProjection;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  configMap?: ConfigMapProjection;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  serviceAccountToken?: ServiceAccountTokenProjection;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  clusterTrustBundle?: ClusterTrustBundleProjection;

  /**
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
   * +protobuf=1
   */
  path: string;

  /**
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
   * +protobuf=1
   */
  driver: string;

  /**
   * +protobuf=2
   */
  volumeHandle: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
   * +optional
   * +protobuf=4
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=5
   */
  volumeAttributes?: Record<string, string>;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  controllerPublishSecretRef?: SecretReference;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  nodeStageSecretRef?: SecretReference;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  nodePublishSecretRef?: SecretReference;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  controllerExpandSecretRef?: SecretReference;

  /**
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
   * +protobuf=1
   */
  driver: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  readOnly?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  fsType?: string;

  /**
   * +optional
   * +protobuf=4
   */
  volumeAttributes?: Record<string, string>;

  /**
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
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
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
   * +required
   * +protobuf=1
   */
  volumeName: string;

  /**
   * +required
   * +protobuf=2
   */
  path: string;

  /**
   * +required
   * +protobuf=3
   */
  key: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  apiVersion?: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  containerName?: string;

  /**
   * +protobuf=2
   */
  resource: string;

  /**
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
   * +protobuf=2
   */
  key: string;

  /**
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
   * +protobuf=2
   */
  key: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  prefix?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  configMapRef?: ConfigMapEnvSource;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
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
   * +protobuf=1
   */
  port: int32;

  /**
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
   * +protobuf=1
   */
  resourceName: ResourceName;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  add?: Capability[];

  /**
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
   * +optional
   * +protobuf=1
   */
  limits?: ResourceList;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  exec?: ExecAction;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  httpGet?: HTTPGetAction;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  tcpSocket?: TCPSocketAction;

  /**
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
   * +required
   * +protobuf=1
   */
  name: ResourceName;

  /**
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
   * +protobuf=1
   */
  resourceID: ResourceID;

  /**
   * +protobuf=2
   */
  health?: ResourceHealthStatus;
}

/**
 * ContainerUser is the identity a container's first process runs as.
 */
export interface ContainerUser {
  /**
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
   * +protobuf=1
   */
  uid: int64;

  /**
   * +protobuf=2
   */
  gid: int64;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  mountPath: string;

  /**
   * +optional
   * +protobuf=3
   */
  readOnly?: boolean;

  /**
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
   * +kubebuilder:validation:Required
   * +protobuf=1
   */
  action?: ContainerRestartRuleAction;

  /**
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
   * +kubebuilder:validation:Required
   * +protobuf=1
   */
  operator?: ContainerRestartRuleOnExitCodesOperator;

  /**
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
   * +protobuf=1
   */
  key: string;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];

  /**
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
   * +protobuf=1
   */
  weight: int32;

  /**
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
   * +protobuf=1
   */
  weight: int32;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +kubegen:pointer
   * +protobuf=3
   */
  resourceClaimName?: string;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
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
   * +listType=atomic
   * +protobuf=1
   */
  requestMappings: ContainerExtendedResourceRequest[];

  /**
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
   * +protobuf=1
   */
  containerName: string;

  /**
   * +protobuf=2
   */
  resourceName: string;

  /**
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
   * +protobuf=1
   */
  name: OSName;
}

/**
 * PodSchedulingGate holds a pod back from scheduling until it is removed.
 */
export interface PodSchedulingGate {
  /**
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
   * +protobuf=1
   */
  maxSkew: int32;

  /**
   * +protobuf=2
   */
  topologyKey: string;

  /**
   * +protobuf=3
   */
  whenUnsatisfiable: UnsatisfiableConstraintAction;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  labelSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  minDomains?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  nodeAffinityPolicy?: NodeInclusionPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  nodeTaintsPolicy?: NodeInclusionPolicy;

  /**
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
   * +required
   * +protobuf=1
   */
  ip: string;

  /**
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
   * +protobuf=1
   */
  type: SeccompProfileType;

  /**
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
   * +protobuf=1
   */
  type: AppArmorProfileType;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  nameservers?: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  searches?: string[];

  /**
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
   * +protobuf=1
   */
  name?: string;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  image?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  command?: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  args?: string[];

  /**
   * +optional
   * +protobuf=5
   */
  workingDir?: string;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=19
   */
  envFrom?: EnvFromSource[];

  /**
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=7
   */
  env?: EnvVar[];

  /**
   * +optional
   * +protobuf=8
   */
  resources?: ResourceRequirements;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=23
   */
  resizePolicy?: ContainerResizePolicy[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=24
   */
  restartPolicy?: ContainerRestartPolicy;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=25
   */
  restartPolicyRules?: ContainerRestartRule[];

  /**
   * +optional
   * +patchMergeKey=mountPath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=mountPath
   * +protobuf=9
   */
  volumeMounts?: VolumeMount[];

  /**
   * +patchMergeKey=devicePath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=devicePath
   * +optional
   * +protobuf=21
   */
  volumeDevices?: VolumeDevice[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  livenessProbe?: Probe;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  readinessProbe?: Probe;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=22
   */
  startupProbe?: Probe;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  lifecycle?: Lifecycle;

  /**
   * +optional
   * +protobuf=13
   */
  terminationMessagePath?: string;

  /**
   * +optional
   * +protobuf=20
   */
  terminationMessagePolicy?: TerminationMessagePolicy;

  /**
   * +optional
   * +protobuf=14
   */
  imagePullPolicy?: PullPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  securityContext?: SecurityContext;

  /**
   * +optional
   * +protobuf=16
   */
  stdin?: boolean;

  /**
   * +optional
   * +protobuf=17
   */
  stdinOnce?: boolean;

  /**
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
   * +optional
   * +default=1
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * +optional
   * +default=0
   * +protobuf=4
   */
  minReadySeconds?: int32;

  /**
   * +optional
   * +mapType=atomic
   * +protobuf=2
   */
  selector?: Record<string, string>;

  /**
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
   * +protobuf=1
   */
  replicas: int32;

  /**
   * +optional
   * +protobuf=2
   */
  fullyLabeledReplicas?: int32;

  /**
   * +optional
   * +protobuf=4
   */
  readyReplicas?: int32;

  /**
   * +optional
   * +protobuf=5
   */
  availableReplicas?: int32;

  /**
   * +optional
   * +protobuf=3
   */
  observedGeneration?: int64;

  /**
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
   * +protobuf=1
   */
  namespace: string;

  /**
   * +protobuf=2
   */
  name: string;

  /**
   * +optional
   * +protobuf=3
   */
  uid?: UID;

  /**
   * +optional
   * +protobuf=4
   */
  resourceVersion?: string;

  /**
   * +protobuf=5
   */
  kubeletConfigKey: string;
}

/**
 * DaemonEndpoint is a port a node daemon listens on.
 */
export interface DaemonEndpoint {
  /**
   * +protobuf=1
   */
  Port: int32;
}

/**
 * NodeDaemonEndpoints lists the ports of daemons running on a node.
 */
export interface NodeDaemonEndpoints {
  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  recursiveReadOnlyMounts?: boolean;

  /**
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
   * +optional
   * +protobuf=1
   */
  name: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  assigned?: NodeConfigSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  active?: NodeConfigSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  lastKnownGood?: NodeConfigSource;

  /**
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
   * +protobuf=1
   */
  name: UniqueVolumeName;

  /**
   * +protobuf=2
   */
  devicePath: string;
}

/**
 * AvoidPods lists pods the scheduler should avoid putting on a node.
 */
export interface AvoidPods {
  /**
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
   * +protobuf=1
   */
  podSignature: PodSignature;

  /**
   * +optional
   * +protobuf=2
   */
  evictionTime?: Time;

  /**
   * +optional
   * +protobuf=3
   */
  reason?: string;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  names: string[];

  /**
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
   * +optional
   * +protobuf=1
   */
  container?: string;

  /**
   * +optional
   * +protobuf=2
   */
  follow?: boolean;

  /**
   * +optional
   * +protobuf=3
   */
  previous?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  sinceSeconds?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  sinceTime?: Time;

  /**
   * +optional
   * +protobuf=6
   */
  timestamps?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  tailLines?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  limitBytes?: int64;

  /**
   * +optional
   * +protobuf=9
   */
  insecureSkipTLSVerifyBackend?: boolean;

  /**
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
   * +optional
   * +protobuf=1
   */
  stdin?: boolean;

  /**
   * +optional
   * +protobuf=2
   */
  stdout?: boolean;

  /**
   * +optional
   * +protobuf=3
   */
  stderr?: boolean;

  /**
   * +optional
   * +protobuf=4
   */
  tty?: boolean;

  /**
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
   * +optional
   * +protobuf=1
   */
  stdin?: boolean;

  /**
   * +optional
   * +protobuf=2
   */
  stdout?: boolean;

  /**
   * +optional
   * +protobuf=3
   */
  stderr?: boolean;

  /**
   * +optional
   * +protobuf=4
   */
  tty?: boolean;

  /**
   * +optional
   * +protobuf=5
   */
  container?: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  apiGroup: string;

  /**
   * +protobuf=2
   */
  kind: string;

  /**
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
   * +protobuf=1
   */
  type: LimitType;

  /**
   * +optional
   * +protobuf=2
   */
  max?: ResourceList;

  /**
   * +optional
   * +protobuf=3
   */
  min?: ResourceList;

  /**
   * +optional
   * +protobuf=4
   */
  default?: ResourceList;

  /**
   * +optional
   * +protobuf=5
   */
  defaultRequest?: ResourceList;

  /**
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
   * +optional
   * +protobuf=1
   */
  hard?: ResourceList;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  scopes?: ResourceQuotaScope[];

  /**
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
   * +protobuf=1
   */
  scopeName: ResourceQuotaScope;

  /**
   * +protobuf=2
   */
  operator: ScopeSelectorOperator;

  /**
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
   * +optional
   * +protobuf=1
   */
  hard?: ResourceList;

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  items?: DownwardAPIVolumeFile[];

  /**
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
   * +protobuf=1
   */
  path: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  fieldRef?: ObjectFieldSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  resourceFieldRef?: ResourceFieldSelector;

  /**
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
   * +optional
   * +protobuf=1
   */
  user?: string;

  /**
   * +optional
   * +protobuf=2
   */
  role?: string;

  /**
   * +optional
   * +protobuf=3
   */
  type?: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  gmsaCredentialSpecName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  gmsaCredentialSpec?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  runAsUserName?: string;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  value: string;
}

/**
 * ImageVolumeSource mounts the contents of an OCI image or artifact as a read-only volume.
 */
export interface ImageVolumeSource {
  /**
   * +optional
   * +protobuf=1
   */
  reference?: string;

  /**
   * +optional
   * +protobuf=2
   */
  pullPolicy?: PullPolicy;
}
