/**
 * The EndpointSlice controller (upstream's endpointslice-controller): keeps the EndpointSlices
 * of every Service with a selector in line with the Pods it selects, through the
 * {@link planSlices} reconciler. Slices are owned by their Service, so the garbage collector
 * deletes them with it; slices of other managers (the apiserver's `kubernetes` slice) are never
 * read or written.
 */
import type { Node, Service } from "../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { NodeInformer } from "../../generated/informers/core/v1/node.js";
import type { PodInformer } from "../../generated/informers/core/v1/pod.js";
import type { ServiceInformer } from "../../generated/informers/core/v1/service.js";
import type { EndpointSliceInformer } from "../../generated/informers/discovery/v1/endpoint-slice.js";
import { DeletedFinalStateUnknown, deletionHandlingMetaNamespaceKeyFunc, splitMetaNamespaceKey } from "../../runtime/cache/keys.js";
import type { EventRecorder } from "../../runtime/events/recorder.js";
import { asStatusError, isNotFound } from "../../runtime/rest/errors.js";
import { LabelsSelector } from "../../runtime/selectors/index.js";
import { defaultControllerRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { retryingWorker, runWorkers } from "../controller/workers.js";
import { podServiceHandlers } from "../endpointsutil/pods.js";
import { formatTriggerTime, LAST_CHANGE_TRIGGER_TIME, TriggerTimeTracker } from "../endpointsutil/trigger-time.js";
import { ENDPOINTSLICE_CONTROLLER_MANAGER, LABEL_MANAGED_BY, LABEL_SERVICE_NAME } from "./endpoints.js";
import { planSlices, reuseDeletedSlices, type SlicePlan } from "./reconciler.js";
import { EndpointSliceTracker } from "./slice-tracker.js";
import { TopologyCache } from "./topology-cache.js";

const MAX_RETRIES = 15;
/** Upstream's `--max-endpoints-per-slice` default. */
export const DEFAULT_MAX_ENDPOINTS_PER_SLICE = 100;

export interface EndpointSliceControllerOptions {
  pods: PodInformer;
  services: ServiceInformer;
  nodes: NodeInformer;
  endpointSlices: EndpointSliceInformer;
  client: ClientsetInterface;
  maxEndpointsPerSlice?: number;
  /** `--endpointslice-updates-batch-period` in ms (default 0). */
  batchPeriodMs?: number;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
  /** Where upstream's events about Services go (component `endpoint-slice-controller`). */
  recorder?: EventRecorder;
}

const SERVICE_KIND = { kind: { apiVersion: "v1", kind: "Service" } };

/** How Go's utilerrors.NewAggregate prints several errors. */
function aggregateMessage(messages: readonly string[]): string {
  return messages.length === 1 ? messages[0]! : `[${messages.join(", ")}]`;
}

function namespaceTerminating(err: unknown): boolean {
  return asStatusError(err)?.status.details?.causes?.some((c) => c.reason === "NamespaceTerminating") ?? false;
}

const managedByUs = (s: EndpointSlice): boolean => s.metadata?.labels?.[LABEL_MANAGED_BY] === ENDPOINTSLICE_CONTROLLER_MANAGER;

export class EndpointSliceController {
  readonly queue = new RateLimitingQueue<string>(defaultControllerRateLimiter<string>());
  readonly tracker = new EndpointSliceTracker();
  /** The zones' CPU shares, for topology-aware hints. */
  readonly topology = new TopologyCache();
  readonly #triggerTimes = new TriggerTimeTracker();
  readonly #synced: () => boolean;
  readonly #max: number;

  constructor(private readonly options: EndpointSliceControllerOptions) {
    this.#max = options.maxEndpointsPerSlice ?? DEFAULT_MAX_ENDPOINTS_PER_SLICE;
    const batch = options.batchPeriodMs ?? 0;
    const services = options.services.informer();
    const enqueue = (obj: Service | DeletedFinalStateUnknown<Service>): void => this.queue.add(deletionHandlingMetaNamespaceKeyFunc(obj));
    const svcReg = services.addEventHandler({ onAdd: enqueue, onUpdate: (_o, s) => enqueue(s), onDelete: enqueue });
    const pods = options.pods.informer();
    const podReg = pods.addEventHandler(podServiceHandlers(options.services.lister(), (key, ms) => this.queue.addAfter(key, ms), batch));
    const slices = options.endpointSlices.informer();
    const queueFor = (s: EndpointSlice): void => {
      const name = s.metadata?.labels?.[LABEL_SERVICE_NAME];
      if (name) this.queue.addAfter(`${s.metadata?.namespace ?? ""}/${name}`, batch);
    };
    const sliceReg = slices.addEventHandler({
      onAdd: (s) => {
        if (managedByUs(s) && this.tracker.shouldSync(s)) queueFor(s);
      },
      onUpdate: (old, s) => {
        // A slice taken over or given up, or changed by someone else, gets its Service re-synced.
        if (managedByUs(old) !== managedByUs(s)) {
          queueFor(old);
          queueFor(s);
        } else if (managedByUs(s) && this.tracker.shouldSync(s)) queueFor(s);
      },
      onDelete: (obj) => {
        const s = obj instanceof DeletedFinalStateUnknown ? obj.obj : obj;
        if (managedByUs(s) && !this.tracker.handleDeletion(s)) queueFor(s);
      },
    });
    const nodes = options.nodes.informer();
    // Any Node change may move the zones' CPU shares: Services whose hints no longer fit are re-synced.
    const nodesChanged = (): void => {
      this.topology.setNodes(options.nodes.lister().list(LabelsSelector.everything()));
      for (const key of this.topology.overloadedServices()) this.queue.add(key);
    };
    const nodeReg = nodes.addEventHandler({ onAdd: nodesChanged, onUpdate: nodesChanged, onDelete: nodesChanged });
    this.#synced = () =>
      services.hasSynced() &&
      svcReg.hasSynced() &&
      pods.hasSynced() &&
      podReg.hasSynced() &&
      slices.hasSynced() &&
      sliceReg.hasSynced() &&
      nodes.hasSynced() &&
      nodeReg.hasSynced();
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.log?.("Starting endpoint slice controller", 2);
    await runWorkers(this.queue, this.#synced, workers, signal, () => this.#worker(signal));
  }

  #worker(signal: AbortSignal): Promise<void> {
    return retryingWorker(
      this.queue,
      signal,
      MAX_RETRIES,
      (item) => this.syncService(item, signal),
      (err) => this.options.onError(err),
      (item) => `syncing EndpointSlices of service ${item}`,
    );
  }

  #node(name: string): Node | undefined {
    if (!name) return undefined;
    try {
      return this.options.nodes.lister().get(name);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Brings the EndpointSlices of the Service `key` in line with its Pods. */
  async syncService(key: string, signal?: AbortSignal): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    let service: Service;
    try {
      service = this.options.services.lister().services(namespace).get(name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // The garbage collector deletes the slices, which the Service owns.
      this.#triggerTimes.deleteService(namespace, name);
      this.tracker.deleteService(namespace, name);
      this.topology.removeService(key);
      return;
    }
    if (service.spec?.type === "ExternalName") return;
    if (!service.spec?.selector) return;

    const pods = this.options.pods.lister().pods(namespace).list(LabelsSelector.fromSet(service.spec.selector));
    const existing = this.options.endpointSlices
      .lister()
      .endpointSlices(namespace)
      .list(LabelsSelector.fromSet({ [LABEL_SERVICE_NAME]: name, [LABEL_MANAGED_BY]: ENDPOINTSLICE_CONTROLLER_MANAGER }))
      // Slices on their way out would keep the controller waiting on them.
      .filter((s) => !s.metadata?.deletionTimestamp);
    if (this.tracker.staleSlices(service, existing)) throw new Error("EndpointSlice informer cache is out of date");
    const triggerTime = this.#triggerTimes.compute(namespace, service, pods);

    const plan = reuseDeletedSlices(
      service,
      planSlices({
        service,
        pods,
        existing,
        node: (n) => this.#node(n),
        maxEndpointsPerSlice: this.#max,
        controllerName: ENDPOINTSLICE_CONTROLLER_MANAGER,
        topology: this.topology,
      }),
    );
    let failed: Error | undefined;
    try {
      await this.#finalize(key, service, plan, triggerTime, signal);
    } catch (err) {
      failed = err instanceof Error ? err : new Error(String(err));
    }
    const recorder = this.options.recorder;
    for (const e of plan.events ?? []) recorder?.event(service, e.type, e.reason, "", e.message, SERVICE_KIND);
    const errors = [...plan.errors];
    if (failed) errors.push(failed.message);
    if (errors.length === 0) return;
    recorder?.event(
      service,
      "Warning",
      "FailedToUpdateEndpointSlices",
      "",
      `Error updating Endpoint Slices for Service ${key}: ${aggregateMessage(errors)}`,
      SERVICE_KIND,
    );
    if (failed) throw failed;
    throw new Error(plan.errors.join("; "));
  }

  /** Writes the plan (upstream's finalize); a terminating namespace ends it without an error. */
  async #finalize(
    key: string,
    service: Service,
    plan: SlicePlan,
    triggerTime: ReturnType<TriggerTimeTracker["compute"]>,
    signal?: AbortSignal,
  ): Promise<void> {
    const namespace = service.metadata?.namespace ?? "";
    const client = this.options.client.discoveryV1().endpointSlices(namespace);
    const opts = signal ? { signal } : undefined;
    const stamp = (s: EndpointSlice): EndpointSlice => {
      const annotations = { ...s.metadata?.annotations };
      if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = formatTriggerTime(triggerTime);
      else delete annotations[LAST_CHANGE_TRIGGER_TIME];
      s.metadata = { ...s.metadata, annotations };
      return s;
    };
    // No new slices for a Service being deleted: the garbage collector would race them.
    if (!service.metadata?.deletionTimestamp) {
      for (const s of plan.create) {
        try {
          this.tracker.update(await client.create(stamp(s), opts));
        } catch (err) {
          if (namespaceTerminating(err)) return;
          throw new Error(`failed to create EndpointSlice for Service ${key}: ${err instanceof Error ? err.message : String(err)}`, {
            cause: err,
          });
        }
      }
    }
    for (const s of plan.update) {
      try {
        this.tracker.update(await client.update(stamp(s), opts));
      } catch (err) {
        throw new Error(
          `failed to update ${s.metadata?.name ?? ""} EndpointSlice for Service ${key}: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
    }
    for (const s of plan.delete) {
      try {
        await client.delete(s.metadata?.name ?? "", opts);
        this.tracker.expectDeletion(s);
      } catch (err) {
        if (isNotFound(err)) continue;
        throw new Error(
          `failed to delete ${s.metadata?.name ?? ""} EndpointSlice for Service ${key}: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
    }
  }
}
