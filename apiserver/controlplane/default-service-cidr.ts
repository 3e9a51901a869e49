/**
 * The `start-kubernetes-service-cidr-controller` post-start hook (upstream's
 * defaultservicecidr controller): the `kubernetes` ServiceCIDR holds the apiserver's
 * `--service-cluster-ip-range` CIDRs. It is created when missing (the hook finishes after the
 * first successful sync), upgraded from single- to dual-stack when the flag gained the second
 * family, marked Ready when its CIDRs match the flag and it has no Ready condition yet, and
 * otherwise left alone (a mismatch or Ready=False is logged once: an administrator's to fix).
 */
import type { ServiceCIDR } from "../../api/networking/v1/types.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import type { PostStartHook } from "../lifecycle/hooks.js";
import { formatTime } from "../registry/system-fields.js";
import { loopbackClients, type ControlPlaneClient } from "./loopback-clients.js";

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
    private readonly client: ControlPlaneClient,
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
    const api = this.client.networkingV1().serviceCIDRs();
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
    await this.client
      .networkingV1()
      .serviceCIDRs()
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
    const clients = loopbackClients(ctx.loopbackClientConfig);
    const controller = new DefaultServiceCIDRController(clients, options);
    const log = options.log ?? (() => {});
    for (;;) {
      if (ctx.signal.aborted) return clients.restClient.close();
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
        clients.restClient.close();
      }
    })();
  };
}
