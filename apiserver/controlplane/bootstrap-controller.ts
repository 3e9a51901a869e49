/**
 * The bootstrap controller (upstream's kubernetesservice controller): the `kubernetes` Service
 * in `default` (first IP of the service range, port `https` 443 -> the secure port, NodePort when
 * asked), created if missing and put back when its ports or type are edited, and its Endpoints
 * through the lease reconciler; every pass refreshes this apiserver's lease. The post-start hook
 * runs it on the generated clientset and a Service informer over the loopback client; the
 * pre-shutdown hook removes this apiserver's address.
 */
import type { EndpointPort } from "../../api/core/v1/endpoints.js";
import type { Service, ServicePort, ServiceType } from "../../api/core/v1/service.js";
import { loopbackClients, LoopbackInformers, type ControlPlaneClient } from "./loopback-clients.js";
import type { ServiceInformer } from "../../generated/informers/core/v1/service.js";
import type { ServiceLister } from "../../generated/listers/core/v1/service.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { isAlreadyExists, isBadRequest, isConflict, isForbidden, isInvalid, isNotFound } from "../../runtime/rest/errors.js";
import type { RESTStorage } from "../registry/rest.js";
import type { Hooks } from "../lifecycle/hooks.js";
import type { Storage } from "../storage/interface.js";
import { clientsetEndpointsAdapter, registryEndpointsAdapter } from "./endpoints-adapter.js";
import { LeaseEndpointReconciler, NoLeasesError, type EndpointTarget } from "./lease-reconciler.js";
import { StorageLeases } from "./master-leases.js";
import { deepCopyService } from "../../generated/apis/core/v1/zz_generated.deepcopy.js";

export const KUBERNETES_SERVICE_NAME = "kubernetes";
export const KUBERNETES_SERVICE_NAMESPACE = "default";

export interface BootstrapConfig {
  /** Where the Service lives: the first address of --service-cluster-ip-range. */
  serviceIP: string;
  /** The Service's port; 443. */
  servicePort?: number;
  /** This apiserver's port (the Service's targetPort and the endpoints' port). */
  publicServicePort: number;
  /** This apiserver's advertise address, listed in the Endpoints. */
  publicIP: string;
  /** > 0: the Service is a NodePort on this port. */
  kubernetesServiceNodePort?: number;
  /** Between passes (and the lease refresh); upstream 10 s. */
  intervalMs?: number;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The Service's ports and type (upstream's createPortAndServiceSpec). */
export function kubernetesServiceSpec(config: BootstrapConfig): { ports: ServicePort[]; type: ServiceType } {
  const port: ServicePort = { name: "https", protocol: "TCP", port: config.servicePort ?? 443, targetPort: config.publicServicePort };
  const nodePort = config.kubernetesServiceNodePort ?? 0;
  if (nodePort > 0) return { ports: [{ ...port, nodePort }], type: "NodePort" };
  return { ports: [port], type: "ClusterIP" };
}

/** The Endpoints' ports (upstream's createEndpointPortSpec). */
export function kubernetesEndpointPorts(config: BootstrapConfig): EndpointPort[] {
  return [{ name: "https", port: config.publicServicePort, protocol: "TCP" }];
}

function samePort(a: ServicePort, b: ServicePort): boolean {
  return (
    a.name === b.name &&
    (a.protocol ?? "TCP") === (b.protocol ?? "TCP") &&
    a.port === b.port &&
    String(a.targetPort ?? a.port) === String(b.targetPort ?? b.port) &&
    (a.nodePort ?? 0) === (b.nodePort ?? 0) &&
    a.appProtocol === b.appProtocol
  );
}

/** 127.0.0.0/8 and ::1 (and ::ffff:127.x). */
export function isLoopbackIP(ip: string): boolean {
  const v = ip.toLowerCase().replace(/^::ffff:/, "");
  return v.startsWith("127.") || v === "::1" || v === "0:0:0:0:0:0:0:1";
}

export class BootstrapController {
  private readonly lister: ServiceLister;
  private readonly target: EndpointTarget;

  constructor(
    private readonly client: ControlPlaneClient,
    informer: ServiceInformer,
    readonly config: BootstrapConfig,
    /** Undefined with --endpoint-reconciler-type=none. */
    readonly reconciler: LeaseEndpointReconciler | undefined,
  ) {
    this.lister = informer.lister();
    this.target = {
      namespace: KUBERNETES_SERVICE_NAMESPACE,
      service: KUBERNETES_SERVICE_NAME,
      ip: config.publicIP,
      ports: kubernetesEndpointPorts(config),
    };
  }

  /**
   * One pass: the Service, then our lease and the Endpoints. Only the first pass resets the
   * endpoints' ports, as upstream: apiservers behind one Service should share a port, and ones
   * that do not would otherwise rewrite each other's every pass.
   */
  async updateKubernetesService(signal?: AbortSignal, reconcileEndpointPorts = false): Promise<void> {
    await this.createOrUpdateMasterServiceIfNeeded(signal);
    await this.reconciler?.reconcileEndpoints(this.target, reconcileEndpointPorts);
  }

  /** Creates the Service when the informer has none; resets its ports and type when they differ. */
  async createOrUpdateMasterServiceIfNeeded(signal?: AbortSignal): Promise<void> {
    const opts = signal ? { signal } : {};
    const { ports, type } = kubernetesServiceSpec(this.config);
    let existing: Service | undefined;
    try {
      existing = this.lister.services(KUBERNETES_SERVICE_NAMESPACE).get(KUBERNETES_SERVICE_NAME);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const services = this.client.coreV1().services(KUBERNETES_SERVICE_NAMESPACE);
    if (existing) {
      const current = existing.spec?.ports ?? [];
      if (existing.spec?.type === type && current.length === ports.length && current.every((p, i) => samePort(p, ports[i]!))) return;
      // Cached objects are shared: change a copy.
      const svc = deepCopyService(existing);
      svc.spec = { ...svc.spec, ports, type };
      await services.update(svc, opts);
      return;
    }
    const svc: Service = {
      apiVersion: "v1",
      kind: "Service",
      metadata: {
        name: KUBERNETES_SERVICE_NAME,
        namespace: KUBERNETES_SERVICE_NAMESPACE,
        labels: { provider: "kubernetes", component: "apiserver" },
      },
      spec: { ports, clusterIP: this.config.serviceIP, ipFamilyPolicy: "SingleStack", sessionAffinity: "None", type },
    };
    try {
      await services.create(svc, opts);
    } catch (err) {
      // Another apiserver, or the informer is behind: read it and reconcile on the next pass.
      if (!isAlreadyExists(err)) throw err;
    }
  }

  /** Passes every interval until `signal` aborts. */
  async run(signal: AbortSignal, log: (line: string) => void): Promise<void> {
    const interval = this.config.intervalMs ?? 10_000;
    while (!signal.aborted) {
      await sleep(interval, signal);
      if (signal.aborted) break;
      try {
        await this.updateKubernetesService(signal);
      } catch (err) {
        // A conflict means the informer was a step behind our own last write: the next pass sees it.
        if (!signal.aborted && !isConflict(err)) log(`bootstrap-controller: unable to sync the kubernetes service: ${message(err)}`);
      }
    }
  }
}

export interface BootstrapHookOptions extends Omit<BootstrapConfig, "publicServicePort"> {
  /** The secure port, read once the server listens (it may have been 0). */
  publicServicePort: () => number;
  /** "lease" or "none". */
  endpointReconcilerType: string;
  /** Where the leases live. */
  storage: Storage;
  /** The endpoints' REST storage, for the shutdown path. */
  endpointsStorage?: RESTStorage;
  /** The EndpointSlices' REST storage, for the shutdown path (the slice follows the Endpoints). */
  endpointSlicesStorage?: RESTStorage;
  /** Lease lifetime; upstream 15 s. */
  leaseTtlMs?: number;
  log?: (line: string) => void;
}

/**
 * Adds the `bootstrap-controller` post-start hook (finished once the Service and Endpoints have
 * been written, retrying until they are) and its pre-shutdown hook.
 */
export function installBootstrapController(hooks: Hooks, options: BootstrapHookOptions): void {
  const log = options.log ?? (() => {});
  let running: { controller: BootstrapController; done: Promise<void> } | undefined;

  hooks.addPostStartHook("bootstrap-controller", async (ctx) => {
    const { signal } = ctx;
    const clientset = loopbackClients(ctx.loopbackClientConfig);
    const factory = new LoopbackInformers(clientset, {
      namespace: KUBERNETES_SERVICE_NAMESPACE,
      tweakListOptions: (o) => {
        o.fieldSelector = `metadata.name=${KUBERNETES_SERVICE_NAME}`;
      },
      reflector: { onError: (err) => void (!signal.aborted && log(`bootstrap-controller informer: ${message(err)}`)) },
    });
    const config: BootstrapConfig = { ...options, publicServicePort: options.publicServicePort() };
    // Endpoints may not list a loopback address (validation refuses it): say so once and write none.
    const loopbackIP = isLoopbackIP(options.publicIP);
    if (loopbackIP && options.endpointReconcilerType === "lease") {
      log(
        `bootstrap-controller: the advertise address ${options.publicIP} is a loopback address; the kubernetes Endpoints are not written (set --advertise-address to a routable address)`,
      );
    }
    const reconciler =
      options.endpointReconcilerType === "lease" && !loopbackIP
        ? new LeaseEndpointReconciler(
            // In-process when the registry is at hand: no loopback requests (and no deprecation
            // warning for v1 Endpoints) before ready; the same objects, written as kube-apiserver.
            options.endpointsStorage && options.endpointSlicesStorage
              ? registryEndpointsAdapter(options.endpointsStorage, signal, options.endpointSlicesStorage)
              : clientsetEndpointsAdapter(clientset, signal),
            new StorageLeases(options.storage, { ttlMs: options.leaseTtlMs ?? 15_000 }),
          )
        : undefined;
    const controller = new BootstrapController(clientset, factory.services(), config, reconciler);
    factory.start(signal);
    await factory.waitForCacheSync(signal);
    // The Service needs the `default` namespace, which the system-namespaces hook creates
    // concurrently: retry until the first pass is through, unless the request itself is refused
    // (a loopback advertise address makes the Endpoints invalid), which retrying cannot fix.
    // The first retries are quick: the other hook is in this process and readiness waits on both.
    for (let delay = 5; ; delay = Math.min(delay * 2, 1000)) {
      if (signal.aborted) throw new Error("the server is shutting down");
      try {
        await controller.updateKubernetesService(signal, true);
        break;
      } catch (err) {
        if (isInvalid(err) || isForbidden(err) || isBadRequest(err)) {
          log(`bootstrap-controller: unable to sync the kubernetes service: ${message(err)}`);
          break;
        }
        if (!isNotFound(err)) log(`bootstrap-controller: ${message(err)}; retrying`);
        await sleep(delay, signal);
      }
    }
    const done = controller.run(signal, log).finally(async () => {
      await factory.shutdown().catch(() => undefined);
      clientset.restClient.close();
    });
    running = { controller, done };
  });

  hooks.addPreShutdownHook("stop-kubernetes-service-controller", async () => {
    if (!running) return;
    const { controller } = running;
    await running.done;
    const reconciler = controller.reconciler;
    if (!reconciler || !options.endpointsStorage) return;
    const target: EndpointTarget = {
      namespace: KUBERNETES_SERVICE_NAMESPACE,
      service: KUBERNETES_SERVICE_NAME,
      ip: controller.config.publicIP,
      ports: kubernetesEndpointPorts(controller.config),
    };
    // Never hold shutdown for long if storage is unreachable (upstream waits 2 intervals).
    const limit = 2 * (options.intervalMs ?? 10_000);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`removing this apiserver's endpoint timed out after ${limit} ms`)), limit);
    });
    try {
      await Promise.race([
        reconciler.removeEndpoints(target, registryEndpointsAdapter(options.endpointsStorage, undefined, options.endpointSlicesStorage)),
        timeout,
      ]);
    } catch (err) {
      // The last apiserver leaves its address: an empty list is never written.
      if (!(err instanceof NoLeasesError))
        log(`bootstrap-controller: unable to remove this apiserver from the kubernetes endpoints: ${message(err)}`);
    } finally {
      clearTimeout(timer);
    }
  });
}
