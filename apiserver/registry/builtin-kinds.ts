/**
 * The strategies and subresources of the workload, networking, policy, scheduling, storage and
 * cluster kinds (the kinds the core table in builtin.ts does not list), by `<group>/<plural>`,
 * or `<group>/<plural>@<version>` where versions differ (HPA v1 and v2).
 */
import type { KindConversion } from "./converting-store.js";
import type { KubeObject, RESTStorage } from "./rest.js";
import { scaleSubresource } from "./scale.js";
import type { GenericStore, GenericStoreOptions } from "./store.js";
import type { Strategy, UpdateStrategy } from "./strategy.js";
import { selectorString } from "./validation/label-selector.js";
import { record } from "./validation/shape.js";
import { CertificateSigningRequestStore } from "./resources/certificatesigningrequests/storage.js";
import { csrApprovalStrategy, csrStatusStrategy, csrStrategy } from "./resources/certificatesigningrequests/strategy.js";
import { cronJobStatusStrategy, cronJobStrategy } from "./resources/cronjobs/strategy.js";
import { controllerRevisionStrategy } from "./resources/controllerrevisions/strategy.js";
import { daemonSetStatusStrategy, daemonSetStrategy } from "./resources/daemonsets/strategy.js";
import { deploymentStatusStrategy, deploymentStrategy } from "./resources/deployments/strategy.js";
import { eventConversion } from "./resources/events/conversion.js";
import { eventsV1Strategy } from "./resources/events/strategy.js";
import { flowSchemaStatusStrategy, flowSchemaStrategy } from "./resources/flowschemas/strategy.js";
import { endpointSliceStrategy } from "./resources/endpointslices/strategy.js";
import { hpaConversion } from "./resources/horizontalpodautoscalers/conversion.js";
import { hpaStatusStrategy, hpaV1Strategy, hpaV2Strategy } from "./resources/horizontalpodautoscalers/strategy.js";
import { ingressClassStrategy } from "./resources/ingressclasses/strategy.js";
import { ipAddressStrategy } from "./resources/ipaddresses/strategy.js";
import { serviceCIDRStatusStrategy, serviceCIDRStrategy } from "./resources/servicecidrs/strategy.js";
import { ingressStatusStrategy, ingressStrategy } from "./resources/ingresses/strategy.js";
import { jobStatusStrategy, jobStrategy } from "./resources/jobs/strategy.js";
import { limitRangeStrategy } from "./resources/limitranges/strategy.js";
import { networkPolicyStrategy } from "./resources/networkpolicies/strategy.js";
import { nodeStatusStrategy, nodeStrategy } from "./resources/nodes/strategy.js";
import { pdbStatusStrategy, pdbStrategy } from "./resources/poddisruptionbudgets/strategy.js";
import { podStatusStrategy, podStrategy } from "./resources/pods/strategy.js";
import {
  bindingSubresource,
  ephemeralContainersStrategy,
  evictionSubresource,
  logSubresource,
  proxySubresource,
  resizeStrategy,
  streamSubresource,
  type StoreLookup,
} from "./resources/pods/subresources.js";
import { podTemplateStrategy } from "./resources/podtemplates/strategy.js";
import { priorityClassStrategy } from "./resources/priorityclasses/strategy.js";
import {
  priorityLevelConfigurationStatusStrategy,
  priorityLevelConfigurationStrategy,
} from "./resources/prioritylevelconfigurations/strategy.js";
import { apiServiceStatusStrategy, apiServiceStrategy } from "./resources/apiservices/strategy.js";
import { pvStatusStrategy, pvStrategy } from "./resources/persistentvolumes/strategy.js";
import { pvcStatusStrategy, pvcStrategy } from "./resources/persistentvolumeclaims/strategy.js";
import { replicaSetStatusStrategy, replicaSetStrategy } from "./resources/replicasets/strategy.js";
import { runtimeClassStrategy } from "./resources/runtimeclasses/strategy.js";
import { replicationControllerStatusStrategy, replicationControllerStrategy } from "./resources/replicationcontrollers/strategy.js";
import { resourceQuotaStatusStrategy, resourceQuotaStrategy } from "./resources/resourcequotas/strategy.js";
import { statefulSetStatusStrategy, statefulSetStrategy } from "./resources/statefulsets/strategy.js";
import { csiDriverStrategy } from "./resources/csidrivers/strategy.js";
import { csiNodeStrategy } from "./resources/csinodes/strategy.js";
import { csiStorageCapacityStrategy } from "./resources/csistoragecapacities/strategy.js";
import { volumeAttachmentStatusStrategy, volumeAttachmentStrategy } from "./resources/volumeattachments/strategy.js";
import { deviceClassStrategy } from "./resources/deviceclasses/strategy.js";
import { resourceClaimStatusStrategy, resourceClaimStrategy } from "./resources/resourceclaims/strategy.js";
import { resourceClaimTemplateStrategy } from "./resources/resourceclaimtemplates/strategy.js";
import { resourceSliceStrategy } from "./resources/resourceslices/strategy.js";
import { storageClassStrategy } from "./resources/storageclasses/strategy.js";
import { volumeAttributesClassStrategy } from "./resources/volumeattributesclasses/strategy.js";
import { mutatingWebhookConfigurationStrategy } from "./resources/mutatingwebhookconfigurations/strategy.js";
import { validatingWebhookConfigurationStrategy } from "./resources/validatingwebhookconfigurations/strategy.js";
import {
  validatingAdmissionPolicyStatusStrategy,
  validatingAdmissionPolicyStrategy,
} from "./resources/validatingadmissionpolicies/strategy.js";
import { validatingAdmissionPolicyBindingStrategy } from "./resources/validatingadmissionpolicybindings/strategy.js";

export type { StoreLookup };

export interface KindRegistration {
  strategy?: Strategy;
  subresources?: Record<string, UpdateStrategy>;
  /** For a kind served at several versions from one storage: how its objects convert. */
  conversion?: KindConversion;
  /** Delete answers with the object (its last state, or its graceful mark) instead of a Success Status, as upstream's pods. */
  returnDeletedObject?: boolean;
  /** A store of the kind's own instead of the generic one (kinds whose writes need the request's user). */
  store?: (options: GenericStoreOptions) => GenericStore;
  /** Subresources that are storages of their own (scale, binding, eviction, connect), built over the store. */
  extra?: (store: GenericStore, lookup: StoreLookup) => Record<string, RESTStorage>;
}

const REPLICAS = { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas" };

/** autoscaling/v1 Scale over spec.replicas, the selector from spec.selector. */
const scaled = (selector: (o: KubeObject) => unknown) => (store: GenericStore) => ({
  scale: scaleSubresource(store, REPLICAS, (o) => selectorString(selector(o))),
});
const specSelector = (o: KubeObject) => record(o.spec).selector;

export const KIND_REGISTRATIONS: Readonly<Record<string, KindRegistration>> = {
  "/pods": {
    strategy: podStrategy,
    returnDeletedObject: true,
    subresources: { status: podStatusStrategy, ephemeralcontainers: ephemeralContainersStrategy, resize: resizeStrategy },
    extra: (store, lookup) => ({
      binding: bindingSubresource(store),
      eviction: evictionSubresource(store, lookup),
      log: logSubresource(store, lookup),
      exec: streamSubresource(store, lookup, "exec"),
      attach: streamSubresource(store, lookup, "attach"),
      portforward: streamSubresource(store, lookup, "portforward"),
      proxy: proxySubresource(store, lookup, "Pod"),
    }),
  },
  "/services": { extra: (store, lookup) => ({ proxy: proxySubresource(store, lookup, "Service") }) },
  "/nodes": {
    strategy: nodeStrategy,
    subresources: { status: nodeStatusStrategy },
    extra: (store, lookup) => ({ proxy: proxySubresource(store, lookup, "Node") }),
  },
  "/podtemplates": { strategy: podTemplateStrategy },
  "/replicationcontrollers": {
    strategy: replicationControllerStrategy,
    subresources: { status: replicationControllerStatusStrategy },
    extra: scaled((o) => ({ matchLabels: record(record(o.spec).selector) })),
  },
  "/persistentvolumeclaims": { strategy: pvcStrategy, subresources: { status: pvcStatusStrategy } },
  "/persistentvolumes": { strategy: pvStrategy, subresources: { status: pvStatusStrategy } },
  "/resourcequotas": { strategy: resourceQuotaStrategy, subresources: { status: resourceQuotaStatusStrategy } },
  "/limitranges": { strategy: limitRangeStrategy },
  "apps/deployments": { strategy: deploymentStrategy, subresources: { status: deploymentStatusStrategy }, extra: scaled(specSelector) },
  "apps/replicasets": { strategy: replicaSetStrategy, subresources: { status: replicaSetStatusStrategy }, extra: scaled(specSelector) },
  "apps/statefulsets": { strategy: statefulSetStrategy, subresources: { status: statefulSetStatusStrategy }, extra: scaled(specSelector) },
  "apps/daemonsets": { strategy: daemonSetStrategy, subresources: { status: daemonSetStatusStrategy } },
  "apps/controllerrevisions": { strategy: controllerRevisionStrategy },
  "batch/jobs": { strategy: jobStrategy, subresources: { status: jobStatusStrategy } },
  "batch/cronjobs": { strategy: cronJobStrategy, subresources: { status: cronJobStatusStrategy } },
  "networking.k8s.io/ingresses": { strategy: ingressStrategy, subresources: { status: ingressStatusStrategy } },
  "networking.k8s.io/ingressclasses": { strategy: ingressClassStrategy },
  "networking.k8s.io/networkpolicies": { strategy: networkPolicyStrategy },
  "networking.k8s.io/ipaddresses": { strategy: ipAddressStrategy },
  "networking.k8s.io/servicecidrs": { strategy: serviceCIDRStrategy, subresources: { status: serviceCIDRStatusStrategy } },
  "policy/poddisruptionbudgets": { strategy: pdbStrategy, subresources: { status: pdbStatusStrategy } },
  "scheduling.k8s.io/priorityclasses": { strategy: priorityClassStrategy },
  "apiregistration.k8s.io/apiservices": { strategy: apiServiceStrategy, subresources: { status: apiServiceStatusStrategy } },
  "autoscaling/horizontalpodautoscalers@v1": {
    strategy: hpaV1Strategy,
    subresources: { status: hpaStatusStrategy },
    conversion: hpaConversion,
  },
  "autoscaling/horizontalpodautoscalers@v2": {
    strategy: hpaV2Strategy,
    subresources: { status: hpaStatusStrategy },
    conversion: hpaConversion,
  },
  "events.k8s.io/events": { strategy: eventsV1Strategy, conversion: eventConversion },
  "discovery.k8s.io/endpointslices": { strategy: endpointSliceStrategy },
  "storage.k8s.io/storageclasses": { strategy: storageClassStrategy },
  "storage.k8s.io/csidrivers": { strategy: csiDriverStrategy },
  "storage.k8s.io/volumeattributesclasses": { strategy: volumeAttributesClassStrategy },
  "storage.k8s.io/csinodes": { strategy: csiNodeStrategy },
  "storage.k8s.io/csistoragecapacities": { strategy: csiStorageCapacityStrategy },
  "storage.k8s.io/volumeattachments": { strategy: volumeAttachmentStrategy, subresources: { status: volumeAttachmentStatusStrategy } },
  "resource.k8s.io/deviceclasses": { strategy: deviceClassStrategy },
  "resource.k8s.io/resourceclaims": { strategy: resourceClaimStrategy, subresources: { status: resourceClaimStatusStrategy } },
  "resource.k8s.io/resourceclaimtemplates": { strategy: resourceClaimTemplateStrategy },
  "resource.k8s.io/resourceslices": { strategy: resourceSliceStrategy },
  "admissionregistration.k8s.io/mutatingwebhookconfigurations": { strategy: mutatingWebhookConfigurationStrategy },
  "admissionregistration.k8s.io/validatingwebhookconfigurations": { strategy: validatingWebhookConfigurationStrategy },
  "admissionregistration.k8s.io/validatingadmissionpolicies": {
    strategy: validatingAdmissionPolicyStrategy,
    subresources: { status: validatingAdmissionPolicyStatusStrategy },
  },
  "admissionregistration.k8s.io/validatingadmissionpolicybindings": { strategy: validatingAdmissionPolicyBindingStrategy },
  "node.k8s.io/runtimeclasses": { strategy: runtimeClassStrategy },
  "flowcontrol.apiserver.k8s.io/flowschemas": { strategy: flowSchemaStrategy, subresources: { status: flowSchemaStatusStrategy } },
  "flowcontrol.apiserver.k8s.io/prioritylevelconfigurations": {
    strategy: priorityLevelConfigurationStrategy,
    subresources: { status: priorityLevelConfigurationStatusStrategy },
  },
  "certificates.k8s.io/certificatesigningrequests": {
    strategy: csrStrategy,
    subresources: { status: csrStatusStrategy, approval: csrApprovalStrategy },
    store: (options) => new CertificateSigningRequestStore(options),
  },
};
