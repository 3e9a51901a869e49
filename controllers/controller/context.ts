// What every controller's init function gets: clients built from the base rest config, the shared informers, the settings.
import { Clientset } from "../../generated/clientset/index.js";
import type { SharedInformerFactory } from "../../generated/informers/index.js";
import type { EventRecorder } from "../../runtime/events/recorder.js";
import type { RestConfig } from "../../runtime/rest/config.js";

/** The controller-manager's settings that controllers read (KubeControllerManagerConfiguration's part of it). */
export interface ControllerManagerSettings {
  /** `--concurrent-namespace-syncs`: namespace controller workers (default 10). */
  concurrentNamespaceSyncs: number;
  /** `--namespace-sync-period`: how often namespaces are re-examined, in ms (default 5 m). */
  namespaceSyncPeriodMs: number;
  /** `--namespace-deletion-grace-period`: wait before a deleted namespace is processed, in ms (default 5 s). */
  namespaceDeletionGracePeriodMs: number;
  /** `--concurrent-gc-syncs`: garbage collector workers per queue (default 20). */
  concurrentGCSyncs?: number;
  /** `--enable-garbage-collector` (default true); must match the apiserver's. */
  enableGarbageCollector?: boolean;
  /** `--concurrent-endpoint-syncs`: endpoints controller workers (default 5). */
  concurrentEndpointSyncs?: number;
  /** `--concurrent-service-endpoint-syncs`: EndpointSlice controller workers (default 5). */
  concurrentServiceEndpointSyncs?: number;
  /** `--max-endpoints-per-slice`: endpoints in one EndpointSlice (default 100, at most 1000). */
  maxEndpointsPerSlice?: number;
  /** `--endpoint-updates-batch-period`: delay before a Pod change reaches the Endpoints, in ms (default 0). */
  endpointUpdatesBatchPeriodMs?: number;
  /** `--endpointslice-updates-batch-period`: the same for EndpointSlices, in ms (default 0). */
  endpointSliceUpdatesBatchPeriodMs?: number;
  /** `--terminated-pod-gc-threshold`: terminated Pods kept before the pod garbage collector deletes the oldest (default 12500; <= 0 keeps all). */
  terminatedPodGCThreshold?: number;
  /** The pod garbage collector's period and Node quarantine in ms (upstream fixes 20 s and 40 s; tests shorten them). */
  podGCCheckPeriodMs?: number;
  podGCQuarantineMs?: number;
}

/** Builds a controller's own rest config and clientset, named in its User-Agent (client-go's SimpleControllerClientBuilder). */
export class ControllerClientBuilder {
  constructor(readonly base: RestConfig) {}

  /** A copy of the base config whose User-Agent names the controller. */
  config(name: string): RestConfig {
    return { ...this.base, userAgent: `${this.base.userAgent ?? "kubegen-controller-manager"}/${name}` };
  }

  client(name: string): Clientset {
    return new Clientset(this.config(name));
  }
}

export interface ControllerContext {
  /** The base rest config (`--kubeconfig`, `--kube-api-qps`, `--kube-api-burst`). */
  restConfig: RestConfig;
  clientBuilder: ControllerClientBuilder;
  /** The shared informers, started after every controller's init function ran. */
  informerFactory: SharedInformerFactory;
  settings: ControllerManagerSettings;
  /** Controller events; `level` is klog's verbosity (0 when absent). */
  log: (line: string, level?: number) => void;
  /** Told about errors controllers recover from (failed syncs that are retried). */
  onError: (err: unknown) => void;
  /**
   * A core/v1 event recorder reporting as `component` (`source.component` and
   * `reportingComponent`), as upstream's controllers get from client-go's record package.
   */
  eventRecorder: (component: string) => EventRecorder;
}
