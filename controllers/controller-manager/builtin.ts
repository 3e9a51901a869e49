// The controllers kubegen's controller-manager knows, registered with the duplicate checks.
import { newEndpointsControllerDescriptor } from "../endpoint/descriptor.js";
import { newEndpointSliceControllerDescriptor } from "../endpointslice/descriptor.js";
import { newEndpointSliceMirroringControllerDescriptor } from "../endpointslicemirroring/descriptor.js";
import { newGarbageCollectorControllerDescriptor } from "../garbagecollector/descriptor.js";
import { newClusterRoleAggregationDescriptor } from "../clusterroleaggregation/descriptor.js";
import { newNamespaceControllerDescriptor } from "../namespace/descriptor.js";
import { newPVCProtectionControllerDescriptor } from "../pvcprotection/descriptor.js";
import { newPVProtectionControllerDescriptor } from "../pvprotection/descriptor.js";
import { newPodGCControllerDescriptor } from "../podgc/descriptor.js";
import { newResourceQuotaControllerDescriptor } from "../resourcequota/descriptor.js";
import { newRootCACertPublisherDescriptor } from "../rootcacertpublisher/descriptor.js";
import { newServiceAccountControllerDescriptor } from "../serviceaccount/descriptor.js";
import { newServiceCIDRControllerDescriptor } from "../servicecidrs/descriptor.js";
import { newControllerRegistry, type ControllerDescriptor, type ControllerRegistry } from "../controller/descriptors.js";

/** Every built-in descriptor, in start order. */
export function builtinControllerDescriptors(): ControllerDescriptor[] {
  return [
    newNamespaceControllerDescriptor(),
    newGarbageCollectorControllerDescriptor(),
    newServiceAccountControllerDescriptor(),
    newRootCACertPublisherDescriptor(),
    newResourceQuotaControllerDescriptor(),
    newClusterRoleAggregationDescriptor(),
    newPVCProtectionControllerDescriptor(),
    newPVProtectionControllerDescriptor(),
    newEndpointsControllerDescriptor(),
    newEndpointSliceControllerDescriptor(),
    newEndpointSliceMirroringControllerDescriptor(),
    newPodGCControllerDescriptor(),
    newServiceCIDRControllerDescriptor(),
  ];
}

/** The registry of the built-in controllers; throws at start-up on a duplicate name or alias. */
export function newBuiltinControllerRegistry(): ControllerRegistry {
  return newControllerRegistry(builtinControllerDescriptors());
}
