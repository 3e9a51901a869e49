/**
 * `kubegen controller-manager --kubeconfig FILE`: the controller-manager alone, with
 * kube-controller-manager's flag names. It leader-elects on kube-system/kube-controller-manager,
 * runs the enabled controllers while leading, exits 1 when it loses the lease (as upstream)
 * and stops gracefully on SIGTERM or SIGINT.
 */
import { Command } from "commander";
import type { ControllerManagerOptions } from "../controllers/controller-manager/controller-manager.js";
import { parseControllersFlag } from "../controllers/controller-manager/selection.js";
import { errorMessage, getLogger, type Logger } from "../runtime/logger.js";
import type { RestConfig } from "../runtime/rest/config.js";
import { bool, duration, int, integer, positiveNumber } from "./flag-values.js";
import { addLoggingFlags, setupLogging, type LoggingFlags } from "./logging.js";

export interface ControllerManagerFlags {
  controllers: string;
  concurrentNamespaceSyncs: number;
  concurrentGcSyncs: number;
  enableGarbageCollector: boolean;
  terminatedPodGcThreshold: number;
  namespaceSyncPeriod: number;
  namespaceDeletionGracePeriod: number;
  concurrentEndpointSyncs: number;
  concurrentServiceEndpointSyncs: number;
  maxEndpointsPerSlice: number;
  endpointUpdatesBatchPeriod: number;
  endpointsliceUpdatesBatchPeriod: number;
  kubeApiQps: number;
  kubeApiBurst: number;
  kubeApiContentType: string;
  leaderElect: boolean;
  leaderElectLeaseDuration: number;
  leaderElectRenewDeadline: number;
  leaderElectRetryPeriod: number;
  leaderElectResourceName: string;
  leaderElectResourceNamespace: string;
}

/** Adds the controller-manager's flags (but --kubeconfig) to a command; `kubegen up` takes them too. */
export function addControllerManagerFlags(cmd: Command): Command {
  return cmd
    .option(
      "--controllers <list>",
      "controllers to enable: '*' enables all on-by-default controllers, 'foo' enables the controller named 'foo', '-foo' disables the controller named 'foo' (all controllers: namespace-controller, garbage-collector-controller, serviceaccount-controller, root-ca-cert-publisher, clusterrole-aggregation-controller, resourcequota-controller, persistentvolumeclaim-protection-controller, persistentvolume-protection-controller, endpoints-controller, endpointslice-controller, endpointslice-mirroring-controller, pod-garbage-collector-controller, service-cidr-controller)",
      "*",
    )
    .option(
      "--concurrent-namespace-syncs <n>",
      "namespaces synced at once; more is faster namespace deletion at the cost of CPU and network",
      int("--concurrent-namespace-syncs", 1),
      10,
    )
    .option("--concurrent-gc-syncs <n>", "garbage collector workers allowed to sync concurrently", int("--concurrent-gc-syncs", 1), 20)
    .option(
      "--enable-garbage-collector [bool]",
      "enables the generic garbage collector; must match the apiserver's flag of the same name",
      bool,
      true,
    )
    .option(
      "--terminated-pod-gc-threshold <n>",
      "terminated pods that can exist before the terminated pod garbage collector starts deleting them; <= 0 disables it",
      integer("--terminated-pod-gc-threshold"),
      12500,
    )
    .option("--namespace-sync-period <duration>", "how often namespaces are re-examined", duration, 5 * 60_000)
    .option(
      "--namespace-deletion-grace-period <duration>",
      "how long a deleted namespace waits before its content is deleted (kubegen; upstream fixes 5s)",
      duration,
      5_000,
    )
    .option("--concurrent-endpoint-syncs <n>", "endpoint syncing operations done concurrently", int("--concurrent-endpoint-syncs", 1), 5)
    .option(
      "--concurrent-service-endpoint-syncs <n>",
      "service endpoint (EndpointSlice) syncing operations done concurrently",
      int("--concurrent-service-endpoint-syncs", 1),
      5,
    )
    .option("--max-endpoints-per-slice <n>", "the most endpoints added to one EndpointSlice", int("--max-endpoints-per-slice", 1), 100)
    .option("--endpoint-updates-batch-period <duration>", "how long Pod changes are batched before an Endpoints update", duration, 0)
    .option(
      "--endpointslice-updates-batch-period <duration>",
      "how long Pod changes are batched before an EndpointSlice update",
      duration,
      0,
    )
    .option("--kube-api-qps <qps>", "requests per second to the apiserver", positiveNumber("--kube-api-qps"), 20)
    .option("--kube-api-burst <n>", "burst of requests to the apiserver", int("--kube-api-burst", 1), 30)
    .option("--kube-api-content-type <type>", "content type of requests to the apiserver", "application/vnd.kubernetes.protobuf")
    .option("--leader-elect [bool]", "run leader election and start the controllers only while leading", bool, true)
    .option(
      "--leader-elect-lease-duration <duration>",
      "how long non-leaders wait after the last renewal before taking the lease",
      duration,
      15_000,
    )
    .option("--leader-elect-renew-deadline <duration>", "how long the leader retries renewing before it stops leading", duration, 10_000)
    .option("--leader-elect-retry-period <duration>", "the pause between attempts to acquire or renew", duration, 2_000)
    .option("--leader-elect-resource-name <name>", "the Lease leader election uses", "kube-controller-manager")
    .option("--leader-elect-resource-namespace <namespace>", "the namespace of that Lease", "kube-system");
}

/** The manager's options from the flags and a rest config; throws on inconsistent values. */
export function controllerManagerOptions(flags: ControllerManagerFlags, restConfig: RestConfig): ControllerManagerOptions {
  const contentType = flags.kubeApiContentType;
  if (contentType !== "application/json" && contentType !== "application/vnd.kubernetes.protobuf") {
    throw new Error(
      `--kube-api-content-type: ${JSON.stringify(contentType)} is not application/json or application/vnd.kubernetes.protobuf`,
    );
  }
  if (flags.maxEndpointsPerSlice > 1000)
    throw new Error(`endpoint-slice-max-endpoints must be between 1 and 1000, was ${flags.maxEndpointsPerSlice}`);
  if (flags.leaderElect) {
    if (!(flags.leaderElectLeaseDuration > flags.leaderElectRenewDeadline))
      throw new Error("--leader-elect-lease-duration must be greater than --leader-elect-renew-deadline");
    if (!(flags.leaderElectRenewDeadline > flags.leaderElectRetryPeriod * 1.2))
      throw new Error("--leader-elect-renew-deadline must be greater than 1.2 x --leader-elect-retry-period");
  }
  return {
    restConfig: { ...restConfig, contentType },
    kubeAPIQPS: flags.kubeApiQps,
    kubeAPIBurst: flags.kubeApiBurst,
    controllers: parseControllersFlag(flags.controllers),
    settings: {
      concurrentNamespaceSyncs: flags.concurrentNamespaceSyncs,
      namespaceSyncPeriodMs: flags.namespaceSyncPeriod,
      namespaceDeletionGracePeriodMs: flags.namespaceDeletionGracePeriod,
      concurrentGCSyncs: flags.concurrentGcSyncs,
      enableGarbageCollector: flags.enableGarbageCollector,
      concurrentEndpointSyncs: flags.concurrentEndpointSyncs,
      concurrentServiceEndpointSyncs: flags.concurrentServiceEndpointSyncs,
      maxEndpointsPerSlice: flags.maxEndpointsPerSlice,
      endpointUpdatesBatchPeriodMs: flags.endpointUpdatesBatchPeriod,
      endpointSliceUpdatesBatchPeriodMs: flags.endpointsliceUpdatesBatchPeriod,
      terminatedPodGCThreshold: flags.terminatedPodGcThreshold,
    },
    leaderElection: {
      leaderElect: flags.leaderElect,
      leaseDurationMs: flags.leaderElectLeaseDuration,
      renewDeadlineMs: flags.leaderElectRenewDeadline,
      retryPeriodMs: flags.leaderElectRetryPeriod,
      resourceName: flags.leaderElectResourceName,
      resourceNamespace: flags.leaderElectResourceNamespace,
    },
  };
}

/** Reports recoverable controller errors as errors of `logger` (the runtime's by default). */
export function logError(prefix: string, logger: Logger = getLogger()): (err: unknown) => void {
  return (err) => logger.error(`${prefix}: ${errorMessage(err)}`);
}

/** Controller events at their klog verbosity. */
export function logEvents(logger: Logger): (line: string, level?: number) => void {
  return (line, level = 0) => logger.info(line, undefined, level);
}

export function controllerManagerCommand(): Command {
  return addLoggingFlags(
    addControllerManagerFlags(
      new Command("controller-manager")
        .description("run the controller-manager (the namespace controller and the garbage collector) against an apiserver")
        .requiredOption("--kubeconfig <file>", "kubeconfig of the apiserver to manage"),
    ),
  ).action(async (flags: ControllerManagerFlags & LoggingFlags & { kubeconfig: string }) => {
    const logger = setupLogging(flags);
    const { loadKubeconfig } = await import("../runtime/rest/kubeconfig.js");
    const { ControllerManager } = await import("../controllers/controller-manager/controller-manager.js");
    let manager: InstanceType<typeof ControllerManager>;
    try {
      manager = new ControllerManager({
        ...controllerManagerOptions(flags, loadKubeconfig({ path: flags.kubeconfig })),
        log: logEvents(logger),
        onError: logError("kubegen controller-manager", logger),
        onLeadershipLost: () => {
          logger.error("kubegen controller-manager: leaderelection lost");
          process.exit(1);
        },
      });
    } catch (err) {
      logger.error(`kubegen controller-manager: ${errorMessage(err)}`);
      process.exitCode = 1;
      return;
    }
    console.log(`kubegen controller-manager ${manager.identity}: controllers ${manager.enabled.join(", ") || "(none)"}`);
    void manager.start();
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) process.exit(1);
      stopping = true;
      logger.info(`${signal}: shutting down`);
      manager.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error(`kubegen controller-manager: shutdown failed: ${errorMessage(err)}`);
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
  });
}
