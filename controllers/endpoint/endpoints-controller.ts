/**
 * The endpoints controller (upstream's endpoint-controller): keeps an Endpoints object, named
 * as its Service, listing the Pods the Service selects. Services without a selector and
 * ExternalName Services are left alone (their Endpoints are the user's, or the apiserver's for
 * `default/kubernetes`); a deleted Service's Endpoints are deleted.
 */
import type { Endpoints, Service } from "../../generated/apis/core/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { EndpointsInformer } from "../../generated/informers/core/v1/endpoints.js";
import type { PodInformer } from "../../generated/informers/core/v1/pod.js";
import type { ServiceInformer } from "../../generated/informers/core/v1/service.js";
import { DeletedFinalStateUnknown, deletionHandlingMetaNamespaceKeyFunc, splitMetaNamespaceKey } from "../../runtime/cache/keys.js";
import { copyJSON } from "../../runtime/deepcopy.js";
import type { EventRecorder } from "../../runtime/events/recorder.js";
import { asStatusError, isNotFound } from "../../runtime/rest/errors.js";
import { LabelsSelector } from "../../runtime/selectors/index.js";
import { defaultControllerRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { retryingWorker, runWorkers } from "../controller/workers.js";
import { isServiceIPSet, podServiceHandlers } from "../endpointsutil/pods.js";
import { formatTriggerTime, LAST_CHANGE_TRIGGER_TIME, TriggerTimeTracker } from "../endpointsutil/trigger-time.js";
import {
  capacityAnnotationSetCorrectly,
  computeSubsets,
  HEADLESS_SERVICE_LABEL,
  OVER_CAPACITY_ANNOTATION,
  truncateSubsets,
} from "./subsets.js";

const ENDPOINTS_KIND = { kind: { apiVersion: "v1", kind: "Endpoints" } };

/** Retries of one Service before it is dropped from the queue (until its next change). */
const MAX_RETRIES = 15;
/** Endpoints that hold a leader-election record are never treated as leftovers. */
const LEADER_ELECTION_ANNOTATION = "control-plane.alpha.kubernetes.io/leader";

export interface EndpointsControllerOptions {
  pods: PodInformer;
  services: ServiceInformer;
  endpoints: EndpointsInformer;
  client: ClientsetInterface;
  /** `--endpoint-updates-batch-period`: delay before a Pod change is synced, in ms (default 0). */
  batchPeriodMs?: number;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
  /** Where upstream's FailedToCreateEndpoint / FailedToUpdateEndpoint events go (component `endpoint-controller`). */
  recorder?: EventRecorder;
}

/** Whether the Namespace is being deleted, so that creates there fail for good. */
function namespaceTerminating(err: unknown): boolean {
  return asStatusError(err)?.status.details?.causes?.some((c) => c.reason === "NamespaceTerminating") ?? false;
}

function withoutLabel(labels: Record<string, string> | undefined, key: string): Record<string, string> {
  const out = { ...labels };
  delete out[key];
  return out;
}

function sameMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ak = Object.keys(a ?? {});
  return ak.length === Object.keys(b ?? {}).length && ak.every((k) => a?.[k] === b?.[k]);
}

/** Subsets equal but for the targetRefs' resourceVersion. */
function sameSubsets(a: Endpoints["subsets"], b: Endpoints["subsets"]): boolean {
  const strip = (s: Endpoints["subsets"]): string =>
    JSON.stringify(s ?? [], (k, v: unknown) => (k === "resourceVersion" ? undefined : Array.isArray(v) && v.length === 0 ? undefined : v));
  return strip(a) === strip(b);
}

export class EndpointsController {
  readonly queue = new RateLimitingQueue<string>(defaultControllerRateLimiter<string>());
  readonly #synced: () => boolean;
  readonly #triggerTimes = new TriggerTimeTracker();
  /** Endpoints resourceVersions this controller has replaced: a cache still showing one is stale. */
  readonly #staleVersions = new Map<string, string>();

  constructor(private readonly options: EndpointsControllerOptions) {
    const batch = options.batchPeriodMs ?? 0;
    const enqueue = (obj: Service | Endpoints | DeletedFinalStateUnknown<Service | Endpoints>): void =>
      this.queue.add(deletionHandlingMetaNamespaceKeyFunc(obj));
    const services = options.services.informer();
    const svcReg = services.addEventHandler({ onAdd: enqueue, onUpdate: (_o, s) => enqueue(s), onDelete: enqueue });
    const pods = options.pods.informer();
    const podReg = pods.addEventHandler(podServiceHandlers(options.services.lister(), (key, ms) => this.queue.addAfter(key, ms), batch));
    const endpoints = options.endpoints.informer();
    // A deleted Endpoints of a live selector Service is made again.
    const epReg = endpoints.addEventHandler({ onDelete: enqueue });
    this.#synced = () =>
      services.hasSynced() && svcReg.hasSynced() && pods.hasSynced() && podReg.hasSynced() && endpoints.hasSynced() && epReg.hasSynced();
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.log?.("Starting endpoint controller", 2);
    await runWorkers(
      this.queue,
      () => {
        const synced = this.#synced();
        if (synced) this.#checkLeftoverEndpoints();
        return synced;
      },
      workers,
      signal,
      () => this.#worker(signal),
    );
  }

  /** Endpoints whose Service went away while the controller was down are queued once at start. */
  #leftoversChecked = false;
  #checkLeftoverEndpoints(): void {
    if (this.#leftoversChecked) return;
    this.#leftoversChecked = true;
    for (const ep of this.options.endpoints.lister().list()) {
      if (LEADER_ELECTION_ANNOTATION in (ep.metadata?.annotations ?? {})) continue;
      this.queue.add(deletionHandlingMetaNamespaceKeyFunc(ep));
    }
  }

  #worker(signal: AbortSignal): Promise<void> {
    return retryingWorker(
      this.queue,
      signal,
      MAX_RETRIES,
      (item) => this.syncService(item, signal),
      (err) => this.options.onError(err),
      (item) => `syncing endpoints of service ${item}`,
    );
  }

  /** Brings the Endpoints of the Service `key` (`namespace/name`) in line with its Pods. */
  async syncService(key: string, signal?: AbortSignal): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    const opts = signal ? { signal } : undefined;
    const endpointsClient = this.options.client.coreV1().endpoints(namespace);
    let service: Service;
    try {
      service = this.options.services.lister().services(namespace).get(name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await endpointsClient.delete(name, opts);
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
      this.#triggerTimes.deleteService(namespace, name);
      this.#staleVersions.delete(key);
      return;
    }
    if (service.spec?.type === "ExternalName") return;
    // No selector: the Endpoints are written by someone else (a user, or the apiserver for `kubernetes`).
    if (!service.spec?.selector) return;

    const pods = this.options.pods.lister().pods(namespace).list(LabelsSelector.fromSet(service.spec.selector));
    // Computed on every sync so that the tracker sees every state, written only when something changes.
    const triggerTime = this.#triggerTimes.compute(namespace, service, pods);
    const subsets = computeSubsets(service, pods);

    let current: Endpoints;
    let create = false;
    try {
      current = this.options.endpoints.lister().endpoints(namespace).get(name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      current = { apiVersion: "v1", kind: "Endpoints", metadata: { name, namespace, labels: service.metadata?.labels } };
      create = true;
    }
    if (!create && this.#staleVersions.get(key) === current.metadata?.resourceVersion)
      throw new Error(
        `endpoints informer cache is out of date, resource version ${current.metadata?.resourceVersion ?? ""} already processed for endpoints ${key}`,
      );

    const compareLabels = withoutLabel(current.metadata?.labels, HEADLESS_SERVICE_LABEL);
    if (
      !create &&
      sameSubsets(current.subsets, subsets) &&
      sameMap(compareLabels, service.metadata?.labels) &&
      capacityAnnotationSetCorrectly(current)
    ) {
      this.options.log?.(`endpoints are equal for ${key}, skipping update`, 5);
      return;
    }

    const next = copyJSON(current);
    next.metadata ??= {};
    next.subsets = subsets;
    const annotations: Record<string, string> = { ...next.metadata.annotations };
    if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = formatTriggerTime(triggerTime);
    else delete annotations[LAST_CHANGE_TRIGGER_TIME];
    if (truncateSubsets(subsets)) annotations[OVER_CAPACITY_ANNOTATION] = "truncated";
    else delete annotations[OVER_CAPACITY_ANNOTATION];
    next.metadata.annotations = annotations;
    const labels = { ...service.metadata?.labels };
    if (!isServiceIPSet(service)) labels[HEADLESS_SERVICE_LABEL] = "";
    else delete labels[HEADLESS_SERVICE_LABEL];
    next.metadata.labels = labels;

    this.options.log?.(`Update endpoints for ${key}`, 4);
    try {
      if (create) {
        await endpointsClient.create(next, opts);
      } else {
        const updated = await endpointsClient.update(next, opts);
        if (updated.metadata?.resourceVersion !== current.metadata?.resourceVersion)
          this.#staleVersions.set(key, current.metadata?.resourceVersion ?? "");
      }
    } catch (err) {
      // A terminating namespace refuses creates for good: drop the item.
      if (create && namespaceTerminating(err)) return;
      const why = err instanceof Error ? err.message : String(err);
      if (create)
        this.options.recorder?.event(
          next,
          "Warning",
          "FailedToCreateEndpoint",
          "",
          `Failed to create endpoint for service ${key}: ${why}`,
          ENDPOINTS_KIND,
        );
      else
        this.options.recorder?.event(
          next,
          "Warning",
          "FailedToUpdateEndpoint",
          "",
          `Failed to update endpoint ${key}: ${why}`,
          ENDPOINTS_KIND,
        );
      throw err;
    }
  }
}
