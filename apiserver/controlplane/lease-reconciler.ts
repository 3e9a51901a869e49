/**
 * The lease endpoint reconciler: each apiserver refreshes its lease, then makes the Endpoints of
 * the `kubernetes` Service list exactly the addresses of the live leases, sorted, in one subset
 * with the apiserver port. It never writes an empty list (after refreshing our own lease, none
 * means storage is confused), and at shutdown removes its own lease and address.
 */
import type { EndpointPort, Endpoints } from "../../api/core/v1/endpoints.js";
import { isAlreadyExists } from "../../runtime/rest/errors.js";
import type { EndpointsAdapter } from "./endpoints-adapter.js";
import type { Leases } from "./master-leases.js";

/** Keeps the EndpointSlice mirroring controller off this Endpoints, as upstream labels it. */
export const SKIP_MIRROR_LABEL = "endpointslice.kubernetes.io/skip-mirror";

export class NoLeasesError extends Error {
  constructor(service: string) {
    super(`no apiserver leases found in storage; not erasing every endpoint of the ${service} service`);
    this.name = "NoLeasesError";
  }
}

export interface EndpointTarget {
  namespace: string;
  service: string;
  /** This apiserver's advertise address. */
  ip: string;
  ports: EndpointPort[];
}

export class LeaseEndpointReconciler {
  private stopped = false;
  /** Reconciles run one at a time, as upstream's lock has them. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly adapter: EndpointsAdapter,
    private readonly leases: Leases,
  ) {}

  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Refreshes our lease (whatever happens next, so the other apiservers keep listing us), then
   * rewrites the Endpoints if they differ. `reconcilePorts` also resets edited ports.
   */
  reconcileEndpoints(target: EndpointTarget, reconcilePorts: boolean): Promise<void> {
    return this.serialize(async () => {
      if (this.stopped) return;
      await this.leases.updateLease(target.ip);
      await this.doReconcile(target, reconcilePorts, this.adapter);
    });
  }

  /**
   * Stops further reconciles, removes our lease and rewrites the Endpoints without us (through
   * `adapter` when given: the shutdown path cannot use the loopback connection).
   */
  removeEndpoints(target: EndpointTarget, adapter: EndpointsAdapter = this.adapter): Promise<void> {
    this.stopped = true;
    return this.serialize(async () => {
      await this.leases.removeLease(target.ip);
      await this.doReconcile(target, true, adapter);
    });
  }

  private async doReconcile(target: EndpointTarget, reconcilePorts: boolean, adapter: EndpointsAdapter): Promise<void> {
    const existing = await adapter.get(target.namespace, target.service);
    const ips = (await this.leases.listLeases()).sort();
    if (ips.length === 0) throw new NoLeasesError(target.service);

    const e: Endpoints = existing ?? {
      apiVersion: "v1",
      kind: "Endpoints",
      metadata: { name: target.service, namespace: target.namespace },
    };
    const meta = (e.metadata ??= {});
    const labelled = meta.labels?.[SKIP_MIRROR_LABEL] === "true";
    const subset = e.subsets?.length === 1 ? e.subsets[0]! : undefined;
    const portsCorrect = !reconcilePorts || (subset !== undefined && samePorts(subset.ports ?? [], target.ports));
    const ipsCorrect =
      subset !== undefined &&
      sameList(
        (subset.addresses ?? []).map((a) => a.ip),
        ips,
      ) &&
      (subset.notReadyAddresses ?? []).length === 0;
    if (existing && labelled && subset && ipsCorrect && portsCorrect) return;

    meta.labels = { ...meta.labels, [SKIP_MIRROR_LABEL]: "true" };
    e.subsets = [
      {
        addresses: ipsCorrect ? subset.addresses! : ips.map((ip) => ({ ip })),
        ports: subset && portsCorrect ? (subset.ports ?? []) : target.ports,
      },
    ];
    if (!existing) {
      try {
        await adapter.create(target.namespace, e);
      } catch (err) {
        // Another apiserver created it first; the next pass reconciles it.
        if (!isAlreadyExists(err)) throw err;
      }
      return;
    }
    await adapter.update(target.namespace, e);
  }
}

/** Equal in order too: the addresses are kept sorted. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function samePorts(a: readonly EndpointPort[], b: readonly EndpointPort[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return p.name === q.name && p.port === q.port && (p.protocol ?? "TCP") === (q.protocol ?? "TCP") && p.appProtocol === q.appProtocol;
    })
  );
}
