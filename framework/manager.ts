/**
 * The Manager (controller-runtime's `manager.Manager`): the clients and shared informer caches
 * of every generated SDK a controller uses, leader election on a coordination/v1 Lease, health
 * and readiness probes, a metrics endpoint, an event recorder, and graceful shutdown of the
 * controllers added to it.
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type http from "node:http";
import os from "node:os";
import type { ClientsetInterface } from "../generated/clientset/index.js";
import type { SharedIndexInformer } from "../runtime/cache/shared-index-informer.js";
import type { SharedInformerFactoryBase, SharedInformerFactoryOptions } from "../runtime/gentype/informer-factory.js";
import { LeaderElector } from "../runtime/leaderelection/leader-elector.js";
import { ResourceLeaseLock } from "../runtime/leaderelection/resource-lock.js";
import type { RestConfig } from "../runtime/rest/config.js";
import { EventBroadcaster, type EventBroadcasterOptions, type EventRecorder } from "./events.js";
import { objectKey, type APISet, type Kind, type KubeObject, type ObjectClient } from "./kind.js";
import { builtinAPI } from "./kinds.js";
import { ControllerMetrics } from "./metrics.js";
import { serveEndpoints, serverURL, type Checker } from "./probes.js";

export interface LeaderElectionOptions {
  /** The Lease's name (required when leader election is on). */
  id: string;
  /** The Lease's namespace (default `default`; in-cluster, use the pod's namespace). */
  namespace?: string;
  /** Defaults as controller-runtime's: 15 s, 10 s, 2 s. */
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  /** Give the lease up on a clean stop, so a successor need not wait it out (default true). */
  releaseOnCancel?: boolean;
}

export interface ManagerOptions {
  /** Where the apiserver is; required unless every SDK's clientset is given with `setClientset`. */
  restConfig?: RestConfig;
  /** Names the manager's clients in their User-Agent (default `kubegen-manager`). */
  name?: string;
  /** Only run controllers while holding this Lease; absent: always run. */
  leaderElection?: LeaderElectionOptions;
  /** This candidate's identity; hostname plus a random suffix by default. */
  identity?: string;
  /** `host:port` for /healthz and /readyz (port 0: any free one); absent: not served. */
  healthProbeBindAddress?: string;
  /** `host:port` for /metrics; absent: not served. */
  metricsBindAddress?: string;
  /** How long stopping waits for reconciles in flight (default 30 s). */
  gracefulShutdownTimeoutMs?: number;
  /** Options of every shared informer factory: restrict the caches to a namespace, transform objects, resync. */
  cache?: SharedInformerFactoryOptions;
  events?: EventBroadcasterOptions;
  log?: (line: string) => void;
  /** Told about errors the manager recovers from (failed reconciles, which are retried). */
  onError?: (err: unknown) => void;
}

/** Something the manager runs: a controller, or anything with a start/stop lifecycle. */
export interface Runnable {
  /** Runs until `signal` aborts; resolves once it has stopped. */
  start(signal: AbortSignal): Promise<void>;
  /** Only while leading (default true: controllers). */
  needLeaderElection?: boolean;
}

/** Typed read access to one kind's shared cache. */
export interface CacheReader<T> {
  /** The cached object, or undefined; never modify it (deep-copy first). */
  get(namespace: string, name: string): T | undefined;
  /** Every cached object, or those of `namespace`. */
  list(namespace?: string): T[];
  /** Whether the cache has its first full list. */
  hasSynced(): boolean;
}

/** Thrown by `start` when leadership was lost: the process should exit, as Go operators do. */
export class LeaderElectionLostError extends Error {}

export class Manager {
  readonly identity: string;
  readonly metrics = new ControllerMetrics();
  readonly #options: ManagerOptions;
  readonly #clientsets = new Map<APISet<unknown, SharedInformerFactoryBase>, unknown>();
  readonly #factories = new Map<APISet<unknown, SharedInformerFactoryBase>, SharedInformerFactoryBase>();
  readonly #runnables: Runnable[] = [];
  /** Clientsets the caller gave, which the caller closes. */
  readonly #given = new Set<unknown>();
  readonly #healthz = new Map<string, Checker>([["ping", () => {}]]);
  readonly #readyz = new Map<string, Checker>();
  readonly #stop = new AbortController();
  readonly #log: (line: string) => void;
  readonly #onError: (err: unknown) => void;
  readonly #broadcaster: EventBroadcaster;
  readonly #servers: http.Server[] = [];
  /** The caches asked for through `cache()` and the builder: readiness waits for them. */
  readonly #syncChecks = new Set<{ hasSynced(): boolean }>();
  /** Set while leading: starts runnables added late. */
  #startLate: (() => void) | undefined;
  #cacheSignal: AbortSignal | undefined;
  #done: Promise<void> | undefined;
  #leading = false;
  #leadingWaiters: (() => void)[] = [];
  /** Where /healthz and /readyz are served, once started. */
  healthProbeURL: string | undefined;
  /** Where /metrics is served, once started. */
  metricsURL: string | undefined;

  constructor(options: ManagerOptions) {
    this.#options = options;
    this.identity = options.identity ?? `${os.hostname()}_${randomUUID()}`;
    this.#log = options.log ?? (() => {});
    this.#onError = options.onError ?? ((err) => this.#log(`error: ${err instanceof Error ? err.message : String(err)}`));
    if (options.leaderElection && !options.leaderElection.id)
      throw new Error("leaderElection.id is required when leader election is enabled");
    this.#broadcaster = new EventBroadcaster(
      {
        create: (ns, event) => this.clientset(builtinAPI).eventsV1().events(ns).create(event),
        patch: (ns, name, patch) => this.clientset(builtinAPI).eventsV1().events(ns).patch(name, "application/merge-patch+json", patch),
      },
      { onError: this.#onError, ...options.events },
    );
    this.#readyz.set("informers", () => {
      for (const informer of this.#syncChecks) if (!informer.hasSynced()) throw new Error("caches not synced");
    });
  }

  /** Logs a line through the manager's logger. */
  log(line: string): void {
    this.#log(line);
  }

  /** Reports an error the caller recovers from (the manager's onError). */
  reportError(err: unknown): void {
    this.#onError(err);
  }

  /** The rest config the manager's clients use. */
  get restConfig(): RestConfig | undefined {
    return this.#options.restConfig;
  }

  /**
   * Uses `clientset` for an SDK instead of building one from the rest config: a generated
   * FakeClientset in unit tests, or a clientset with other settings (protobuf, QPS).
   */
  setClientset<CS>(api: APISet<CS, SharedInformerFactoryBase>, clientset: CS): void {
    const key = api as APISet<unknown, SharedInformerFactoryBase>;
    if (this.#clientsets.has(key)) throw new Error(`the ${api.name} clientset is in use already`);
    this.#clientsets.set(key, clientset);
    this.#given.add(clientset);
  }

  /** The clientset of a generated SDK (one per SDK, shared). */
  clientset<CS>(api: APISet<CS, SharedInformerFactoryBase>): CS {
    let cs = this.#clientsets.get(api) as CS | undefined;
    if (cs === undefined) {
      const base = this.#options.restConfig;
      if (!base) throw new Error(`no restConfig and no clientset given for ${api.name}`);
      cs = api.newClientset({ ...base, userAgent: `${base.userAgent ?? this.#options.name ?? "kubegen-manager"}` });
      this.#clientsets.set(api, cs);
    }
    return cs;
  }

  /** The shared informer factory of a generated SDK (one per SDK: one cache and one watch per kind). */
  informerFactory<CS, F extends SharedInformerFactoryBase>(api: APISet<CS, F>): F {
    const key = api as unknown as APISet<unknown, SharedInformerFactoryBase>;
    let f = this.#factories.get(key) as F | undefined;
    if (f === undefined) {
      f = api.newInformerFactory(this.clientset(api), { ...this.#options.cache });
      this.#factories.set(key, f);
    }
    return f;
  }

  /** The typed client of `kind` in `namespace` ("" for cluster-scoped kinds). */
  client<T extends KubeObject, CS>(kind: Kind<T, CS>, namespace = ""): ObjectClient<T> {
    return kind.client(this.clientset(kind.api), namespace);
  }

  /** The shared informer of `kind`; started with the manager (or at once, when asked for later). */
  informer<T extends KubeObject>(kind: Kind<T>): SharedIndexInformer<T> {
    const factory = this.informerFactory(kind.api);
    const informer = kind.informer(factory);
    if (this.#cacheSignal) factory.start(this.#cacheSignal);
    return informer;
  }

  /** Typed reads from `kind`'s shared cache. */
  cache<T extends KubeObject>(kind: Kind<T>): CacheReader<T> {
    const informer = this.informer(kind);
    this.#syncChecks.add(informer);
    const indexer = informer.getIndexer();
    return {
      get: (namespace, name) => indexer.getByKey(objectKey(namespace, name)),
      list: (namespace) => (namespace ? indexer.byIndex("namespace", namespace) : indexer.list()),
      hasSynced: () => informer.hasSynced(),
    };
  }

  /** An event recorder reporting as `controllerName`. */
  eventRecorder(controllerName: string): EventRecorder {
    return this.#broadcaster.newRecorder(controllerName);
  }

  /** Resolves once every event recorded so far was written (for tests). */
  flushEvents(): Promise<void> {
    return this.#broadcaster.flush();
  }

  /** Adds a controller (or any runnable); one added after start is started at once. */
  add(runnable: Runnable): void {
    this.#runnables.push(runnable);
    this.#startLate?.();
  }

  /** Readiness waits for this cache (the builder calls it for every informer a controller watches). */
  waitForCache(informer: { hasSynced(): boolean }): void {
    this.#syncChecks.add(informer);
  }

  addHealthzCheck(name: string, check: Checker): void {
    this.#healthz.set(name, check);
  }

  addReadyzCheck(name: string, check: Checker): void {
    this.#readyz.set(name, check);
  }

  /** Whether this manager runs its controllers now. */
  isLeading(): boolean {
    return this.#leading;
  }

  /** Resolves once the controllers run (at once without leader election). */
  elected(): Promise<void> {
    if (this.#leading) return Promise.resolve();
    return new Promise((resolve) => this.#leadingWaiters.push(resolve));
  }

  /**
   * Starts the endpoints, the caches and the controllers (these once leading) and resolves when
   * it all stopped: after `signal` aborts or `stop()`. Rejects with {@link LeaderElectionLostError}
   * when leadership was lost.
   */
  start(signal?: AbortSignal): Promise<void> {
    if (signal) signal.addEventListener("abort", () => this.#stop.abort(), { once: true });
    this.#done ??= this.#run();
    return this.#done;
  }

  /** Stops everything gracefully and waits for it. */
  async stop(): Promise<void> {
    this.#stop.abort();
    if (this.#done === undefined) this.#closeClients(); // never started: only clients to close
    await this.#done?.catch(() => {});
  }

  #closeClients(): void {
    for (const cs of this.#clientsets.values())
      if (!this.#given.has(cs)) (cs as { restClient?: { close?: () => void } }).restClient?.close?.();
  }

  async #run(): Promise<void> {
    const stop = this.#stop.signal;
    setMaxListeners(0, stop);
    try {
      if (this.#options.healthProbeBindAddress !== undefined) {
        const s = await serveEndpoints(this.#options.healthProbeBindAddress, { checks: { healthz: this.#healthz, readyz: this.#readyz } });
        this.#servers.push(s);
        this.healthProbeURL = serverURL(s);
      }
      if (this.#options.metricsBindAddress !== undefined) {
        const s = await serveEndpoints(this.#options.metricsBindAddress, { metrics: this.metrics.registry });
        this.#servers.push(s);
        this.metricsURL = serverURL(s);
      }
      // Caches run whether or not this manager leads, so a new leader starts warm.
      this.#cacheSignal = stop;
      for (const f of this.#factories.values()) f.start(stop);
      // Runnables without leader election are started here only (added later: at the next start).
      const others = this.#runnables.filter((r) => r.needLeaderElection === false).map((r) => this.#guard(r.start(stop)));
      let lost = false;
      if (!this.#options.leaderElection) {
        await this.#lead(stop);
      } else {
        const le = this.#options.leaderElection;
        const namespace = le.namespace ?? "default";
        const lock = new ResourceLeaseLock(this.clientset(builtinAPI).coordinationV1(), namespace, le.id);
        let term: Promise<void> | undefined;
        const elector = new LeaderElector({
          lock,
          identity: this.identity,
          leaseDurationMs: le.leaseDurationMs ?? 15_000,
          renewDeadlineMs: le.renewDeadlineMs ?? 10_000,
          retryPeriodMs: le.retryPeriodMs ?? 2_000,
          releaseOnCancel: le.releaseOnCancel ?? true,
          onError: this.#onError,
          callbacks: {
            onStartedLeading: (leading) => {
              this.metrics.leaderElectionStatus.set({ name: le.id }, 1);
              term = this.#lead(leading);
            },
            onStoppedLeading: () => {
              this.metrics.leaderElectionStatus.set({ name: le.id }, 0);
              if (!stop.aborted) lost = true;
            },
          },
        });
        this.#log(`attempting to acquire leader lease ${lock.describe()}...`);
        await elector.run(stop);
        await term;
        if (lost) this.#log(`leader election lost`);
      }
      this.#stop.abort();
      await this.#withTimeout(Promise.all(others));
      if (lost) throw new LeaderElectionLostError("leader election lost");
    } finally {
      this.#leading = false;
      await this.#broadcaster.shutdown();
      await Promise.all([...this.#factories.values()].map((f) => f.shutdown()));
      await Promise.all(this.#servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      this.#closeClients();
    }
  }

  /** Runs the leader-elected runnables until `signal` aborts, then waits (bounded) for them to stop. */
  async #lead(signal: AbortSignal): Promise<void> {
    setMaxListeners(0, signal);
    const started = new Set<Runnable>();
    const running: Promise<void>[] = [];
    const startNew = (): void => {
      for (const r of this.#runnables) {
        if (r.needLeaderElection === false || started.has(r)) continue;
        started.add(r);
        running.push(this.#guard(r.start(signal)));
      }
    };
    startNew();
    this.#leading = !signal.aborted;
    for (const w of this.#leadingWaiters.splice(0)) w();
    this.#startLate = () => {
      if (!signal.aborted) startNew();
    };
    try {
      if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      await this.#withTimeout(Promise.all(running));
    } finally {
      this.#startLate = undefined;
      this.#leading = false;
    }
  }

  #guard(p: Promise<void>): Promise<void> {
    return p.catch((err: unknown) => this.#onError(err));
  }

  async #withTimeout(p: Promise<unknown>): Promise<void> {
    const ms = this.#options.gracefulShutdownTimeoutMs ?? 30_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.#onError(new Error(`failed waiting for all runnables to end within grace period of ${ms / 1000}s: context deadline exceeded`));
        resolve();
      }, ms);
    });
    await Promise.race([p.then(() => undefined), timeout]);
    clearTimeout(timer);
  }
}

/** The built-in API's clientset, typed (a shorthand for `mgr.clientset(builtinAPI)`). */
export function builtinClientset(mgr: Manager): ClientsetInterface {
  return mgr.clientset(builtinAPI);
}
