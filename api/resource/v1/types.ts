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
   * driver names the DRA driver that publishes the slice's devices, as a DNS subdomain; it cannot
   * change.
   *
   * +required
   * +protobuf=1
   */
  driver: string;

  /**
   * pool is the device pool the slice belongs to; a pool may be spread over several slices.
   *
   * +required
   * +protobuf=2
   */
  pool: ResourcePool;

  /**
   * nodeName is the node that reaches the slice's devices; exactly one of nodeName, nodeSelector,
   * allNodes and perDeviceNodeSelection is set, and it cannot change.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  nodeName?: string;

  /**
   * nodeSelector picks the nodes that reach the slice's devices, with exactly one term.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  nodeSelector?: NodeSelector;

  /**
   * allNodes says every node reaches the slice's devices.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  allNodes?: boolean;

  /**
   * devices are the devices of the slice, at most 128.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  devices: Device[];

  /**
   * perDeviceNodeSelection says each device names the nodes that reach it with its own nodeName,
   * nodeSelector or allNodes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  perDeviceNodeSelection?: boolean;

  /**
   * sharedCounters are counter sets that devices of the pool consume when allocated, such as the
   * memory of a partitionable accelerator.
   *
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
   * name identifies the counter set within the pool, as a DNS label.
   *
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * counters are the set's counters by name, with their total values.
   *
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
   * name identifies the pool within the driver, as DNS subdomains joined by slashes; it need not
   * match a node name.
   *
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * generation is bumped whenever the pool changes; schedulers only use slices of the newest
   * generation.
   *
   * +required
   * +protobuf=2
   */
  generation: int64;

  /**
   * resourceSliceCount is how many slices the pool has in its current generation, so that a
   * consumer knows when it has seen them all.
   *
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
   * name identifies the device within its pool, as a DNS label.
   *
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * attributes describe the device for selectors, by fully-qualified or driver-relative name; at
   * most 32 together with capacity.
   *
   * +optional
   * +protobuf=2
   */
  attributes?: Record<string, DeviceAttribute>;

  /**
   * capacity is the device's quantities by name, such as memory, for selectors and capacity
   * requests.
   *
   * +optional
   * +protobuf=3
   */
  capacity?: Record<string, DeviceCapacity>;

  /**
   * consumesCounters are what allocating the device takes from the pool's shared counter sets.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  consumesCounters?: DeviceCounterConsumption[];

  /**
   * nodeName is the node that reaches the device, with perDeviceNodeSelection.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  nodeName?: string;

  /**
   * nodeSelector picks the nodes that reach the device, with perDeviceNodeSelection.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  nodeSelector?: NodeSelector;

  /**
   * allNodes says every node reaches the device, with perDeviceNodeSelection.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  allNodes?: boolean;

  /**
   * taints keep the device from claims that do not tolerate them, and may evict pods that use it.
   *
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  taints?: DeviceTaint[];

  /**
   * bindsToNode makes the scheduler pin an allocation of the device to the chosen node; it is alpha
   * upstream.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  bindsToNode?: boolean;

  /**
   * bindingConditions are conditions of the claim's device status that must be true before a pod
   * using the device is bound to a node; it is alpha upstream.
   *
   * +optional
   * +listType=atomic
   * +protobuf=10
   */
  bindingConditions?: string[];

  /**
   * bindingFailureConditions are conditions of the claim's device status that, when true, make the
   * scheduler give up the allocation; it is alpha upstream.
   *
   * +optional
   * +listType=atomic
   * +protobuf=11
   */
  bindingFailureConditions?: string[];

  /**
   * allowMultipleAllocations lets the device be allocated to several claims at once, each taking
   * part of its capacity.
   *
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
   * counterSet names the pool's counter set the counters are taken from.
   *
   * +required
   * +protobuf=1
   */
  counterSet: string;

  /**
   * counters are the amounts taken from the set, by counter name.
   *
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
   * value is the device's total amount of the capacity.
   *
   * +required
   * +protobuf=1
   */
  value: Quantity;

  /**
   * requestPolicy says what amounts a claim may request when the device is shared: a default, a
   * list of valid values or a range.
   *
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
   * value is the counter's amount.
   *
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
   * default is the amount given to a request that names none.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  default: Quantity;

  /**
   * validValues are the amounts a request may take; a request is rounded up to the next one.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  validValues?: Quantity[];

  /**
   * validRange is the range of amounts a request may take.
   *
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
   * min is the least amount a request takes.
   *
   * +kubebuilder:validation:Required
   * +kubegen:pointer
   * +protobuf=1
   */
  min?: Quantity;

  /**
   * max is the most a request may take.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  max?: Quantity;

  /**
   * step is the increment above min that requests are rounded up to.
   *
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
   * int is an integer value; exactly one of the value fields is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  int?: int64;

  /**
   * bool is a boolean value.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  bool?: boolean;

  /**
   * string is a string value of at most 64 characters.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  string?: string;

  /**
   * version is a semantic version, as semver.org defines it.
   *
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
   * key is the taint's key, a qualified name.
   *
   * +required
   * +protobuf=1
   */
  key: string;

  /**
   * value is the taint's value, a label value.
   *
   * +optional
   * +protobuf=2
   */
  value?: string;

  /**
   * effect is what the taint does to claims that do not tolerate it: NoSchedule or NoExecute.
   *
   * +required
   * +protobuf=3
   */
  effect: DeviceTaintEffect;

  /**
   * timeAdded is when the taint was added; the apiserver sets it when unset.
   *
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
   * devices says which devices the claim asks for.
   *
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
   * requests are the device requests of the claim; each must be satisfied for the claim to be
   * allocated.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requests: DeviceRequest[];

  /**
   * constraints apply across the devices of several requests, such as sharing an attribute value.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  constraints?: DeviceConstraint[];

  /**
   * config is configuration for the requested devices, passed to their drivers.
   *
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
   * name identifies the request within the claim, as a DNS label; containers refer to it.
   *
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * exactly asks for devices of one class; exactly one of exactly and firstAvailable is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  exactly?: ExactDeviceRequest;

  /**
   * firstAvailable lists alternative requests in order of preference; the first that can be
   * satisfied is used.
   *
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
   * deviceClassName names the DeviceClass that the devices must belong to.
   *
   * +required
   * +protobuf=1
   */
  deviceClassName: string;

  /**
   * selectors are CEL expressions every device must pass, in addition to the class's.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  selectors?: DeviceSelector[];

  /**
   * allocationMode is ExactCount (the default, count devices) or All (every matching device).
   *
   * +optional
   * +protobuf=3
   */
  allocationMode?: DeviceAllocationMode;

  /**
   * count is how many devices an ExactCount request takes; defaults to 1.
   *
   * +optional
   * +protobuf=4
   */
  count?: int64;

  /**
   * adminAccess asks for access to devices already in use, for monitoring or maintenance; only in
   * namespaces labelled for it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  adminAccess?: boolean;

  /**
   * tolerations let the request use devices with matching taints.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tolerations?: DeviceToleration[];

  /**
   * capacity is the amount of each shared device's capacity the request takes.
   *
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
   * name identifies the alternative within its request, as a DNS label.
   *
   * +required
   * +protobuf=1
   */
  name: string;

  /**
   * deviceClassName names the DeviceClass that the devices must belong to.
   *
   * +required
   * +protobuf=2
   */
  deviceClassName: string;

  /**
   * selectors are CEL expressions every device must pass, in addition to the class's.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  selectors?: DeviceSelector[];

  /**
   * allocationMode is ExactCount (the default, count devices) or All (every matching device).
   *
   * +optional
   * +protobuf=4
   */
  allocationMode?: DeviceAllocationMode;

  /**
   * count is how many devices an ExactCount alternative takes; defaults to 1.
   *
   * +optional
   * +protobuf=5
   */
  count?: int64;

  /**
   * tolerations let the alternative use devices with matching taints.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tolerations?: DeviceToleration[];

  /**
   * capacity is the amount of each shared device's capacity the alternative takes.
   *
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
   * requests are the amounts asked for by capacity name; rounded up as the device's request policy
   * says.
   *
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
   * cel is a CEL expression a device must pass.
   *
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
   * expression is a CEL expression over `device` (driver, attributes, capacity,
   * allowMultipleAllocations) that must be true for the device to be selected; at most 10 kB.
   *
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
   * requests are the requests the constraint applies to; empty means all of the claim's.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  requests?: string[];

  /**
   * matchAttribute names an attribute that every device of the requests must have, with the same
   * value.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  matchAttribute?: FullyQualifiedName;

  /**
   * distinctAttribute names an attribute whose value must differ between the devices of the
   * requests.
   *
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
   * requests are the requests the configuration applies to; empty means all.
   *
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
   * opaque is configuration in the driver's own format.
   *
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
   * driver names the DRA driver that reads the parameters; other drivers ignore them.
   *
   * +required
   * +protobuf=1
   */
  driver: string;

  /**
   * parameters are the driver's configuration, an object of its own API; at most 10 kB.
   *
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
   * key is the taint key the toleration matches; empty matches every key with operator Exists.
   *
   * +optional
   * +protobuf=1
   */
  key?: string;

  /**
   * operator is Equal (the default, the value must match) or Exists (any value).
   *
   * +optional
   * +default="Equal"
   * +protobuf=2
   */
  operator?: DeviceTolerationOperator;

  /**
   * value is the taint value matched with operator Equal.
   *
   * +optional
   * +protobuf=3
   */
  value?: string;

  /**
   * effect is the taint effect matched; empty matches all.
   *
   * +optional
   * +protobuf=4
   */
  effect?: DeviceTaintEffect;

  /**
   * tolerationSeconds is how long a NoExecute taint is tolerated before eviction; unset means
   * forever.
   *
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
   * allocation is the devices allocated to the claim, set once it is allocated.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  allocation?: AllocationResult;

  /**
   * reservedFor lists the consumers (usually pods) that may use the claim; at most 256, and a claim
   * reserved by none may be deallocated.
   *
   * +optional
   * +listType=map
   * +listMapKey=uid
   * +patchStrategy=merge
   * +patchMergeKey=uid
   * +protobuf=2
   */
  reservedFor?: ResourceClaimConsumerReference[];

  /**
   * devices report the status of each allocated device, written by its driver.
   *
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
   * apiGroup is the consumer's API group; empty means the core group.
   *
   * +optional
   * +protobuf=1
   */
  apiGroup?: string;

  /**
   * resource is the consumer's resource, such as pods.
   *
   * +required
   * +protobuf=3
   */
  resource: string;

  /**
   * name is the consumer's name.
   *
   * +required
   * +protobuf=4
   */
  name: string;

  /**
   * uid identifies one instance of the consumer.
   *
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
   * devices are the allocated devices.
   *
   * +optional
   * +protobuf=1
   */
  devices?: DeviceAllocationResult;

  /**
   * nodeSelector picks the nodes where the allocated devices are reachable; pods using the claim
   * are only scheduled there.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  nodeSelector?: NodeSelector;

  /**
   * allocationTimestamp is when the allocation was made.
   *
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
   * results are the devices allocated for each request.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  results?: DeviceRequestAllocationResult[];

  /**
   * config is the configuration of the claim and its class that applies to the allocated devices,
   * in order.
   *
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
   * request names the request (or "request/alternative") the device was allocated for.
   *
   * +required
   * +protobuf=1
   */
  request: string;

  /**
   * driver names the device's DRA driver.
   *
   * +required
   * +protobuf=2
   */
  driver: string;

  /**
   * pool names the device's pool.
   *
   * +required
   * +protobuf=3
   */
  pool: string;

  /**
   * device names the device within its pool.
   *
   * +required
   * +protobuf=4
   */
  device: string;

  /**
   * adminAccess is copied from the request: the device was allocated for administrative access.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  adminAccess?: boolean;

  /**
   * tolerations are the request's tolerations that applied when the device was allocated.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  tolerations?: DeviceToleration[];

  /**
   * bindingConditions are copied from the device when it was allocated.
   *
   * +optional
   * +listType=atomic
   * +protobuf=7
   */
  bindingConditions?: string[];

  /**
   * bindingFailureConditions are copied from the device when it was allocated.
   *
   * +optional
   * +listType=atomic
   * +protobuf=8
   */
  bindingFailureConditions?: string[];

  /**
   * shareID tells apart the allocations of a device that allows several.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  shareID?: UID;

  /**
   * consumedCapacity is the device capacity this allocation takes, by name.
   *
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
   * source says whether the configuration came from the claim or from the class.
   *
   * +required
   * +protobuf=1
   */
  source: AllocationConfigSource;

  /**
   * requests are the requests the configuration applies to; empty means all.
   *
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
   * selectors are CEL expressions every device of the class must pass.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  selectors?: DeviceSelector[];

  /**
   * config is configuration passed to the drivers of every device allocated through the class.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  config?: DeviceClassConfiguration[];

  /**
   * extendedResourceName lets pods request devices of the class as an extended resource of this
   * name, without a claim; it is alpha upstream.
   *
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
   * metadata is copied into the claims made from the template; name and namespace are not allowed.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is copied into the claims made from the template.
   *
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
   * driver names the device's DRA driver.
   *
   * +required
   * +protobuf=1
   */
  driver: string;

  /**
   * pool names the device's pool.
   *
   * +required
   * +protobuf=2
   */
  pool: string;

  /**
   * device names the device within its pool.
   *
   * +required
   * +protobuf=3
   */
  device: string;

  /**
   * shareID tells apart the allocations of a device that allows several.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  shareID?: string;

  /**
   * conditions are the device's current states, such as Ready.
   *
   * +optional
   * +listType=map
   * +listMapKey=type
   * +protobuf=4
   */
  conditions: Condition[];

  /**
   * data is driver-specific status of the device, an object of the driver's API.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  data?: RawExtension;

  /**
   * networkData describes the network interface the device provides, if any.
   *
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
   * interfaceName is the name of the network interface in the pod, such as eth1.
   *
   * +optional
   * +protobuf=1
   */
  interfaceName?: string;

  /**
   * ips are the interface's addresses in CIDR form, such as 192.0.2.5/24.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  ips?: string[];

  /**
   * hardwareAddress is the interface's MAC address.
   *
   * +optional
   * +protobuf=3
   */
  hardwareAddress?: string;
}
