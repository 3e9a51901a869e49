/**
 * The EndpointSlice mirroring controller (upstream's endpointslice-mirroring-controller): the
 * Endpoints of a Service without a selector (written by a user) mirrored as EndpointSlices.
 * Endpoints labelled `endpointslice.kubernetes.io/skip-mirror: "true"` (the apiserver's
 * `kubernetes` one) or holding a leader-election record are not mirrored; mirrored slices go
 * when the Endpoints or the Service go, or the Service gets a selector.
 */
import type { Endpoints, Service } from "../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { EndpointsInformer } from "../../generated/informers/core/v1/endpoints.js";
import type { ServiceInformer } from "../../generated/informers/core/v1/service.js";
import type { EndpointSliceInformer } from "../../generated/informers/discovery/v1/endpoint-slice.js";
import { DeletedFinalStateUnknown, deletionHandlingMetaNamespaceKeyFunc, splitMetaNamespaceKey } from "../../runtime/cache/keys.js";
import { asStatusError, isNotFound } from "../../runtime/rest/errors.js";
import { LabelsSelector } from "../../runtime/selectors/index.js";
import { defaultControllerRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { retryingWorker, runWorkers } from "../controller/workers.js";
import type { EventRecorder } from "../../runtime/events/recorder.js";
import { LABEL_MANAGED_BY, LABEL_SERVICE_NAME } from "../endpointslice/endpoints.js";
import { EndpointSliceTracker } from "../endpointslice/slice-tracker.js";
import { LABEL_SKIP_MIRROR, MIRRORING_CONTROLLER_MANAGER, planMirroredSlices } from "./reconciler.js";

const MAX_RETRIES = 15;
const LEADER_ELECTION_ANNOTATION = "control-plane.alpha.kubernetes.io/leader";
/** Upstream's `--mirroring-max-endpoints-per-subset` default. */
export const DEFAULT_MAX_ENDPOINTS_PER_SUBSET = 1000;

export interface MirroringControllerOptions {
  endpoints: EndpointsInformer;
  services: ServiceInformer;
  endpointSlices: EndpointSliceInformer;
  client: ClientsetInterface;
  maxEndpointsPerSubset?: number;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
  /** Where upstream's events about mirrored Endpoints go (component `endpoint-slice-mirroring-controller`). */
  recorder?: EventRecorder;
}

const ENDPOINTS_KIND = { kind: { apiVersion: "v1", kind: "Endpoints" } };

const managedByUs = (s: EndpointSlice): boolean => s.metadata?.labels?.[LABEL_MANAGED_BY] === MIRRORING_CONTROLLER_MANAGER;

function shouldMirror(ep: Endpoints | undefined): boolean {
  if (!ep) return false;
  if (ep.metadata?.labels?.[LABEL_SKIP_MIRROR] === "true") return false;
  return !(LEADER_ELECTION_ANNOTATION in (ep.metadata?.annotations ?? {}));
}

export class EndpointSliceMirroringController {
  readonly queue = new RateLimitingQueue<string>(defaultControllerRateLimiter<string>());
  readonly tracker = new EndpointSliceTracker();
  readonly #synced: () => boolean;
  readonly #max: number;

  constructor(private readonly options: MirroringControllerOptions) {
    this.#max = options.maxEndpointsPerSubset ?? DEFAULT_MAX_ENDPOINTS_PER_SUBSET;
    const enqueue = (obj: Service | Endpoints | DeletedFinalStateUnknown<Service | Endpoints>): void =>
      this.queue.add(deletionHandlingMetaNamespaceKeyFunc(obj));
    const services = options.services.informer();
    const svcReg = services.addEventHandler({ onAdd: enqueue, onUpdate: (_o, s) => enqueue(s), onDelete: enqueue });
    const endpoints = options.endpoints.informer();
    const epReg = endpoints.addEventHandler({
      onAdd: (ep) => {
        if (shouldMirror(ep)) enqueue(ep);
      },
      onUpdate: (old, ep) => {
        if (shouldMirror(old) || shouldMirror(ep)) enqueue(ep);
      },
      onDelete: enqueue,
    });
    const slices = options.endpointSlices.informer();
    const queueFor = (s: EndpointSlice): void => {
      const name = s.metadata?.labels?.[LABEL_SERVICE_NAME];
      if (name) this.queue.add(`${s.metadata?.namespace ?? ""}/${name}`);
    };
    const sliceReg = slices.addEventHandler({
      onAdd: (s) => {
        if (managedByUs(s) && this.tracker.shouldSync(s)) queueFor(s);
      },
      onUpdate: (old, s) => {
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
    this.#synced = () =>
      services.hasSynced() &&
      svcReg.hasSynced() &&
      endpoints.hasSynced() &&
      epReg.hasSynced() &&
      slices.hasSynced() &&
      sliceReg.hasSynced();
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.log?.("Starting EndpointSliceMirroring controller", 2);
    await runWorkers(this.queue, this.#synced, workers, signal, () => this.#worker(signal));
  }

  #worker(signal: AbortSignal): Promise<void> {
    return retryingWorker(
      this.queue,
      signal,
      MAX_RETRIES,
      (item) => this.syncEndpoints(item, signal),
      (err) => this.options.onError(err),
      (item) => `mirroring Endpoints ${item}`,
    );
  }

  #get<T>(get: () => T): T | undefined {
    try {
      return get();
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Brings the mirrored slices of the Endpoints `key` in line with it. */
  async syncEndpoints(key: string, signal?: AbortSignal): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    const opts = signal ? { signal } : undefined;
    const client = this.options.client.discoveryV1().endpointSlices(namespace);
    const slices = this.options.endpointSlices
      .lister()
      .endpointSlices(namespace)
      .list(LabelsSelector.fromSet({ [LABEL_SERVICE_NAME]: name, [LABEL_MANAGED_BY]: MIRRORING_CONTROLLER_MANAGER }))
      .filter((s) => !s.metadata?.deletionTimestamp);
    const deleteAll = async (): Promise<void> => {
      for (const s of slices) {
        try {
          await client.delete(s.metadata?.name ?? "", opts);
          this.tracker.expectDeletion(s);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
    };
    const endpoints = this.#get(() => this.options.endpoints.lister().endpoints(namespace).get(name));
    const service = this.#get(() => this.options.services.lister().services(namespace).get(name));
    // Nothing to mirror, or the EndpointSlice controller's to handle (a Service with a selector).
    if (!endpoints || !shouldMirror(endpoints) || !service || service.spec?.selector) {
      if (!service) this.tracker.deleteService(namespace, name);
      await deleteAll();
      return;
    }
    if (this.tracker.staleSlices(service, slices)) throw new Error("EndpointSlice informer cache is out of date");

    const plan = planMirroredSlices(endpoints, slices, this.#max);
    const recorder = this.options.recorder;
    if (plan.invalid > 0) {
      this.options.log?.(`Skipped ${plan.invalid} invalid IP addresses when mirroring ${key} to EndpointSlices`, 0);
      recorder?.event(
        endpoints,
        "Warning",
        "InvalidIPAddress",
        "",
        `Skipped ${plan.invalid} invalid IP addresses when mirroring to EndpointSlices`,
        ENDPOINTS_KIND,
      );
    }
    if (plan.skipped > plan.invalid) {
      const note = `A max of ${this.#max} addresses can be mirrored to EndpointSlices per Endpoints subset. ${plan.skipped} addresses were skipped`;
      this.options.log?.(note, 0);
      recorder?.event(endpoints, "Warning", "TooManyAddressesToMirror", "", note, ENDPOINTS_KIND);
    }
    if (!endpoints.metadata?.deletionTimestamp) {
      for (const s of plan.create) {
        try {
          this.tracker.update(await client.create(s, opts));
        } catch (err) {
          if (asStatusError(err)?.status.details?.causes?.some((c) => c.reason === "NamespaceTerminating")) return;
          throw err;
        }
      }
    }
    for (const s of plan.update) this.tracker.update(await client.update(s, opts));
    for (const s of plan.delete) {
      try {
        await client.delete(s.metadata?.name ?? "", opts);
        this.tracker.expectDeletion(s);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }
}
