import type { Quantity } from "../../apimachinery/resource/types.js";
import type { RawExtension } from "../../apimachinery/runtime/types.js";
import type { NodeSelector } from "../../core/v1/types.js";
import type { Condition, ListMeta, ObjectMeta, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int64 } from "../../scalars.js";

/**
 * ResourceSlice publishes devices of one pool that a driver manages, for dynamic resource
 * allocation.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=resourceslices,singular=resourceslice
 */
export interface ResourceSlice extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ResourceSlice.
   *
   * +protobuf=2
   */
  spec: ResourceSliceSpec;
}

/**
 * ResourceSliceSpec holds the driver, pool, node selection, devices and shared counters of a slice.
 */
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

/**
 * CounterSet is a named set of counters that devices consume from, such as memory shared between
 * partitions.
 */
export interface CounterSet {
  /**
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * +kubebuilder:validation:Required
   * +protobuf=2
   */
  counters?: Record<string, Counter>;
}

/**
 * ResourcePool names the pool a slice belongs to and how many slices the pool has at which
 * generation.
 */
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

/**
 * Device is one allocatable device: attributes, capacity, consumed counters and taints.
 */
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

/**
 * DeviceCounterConsumption is how much of a counter set a device uses.
 */
export interface DeviceCounterConsumption {
  /**
   * +required
   * +protobuf=1
   */
  counterSet: string;

  /**
   * +kubebuilder:validation:Required
   * +protobuf=2
   */
  counters?: Record<string, Counter>;
}

/**
 * DeviceCapacity is a device's amount of one capacity and how requests may share it.
 */
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

/**
 * Counter is an amount held in a counter set.
 */
export interface Counter {
  /**
   * +required
   * +protobuf=1
   */
  value: Quantity;
}

/**
 * CapacityRequestPolicy limits what a request may ask of a shareable capacity: a default and the
 * valid values or range.
 */
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

/**
 * CapacityRequestPolicyRange is a range of valid capacity requests, with a step.
 */
export interface CapacityRequestPolicyRange {
  /**
   * +kubebuilder:validation:Required
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

/**
 * QualifiedName is an attribute or capacity name, optionally prefixed by a domain.
 */
export type QualifiedName = string;

/**
 * FullyQualifiedName is an attribute or capacity name with its domain prefix.
 */
export type FullyQualifiedName = string;

/**
 * DeviceAttribute is a device attribute's value: one of int, bool, string or version.
 */
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

/**
 * DeviceTaint marks a device so that claims without a matching toleration do not use it.
 */
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
 * DeviceTaintEffect is what a device taint does: NoSchedule or NoExecute.
 *
 * +enum
 */
export type DeviceTaintEffect = "NoExecute" | "NoSchedule";

/**
 * ResourceSliceList is a list of ResourceSlices.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface ResourceSliceList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ResourceSlices.
   *
   * +protobuf=2
   */
  items: ResourceSlice[];
}

/**
 * ResourceClaim asks for devices for a pod; the scheduler allocates them and the status records the
 * result.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=resourceclaims,singular=resourceclaim
 */
export interface ResourceClaim extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ResourceClaim.
   *
   * +protobuf=2
   */
  spec: ResourceClaimSpec;

  /**
   * status is the most recently observed state of the ResourceClaim; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: ResourceClaimStatus;
}

/**
 * ResourceClaimSpec holds the device requests of a claim.
 */
export interface ResourceClaimSpec {
  /**
   * +optional
   * +protobuf=1
   */
  devices: DeviceClaim;
}

/**
 * DeviceClaim lists device requests, constraints between them and configuration.
 */
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

/**
 * DeviceRequest asks for devices, either exactly or as alternatives tried in order.
 */
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

/**
 * ExactDeviceRequest asks for devices of a class, selected by expressions, in a count or all of
 * them.
 */
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

/**
 * DeviceSubRequest is one alternative of a device request.
 */
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

/**
 * CapacityRequirements is how much of each capacity a request needs from a shared device.
 */
export interface CapacityRequirements {
  /**
   * +optional
   * +protobuf=1
   */
  requests?: Record<string, Quantity>;
}

/**
 * DeviceAllocationMode says whether a request wants an exact count of devices (ExactCount) or all
 * matching ones (All).
 */
export type DeviceAllocationMode = string;

/**
 * DeviceSelector selects devices; only CEL expressions are defined.
 */
export interface DeviceSelector {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  cel?: CELDeviceSelector;
}

/**
 * CELDeviceSelector is a CEL expression a device must satisfy.
 */
export interface CELDeviceSelector {
  /**
   * +required
   * +protobuf=1
   */
  expression: string;
}

/**
 * DeviceConstraint requires the devices of several requests to agree, for instance on an
 * attribute's value.
 */
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
 * DeviceClaimConfiguration is driver configuration for some or all requests of a claim.
 *
 * +kubegen:protobuf-embed=DeviceConfiguration,2
 */
export interface DeviceClaimConfiguration extends DeviceConfiguration {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requests?: string[];
}

/**
 * DeviceConfiguration is configuration for a device driver; only opaque parameters are defined.
 */
export interface DeviceConfiguration {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  opaque?: OpaqueDeviceConfiguration;
}

/**
 * OpaqueDeviceConfiguration holds parameters in a driver's own format.
 */
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

/**
 * DeviceToleration lets a request use devices with a matching taint.
 */
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
 * DeviceTolerationOperator says how a toleration matches a taint's value: Exists or Equal.
 *
 * +enum
 */
export type DeviceTolerationOperator = "Equal" | "Exists";

/**
 * ResourceClaimStatus reports a claim's allocation, the pods reserved to use it and device status.
 */
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

/**
 * ResourceClaimConsumerReference names an object (usually a pod) a claim is reserved for.
 */
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

/**
 * AllocationResult records the devices allocated to a claim and where they can be used.
 */
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

/**
 * DeviceAllocationResult lists the allocated devices and their configuration.
 */
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

/**
 * DeviceRequestAllocationResult is one device allocated for one request.
 */
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
 * DeviceAllocationConfiguration is configuration applied to allocated devices, from the class or
 * the claim.
 *
 * +kubegen:protobuf-embed=DeviceConfiguration,3
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

/**
 * AllocationConfigSource says where allocation configuration came from: FromClass or FromClaim.
 */
export type AllocationConfigSource = string;

/**
 * ResourceClaimList is a list of ResourceClaims.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface ResourceClaimList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ResourceClaims.
   *
   * +protobuf=2
   */
  items: ResourceClaim[];
}

/**
 * DeviceClass is a category of devices that claims can request, with selectors and configuration
 * applied to all of them.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=deviceclasses,singular=deviceclass
 */
export interface DeviceClass extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the DeviceClass.
   *
   * +protobuf=2
   */
  spec: DeviceClassSpec;
}

/**
 * DeviceClassSpec holds the selectors, configuration and extended resource name of a device class.
 */
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
 * DeviceClassConfiguration is driver configuration applied to every claim for the class.
 *
 * +kubegen:protobuf-embed=DeviceConfiguration,1
 */
export interface DeviceClassConfiguration extends DeviceConfiguration {}

/**
 * DeviceClassList is a list of DeviceClasses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface DeviceClassList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the DeviceClasses.
   *
   * +protobuf=2
   */
  items: DeviceClass[];
}

/**
 * ResourceClaimTemplate is the template of the ResourceClaims created for each pod that refers to
 * it.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 * +kubebuilder:resource:path=resourceclaimtemplates,singular=resourceclaimtemplate
 */
export interface ResourceClaimTemplate extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the template of the claims created from it.
   *
   * +protobuf=2
   */
  spec: ResourceClaimTemplateSpec;
}

/**
 * ResourceClaimTemplateSpec is the metadata and spec of the claims a template creates.
 */
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
 * ResourceClaimTemplateList is a list of ResourceClaimTemplates.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.34
 */
export interface ResourceClaimTemplateList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ResourceClaimTemplates.
   *
   * +protobuf=2
   */
  items: ResourceClaimTemplate[];
}

/**
 * AllocatedDeviceStatus is what a driver reports about an allocated device: conditions, data and
 * network details.
 */
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

/**
 * NetworkDeviceData describes a network device: interface name, IPs and hardware address.
 */
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
