import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Quantity } from "../../apimachinery/resource/types.js";
import type { LabelSelector, List as metav1List, ListMeta, ObjectMeta, OwnerReference, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";
import type { ConditionStatus, LocalObjectReference, ObjectReference, Protocol } from "./references.js";
import type { IPFamilyPolicy, ServiceExternalTrafficPolicy, ServiceInternalTrafficPolicy } from "./service.js";

/**
 * +kubegen:embed-protobuf=VolumeSource,2
 */
export interface Volume extends VolumeSource {
  /**
   * +protobuf=1
   */
  name: string;
}

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
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=persistentvolumes,singular=persistentvolume,shortName=pv
 */
export interface PersistentVolume extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: PersistentVolumeSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: PersistentVolumeStatus;
}

/**
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

export interface VolumeNodeAffinity {
  /**
   * +kubegen:pointer
   * +protobuf=1
   */
  required?: NodeSelector;
}

/**
 * +enum
 */
export type PersistentVolumeReclaimPolicy = "Delete" | "Recycle" | "Retain";

/**
 * +enum
 */
export type PersistentVolumeMode = "Block" | "Filesystem";

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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PersistentVolumeList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: PersistentVolume[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=persistentvolumeclaims,singular=persistentvolumeclaim,shortName=pvc
 */
export interface PersistentVolumeClaim extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: PersistentVolumeClaimSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: PersistentVolumeClaimStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PersistentVolumeClaimList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: PersistentVolumeClaim[];
}

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

export type PersistentVolumeClaimConditionType = string;

/**
 * +enum
 */
export type ClaimResourceStatus = "ControllerResizeInProgress" | "ControllerResizeInfeasible" | "NodeResizeInProgress" | "NodeResizeInfeasible" | "NodeResizePending";

/**
 * +enum
 */
export type PersistentVolumeClaimModifyVolumeStatus = "InProgress" | "Infeasible" | "Pending";

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

export interface PersistentVolumeClaimCondition {
  /**
   * +protobuf=1
   */
  type: PersistentVolumeClaimConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=3
   */
  lastProbeTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=6
   */
  message?: string;
}

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
 * +enum
 */
export type PersistentVolumeAccessMode = "ReadOnlyMany" | "ReadWriteMany" | "ReadWriteOnce" | "ReadWriteOncePod";

/**
 * +enum
 */
export type PersistentVolumePhase = "Available" | "Bound" | "Failed" | "Pending" | "Released";

/**
 * +enum
 */
export type PersistentVolumeClaimPhase = "Bound" | "Lost" | "Pending";

/**
 * +enum
 */
export type HostPathType = "" | "BlockDevice" | "CharDevice" | "Directory" | "DirectoryOrCreate" | "File" | "FileOrCreate" | "Socket";

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

export type StorageMedium = string;

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
 * +enum
 */
export type AzureDataDiskCachingMode = "None" | "ReadOnly" | "ReadWrite";

/**
 * +enum
 */
export type AzureDataDiskKind = "Dedicated" | "Managed" | "Shared";

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

export interface EphemeralVolumeSource {
  /**
   * +kubegen:pointer
   * +protobuf=1
   */
  volumeClaimTemplate?: PersistentVolumeClaimTemplate;
}

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
 * +enum
 */
export type MountPropagationMode = "Bidirectional" | "HostToContainer" | "None";

export type RecursiveReadOnlyMode = string;

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
 * +enum
 */
export type URIScheme = "HTTP" | "HTTPS";

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

export interface ExecAction {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  command?: string[];
}

export interface SleepAction {
  /**
   * +protobuf=1
   */
  seconds: int64;
}

/**
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
 * +enum
 */
export type PullPolicy = "Always" | "IfNotPresent" | "Never";

export type ResourceResizeRestartPolicy = string;

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
 * +enum
 */
export type PreemptionPolicy = "Never" | "PreemptLowerPriority";

/**
 * +enum
 */
export type TerminationMessagePolicy = "FallbackToLogsOnError" | "File";

export type Capability = string;

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
 * +enum
 */
export type Signal = "SIGABRT" | "SIGALRM" | "SIGBUS" | "SIGCHLD" | "SIGCLD" | "SIGCONT" | "SIGFPE" | "SIGHUP" | "SIGILL" | "SIGINT" | "SIGIO" | "SIGIOT" | "SIGKILL" | "SIGPIPE" | "SIGPOLL" | "SIGPROF" | "SIGPWR" | "SIGQUIT" | "SIGRTMAX" | "SIGRTMAX-1" | "SIGRTMAX-10" | "SIGRTMAX-11" | "SIGRTMAX-12" | "SIGRTMAX-13" | "SIGRTMAX-14" | "SIGRTMAX-2" | "SIGRTMAX-3" | "SIGRTMAX-4" | "SIGRTMAX-5" | "SIGRTMAX-6" | "SIGRTMAX-7" | "SIGRTMAX-8" | "SIGRTMAX-9" | "SIGRTMIN" | "SIGRTMIN+1" | "SIGRTMIN+10" | "SIGRTMIN+11" | "SIGRTMIN+12" | "SIGRTMIN+13" | "SIGRTMIN+14" | "SIGRTMIN+15" | "SIGRTMIN+2" | "SIGRTMIN+3" | "SIGRTMIN+4" | "SIGRTMIN+5" | "SIGRTMIN+6" | "SIGRTMIN+7" | "SIGRTMIN+8" | "SIGRTMIN+9" | "SIGSEGV" | "SIGSTKFLT" | "SIGSTOP" | "SIGSYS" | "SIGTERM" | "SIGTRAP" | "SIGTSTP" | "SIGTTIN" | "SIGTTOU" | "SIGURG" | "SIGUSR1" | "SIGUSR2" | "SIGVTALRM" | "SIGWINCH" | "SIGXCPU" | "SIGXFSZ";

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

export interface ContainerStateRunning {
  /**
   * +optional
   * +protobuf=1
   */
  startedAt?: Time;
}

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

export type ResourceHealthStatus = string;

export type ResourceID = string;

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

export interface ContainerUser {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  linux?: LinuxContainerUser;
}

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
 * +enum
 */
export type PodPhase = "Failed" | "Pending" | "Running" | "Succeeded" | "Unknown";

export type PodConditionType = string;

export interface PodCondition {
  /**
   * +protobuf=1
   */
  type: PodConditionType;

  /**
   * +optional
   * +protobuf=7
   */
  observedGeneration?: int64;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=3
   */
  lastProbeTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=6
   */
  message?: string;
}

export type PodResizeStatus = string;

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
 * +enum
 */
export type RestartPolicy = "Always" | "Never" | "OnFailure";

export type ContainerRestartPolicy = string;

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

export type ContainerRestartRuleAction = string;

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

export type ContainerRestartRuleOnExitCodesOperator = string;

/**
 * +enum
 */
export type DNSPolicy = "ClusterFirst" | "ClusterFirstWithHostNet" | "Default" | "None";

/**
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
 * +enum
 */
export type NodeSelectorOperator = "DoesNotExist" | "Exists" | "Gt" | "In" | "Lt" | "NotIn";

/**
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
 * +enum
 */
export type TaintEffect = "NoExecute" | "NoSchedule" | "PreferNoSchedule";

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
 * +enum
 */
export type TolerationOperator = "Equal" | "Exists";

export interface PodReadinessGate {
  /**
   * +protobuf=1
   */
  conditionType: PodConditionType;
}

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

export type OSName = string;

export interface PodOS {
  /**
   * +protobuf=1
   */
  name: OSName;
}

export interface PodSchedulingGate {
  /**
   * +protobuf=1
   */
  name: string;
}

/**
 * +enum
 */
export type UnsatisfiableConstraintAction = "DoNotSchedule" | "ScheduleAnyway";

/**
 * +enum
 */
export type NodeInclusionPolicy = "Honor" | "Ignore";

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
 * +enum
 */
export type PodFSGroupChangePolicy = "Always" | "OnRootMismatch";

/**
 * +enum
 */
export type SupplementalGroupsPolicy = "Merge" | "Strict";

export type PodSELinuxChangePolicy = string;

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
 * +enum
 */
export type SeccompProfileType = "Localhost" | "RuntimeDefault" | "Unconfined";

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
 * +enum
 */
export type AppArmorProfileType = "Localhost" | "RuntimeDefault" | "Unconfined";

/**
 * +enum
 */
export type PodQOSClass = "BestEffort" | "Burstable" | "Guaranteed";

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

export interface PodIP {
  /**
   * +required
   * +protobuf=1
   */
  ip: string;
}

export interface HostIP {
  /**
   * +required
   * +protobuf=1
   */
  ip: string;
}

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
 * +kubegen:embed-protobuf=EphemeralContainerCommon,1
 */
export interface EphemeralContainer extends EphemeralContainerCommon {
  /**
   * +optional
   * +protobuf=2
   */
  targetContainerName?: string;
}

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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodStatusResult extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  status?: PodStatus;
}

/**
 * +genclient
 * +genclient:method=UpdateEphemeralContainers,verb=update,subresource=ephemeralcontainers
 * +genclient:method=UpdateResize,verb=update,subresource=resize
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=pods,singular=pod,shortName=po,categories=all
 */
export interface Pod extends TypeMeta {
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

  /**
   * +optional
   * +protobuf=3
   */
  status?: PodStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: Pod[];
}

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
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=podtemplates,singular=podtemplate
 */
export interface PodTemplate extends TypeMeta {
  /**
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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface PodTemplateList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: PodTemplate[];
}

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

export type ReplicationControllerConditionType = string;

export interface ReplicationControllerCondition {
  /**
   * +protobuf=1
   */
  type: ReplicationControllerConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=5
   */
  message?: string;
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=replicationcontrollers,singular=replicationcontroller,shortName=rc,categories=all
 */
export interface ReplicationController extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: ReplicationControllerSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ReplicationControllerStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ReplicationControllerList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ReplicationController[];
}

export type ServiceInternalTrafficPolicyType = ServiceInternalTrafficPolicy;

export type ServiceExternalTrafficPolicyType = ServiceExternalTrafficPolicy;

export type IPFamilyPolicyType = IPFamilyPolicy;

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

export interface NodeConfigSource {
  /**
   * +kubegen:pointer
   * +protobuf=2
   */
  configMap?: ConfigMapNodeConfigSource;
}

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

export interface DaemonEndpoint {
  /**
   * +protobuf=1
   */
  Port: int32;
}

export interface NodeDaemonEndpoints {
  /**
   * +optional
   * +protobuf=1
   */
  kubeletEndpoint?: DaemonEndpoint;
}

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

export interface NodeFeatures {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  supplementalGroupsPolicy?: boolean;
}

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

export interface NodeSwapStatus {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  capacity?: int64;
}

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

export type UniqueVolumeName = string;

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

export interface AvoidPods {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  preferAvoidPods?: PreferAvoidPodsEntry[];
}

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

export interface PodSignature {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  podController?: OwnerReference;
}

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
 * +enum
 */
export type NodePhase = "Pending" | "Running" | "Terminated";

export type NodeConditionType = string;

export interface NodeCondition {
  /**
   * +protobuf=1
   */
  type: NodeConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=3
   */
  lastHeartbeatTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=6
   */
  message?: string;
}

export type NodeAddressType = string;

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

export type ResourceName = string;

export type ResourceList = Record<string, Quantity>;

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=nodes,singular=node,shortName=no
 */
export interface Node extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: NodeSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: NodeStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface NodeList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: Node[];
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface Binding extends TypeMeta {
  /**
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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export type List = metav1List;

export type LimitType = string;

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

export interface LimitRangeSpec {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  limits: LimitRangeItem[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=limitranges,singular=limitrange,shortName=limits
 */
export interface LimitRange extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: LimitRangeSpec;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface LimitRangeList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: LimitRange[];
}

/**
 * +enum
 */
export type ResourceQuotaScope = "BestEffort" | "CrossNamespacePodAffinity" | "NotBestEffort" | "NotTerminating" | "PriorityClass" | "Terminating" | "VolumeAttributesClass";

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
 * +enum
 */
export type ScopeSelectorOperator = "DoesNotExist" | "Exists" | "In" | "NotIn";

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
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=resourcequotas,singular=resourcequota,shortName=quota
 */
export interface ResourceQuota extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: ResourceQuotaSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ResourceQuotaStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ResourceQuotaList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ResourceQuota[];
}

export type ComponentConditionType = string;

export interface ComponentCondition {
  /**
   * +protobuf=1
   */
  type: ComponentConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
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
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=componentstatuses,singular=componentstatus,shortName=cs
 */
export interface ComponentStatus extends TypeMeta {
  /**
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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ComponentStatusList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ComponentStatus[];
}

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

export interface DownwardAPIProjection {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  items?: DownwardAPIVolumeFile[];
}

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
 * +enum
 */
export type ProcMountType = "Default" | "Unmasked";

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
