/**
 * The controller-manager: picks the controllers `--controllers` enables, and, while it holds
 * the `kube-system/kube-controller-manager` Lease (or always, without leader election), runs
 * them on shared informers. Losing the lease stops the controllers and is reported, so that
 * the process can exit as kube-controller-manager does.
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import os from "node:os";
import { Clientset } from "../../generated/clientset/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { EventBroadcaster } from "../../runtime/events/recorder.js";
import { LeaderElector } from "../../runtime/leaderelection/leader-elector.js";
import type { RestConfig } from "../../runtime/rest/config.js";
import { newBuiltinControllerRegistry } from "./builtin.js";
import { ControllerClientBuilder, type ControllerContext, type ControllerManagerSettings } from "../controller/context.js";
import type { ControllerRegistry } from "../controller/descriptors.js";
import { ResourceLeaseLock } from "../../runtime/leaderelection/resource-lock.js";
import { enabledControllers } from "./selection.js";

export const DEFAULT_SETTINGS: ControllerManagerSettings = {
  concurrentNamespaceSyncs: 10,
  namespaceSyncPeriodMs: 5 * 60_000,
  namespaceDeletionGracePeriodMs: 5_000,
  concurrentGCSyncs: 20,
  enableGarbageCollector: true,
};

/** kube-controller-manager's leader election flags. */
export interface LeaderElectionSettings {
  /** `--leader-elect` (default true). */
  leaderElect: boolean;
  /** `--leader-elect-lease-duration` (15 s). */
  leaseDurationMs: number;
  /** `--leader-elect-renew-deadline` (10 s). */
  renewDeadlineMs: number;
  /** `--leader-elect-retry-period` (2 s). */
  retryPeriodMs: number;
  /** `--leader-elect-resource-name` (kube-controller-manager). */
  resourceName: string;
  /** `--leader-elect-resource-namespace` (kube-system). */
  resourceNamespace: string;
}

export const DEFAULT_LEADER_ELECTION: LeaderElectionSettings = {
  leaderElect: true,
  leaseDurationMs: 15_000,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
  resourceName: "kube-controller-manager",
  resourceNamespace: "kube-system",
};

export interface ControllerManagerOptions {
  /** Where the apiserver is and how to authenticate (from `--kubeconfig`). */
  restConfig: RestConfig;
  /** `--kube-api-qps` (default 20). */
  kubeAPIQPS?: number;
  /** `--kube-api-burst` (default 30). */
  kubeAPIBurst?: number;
  /** `--controllers` entries (default `*`). */
  controllers?: readonly string[];
  settings?: Partial<ControllerManagerSettings>;
  leaderElection?: Partial<LeaderElectionSettings>;
  /** This candidate's identity; hostname plus a random suffix by default, as upstream. */
  identity?: string;
  /** The controllers to choose from; the built-in ones by default. */
  registry?: ControllerRegistry;
  /** Controller events; `level` is klog's verbosity (0 when absent). */
  log?: (line: string, level?: number) => void;
  onError?: (err: unknown) => void;
  /** Leadership was lost (not given up by `stop`): kube-controller-manager exits then. */
  onLeadershipLost?: () => void;
}

/** A running controller-manager. */
export class ControllerManager {
  readonly identity: string;
  /** The canonical names of the controllers that will run while leading. */
  readonly enabled: readonly string[];
  /** The controllers started in the current (or last) term. */
  started: string[] = [];
  readonly #options: ControllerManagerOptions;
  readonly #registry: ControllerRegistry;
  readonly #baseConfig: RestConfig;
  readonly #settings: ControllerManagerSettings;
  readonly #election: LeaderElectionSettings;
  readonly #log: (line: string, level?: number) => void;
  readonly #onError: (err: unknown) => void;
  readonly #stop = new AbortController();
  #leading = false;
  #leadingWaiters: (() => void)[] = [];
  #done: Promise<void> | undefined;
  /** The current (or last) term of leadership: the controllers' run. */
  #term: Promise<void> | undefined;

  /** Validates the options; throws on unknown controllers or bad settings. */
  constructor(options: ControllerManagerOptions) {
    this.#options = options;
    this.#registry = options.registry ?? newBuiltinControllerRegistry();
    this.enabled = enabledControllers(options.controllers ?? ["*"], this.#registry);
    this.#settings = { ...DEFAULT_SETTINGS, ...options.settings };
    this.#election = { ...DEFAULT_LEADER_ELECTION, ...options.leaderElection };
    if (!(this.#settings.concurrentNamespaceSyncs >= 1)) throw new Error("--concurrent-namespace-syncs must be at least 1");
    if (!((this.#settings.concurrentGCSyncs ?? 20) >= 1)) throw new Error("--concurrent-gc-syncs must be at least 1");
    this.#baseConfig = { ...options.restConfig, qps: options.kubeAPIQPS ?? 20, burst: options.kubeAPIBurst ?? 30 };
    this.identity = options.identity ?? `${os.hostname()}_${randomUUID()}`;
    this.#log = options.log ?? (() => {});
    this.#onError = options.onError ?? (() => {});
  }

  /** Whether the controllers are running now. */
  isLeading(): boolean {
    return this.#leading;
  }

  /** Resolves once this manager leads and its controllers were started. */
  whenLeading(): Promise<void> {
    if (this.#leading) return Promise.resolve();
    return new Promise((resolve) => this.#leadingWaiters.push(resolve));
  }

  /** Starts campaigning (or, without leader election, the controllers); `done` settles when it all ended. */
  start(): Promise<void> {
    this.#done ??= this.#run();
    return this.#done;
  }

  /** Stops the controllers (and gives the lease up) and waits for them. */
  async stop(): Promise<void> {
    this.#stop.abort(new Error("controller-manager stopping"));
    await this.#done;
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    // Every worker and in-flight request listens on it: more than Node's default of 10.
    setMaxListeners(0, signal);
    if (!this.#election.leaderElect) {
      await this.#lead(signal);
      return;
    }
    const electionClient = new Clientset(new ControllerClientBuilder(this.#baseConfig).config("leader-election"));
    const elector = new LeaderElector({
      lock: new ResourceLeaseLock(electionClient.coordinationV1(), this.#election.resourceNamespace, this.#election.resourceName),
      identity: this.identity,
      leaseDurationMs: this.#election.leaseDurationMs,
      renewDeadlineMs: this.#election.renewDeadlineMs,
      retryPeriodMs: this.#election.retryPeriodMs,
      // A clean stop hands the lease over at once instead of making the successor wait it out.
      releaseOnCancel: true,
      onError: (err) => this.#onError(err),
      callbacks: {
        onStartedLeading: (leading) => {
          this.#term = this.#lead(leading);
        },
        onStoppedLeading: () => {
          if (!signal.aborted) this.#log(`${this.identity}: leaderelection lost`);
        },
        onNewLeader: (id) => {
          if (id !== this.identity) this.#log(`new leader elected: ${id}`);
        },
      },
    });
    this.#log(`attempting to acquire leader lease ${this.#election.resourceNamespace}/${this.#election.resourceName}...`);
    try {
      await elector.run(signal);
      await this.#term;
    } finally {
      electionClient.restClient.close();
    }
    if (!signal.aborted && this.#term !== undefined) this.#options.onLeadershipLost?.();
  }

  /** Runs the enabled controllers until `signal` aborts, then waits for them to stop. */
  async #lead(signal: AbortSignal): Promise<void> {
    setMaxListeners(0, signal);
    const clientBuilder = new ControllerClientBuilder(this.#baseConfig);
    const informerClient = clientBuilder.client("shared-informers");
    const informerFactory = new SharedInformerFactory(informerClient, { reflector: { onError: (err) => this.#onError(err) } });
    // One broadcaster for every controller's core/v1 events (each reports under its own component).
    const eventClient = clientBuilder.client("event-broadcaster");
    const events = new EventBroadcaster(
      {
        create: (ns, event) => eventClient.coreV1().events(ns).create(event),
        patch: (ns, name, patch) => eventClient.coreV1().events(ns).patch(name, "application/strategic-merge-patch+json", patch),
      },
      { api: "v1", onError: this.#onError, log: (line) => this.#log(line, 3) },
    );
    const ctx: ControllerContext = {
      restConfig: this.#baseConfig,
      clientBuilder,
      informerFactory,
      settings: this.#settings,
      log: this.#log,
      onError: this.#onError,
      eventRecorder: (component) => events.newRecorder(component),
    };
    const running: Promise<void>[] = [];
    this.started = [];
    try {
      for (const name of this.enabled) {
        const d = this.#registry.descriptors.get(name)!;
        if (d.requiresSpecialHandling) continue;
        if (signal.aborted) break;
        this.#log(`Starting controller ${name}`);
        try {
          const result = await d.initFunc(signal, ctx, name);
          if (!result.enabled) {
            this.#log(`Warning: skipping controller ${name}`);
            continue;
          }
          this.started.push(name);
          if (result.running) running.push(result.running.catch((err: unknown) => this.#onError(err)));
        } catch (err) {
          this.#onError(
            new Error(`error starting controller ${name}: ${err instanceof Error ? err.message : String(err)}`, { cause: err }),
          );
        }
      }
      // Informers are started after every controller asked for the ones it needs.
      informerFactory.start(signal);
      this.#leading = !signal.aborted;
      if (this.#leading) for (const w of this.#leadingWaiters.splice(0)) w();
      await Promise.all(running);
      if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    } finally {
      this.#leading = false;
      await informerFactory.shutdown();
      await events.shutdown();
      informerClient.restClient.close();
      eventClient.restClient.close();
    }
  }
}

/** Validates, starts, and returns the manager (its controllers start once it leads). */
export function runControllerManager(options: ControllerManagerOptions): ControllerManager {
  const manager = new ControllerManager(options);
  manager.start().catch((err: unknown) => (options.onError ?? (() => {}))(err));
  return manager;
}
