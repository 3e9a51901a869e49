/**
 * The manager's Prometheus registry with controller-runtime's metric names, so dashboards made
 * for Go operators read ours: reconciles by result, errors, reconcile time, workers, queue depth.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export class ControllerMetrics {
  readonly registry = new Registry();
  readonly reconcileTotal = new Counter({
    name: "controller_runtime_reconcile_total",
    help: "Total number of reconciliations per controller",
    labelNames: ["controller", "result"] as const,
    registers: [this.registry],
  });
  readonly reconcileErrors = new Counter({
    name: "controller_runtime_reconcile_errors_total",
    help: "Total number of reconciliation errors per controller",
    labelNames: ["controller"] as const,
    registers: [this.registry],
  });
  readonly reconcileTime = new Histogram({
    name: "controller_runtime_reconcile_time_seconds",
    help: "Length of time per reconciliation per controller",
    labelNames: ["controller"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly maxConcurrent = new Gauge({
    name: "controller_runtime_max_concurrent_reconciles",
    help: "Maximum number of concurrent reconciles per controller",
    labelNames: ["controller"] as const,
    registers: [this.registry],
  });
  readonly activeWorkers = new Gauge({
    name: "controller_runtime_active_workers",
    help: "Number of currently used workers per controller",
    labelNames: ["controller"] as const,
    registers: [this.registry],
  });
  readonly queueDepth = new Gauge({
    name: "workqueue_depth",
    help: "Current depth of workqueue",
    labelNames: ["name", "controller"] as const,
    registers: [this.registry],
  });
  readonly queueAdds = new Counter({
    name: "workqueue_adds_total",
    help: "Total number of adds handled by workqueue",
    labelNames: ["name", "controller"] as const,
    registers: [this.registry],
  });
  readonly leaderElectionStatus = new Gauge({
    name: "leader_election_master_status",
    help: "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master.",
    labelNames: ["name"] as const,
    registers: [this.registry],
  });
}
