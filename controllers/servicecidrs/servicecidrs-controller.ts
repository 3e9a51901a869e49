/**
 * The ServiceCIDR controller (upstream's pkg/controller/servicecidrs, `service-cidr-controller`):
 * a live ServiceCIDR gets the `networking.k8s.io/service-cidr-finalizer` and the condition
 * Ready=True; a deleted one keeps its finalizer, with Ready=False reason Terminating, while an
 * IPAddress of the allocator lies in no other ServiceCIDR (it would be orphaned), and loses it
 * once none does and a grace period has passed (so the apiservers' allocators have stopped using
 * it). ServiceCIDRs overlapping a changed one, and those holding a created or deleted IPAddress,
 * are looked at again.
 */
import type { IPAddress, ServiceCIDR } from "../../generated/apis/networking/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { IPAddressInformer } from "../../generated/informers/networking/v1/ip-address.js";
import type { ServiceCIDRInformer } from "../../generated/informers/networking/v1/service-cidr.js";
import { DeletedFinalStateUnknown } from "../../runtime/cache/keys.js";
import type { EventRecorder } from "../../runtime/events/recorder.js";
import { CIDRRange, serviceCIDRsContaining } from "../../runtime/net/cidr-range.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { defaultControllerRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { retryingWorker, runWorkers } from "../controller/workers.js";

export const SERVICE_CIDR_FINALIZER = "networking.k8s.io/service-cidr-finalizer";
/** upstream's deletionGracePeriod. */
export const DELETION_GRACE_PERIOD_MS = 10_000;
const MAX_RETRIES = 15;
const MANAGED_BY_LABEL = "ipaddress.kubernetes.io/managed-by";
const IP_ALLOCATOR_MANAGER = "ipallocator.k8s.io";
const IP_FAMILY_LABEL = "ipaddress.kubernetes.io/ip-family";

export interface ServiceCIDRControllerOptions {
  serviceCIDRs: ServiceCIDRInformer;
  ipAddresses: IPAddressInformer;
  client: ClientsetInterface;
  /** The status field manager (upstream: the controller's name). */
  controllerName: string;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
  /** Where upstream's KubernetesServiceCIDRError event goes (component: the controller's name). */
  recorder?: EventRecorder;
  now?: () => Date;
  deletionGracePeriodMs?: number;
}

function unwrap<T>(obj: T | DeletedFinalStateUnknown<T>): T {
  return obj instanceof DeletedFinalStateUnknown ? obj.obj : obj;
}

export class ServiceCIDRController {
  readonly queue = new RateLimitingQueue<string>(defaultControllerRateLimiter<string>());
  readonly #synced: () => boolean;
  readonly #now: () => Date;

  constructor(private readonly options: ServiceCIDRControllerOptions) {
    this.#now = options.now ?? (() => new Date());
    const cidrs = options.serviceCIDRs.informer();
    const ips = options.ipAddresses.informer();
    const cidrReg = cidrs.addEventHandler({
      onAdd: (sc) => {
        const name = sc.metadata?.name;
        if (name) this.queue.add(name);
        for (const other of this.overlapping(sc)) this.queue.add(other);
      },
      onUpdate: (_old, sc) => {
        if (sc.metadata?.name) this.queue.add(sc.metadata.name);
      },
      onDelete: (obj) => {
        const name = unwrap(obj)?.metadata?.name;
        if (name) this.queue.add(name);
      },
    });
    const containing = (obj: IPAddress | DeletedFinalStateUnknown<IPAddress>) => {
      for (const name of this.containing(unwrap(obj))) this.queue.add(name);
    };
    const ipReg = ips.addEventHandler({ onAdd: containing, onDelete: containing });
    this.#synced = () => cidrs.hasSynced() && ips.hasSynced() && cidrReg.hasSynced() && ipReg.hasSynced();
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.log?.(`Starting controller ${this.options.controllerName}`, 2);
    await runWorkers(this.queue, this.#synced, workers, signal, () =>
      retryingWorker(
        this.queue,
        signal,
        MAX_RETRIES,
        (key) => this.sync(key, signal),
        this.options.onError,
        (key) => `ServiceCIDR ${key}`,
      ),
    );
  }

  /** The ServiceCIDRs whose CIDRs overlap one of `sc`'s (their deletion may now be unblocked or blocked). */
  private overlapping(sc: ServiceCIDR): string[] {
    const mine = (sc.spec?.cidrs ?? []).map((c) => CIDRRange.parse(c)).filter((r): r is CIDRRange => !!r);
    const out = new Set<string>();
    for (const other of this.options.serviceCIDRs.lister().list()) {
      const theirs = (other.spec?.cidrs ?? []).map((c) => CIDRRange.parse(c)).filter((r): r is CIDRRange => !!r);
      if (mine.some((a) => theirs.some((b) => a.covers(b) || b.covers(a)))) out.add(other.metadata?.name ?? "");
    }
    out.delete("");
    return [...out];
  }

  /** The ServiceCIDRs holding an IPAddress the allocator made. */
  private containing(ip: IPAddress | undefined): string[] {
    if (!ip || ip.metadata?.labels?.[MANAGED_BY_LABEL] !== IP_ALLOCATOR_MANAGER) return [];
    return serviceCIDRsContaining(this.options.serviceCIDRs.lister().list(), ip.metadata?.name ?? "").map((sc) => sc.metadata?.name ?? "");
  }

  async sync(key: string, signal?: AbortSignal): Promise<void> {
    let sc: ServiceCIDR;
    try {
      sc = this.options.serviceCIDRs.lister().get(key);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    const api = this.options.client.networkingV1().serviceCIDRs();
    const deletion = sc.metadata?.deletionTimestamp;
    if (deletion) {
      if (!this.canDelete(sc)) {
        // Reevaluated on any change of a related ServiceCIDR or IPAddress.
        await api.applyStatus(
          this.statusApply(
            key,
            "False",
            "There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR",
            "Terminating",
          ),
          { fieldManager: this.options.controllerName, force: true, ...(signal && { signal }) },
        );
        return;
      }
      // Wait until the allocators have surely seen the deletion and no longer allocate from it.
      const left = (this.options.deletionGracePeriodMs ?? DELETION_GRACE_PERIOD_MS) - (this.#now().getTime() - Date.parse(deletion));
      if (left > 0) {
        this.queue.addAfter(key, left);
        return;
      }
      if (!(sc.metadata?.finalizers ?? []).includes(SERVICE_CIDR_FINALIZER)) return;
      await this.patchFinalizers(key, { $deleteFromPrimitiveList: true }, signal);
      this.options.log?.(`Removed protection finalizer from ServiceCIDRs ${key}`, 4);
      return;
    }
    if (!(sc.metadata?.finalizers ?? []).includes(SERVICE_CIDR_FINALIZER)) {
      await this.patchFinalizers(key, {}, signal);
      this.options.log?.(`Added protection finalizer to ServiceCIDR ${key}`, 4);
    }
    try {
      await api.applyStatus(this.statusApply(key, "True", "Kubernetes Service CIDR is ready"), {
        fieldManager: this.options.controllerName,
        force: true,
        ...(signal && { signal }),
      });
    } catch (err) {
      this.options.recorder?.event(sc, "Warning", "KubernetesServiceCIDRError", "", "The ServiceCIDR Status can not be set to Ready=True", {
        kind: { apiVersion: "networking.k8s.io/v1", kind: "ServiceCIDR" },
      });
      throw err;
    }
  }

  private statusApply(name: string, status: "True" | "False", message: string, reason?: string): ServiceCIDR {
    return {
      apiVersion: "networking.k8s.io/v1",
      kind: "ServiceCIDR",
      metadata: { name },
      status: {
        conditions: [
          {
            type: "Ready",
            status,
            ...(reason && { reason }),
            message,
            lastTransitionTime: this.#now()
              .toISOString()
              .replace(/\.\d+Z$/, "Z"),
          },
        ],
      },
    } as ServiceCIDR;
  }

  /** Adds the finalizer, or takes it off ($deleteFromPrimitiveList), with upstream's strategic merge patches. */
  private async patchFinalizers(name: string, how: { $deleteFromPrimitiveList?: true }, signal?: AbortSignal): Promise<void> {
    const patch = how.$deleteFromPrimitiveList
      ? { metadata: { "$deleteFromPrimitiveList/finalizers": [SERVICE_CIDR_FINALIZER] } }
      : { metadata: { finalizers: [SERVICE_CIDR_FINALIZER] } };
    try {
      await this.options.client
        .networkingV1()
        .serviceCIDRs()
        .patch(name, "application/strategic-merge-patch+json", JSON.stringify(patch), signal ? { signal } : undefined);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /**
   * upstream's canDeleteCIDR: safe when another ServiceCIDR contains each of its CIDRs, or when no
   * IPAddress of the allocator lies in it alone.
   */
  canDelete(sc: ServiceCIDR): boolean {
    const all = this.options.serviceCIDRs.lister().list();
    const name = sc.metadata?.name;
    let hasParent = true;
    for (const c of sc.spec?.cidrs ?? []) {
      const range = CIDRRange.parse(c);
      if (!range) continue;
      const containers = all.filter((o) => (o.spec?.cidrs ?? []).some((oc) => CIDRRange.parse(oc)?.covers(range)));
      if (containers.length === 0 || (containers.length === 1 && containers[0]!.metadata?.name === name)) hasParent = false;
    }
    if (hasParent) {
      this.options.log?.(`Deleting ServiceCIDR contained in other ServiceCIDR ${name}`, 2);
      return true;
    }
    for (const c of sc.spec?.cidrs ?? []) {
      const family = c.includes(":") ? "IPv6" : "IPv4";
      for (const ip of this.options.ipAddresses.lister().list()) {
        const labels = ip.metadata?.labels ?? {};
        if (labels[MANAGED_BY_LABEL] !== IP_ALLOCATOR_MANAGER || labels[IP_FAMILY_LABEL] !== family) continue;
        const holders = serviceCIDRsContaining(all, ip.metadata?.name ?? "");
        if (holders.length === 1 && holders[0]!.metadata?.name === name) {
          this.options.log?.(`Deleting ServiceCIDR blocked by IP address ${ip.metadata?.name}`, 2);
          return false;
        }
      }
    }
    this.options.log?.(`Deleting ServiceCIDR no longer have orphan IPs ${name}`, 2);
    return true;
  }
}
