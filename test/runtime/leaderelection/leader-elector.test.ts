/**
 * Leader election on an in-memory Lease with resourceVersion compare-and-swap: one leader, take
 * over after the lease duration when the leader stops renewing, release on cancel.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Lease } from "../../../api/coordination/v1/types.js";
import { LeaderElector, type LeaderElectionConfig } from "../../../runtime/leaderelection/leader-elector.js";
import type { LeaseLock } from "../../../runtime/leaderelection/lease-lock.js";
import { formatMicroTime } from "../../../runtime/leaderelection/micro-time.js";
import { newConflict } from "../../../runtime/rest/errors.js";
import { until } from "../../support/wait.js";

class Conflict extends Error {
  readonly code = 409;
}

/** One stored Lease shared by every candidate, as the apiserver would hold it. */
class MemoryLease {
  lease: Lease | undefined;
  #rv = 0;
  writes = 0;
  /** When the lease was last written, by holder. */
  lastWriteAt = new Map<string, number>();

  lock(): LeaseLock & { hang: boolean } {
    const lock: LeaseLock & { hang: boolean } = {
      hang: false,
      get: async () => {
        if (lock.hang) return new Promise<never>(() => {});
        return this.lease && structuredClone(this.lease);
      },
      create: async (lease) => {
        if (lock.hang) return new Promise<never>(() => {});
        if (this.lease) throw new Conflict("exists");
        this.lease = { ...lease, metadata: { name: "lock", namespace: "kube-system", resourceVersion: String(++this.#rv) } };
        this.writes++;
        this.lastWriteAt.set(lease.spec?.holderIdentity ?? "", performance.now());
        return structuredClone(this.lease);
      },
      update: async (lease) => {
        if (lock.hang) return new Promise<never>(() => {});
        if (!this.lease || lease.metadata?.resourceVersion !== this.lease.metadata?.resourceVersion) throw new Conflict("conflict");
        this.lease = { ...lease, metadata: { ...lease.metadata, resourceVersion: String(++this.#rv) } };
        this.writes++;
        this.lastWriteAt.set(lease.spec?.holderIdentity ?? "", performance.now());
        return structuredClone(this.lease);
      },
    };
    return lock;
  }
}

const timing = { leaseDurationMs: 300, renewDeadlineMs: 150, retryPeriodMs: 30 };
const stops: AbortController[] = [];
afterEach(() => {
  for (const c of stops.splice(0)) c.abort();
});

function candidate(identity: string, lock: LeaseLock, extra: Partial<LeaderElectionConfig> = {}) {
  const events: string[] = [];
  let leadingSignal: AbortSignal | undefined;
  let startedAt = 0;
  const elector = new LeaderElector({
    lock,
    identity,
    ...timing,
    callbacks: {
      onStartedLeading: (signal) => {
        leadingSignal = signal;
        startedAt = performance.now();
        events.push("started");
      },
      onStoppedLeading: () => events.push("stopped"),
      onNewLeader: (id) => events.push(`leader ${id}`),
    },
    ...extra,
  });
  const ctl = new AbortController();
  stops.push(ctl);
  const done = elector.run(ctl.signal);
  return { elector, events, ctl, done, leading: () => leadingSignal, startedAt: () => startedAt };
}

const MICRO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe("LeaderElector", () => {
  it("formats MicroTime as RFC 3339 with microseconds", () => {
    expect(formatMicroTime(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)))).toBe("2025-01-02T03:04:05.678000Z");
  });

  it("elects exactly one of two candidates, and keeps it", async () => {
    const mem = new MemoryLease();
    const a = candidate("a", mem.lock());
    const b = candidate("b", mem.lock());
    await until(() => a.events.includes("started") || b.events.includes("started"));
    await new Promise((r) => setTimeout(r, 200)); // several renewals
    const leaders = [a, b].filter((c) => c.events.includes("started"));
    expect(leaders).toHaveLength(1);
    const leader = leaders[0]!;
    const other = leader === a ? b : a;
    expect(leader.elector.isLeader()).toBe(true);
    expect(other.elector.getLeader()).toBe(leader.elector.identity);
    expect(other.events).toEqual([`leader ${leader.elector.identity}`]);
    const spec = mem.lease!.spec!;
    expect(spec.holderIdentity).toBe(leader.elector.identity);
    expect(spec.leaseTransitions).toBe(0);
    expect(spec.leaseDurationSeconds).toBe(1);
    expect(spec.acquireTime).toMatch(MICRO);
    expect(spec.renewTime).toMatch(MICRO);
    expect(spec.renewTime! > spec.acquireTime!).toBe(true); // renewed since
  });

  it("when the leader stops renewing, it steps down at the renew deadline and the other takes over after the lease duration", async () => {
    const mem = new MemoryLease();
    const lockA = mem.lock();
    const a = candidate("a", lockA);
    await until(() => a.events.includes("started"));
    const b = candidate("b", mem.lock());
    await until(() => b.events.includes("leader a"));
    const acquiredBy = mem.lease!.spec!.acquireTime;

    lockA.hang = true; // a's API calls now never answer, like a partitioned node
    await until(() => a.events.includes("stopped"), 3000, "a to step down");
    const steppedDownAt = performance.now();
    expect(a.leading()!.aborted).toBe(true);
    await a.done;

    await until(() => b.events.includes("started"), 3000, "b to take over");
    // Safety, not speed (how soon is the bench's business): a stepped down before b took over,
    // and b waited at least a lease duration after a's last renewal.
    expect(b.startedAt()).toBeGreaterThanOrEqual(steppedDownAt);
    const sinceRenewal = b.startedAt() - mem.lastWriteAt.get("a")!;
    expect(sinceRenewal).toBeGreaterThanOrEqual(timing.leaseDurationMs);
    const spec = mem.lease!.spec!;
    expect(spec.holderIdentity).toBe("b");
    expect(spec.leaseTransitions).toBe(1);
    expect(spec.acquireTime).not.toBe(acquiredBy);
    expect(b.events).toEqual(["leader a", "leader b", "started"]);
  });

  it("releaseOnCancel hands the lease over at once", async () => {
    const mem = new MemoryLease();
    const a = candidate("a", mem.lock(), { releaseOnCancel: true });
    await until(() => a.events.includes("started"));
    const b = candidate("b", mem.lock());
    await until(() => b.events.includes("leader a"));
    a.ctl.abort();
    await a.done;
    expect(a.events.at(-1)).toBe("stopped");
    expect(mem.lease!.spec!.holderIdentity).toBe("");
    await until(() => b.events.includes("started"));
    // b took an empty lease (no expiry to wait for): holder b, one transition.
    expect(mem.lease!.spec!.holderIdentity).toBe("b");
    expect(mem.lease!.spec!.leaseTransitions).toBe(1);
  });

  it("releaseOnCancel gives the lease up even when a renewal cut short by the stop reached the server", async () => {
    const mem = new MemoryLease();
    const base = mem.lock();
    // The renewal in flight at the stop is written, but its answer comes too late to be seen: the
    // leader's copy is a version behind, and its first release attempt conflicts (as the apiserver's would).
    let late = false;
    let renewed: () => void = () => {};
    const lock: LeaseLock = {
      get: (signal) => base.get(signal),
      create: (lease, signal) => base.create(lease, signal),
      update: async (lease) => {
        const stale = lease.metadata?.resourceVersion !== mem.lease?.metadata?.resourceVersion;
        if (stale) throw newConflict({ group: "coordination.k8s.io", resource: "leases" }, "lock", "the object has been modified");
        const written = await base.update(lease);
        if (late && lease.spec?.holderIdentity === "a") {
          renewed();
          return new Promise<never>(() => {});
        }
        return written;
      },
    };
    const a = candidate("a", lock, { releaseOnCancel: true });
    await until(() => a.events.includes("started"));
    late = true;
    await new Promise<void>((resolve) => (renewed = resolve));
    a.ctl.abort();
    await a.done;
    expect(mem.lease!.spec!.holderIdentity).toBe("");
  });

  it("without releaseOnCancel the lease stays held until it expires", async () => {
    const mem = new MemoryLease();
    const a = candidate("a", mem.lock());
    await until(() => a.events.includes("started"));
    a.ctl.abort();
    await a.done;
    expect(mem.lease!.spec!.holderIdentity).toBe("a");
    expect(a.events).toEqual(["leader a", "started", "stopped"]);
  });

  it("a candidate that never led is not told it stopped leading", async () => {
    const mem = new MemoryLease();
    const a = candidate("a", mem.lock());
    await until(() => a.events.includes("started"));
    const b = candidate("b", mem.lock());
    await until(() => b.events.includes("leader a"));
    b.ctl.abort();
    await b.done;
    expect(b.events).toEqual(["leader a"]);
  });

  it("rejects inconsistent timings", () => {
    const lock = new MemoryLease().lock();
    const callbacks = { onStartedLeading: () => {}, onStoppedLeading: () => {} };
    expect(() => new LeaderElector({ lock, identity: "x", leaseDurationMs: 100, renewDeadlineMs: 100, callbacks })).toThrow(
      /leaseDurationMs/,
    );
    expect(() => new LeaderElector({ lock, identity: "x", renewDeadlineMs: 100, retryPeriodMs: 90, callbacks })).toThrow(/1.2/);
    expect(() => new LeaderElector({ lock, identity: "", callbacks })).toThrow(/identity/);
  });
});
