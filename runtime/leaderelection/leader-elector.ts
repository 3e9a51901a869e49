// Leader election on a coordination/v1 Lease: acquire, keep renewing, step down when renewal fails.
import type { Lease, LeaseSpec } from "../../api/coordination/v1/types.js";
import type { LeaseLock } from "./lease-lock.js";
import { isConflict } from "../rest/errors.js";
import { formatMicroTime } from "./micro-time.js";

/** What a {@link LeaderElector} calls as leadership comes and goes. */
export interface LeaderCallbacks {
  /**
   * This candidate became the leader. `signal` aborts when leadership ends (lost, or `run`'s
   * signal aborted); the work started here must stop then.
   */
  onStartedLeading(signal: AbortSignal): void | Promise<void>;
  /**
   * This candidate stopped being the leader. Unlike client-go, it is called only after
   * `onStartedLeading`, never for a candidate that gave up before ever leading.
   */
  onStoppedLeading(): void;
  /** The observed leader changed (including to this candidate); `identity` is the new holder. */
  onNewLeader?(identity: string): void;
}

/** Configuration of a {@link LeaderElector}. */
export interface LeaderElectionConfig {
  /** Where the lease is stored. */
  lock: LeaseLock;
  /** This candidate's unique name (hostname plus a random suffix, typically). */
  identity: string;
  /** How long others wait, after last seeing the lease change, before taking it (default 15 s). */
  leaseDurationMs?: number;
  /** How long the leader keeps retrying a failed renewal before stepping down (default 10 s). */
  renewDeadlineMs?: number;
  /** The pause between attempts to acquire or renew (default 2 s). */
  retryPeriodMs?: number;
  /** Give the lease up when `run`'s signal aborts, so a successor need not wait it out. */
  releaseOnCancel?: boolean;
  /** The callbacks. */
  callbacks: LeaderCallbacks;
  /** Told about failed lease reads and writes; default: ignored (they are retried). */
  onError?: (err: unknown) => void;
}

/** client-go's jitter on acquisition retries, which also bounds renewDeadline from below. */
const JITTER_FACTOR = 1.2;
/** Tries at giving the lease up when a renewal raced the stop (see #release). */
const RELEASE_ATTEMPTS = 3;

/**
 * Leader election as client-go's `leaderelection.LeaderElector` does it. Each candidate polls
 * the lease; it takes the lease when nobody holds it or when the holder has not renewed it for
 * `leaseDurationMs`, measured on this candidate's own clock from the moment it last saw the
 * lease change (so clock skew between candidates does not matter). The leader renews every
 * `retryPeriodMs`; if it cannot renew within `renewDeadlineMs` it steps down. The lease's
 * `leaseTransitions` counts changes of holder.
 */
export class LeaderElector {
  readonly #lock: LeaseLock;
  readonly #identity: string;
  readonly #leaseDurationMs: number;
  readonly #renewDeadlineMs: number;
  readonly #retryPeriodMs: number;
  readonly #releaseOnCancel: boolean;
  readonly #callbacks: LeaderCallbacks;
  readonly #onError: (err: unknown) => void;
  /** The spec as last read or written, its JSON (for change detection), and when it changed. */
  #observed: LeaseSpec | undefined;
  #observedJson = "";
  #observedAt = 0;
  /** The lease object last read or written, whose resourceVersion the next update must match. */
  #lease: Lease | undefined;
  #reportedLeader = "";

  /** @param config - the lock, identity, timings and callbacks; timings are validated. */
  constructor(config: LeaderElectionConfig) {
    this.#lock = config.lock;
    this.#identity = config.identity;
    this.#leaseDurationMs = config.leaseDurationMs ?? 15_000;
    this.#renewDeadlineMs = config.renewDeadlineMs ?? 10_000;
    this.#retryPeriodMs = config.retryPeriodMs ?? 2_000;
    this.#releaseOnCancel = config.releaseOnCancel ?? false;
    this.#callbacks = config.callbacks;
    this.#onError = config.onError ?? (() => {});
    if (!this.#identity) throw new Error("leader election: identity must not be empty");
    if (!(this.#leaseDurationMs > this.#renewDeadlineMs)) {
      throw new Error("leader election: leaseDurationMs must be greater than renewDeadlineMs");
    }
    if (!(this.#renewDeadlineMs > JITTER_FACTOR * this.#retryPeriodMs)) {
      throw new Error(`leader election: renewDeadlineMs must be greater than ${JITTER_FACTOR} x retryPeriodMs`);
    }
    if (!(this.#retryPeriodMs > 0)) throw new Error("leader election: retryPeriodMs must be positive");
  }

  /** This candidate's identity. */
  get identity(): string {
    return this.#identity;
  }

  /** The holder of the lease as last observed ("" when none). */
  getLeader(): string {
    return this.#observed?.holderIdentity ?? "";
  }

  /** Whether this candidate held the lease at the last observation. */
  isLeader(): boolean {
    return this.getLeader() === this.#identity;
  }

  /**
   * Campaigns until elected, leads until leadership is lost or `signal` aborts, then resolves.
   * Leadership is not regained: run again (or, as controllers do, exit) to campaign anew.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (!(await this.#acquire(signal))) return;
    const leading = new AbortController();
    const forward = (): void => leading.abort(signal.reason);
    signal.addEventListener("abort", forward, { once: true });
    try {
      const started = (async () => this.#callbacks.onStartedLeading(leading.signal))();
      started.catch((err: unknown) => this.#report(err));
      await this.#renew(signal);
    } finally {
      signal.removeEventListener("abort", forward);
      leading.abort(new Error("leadership lost"));
      if (signal.aborted && this.#releaseOnCancel) await this.#release();
      this.#callbacks.onStoppedLeading();
    }
  }

  /** Retries every retryPeriod (with jitter) until the lease is ours; false if aborted first. */
  async #acquire(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      if (await untilAborted(this.#tryAcquireOrRenew(Infinity, signal), signal, false)) return !signal.aborted;
      await sleep(this.#retryPeriodMs * (1 + Math.random() * (JITTER_FACTOR - 1)), signal);
    }
    return false;
  }

  /** Renews every retryPeriod; returns when renewal kept failing past the deadline, or on abort. */
  async #renew(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      if (!(await this.#renewBefore(performance.now() + this.#renewDeadlineMs, signal))) return;
      await sleep(this.#retryPeriodMs, signal);
    }
  }

  /**
   * Retries renewal until one succeeds before `deadline`. An attempt still pending at the
   * deadline is aborted and abandoned: a hung API call must not keep a stale leader leading.
   */
  async #renewBefore(deadline: number, signal: AbortSignal): Promise<boolean> {
    const ctl = new AbortController();
    const expire = (): void => ctl.abort(new Error("renew deadline exceeded"));
    const timer = setTimeout(expire, Math.max(0, deadline - performance.now()));
    signal.addEventListener("abort", expire, { once: true });
    try {
      while (!ctl.signal.aborted) {
        if (await untilAborted(this.#tryAcquireOrRenew(deadline, ctl.signal), ctl.signal, false)) return true;
        await sleep(Math.min(this.#retryPeriodMs, Math.max(0, deadline - performance.now())), ctl.signal);
      }
      return false;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", expire);
      ctl.abort();
    }
  }

  /**
   * One attempt: read the lease, and write it with us as holder if it is free, expired or ours.
   * With `deadline`, an attempt that completes after it does not count as a renewal.
   */
  async #tryAcquireOrRenew(deadline = Infinity, signal?: AbortSignal): Promise<boolean> {
    const now = new Date();
    const nowTime = formatMicroTime(now);
    const desired: LeaseSpec = {
      holderIdentity: this.#identity,
      leaseDurationSeconds: Math.max(1, Math.ceil(this.#leaseDurationMs / 1000)),
      acquireTime: nowTime,
      renewTime: nowTime,
      leaseTransitions: 0,
    };
    let current: Lease | undefined;
    try {
      current = await this.#lock.get(signal);
    } catch (err) {
      this.#report(err);
      return false;
    }
    if (!current) {
      const lease: Lease = { apiVersion: "coordination.k8s.io/v1", kind: "Lease", metadata: {}, spec: desired };
      return this.#write(() => this.#lock.create(lease, signal), deadline);
    }
    this.#observe(current);
    const spec = current.spec ?? {};
    const holder = spec.holderIdentity ?? "";
    const held = holder !== "" && holder !== this.#identity;
    if (held && this.#observedAt + this.#leaseDurationMs > performance.now()) {
      this.#maybeReportLeader();
      return false;
    }
    if (holder === this.#identity) {
      desired.acquireTime = spec.acquireTime ?? nowTime;
      desired.leaseTransitions = spec.leaseTransitions ?? 0;
    } else {
      desired.leaseTransitions = (spec.leaseTransitions ?? 0) + 1;
    }
    return this.#write(() => this.#lock.update({ ...current, spec: { ...spec, ...desired } }, signal), deadline);
  }

  async #write(op: () => Promise<Lease>, deadline: number): Promise<boolean> {
    let written: Lease;
    try {
      written = await op();
    } catch (err) {
      // A conflict means another candidate wrote first; either way, retry on the next round.
      this.#report(err);
      return false;
    }
    this.#observe(written);
    this.#maybeReportLeader();
    return performance.now() <= deadline;
  }

  /** Records the lease, restarting the expiry clock only when its spec actually changed. */
  #observe(lease: Lease): void {
    this.#lease = lease;
    const json = JSON.stringify(lease.spec ?? {});
    if (json !== this.#observedJson) {
      this.#observedJson = json;
      this.#observed = lease.spec ?? {};
      this.#observedAt = performance.now();
    }
  }

  #maybeReportLeader(): void {
    const leader = this.getLeader();
    if (leader === this.#reportedLeader) return;
    this.#reportedLeader = leader;
    if (leader !== "") {
      try {
        this.#callbacks.onNewLeader?.(leader);
      } catch (err) {
        this.#report(err);
      }
    }
  }

  /**
   * Gives the lease up so that a successor can take it at once. A renewal cut short by the stop
   * may still have reached the server, leaving our copy a version behind: on a conflict the lease
   * is read again and given up if it is still ours.
   */
  async #release(): Promise<void> {
    let lease = this.#lease;
    for (let attempt = 1; ; attempt++) {
      if (!lease || lease.spec?.holderIdentity !== this.#identity) return;
      const nowTime = formatMicroTime(new Date());
      const spec: LeaseSpec = {
        ...lease.spec,
        holderIdentity: "",
        leaseDurationSeconds: 1,
        acquireTime: nowTime,
        renewTime: nowTime,
      };
      try {
        this.#observe(await this.#lock.update({ ...lease, spec }));
        return;
      } catch (err) {
        if (!isConflict(err) || attempt >= RELEASE_ATTEMPTS) {
          this.#report(err);
          return;
        }
      }
      try {
        lease = await this.#lock.get();
      } catch (err) {
        this.#report(err);
        return;
      }
    }
  }

  #report(err: unknown): void {
    try {
      this.#onError(err);
    } catch {
      // A failing reporter must not stop the election.
    }
  }
}

/** Settles as `promise` does, or with `fallback` as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, fallback: T): Promise<T> {
  if (signal.aborted) return Promise.resolve(fallback);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(fallback);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/** Waits `ms` milliseconds, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
