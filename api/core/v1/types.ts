import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Quantity } from "../../apimachinery/resource/types.js";
import type { LabelSelector, List as metav1List, ListMeta, ObjectMeta, OwnerReference, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";
import type { ConditionStatus, LocalObjectReference, ObjectReference, Protocol } from "./references.js";
import type { IPFamilyPolicy, ServiceExternalTrafficPolicy, ServiceInternalTrafficPolicy } from "./service.js";

/**
 * Volume is a named volume of a pod, which its containers can mount.
 *
 * +kubegen:embed-protobuf=VolumeSource,2
 */
export interface Volume extends VolumeSource {
  /**
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
   * +protobuf=1
   */
  claimName: string;

  /**
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
 * +kubegen:embed-protobuf=PersistentVolumeSource,2
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  accessModes?: PersistentVolumeAccessMode[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * +optional
   * +protobuf=2
   */
  resources?: VolumeResourceRequirements;

  /**
   * +optional
   * +protobuf=3
   */
  volumeName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  storageClassName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  volumeMode?: PersistentVolumeMode;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  dataSource?: TypedLocalObjectReference;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  dataSourceRef?: TypedObjectReference;

  /**
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
export type ClaimResourceStatus = "ControllerResizeInProgress" | "ControllerResizeInfeasible" | "NodeResizeInProgress" | "NodeResizeInfeasible" | "NodeResizePending";

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
   * +optional
   * +protobuf=1
   */
  phase?: PersistentVolumeClaimPhase;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  accessModes?: PersistentVolumeAccessMode[];

  /**
   * +optional
   * +protobuf=3
   */
  capacity?: ResourceList;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=4
   */
  conditions?: PersistentVolumeClaimCondition[];

  /**
   * +optional
   * +protobuf=5
   */
  allocatedResources?: ResourceList;

  /**
   * +mapType=granular
   * +optional
   * +protobuf=7
   */
  allocatedResourceStatuses?: Record<string, ClaimResourceStatus>;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  currentVolumeAttributesClassName?: string;

  /**
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
   * +protobuf=1
   */
  path: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  medium?: StorageMedium;

  /**
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
   * +optional
   * +protobuf=1
   */
  secretName?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  defaultMode?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * SecretProjection adds keys of a secret to a projected volume.
 *
 * +kubegen:embed-protobuf=LocalObjectReference,1
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
 * +kubegen:embed-protobuf=LocalObjectReference,1
 */
export interface ConfigMapVolumeSource extends LocalObjectReference {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  items?: KeyToPath[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  defaultMode?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  optional?: boolean;
}

/**
 * ConfigMapProjection adds keys of a config map to a projected volume.
 *
 * +kubegen:embed-protobuf=LocalObjectReference,1
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
   * +protobuf=1
   */
  signerName?: string;

  /**
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
   * +protobuf=1
   */
  key: string;

  /**
   * +protobuf=2
   */
  path: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * +optional
   * +protobuf=2
   */
  hostPort?: int32;

  /**
   * +protobuf=3
   */
  containerPort: int32;

  /**
   * +optional
   * +default="TCP"
   * +protobuf=4
   */
  protocol?: Protocol;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
   * +protobuf=2
   */
  readOnly?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  recursiveReadOnly?: RecursiveReadOnlyMode;

  /**
   * +protobuf=3
   */
  mountPath: string;

  /**
   * +optional
   * +protobuf=4
   */
  subPath?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  mountPropagation?: MountPropagationMode;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
   * +protobuf=2
   */
  value?: string;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  fieldRef?: ObjectFieldSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  resourceFieldRef?: ResourceFieldSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  configMapKeyRef?: ConfigMapKeySelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  secretKeyRef?: SecretKeySelector;

  /**
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
 * +kubegen:embed-protobuf=LocalObjectReference,1
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
 * +kubegen:embed-protobuf=LocalObjectReference,1
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
 * +kubegen:embed-protobuf=LocalObjectReference,1
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
 * +kubegen:embed-protobuf=LocalObjectReference,1
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
   * +optional
   * +protobuf=1
   */
  path?: string;

  /**
   * +protobuf=2
   */
  port: IntOrString;

  /**
   * +optional
   * +protobuf=3
   */
  host?: string;

  /**
   * +optional
   * +protobuf=4
   */
  scheme?: URIScheme;

  /**
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
   * +protobuf=1
   */
  port: IntOrString;

  /**
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
 * +kubegen:embed-protobuf=ProbeHandler,1,name=handler
 */
export interface Probe extends ProbeHandler {
  /**
   * +optional
   * +protobuf=2
   */
  initialDelaySeconds?: int32;

  /**
   * +optional
   * +protobuf=3
   */
  timeoutSeconds?: int32;

  /**
   * +optional
   * +protobuf=4
   */
  periodSeconds?: int32;

  /**
   * +optional
   * +protobuf=5
   */
  successThreshold?: int32;

  /**
   * +optional
   * +protobuf=6
   */
  failureThreshold?: int32;

  /**
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
   * +optional
   * +protobuf=1
   */
  limits?: ResourceList;

  /**
   * +optional
   * +protobuf=2
   */
  requests?: ResourceList;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
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
  sleep?: SleepAction;
}

/**
 * Signal is a signal name a container can be stopped with.
 *
 * +enum
 */
export type Signal = "SIGABRT" | "SIGALRM" | "SIGBUS" | "SIGCHLD" | "SIGCLD" | "SIGCONT" | "SIGFPE" | "SIGHUP" | "SIGILL" | "SIGINT" | "SIGIO" | "SIGIOT" | "SIGKILL" | "SIGPIPE" | "SIGPOLL" | "SIGPROF" | "SIGPWR" | "SIGQUIT" | "SIGRTMAX" | "SIGRTMAX-1" | "SIGRTMAX-10" | "SIGRTMAX-11" | "SIGRTMAX-12" | "SIGRTMAX-13" | "SIGRTMAX-14" | "SIGRTMAX-2" | "SIGRTMAX-3" | "SIGRTMAX-4" | "SIGRTMAX-5" | "SIGRTMAX-6" | "SIGRTMAX-7" | "SIGRTMAX-8" | "SIGRTMAX-9" | "SIGRTMIN" | "SIGRTMIN+1" | "SIGRTMIN+10" | "SIGRTMIN+11" | "SIGRTMIN+12" | "SIGRTMIN+13" | "SIGRTMIN+14" | "SIGRTMIN+15" | "SIGRTMIN+2" | "SIGRTMIN+3" | "SIGRTMIN+4" | "SIGRTMIN+5" | "SIGRTMIN+6" | "SIGRTMIN+7" | "SIGRTMIN+8" | "SIGRTMIN+9" | "SIGSEGV" | "SIGSTKFLT" | "SIGSTOP" | "SIGSYS" | "SIGTERM" | "SIGTRAP" | "SIGTSTP" | "SIGTTIN" | "SIGTTOU" | "SIGURG" | "SIGUSR1" | "SIGUSR2" | "SIGVTALRM" | "SIGWINCH" | "SIGXCPU" | "SIGXFSZ";

/**
 * Lifecycle holds the hooks run after a container starts and before it stops, and the stop signal.
 */
export interface Lifecycle {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  postStart?: LifecycleHandler;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  preStop?: LifecycleHandler;

  /**
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
   * +optional
   * +protobuf=1
   */
  reason?: string;

  /**
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
   * +protobuf=1
   */
  exitCode: int32;

  /**
   * +optional
   * +protobuf=2
   */
  signal?: int32;

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

  /**
   * +optional
   * +protobuf=5
   */
  startedAt?: Time;

  /**
   * +optional
   * +protobuf=6
   */
  finishedAt?: Time;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  waiting?: ContainerStateWaiting;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  running?: ContainerStateRunning;

  /**
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
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
   * +protobuf=2
   */
  state?: ContainerState;

  /**
   * +optional
   * +protobuf=3
   */
  lastState?: ContainerState;

  /**
   * +protobuf=4
   */
  ready: boolean;

  /**
   * +protobuf=5
   */
  restartCount: int32;

  /**
   * +protobuf=6
   */
  image: string;

  /**
   * +protobuf=7
   */
  imageID: string;

  /**
   * +optional
   * +protobuf=8
   */
  containerID?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  started?: boolean;

  /**
   * +optional
   * +protobuf=10
   */
  allocatedResources?: ResourceList;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  resources?: ResourceRequirements;

  /**
   * +optional
   * +patchMergeKey=mountPath
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=mountPath
   * +protobuf=12
   */
  volumeMounts?: VolumeMountStatus[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  user?: ContainerUser;

  /**
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=14
   */
  allocatedResourcesStatus?: ResourceStatus[];

  /**
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
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  matchExpressions?: NodeSelectorRequirement[];

  /**
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
   * +protobuf=1
   */
  key: string;

  /**
   * +protobuf=2
   */
  operator: NodeSelectorOperator;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  nodeAffinity?: NodeAffinity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  podAffinity?: PodAffinity;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  labelSelector?: LabelSelector;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  namespaces?: string[];

  /**
   * +protobuf=3
   */
  topologyKey: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  namespaceSelector?: LabelSelector;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=5
   */
  matchLabelKeys?: string[];

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;

  /**
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
   * +protobuf=1
   */
  key: string;

  /**
   * +optional
   * +protobuf=2
   */
  value?: string;

  /**
   * +protobuf=3
   */
  effect: TaintEffect;

  /**
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
   * +optional
   * +protobuf=1
   */
  key?: string;

  /**
   * +optional
   * +protobuf=2
   */
  operator?: TolerationOperator;

  /**
   * +optional
   * +protobuf=3
   */
  value?: string;

  /**
   * +optional
   * +protobuf=4
   */
  effect?: TaintEffect;

  /**
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
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge,retainKeys
   * +listType=map
   * +listMapKey=name
   * +protobuf=1
   */
  volumes?: Volume[];

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=20
   */
  initContainers?: Container[];

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=2
   */
  containers: Container[];

  /**
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=34
   */
  ephemeralContainers?: EphemeralContainer[];

  /**
   * +optional
   * +protobuf=3
   */
  restartPolicy?: RestartPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  terminationGracePeriodSeconds?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  activeDeadlineSeconds?: int64;

  /**
   * +optional
   * +protobuf=6
   */
  dnsPolicy?: DNSPolicy;

  /**
   * +optional
   * +mapType=atomic
   * +protobuf=7
   */
  nodeSelector?: Record<string, string>;

  /**
   * +optional
   * +protobuf=8
   */
  serviceAccountName?: string;

  /**
   * +optional
   * +protobuf=9
   */
  serviceAccount?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=21
   */
  automountServiceAccountToken?: boolean;

  /**
   * +optional
   * +protobuf=10
   */
  nodeName?: string;

  /**
   * +optional
   * +protobuf=11
   */
  hostNetwork?: boolean;

  /**
   * +optional
   * +protobuf=12
   */
  hostPID?: boolean;

  /**
   * +optional
   * +protobuf=13
   */
  hostIPC?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=27
   */
  shareProcessNamespace?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  securityContext?: PodSecurityContext;

  /**
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=15
   */
  imagePullSecrets?: LocalObjectReference[];

  /**
   * +optional
   * +protobuf=16
   */
  hostname?: string;

  /**
   * +optional
   * +protobuf=17
   */
  subdomain?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=18
   */
  affinity?: Affinity;

  /**
   * +optional
   * +protobuf=19
   */
  schedulerName?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=22
   */
  tolerations?: Toleration[];

  /**
   * +optional
   * +patchMergeKey=ip
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=ip
   * +protobuf=23
   */
  hostAliases?: HostAlias[];

  /**
   * +optional
   * +protobuf=24
   */
  priorityClassName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=25
   */
  priority?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=26
   */
  dnsConfig?: PodDNSConfig;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=28
   */
  readinessGates?: PodReadinessGate[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=29
   */
  runtimeClassName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=30
   */
  enableServiceLinks?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=31
   */
  preemptionPolicy?: PreemptionPolicy;

  /**
   * +optional
   * +protobuf=32
   */
  overhead?: ResourceList;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=35
   */
  setHostnameAsFQDN?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=36
   */
  os?: PodOS;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=37
   */
  hostUsers?: boolean;

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=38
   */
  schedulingGates?: PodSchedulingGate[];

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge,retainKeys
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=39
   */
  resourceClaims?: PodResourceClaim[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=40
   */
  resources?: ResourceRequirements;

  /**
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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  seLinuxOptions?: SELinuxOptions;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  windowsOptions?: WindowsSecurityContextOptions;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  runAsUser?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  runAsGroup?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  runAsNonRoot?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  supplementalGroups?: int64[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  supplementalGroupsPolicy?: SupplementalGroupsPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  fsGroup?: int64;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  sysctls?: Sysctl[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  fsGroupChangePolicy?: PodFSGroupChangePolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  seccompProfile?: SeccompProfile;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  appArmorProfile?: AppArmorProfile;

  /**
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
 * +kubegen:embed-protobuf=EphemeralContainerCommon,1
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
   * +optional
   * +protobuf=17
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +protobuf=1
   */
  phase?: PodPhase;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=2
   */
  conditions?: PodCondition[];

  /**
   * +optional
   * +protobuf=3
   */
  message?: string;

  /**
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=11
   */
  nominatedNodeName?: string;

  /**
   * +optional
   * +protobuf=5
   */
  hostIP?: string;

  /**
   * +optional
   * +patchStrategy=merge
   * +patchMergeKey=ip
   * +listType=atomic
   * +protobuf=16
   */
  hostIPs?: HostIP[];

  /**
   * +optional
   * +protobuf=6
   */
  podIP?: string;

  /**
   * +optional
   * +patchStrategy=merge
   * +patchMergeKey=ip
   * +listType=map
   * +listMapKey=ip
   * +protobuf=12
   */
  podIPs?: PodIP[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  startTime?: Time;

  /**
   * +listType=atomic
   * +protobuf=10
   */
  initContainerStatuses?: ContainerStatus[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  containerStatuses?: ContainerStatus[];

  /**
   * +optional
   * +protobuf=9
   */
  qosClass?: PodQOSClass;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=13
   */
  ephemeralContainerStatuses?: ContainerStatus[];

  /**
   * +optional
   * +protobuf=14
   */
  resize?: PodResizeStatus;

  /**
   * +patchMergeKey=name
   * +patchStrategy=merge,retainKeys
   * +listType=map
   * +listMapKey=name
   * +optional
   * +protobuf=15
   */
  resourceClaimStatuses?: PodResourceClaimStatus[];

  /**
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
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
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
   * +optional
   * +protobuf=1
   */
  podCIDR?: string;

  /**
   * +optional
   * +patchStrategy=merge
   * +listType=set
   * +protobuf=7
   */
  podCIDRs?: string[];

  /**
   * +optional
   * +protobuf=3
   */
  providerID?: string;

  /**
   * +optional
   * +protobuf=4
   */
  unschedulable?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  taints?: Taint[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  configSource?: NodeConfigSource;

  /**
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
   * +protobuf=1
   */
  machineID: string;

  /**
   * +protobuf=2
   */
  systemUUID: string;

  /**
   * +protobuf=3
   */
  bootID: string;

  /**
   * +protobuf=4
   */
  kernelVersion: string;

  /**
   * +protobuf=5
   */
  osImage: string;

  /**
   * +protobuf=6
   */
  containerRuntimeVersion: string;

  /**
   * +protobuf=7
   */
  kubeletVersion: string;

  /**
   * +protobuf=8
   */
  kubeProxyVersion: string;

  /**
   * +protobuf=9
   */
  operatingSystem: string;

  /**
   * +protobuf=10
   */
  architecture: string;

  /**
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
   * +optional
   * +protobuf=1
   */
  capacity?: ResourceList;

  /**
   * +optional
   * +protobuf=2
   */
  allocatable?: ResourceList;

  /**
   * +optional
   * +protobuf=3
   */
  phase?: NodePhase;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=4
   */
  conditions?: NodeCondition[];

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=5
   */
  addresses?: NodeAddress[];

  /**
   * +optional
   * +protobuf=6
   */
  daemonEndpoints?: NodeDaemonEndpoints;

  /**
   * +optional
   * +protobuf=7
   */
  nodeInfo?: NodeSystemInfo;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  images?: ContainerImage[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=9
   */
  volumesInUse?: UniqueVolumeName[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=10
   */
  volumesAttached?: AttachedVolume[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  config?: NodeConfigStatus;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=12
   */
  runtimeHandlers?: NodeRuntimeHandler[];

  /**
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
   * +protobuf=1
   */
  type: NodeAddressType;

  /**
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
export type ResourceQuotaScope = "BestEffort" | "CrossNamespacePodAffinity" | "NotBestEffort" | "NotTerminating" | "PriorityClass" | "Terminating" | "VolumeAttributesClass";

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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  capabilities?: Capabilities;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  privileged?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  seLinuxOptions?: SELinuxOptions;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  windowsOptions?: WindowsSecurityContextOptions;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  runAsUser?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  runAsGroup?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  runAsNonRoot?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  readOnlyRootFilesystem?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  allowPrivilegeEscalation?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  procMount?: ProcMountType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  seccompProfile?: SeccompProfile;

  /**
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
