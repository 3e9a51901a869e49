/**
 * The apiserver's identity Lease, as upstream's APIServerIdentity (GA, on by default): a Lease in
 * `kube-system` named after the host, labelled `apiserver.kubernetes.io/identity=kube-apiserver`,
 * renewed every 10 s with a one-hour duration; and the collector that deletes identity Leases no
 * apiserver renewed within their duration (one whose host is gone). Components and tools find
 * the live apiservers by these Leases (`kubectl get leases -n kube-system -l
 * apiserver.kubernetes.io/identity`).
 */
import { createHash } from "node:crypto";
import os from "node:os";
import type { Lease } from "../../api/coordination/v1/types.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { formatMicroTime } from "../../runtime/leaderelection/micro-time.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import type { PostStartHook } from "../lifecycle/hooks.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../registry/rest.js";

export const IDENTITY_LEASE_HOOK = "start-kube-apiserver-identity-lease-controller";
export const IDENTITY_LEASE_GC_HOOK = "start-kube-apiserver-identity-lease-garbage-collector";
/** The label that marks an identity Lease and names its component. */
export const IDENTITY_LABEL = "apiserver.kubernetes.io/identity";
export const KUBE_APISERVER = "kube-apiserver";
const HOSTNAME_LABEL = "kubernetes.io/hostname";
const NAMESPACE = "kube-system";

export interface IdentityLeaseOptions {
  /**
   * The registry's Lease storage. The hooks read and write it in-process, as the server's own
   * user: through the loopback client each renewal would cost TLS, HTTP and two codecs, and the
   * first one would compete with the other hooks for the start-up.
   */
  leases: RESTStorage;
  /** Upstream 10 s. */
  renewIntervalMs?: number;
  /** Upstream 3600. */
  leaseDurationSeconds?: number;
  /** Upstream 1 h: how often expired identity Leases are looked for. */
  gcPeriodMs?: number;
  hostname?: string;
  now?: () => Date;
  log?: (line: string) => void;
}

/** RFC 4648 base32 without padding, lower case: the alphabet upstream's lease names use. */
function base32Lower(bytes: Uint8Array): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const b of bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

/** A string with a big-endian 16-bit length before it, as upstream frames the parts it hashes. */
function lengthPrefixed(text: string): Buffer {
  const body = Buffer.from(text, "utf8");
  const head = Buffer.alloc(2);
  head.writeUInt16BE(body.length);
  return Buffer.concat([head, body]);
}

/**
 * The identity (and Lease name) upstream gives an apiserver on `hostname`: `apiserver-` and the
 * first 16 bytes of SHA-256 over the length-prefixed host name and component, in base32. The
 * same host always gets the same name, so a restarted server takes its Lease back.
 */
export function apiserverIdentity(hostname: string, component = KUBE_APISERVER): string {
  const digest = createHash("sha256").update(lengthPrefixed(hostname)).update(lengthPrefixed(component)).digest();
  return `apiserver-${base32Lower(digest.subarray(0, 16))}`;
}

/** Whether `lease` was last renewed longer ago than its duration (a Lease without both is kept). */
export function identityLeaseExpired(lease: Lease, now: Date): boolean {
  const renew = lease.spec?.renewTime;
  const seconds = lease.spec?.leaseDurationSeconds;
  if (renew === undefined || seconds === undefined) return false;
  return Date.parse(renew) + seconds * 1000 < now.getTime();
}

/**
 * Keeps this server's identity Lease: creates it (kube-system may not exist yet: retried), then
 * renews it every interval, retaking it if someone deleted it. Runs until the server stops.
 */
export function identityLeaseHook(o: IdentityLeaseOptions): PostStartHook {
  const hostname = o.hostname ?? os.hostname();
  const name = apiserverIdentity(hostname);
  const holderIdentity = `${name}_${crypto.randomUUID()}`;
  const durationSeconds = o.leaseDurationSeconds ?? 3600;
  const intervalMs = o.renewIntervalMs ?? 10_000;
  const now = o.now ?? (() => new Date());
  const { leases } = o;
  const labelled = (lease: Lease): Lease => {
    const labels = { ...lease.metadata?.labels, [IDENTITY_LABEL]: KUBE_APISERVER, [HOSTNAME_LABEL]: hostname };
    return { ...lease, metadata: { ...lease.metadata, labels } };
  };
  const renewOnce = async (signal: AbortSignal): Promise<void> => {
    const ctx = apiserverContext(signal, NAMESPACE);
    const renewTime = formatMicroTime(now());
    let current: Lease | undefined;
    try {
      current = (await leases.get!(ctx, name, {})) as Lease;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (current === undefined) {
      const lease: Lease = {
        apiVersion: "coordination.k8s.io/v1",
        kind: "Lease",
        metadata: { name, namespace: NAMESPACE },
        spec: { holderIdentity, leaseDurationSeconds: durationSeconds, renewTime },
      };
      await leases.create!(ctx, labelled(lease) as KubeObject, { inputOwned: true });
      return;
    }
    const spec = { ...current.spec, holderIdentity, leaseDurationSeconds: durationSeconds, renewTime };
    await leases.update!(ctx, name, labelled({ ...current, spec }) as KubeObject, {});
  };
  return (ctx) => {
    void (async () => {
      try {
        for (let delay = 50; !ctx.signal.aborted;) {
          try {
            await renewOnce(ctx.signal);
            delay = 50;
            await sleep(intervalMs, ctx.signal);
          } catch (err) {
            if (ctx.signal.aborted) break;
            // A conflict (a create or update racing another writer): retried at once with a fresh read.
            if (!isConflict(err)) {
              // kube-system appears shortly after the start: only a failure that outlasts the backoff is logged.
              if (delay >= 1000) o.log?.(`identity lease ${name}: ${err instanceof Error ? err.message : String(err)}`);
              await sleep(delay, ctx.signal);
              delay = Math.min(delay * 2, Math.max(intervalMs, 1000));
            }
          }
        }
      } catch {
        // The sleep rejects when the server stops: nothing more to do.
      }
    })();
  };
}

/**
 * Deletes the identity Leases of kube-apiservers that stopped renewing them (expired by their
 * own duration), every GC period; other Leases, and identity Leases elsewhere, are left alone.
 */
export function identityLeaseGCHook(o: IdentityLeaseOptions): PostStartHook {
  const periodMs = o.gcPeriodMs ?? 3_600_000;
  const now = o.now ?? (() => new Date());
  const { leases } = o;
  return (hook) => {
    const collect = async (): Promise<void> => {
      const ctx = apiserverContext(hook.signal, NAMESPACE);
      const list = await leases.list!(ctx, { labelSelector: `${IDENTITY_LABEL}=${KUBE_APISERVER}` });
      for (const lease of list.items as Lease[]) {
        if (!identityLeaseExpired(lease, now())) continue;
        const { name, uid, resourceVersion } = lease.metadata ?? {};
        // The version read: a renewal since then keeps the Lease.
        await leases.delete!(ctx, name!, { preconditions: { ...(uid && { uid }), ...(resourceVersion && { resourceVersion }) } }).catch(
          (err: unknown) => {
            // Renewed or removed meanwhile: it is no longer ours to collect.
            if (!isNotFound(err) && !isConflict(err)) throw err;
          },
        );
      }
    };
    void (async () => {
      try {
        while (!hook.signal.aborted) {
          await sleep(periodMs, hook.signal);
          await collect().catch((err: unknown) => {
            if (!hook.signal.aborted) o.log?.(`identity lease garbage collection: ${err instanceof Error ? err.message : String(err)}`);
          });
        }
      } catch {
        // Stopped with the server.
      }
    })();
  };
}
