/**
 * The apiservers' leases (upstream's /masterleases/<ip>): one key per apiserver under
 * /registry/masterleases/, refreshed every reconcile interval. Upstream gives the etcd key a
 * TTL; our Storage has none, so the expiry is stored in the value (an Endpoints naming the IP,
 * as upstream stores) and an expired lease counts as absent and is deleted by whoever lists it.
 */
import type { Endpoints } from "../../api/core/v1/endpoints.js";
import { StorageError, type Storage } from "../storage/interface.js";

/** The set of live apiservers (upstream's reconcilers.Leases). */
export interface Leases {
  /** The IPs of the unexpired leases. */
  listLeases(): Promise<string[]>;
  /** Creates or refreshes the lease of `ip`. */
  updateLease(ip: string): Promise<void>;
  /** Removes the lease of `ip`; a missing one is fine. */
  removeLease(ip: string): Promise<void>;
}

export const MASTER_LEASES_KEY = "/registry/masterleases/";
/** Where the expiry lives in the stored Endpoints. */
export const LEASE_EXPIRES_ANNOTATION = "kubegen.io/lease-expires-at";

export interface StorageLeasesOptions {
  /** How long a lease lives without a refresh; upstream 15 s. */
  ttlMs: number;
  baseKey?: string;
  now?: () => number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class StorageLeases implements Leases {
  private readonly baseKey: string;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly storage: Storage,
    options: StorageLeasesOptions,
  ) {
    this.baseKey = options.baseKey ?? MASTER_LEASES_KEY;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
  }

  async listLeases(): Promise<string[]> {
    const { items } = await this.storage.list({ prefix: this.baseKey });
    const now = this.now();
    const ips: string[] = [];
    for (const kv of items) {
      const lease = parseLease(kv.value);
      if (lease !== undefined && lease.expiresAt > now) {
        ips.push(lease.ip);
        continue;
      }
      // Expired (or unreadable): gone, unless its owner refreshed it since we read it.
      try {
        await this.storage.delete(kv.key, { preconditions: { revision: kv.modRevision } });
      } catch (err) {
        if (!(err instanceof StorageError && (err.code === "KeyNotFound" || err.code === "Conflict"))) throw err;
      }
    }
    return ips;
  }

  async updateLease(ip: string): Promise<void> {
    const expiresAt = new Date(this.now() + this.ttlMs).toISOString();
    const lease: Endpoints = {
      apiVersion: "v1",
      kind: "Endpoints",
      metadata: { name: ip, annotations: { [LEASE_EXPIRES_ANNOTATION]: expiresAt } },
      subsets: [{ addresses: [{ ip }] }],
    };
    const bytes = encoder.encode(JSON.stringify(lease));
    await this.storage.guaranteedUpdate(this.baseKey + ip, () => bytes, { ignoreNotFound: true });
  }

  async removeLease(ip: string): Promise<void> {
    try {
      await this.storage.delete(this.baseKey + ip);
    } catch (err) {
      if (!(err instanceof StorageError && err.code === "KeyNotFound")) throw err;
    }
  }
}

function parseLease(value: Uint8Array): { ip: string; expiresAt: number } | undefined {
  try {
    const ep = JSON.parse(decoder.decode(value)) as Endpoints;
    const ip = ep.subsets?.[0]?.addresses?.[0]?.ip;
    const expiresAt = Date.parse(ep.metadata?.annotations?.[LEASE_EXPIRES_ANNOTATION] ?? "");
    if (!ip || Number.isNaN(expiresAt)) return undefined;
    return { ip, expiresAt };
  } catch {
    return undefined;
  }
}
