/**
 * The `start-kubernetes-service-cidr-controller` post-start hook (upstream's
 * defaultservicecidr controller): the `kubernetes` ServiceCIDR holds the apiserver's
 * `--service-cluster-ip-range` CIDRs. It is created when missing (the hook finishes after the
 * first successful sync), upgraded from single- to dual-stack when the flag gained the second
 * family, marked Ready when its CIDRs match the flag and it has no Ready condition yet, and
 * otherwise left alone (a mismatch or Ready=False is logged once: an administrator's to fix).
 * With the registry's storage at hand it reads and writes in-process, as the server's own user.
 */
import type { ServiceCIDR } from "../../api/networking/v1/types.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import type { ServiceCIDRInterface } from "../../generated/clientset/typed/networking/v1/service-cidr.js";
import type { PostStartHook } from "../lifecycle/hooks.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../registry/rest.js";
import { formatTime } from "../registry/system-fields.js";
import { loopbackClients } from "./loopback-clients.js";

export const DEFAULT_SERVICE_CIDR_HOOK = "start-kubernetes-service-cidr-controller";
export const DEFAULT_SERVICE_CIDR_NAME = "kubernetes";
const CONTROLLER_NAME = "kubernetes-service-cidr-controller";

/** upstream's interval (the endpoint reconciler's). */
export const DEFAULT_SERVICE_CIDR_INTERVAL_MS = 10_000;

export interface DefaultServiceCIDROptions {
  /** The flag's CIDRs, primary first, canonical. */
  cidrs: readonly string[];
  intervalMs?: number;
  log?: (line: string) => void;
  now?: () => Date;
  /**
   * The registry's ServiceCIDR storage: read and written in-process (the loopback client's TLS,
   * HTTP and two codecs per call would compete with the other hooks for the start-up).
   */
  storage?: RESTStorage;
}

/** The calls the controller makes: the typed client's, or {@link storageServiceCIDRs}. */
export type ServiceCIDRCalls = Pick<ServiceCIDRInterface, "get" | "create" | "update" | "applyStatus">;

/**
 * The typed client's calls over the registry's storage, as system:apiserver with the loopback
 * client's user agent's manager (`kube-apiserver`): the same objects and managedFields as over HTTP.
 */
export function storageServiceCIDRs(storage: RESTStorage): ServiceCIDRCalls {
  const status = storage.subresources?.status;
  if (!storage.get || !storage.create || !storage.update || !status?.patch)
    throw new Error("servicecidrs storage lacks get, create, update or status patch");
  const ctx = (signal: AbortSignal | undefined) => apiserverContext(signal ?? new AbortController().signal);
  return {
    get: async (name, opts) => (await storage.get!(ctx(opts?.signal), name, {})) as ServiceCIDR,
    create: async (obj, opts) =>
      (await storage.create!(ctx(opts?.signal), structuredClone(obj) as KubeObject, {
        inputOwned: true,
        ...(opts?.fieldManager !== undefined && { fieldManager: opts.fieldManager }),
      })) as ServiceCIDR,
    update: async (obj, opts) =>
      (
        await storage.update!(ctx(opts?.signal), obj.metadata!.name!, structuredClone(obj) as KubeObject, {
          inputOwned: true,
          ...(opts?.fieldManager !== undefined && { fieldManager: opts.fieldManager }),
        })
      ).object as ServiceCIDR,
    applyStatus: async (obj, opts) =>
      (
        await status.patch!(ctx(opts.signal), (obj.metadata as { name: string }).name, "apply", Buffer.from(JSON.stringify(obj)), {
          fieldManager: opts.fieldManager,
          ...(opts.force !== undefined && { force: opts.force }),
        })
      ).object as ServiceCIDR,
  };
}

function sameCIDRs(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return (a ?? []).length === b.length && b.every((c, i) => a![i] === c);
}

/** One controller's state: what it already reported, so a lasting problem is logged once. */
export class DefaultServiceCIDRController {
  private reportedMismatch = false;
  private reportedNotReady = false;
  private readonly log: (line: string) => void;
  private readonly now: () => Date;

  constructor(
    private readonly api: ServiceCIDRCalls,
    private readonly options: DefaultServiceCIDROptions,
  ) {
    this.log = options.log ?? (() => {});
    this.now = options.now ?? (() => new Date());
  }

  private get cidrs(): string[] {
    return [...this.options.cidrs];
  }

  /** One pass: create, upgrade or mark Ready. Throws when the object could not be read or created. */
  async sync(signal?: AbortSignal): Promise<void> {
    const api = this.api;
    let current: ServiceCIDR;
    try {
      current = await api.get(DEFAULT_SERVICE_CIDR_NAME, { signal });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      this.log(`Creating default ServiceCIDR with CIDRs: [${this.cidrs.join(" ")}]`);
      try {
        current = await api.create(
          {
            apiVersion: "networking.k8s.io/v1",
            kind: "ServiceCIDR",
            metadata: { name: DEFAULT_SERVICE_CIDR_NAME },
            spec: { cidrs: this.cidrs },
          },
          { signal },
        );
      } catch (e) {
        if (!isAlreadyExists(e)) throw e;
        current = await api.get(DEFAULT_SERVICE_CIDR_NAME, { signal });
      }
      await this.syncStatus(current, signal);
      return;
    }
    const specCIDRs = current.spec?.cidrs ?? [];
    const cidrs = this.cidrs;
    if (cidrs.length === 2 && specCIDRs.length === 1 && cidrs[0] === specCIDRs[0]) {
      this.log(`Updating default ServiceCIDR from single-stack ([${specCIDRs.join(" ")}]) to dual-stack ([${cidrs.join(" ")}])`);
      try {
        await api.update({ ...current, spec: { ...current.spec, cidrs } }, { signal });
      } catch (err) {
        this.log(
          `The default ServiceCIDR can not be updated from ${cidrs[0]} to dual stack [${cidrs.join(" ")}] : ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      return;
    }
    await this.syncStatus(current, signal);
  }

  private async syncStatus(current: ServiceCIDR, signal?: AbortSignal): Promise<void> {
    // Deletion is the controller-manager's to finish.
    if (current.metadata?.deletionTimestamp) return;
    if (!sameCIDRs(current.spec?.cidrs, this.cidrs)) {
      if (!this.reportedMismatch) {
        this.log(
          `Inconsistent ServiceCIDR status for ${DEFAULT_SERVICE_CIDR_NAME}, controller configuration: [${this.cidrs.join(" ")}], ServiceCIDR configuration: [${(current.spec?.cidrs ?? []).join(" ")}]. Configure the flags to match current ServiceCIDR or manually delete it.`,
        );
        this.reportedMismatch = true;
      }
      return;
    }
    const ready = (current.status?.conditions ?? []).find((c) => c.type === "Ready");
    if (ready?.status === "False") {
      if (!this.reportedNotReady) {
        this.log(
          `Default ServiceCIDR condition Ready is False, but controller configuration matches. Please validate your cluster's network configuration. (reason ${ready.reason}: ${ready.message})`,
        );
        this.reportedNotReady = true;
      }
      return;
    }
    if (ready?.status === "True") return;
    // As upstream: a server-side apply of the status, owned by the controller.
    await this.api
      .applyStatus(
        {
          apiVersion: "networking.k8s.io/v1",
          kind: "ServiceCIDR",
          metadata: { name: DEFAULT_SERVICE_CIDR_NAME },
          status: {
            conditions: [
              {
                type: "Ready",
                status: "True",
                message: "Kubernetes default Service CIDR is ready",
                lastTransitionTime: formatTime(this.now()),
              },
            ],
          },
        },
        { fieldManager: CONTROLLER_NAME, force: true, signal },
      )
      .catch((err: unknown) => this.log(`error updating default ServiceCIDR status: ${err instanceof Error ? err.message : String(err)}`));
  }
}

/** The hook: sync until the first pass succeeds (every 100 ms), then every interval until shutdown. */
export function defaultServiceCIDRHook(options: DefaultServiceCIDROptions): PostStartHook {
  return async (ctx) => {
    const clients = options.storage ? undefined : loopbackClients(ctx.loopbackClientConfig);
    const api = clients ? clients.networkingV1().serviceCIDRs() : storageServiceCIDRs(options.storage!);
    const controller = new DefaultServiceCIDRController(api, options);
    const log = options.log ?? (() => {});
    for (;;) {
      if (ctx.signal.aborted) return clients?.restClient.close();
      try {
        await controller.sync(ctx.signal);
        break;
      } catch {
        await sleep(100, ctx.signal);
      }
    }
    void (async () => {
      try {
        while (!ctx.signal.aborted) {
          await sleep(options.intervalMs ?? DEFAULT_SERVICE_CIDR_INTERVAL_MS, ctx.signal);
          if (ctx.signal.aborted) break;
          await controller.sync(ctx.signal).catch((err: unknown) => {
            log(`error trying to sync the default ServiceCIDR: ${err instanceof Error ? err.message : String(err)}`);
          });
        }
      } finally {
        clients?.restClient.close();
      }
    })();
  };
}
