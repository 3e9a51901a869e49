/**
 * The controller-manager's command-line flags (shared by `kubegen controller-manager` and
 * `kubegen up`): kube-controller-manager's names and defaults, Go durations, the namespace
 * client's rate limits, and the refusals of inconsistent values.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addControllerManagerFlags, controllerManagerOptions, type ControllerManagerFlags } from "../../cmd/controller-manager.js";

function parse(...args: string[]): ControllerManagerFlags {
  const cmd = addControllerManagerFlags(new Command().exitOverride().configureOutput({ writeErr: () => {} }));
  cmd.parse(args, { from: "user" });
  return cmd.opts<ControllerManagerFlags>();
}

const rest = { server: "https://127.0.0.1:6443" };

describe("controller-manager flags", () => {
  it("has kube-controller-manager's defaults", () => {
    const o = controllerManagerOptions(parse(), rest);
    expect(o.controllers).toEqual(["*"]);
    expect(o.kubeAPIQPS).toBe(20);
    expect(o.kubeAPIBurst).toBe(30);
    expect(o.restConfig.contentType).toBe("application/vnd.kubernetes.protobuf");
    expect(o.settings).toEqual({
      concurrentNamespaceSyncs: 10,
      namespaceSyncPeriodMs: 300_000,
      namespaceDeletionGracePeriodMs: 5_000,
      concurrentGCSyncs: 20,
      enableGarbageCollector: true,
      concurrentEndpointSyncs: 5,
      concurrentServiceEndpointSyncs: 5,
      maxEndpointsPerSlice: 100,
      endpointUpdatesBatchPeriodMs: 0,
      endpointSliceUpdatesBatchPeriodMs: 0,
      terminatedPodGCThreshold: 12_500,
    });
    expect(o.leaderElection).toEqual({
      leaderElect: true,
      leaseDurationMs: 15_000,
      renewDeadlineMs: 10_000,
      retryPeriodMs: 2_000,
      resourceName: "kube-controller-manager",
      resourceNamespace: "kube-system",
    });
  });

  it("reads Go durations, lists and booleans", () => {
    const o = controllerManagerOptions(
      parse(
        "--controllers=*,-namespace",
        "--namespace-sync-period=1m30s",
        "--namespace-deletion-grace-period=0s",
        "--leader-elect=false",
        "--concurrent-namespace-syncs",
        "3",
        "--concurrent-gc-syncs=5",
        "--enable-garbage-collector=false",
        "--concurrent-endpoint-syncs=2",
        "--concurrent-service-endpoint-syncs=3",
        "--max-endpoints-per-slice=7",
        "--endpoint-updates-batch-period=1s",
        "--endpointslice-updates-batch-period=500ms",
        "--terminated-pod-gc-threshold=-1",
      ),
      rest,
    );
    expect(o.controllers).toEqual(["*", "-namespace"]);
    expect(o.settings).toEqual({
      concurrentNamespaceSyncs: 3,
      namespaceSyncPeriodMs: 90_000,
      namespaceDeletionGracePeriodMs: 0,
      concurrentGCSyncs: 5,
      enableGarbageCollector: false,
      concurrentEndpointSyncs: 2,
      concurrentServiceEndpointSyncs: 3,
      maxEndpointsPerSlice: 7,
      endpointUpdatesBatchPeriodMs: 1_000,
      endpointSliceUpdatesBatchPeriodMs: 500,
      terminatedPodGCThreshold: -1,
    });
    expect(o.leaderElection?.leaderElect).toBe(false);
  });

  it("refuses bad values", () => {
    expect(() => parse("--concurrent-namespace-syncs=0")).toThrow("--concurrent-namespace-syncs must be a positive integer");
    expect(() => parse("--namespace-sync-period=soon")).toThrow('invalid duration "soon"');
    expect(() => parse("--terminated-pod-gc-threshold=1.5")).toThrow("--terminated-pod-gc-threshold must be an integer");
    expect(() => controllerManagerOptions(parse("--leader-elect-lease-duration=5s"), rest)).toThrow(
      "--leader-elect-lease-duration must be greater than --leader-elect-renew-deadline",
    );
    expect(() => controllerManagerOptions(parse("--max-endpoints-per-slice=1001"), rest)).toThrow(
      "endpoint-slice-max-endpoints must be between 1 and 1000, was 1001",
    );
    expect(() => controllerManagerOptions(parse("--kube-api-content-type=text/plain"), rest)).toThrow("--kube-api-content-type");
  });
});
