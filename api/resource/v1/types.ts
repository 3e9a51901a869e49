import type { Quantity } from "../../apimachinery/resource/types.js";
import type { RawExtension } from "../../apimachinery/runtime/types.js";
import type { NodeSelector } from "../../core/v1/types.js";
import type { Condition, ListMeta, ObjectMeta, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int64 } from "../../scalars.js";

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=resourceslices,singular=resourceslice
 */
export interface ResourceSlice extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: ResourceSliceSpec;
}

export interface ResourceSliceSpec {
  /**
   * +required
   * +protobuf=1
   */
  driver: string;

  /**
   * +required
   * +protobuf=2
   */
  pool: ResourcePool;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  nodeName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  nodeSelector?: NodeSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  allNodes?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  devices: Device[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  perDeviceNodeSelection?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  sharedCounters?: CounterSet[];
}

export interface CounterSet {
  /**
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * +protobuf=2
   */
  counters?: Record<string, Counter>;
}

export interface ResourcePool {
  /**
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * +required
   * +protobuf=2
   */
  generation: int64;

  /**
   * +required
   * +protobuf=3
   */
  resourceSliceCount: int64;
}

export interface Device {
  /**
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
   * +protobuf=2
   */
  attributes?: Record<string, DeviceAttribute>;

  /**
   * +optional
   * +protobuf=3
   */
  capacity?: Record<string, DeviceCapacity>;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  consumesCounters?: DeviceCounterConsumption[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  nodeName?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  nodeSelector?: NodeSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  allNodes?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  taints?: DeviceTaint[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  bindsToNode?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=10
   */
  bindingConditions?: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=11
   */
  bindingFailureConditions?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  allowMultipleAllocations?: boolean;
}

export interface DeviceCounterConsumption {
  /**
   * +required
   * +protobuf=1
   */
  counterSet: string;

  /**
   * +protobuf=2
   */
  counters?: Record<string, Counter>;
}

export interface DeviceCapacity {
  /**
   * +required
   * +protobuf=1
   */
  value: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  requestPolicy?: CapacityRequestPolicy;
}

export interface Counter {
  /**
   * +required
   * +protobuf=1
   */
  value: Quantity;
}

export interface CapacityRequestPolicy {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  default: Quantity;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  validValues?: Quantity[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  validRange?: CapacityRequestPolicyRange;
}

export interface CapacityRequestPolicyRange {
  /**
   * +kubegen:pointer
   * +protobuf=1
   */
  min?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  max?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  step?: Quantity;
}

export type QualifiedName = string;

export type FullyQualifiedName = string;

export interface DeviceAttribute {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  int?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  bool?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  string?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  version?: string;
}

export interface DeviceTaint {
  /**
   * +required
   * +protobuf=1
   */
  key: string;

  /**
   * +optional
   * +protobuf=2
   */
  value?: string;

  /**
   * +required
   * +protobuf=3
   */
  effect: DeviceTaintEffect;

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
export type DeviceTaintEffect = "NoExecute" | "NoSchedule";

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface ResourceSliceList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ResourceSlice[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=resourceclaims,singular=resourceclaim
 */
export interface ResourceClaim extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: ResourceClaimSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ResourceClaimStatus;
}

export interface ResourceClaimSpec {
  /**
   * +optional
   * +protobuf=1
   */
  devices: DeviceClaim;
}

export interface DeviceClaim {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requests: DeviceRequest[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  constraints?: DeviceConstraint[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  config?: DeviceClaimConfiguration[];
}

export interface DeviceRequest {
  /**
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  exactly?: ExactDeviceRequest;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  firstAvailable?: DeviceSubRequest[];
}

export interface ExactDeviceRequest {
  /**
   * +required
   * +protobuf=1
   */
  deviceClassName: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  selectors?: DeviceSelector[];

  /**
   * +optional
   * +protobuf=3
   */
  allocationMode?: DeviceAllocationMode;

  /**
   * +optional
   * +protobuf=4
   */
  count?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  adminAccess?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tolerations?: DeviceToleration[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  capacity?: CapacityRequirements;
}

export interface DeviceSubRequest {
  /**
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * +required
   * +protobuf=2
   */
  deviceClassName: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  selectors?: DeviceSelector[];

  /**
   * +optional
   * +protobuf=4
   */
  allocationMode?: DeviceAllocationMode;

  /**
   * +optional
   * +protobuf=5
   */
  count?: int64;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tolerations?: DeviceToleration[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  capacity?: CapacityRequirements;
}

export interface CapacityRequirements {
  /**
   * +optional
   * +protobuf=1
   */
  requests?: Record<string, Quantity>;
}

export type DeviceAllocationMode = string;

export interface DeviceSelector {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  cel?: CELDeviceSelector;
}

export interface CELDeviceSelector {
  /**
   * +required
   * +protobuf=1
   */
  expression: string;
}

export interface DeviceConstraint {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requests?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  matchAttribute?: FullyQualifiedName;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  distinctAttribute?: FullyQualifiedName;
}

/**
 * +kubegen:embed-protobuf=DeviceConfiguration,2
 */
export interface DeviceClaimConfiguration extends DeviceConfiguration {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requests?: string[];
}

export interface DeviceConfiguration {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  opaque?: OpaqueDeviceConfiguration;
}

export interface OpaqueDeviceConfiguration {
  /**
   * +required
   * +protobuf=1
   */
  driver: string;

  /**
   * +required
   * +protobuf=2
   */
  parameters: RawExtension;
}

export interface DeviceToleration {
  /**
   * +optional
   * +protobuf=1
   */
  key?: string;

  /**
   * +optional
   * +default="Equal"
   * +protobuf=2
   */
  operator?: DeviceTolerationOperator;

  /**
   * +optional
   * +protobuf=3
   */
  value?: string;

  /**
   * +optional
   * +protobuf=4
   */
  effect?: DeviceTaintEffect;

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
export type DeviceTolerationOperator = "Equal" | "Exists";

export interface ResourceClaimStatus {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  allocation?: AllocationResult;

  /**
   * +optional
   * +listType=map
   * +listMapKey=uid
   * +patchStrategy=merge
   * +patchMergeKey=uid
   * +protobuf=2
   */
  reservedFor?: ResourceClaimConsumerReference[];

  /**
   * +optional
   * +listType=map
   * +listMapKey=driver
   * +listMapKey=device
   * +listMapKey=pool
   * +listMapKey=shareID
   * +protobuf=4
   */
  devices?: AllocatedDeviceStatus[];
}

export interface ResourceClaimConsumerReference {
  /**
   * +optional
   * +protobuf=1
   */
  apiGroup?: string;

  /**
   * +required
   * +protobuf=3
   */
  resource: string;

  /**
   * +required
   * +protobuf=4
   */
  name: string;

  /**
   * +required
   * +protobuf=5
   */
  uid: UID;
}

export interface AllocationResult {
  /**
   * +optional
   * +protobuf=1
   */
  devices?: DeviceAllocationResult;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  nodeSelector?: NodeSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  allocationTimestamp?: Time;
}

export interface DeviceAllocationResult {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  results?: DeviceRequestAllocationResult[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  config?: DeviceAllocationConfiguration[];
}

export interface DeviceRequestAllocationResult {
  /**
   * +required
   * +protobuf=1
   */
  request: string;

  /**
   * +required
   * +protobuf=2
   */
  driver: string;

  /**
   * +required
   * +protobuf=3
   */
  pool: string;

  /**
   * +required
   * +protobuf=4
   */
  device: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  adminAccess?: boolean;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tolerations?: DeviceToleration[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  bindingConditions?: string[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  bindingFailureConditions?: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  shareID?: UID;

  /**
   * +optional
   * +protobuf=10
   */
  consumedCapacity?: Record<string, Quantity>;
}

/**
 * +kubegen:embed-protobuf=DeviceConfiguration,3
 */
export interface DeviceAllocationConfiguration extends DeviceConfiguration {
  /**
   * +required
   * +protobuf=1
   */
  source: AllocationConfigSource;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  requests?: string[];
}

export type AllocationConfigSource = string;

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface ResourceClaimList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ResourceClaim[];
}

/**
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=deviceclasses,singular=deviceclass
 */
export interface DeviceClass extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: DeviceClassSpec;
}

export interface DeviceClassSpec {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  selectors?: DeviceSelector[];

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  config?: DeviceClassConfiguration[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  extendedResourceName?: string;
}

/**
 * +kubegen:embed-protobuf=DeviceConfiguration,1
 */
export interface DeviceClassConfiguration extends DeviceConfiguration {}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface DeviceClassList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: DeviceClass[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=resourceclaimtemplates,singular=resourceclaimtemplate
 */
export interface ResourceClaimTemplate extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: ResourceClaimTemplateSpec;
}

export interface ResourceClaimTemplateSpec {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: ResourceClaimSpec;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface ResourceClaimTemplateList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ResourceClaimTemplate[];
}

export interface AllocatedDeviceStatus {
  /**
   * +required
   * +protobuf=1
   */
  driver: string;

  /**
   * +required
   * +protobuf=2
   */
  pool: string;

  /**
   * +required
   * +protobuf=3
   */
  device: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  shareID?: string;

  /**
   * +optional
   * +listType=map
   * +listMapKey=type
   * +protobuf=4
   */
  conditions: Condition[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  data?: RawExtension;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  networkData?: NetworkDeviceData;
}

export interface NetworkDeviceData {
  /**
   * +optional
   * +protobuf=1
   */
  interfaceName?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  ips?: string[];

  /**
   * +optional
   * +protobuf=3
   */
  hardwareAddress?: string;
}
