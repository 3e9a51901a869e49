/**
 * Issue #16, status subresources: what upstream 1.34 checks on `/status` of Pods (ValidatePodStatusUpdate),
 * the apps workloads, ReplicationControllers, PodDisruptionBudgets and HorizontalPodAutoscalers.
 * Messages byte-exact as upstream's.
 */
import { describe, expect, it } from "vitest";
import { podStatusStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStatusStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { replicaSetStatusStrategy } from "../../../apiserver/registry/resources/replicasets/strategy.js";
import { statefulSetStatusStrategy } from "../../../apiserver/registry/resources/statefulsets/strategy.js";
import { daemonSetStatusStrategy } from "../../../apiserver/registry/resources/daemonsets/strategy.js";
import { replicationControllerStatusStrategy } from "../../../apiserver/registry/resources/replicationcontrollers/strategy.js";
import { pdbStatusStrategy } from "../../../apiserver/registry/resources/poddisruptionbudgets/strategy.js";
import { hpaStatusStrategy } from "../../../apiserver/registry/resources/horizontalpodautoscalers/strategy.js";
import { jobStatusStrategy } from "../../../apiserver/registry/resources/jobs/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { UpdateStrategy } from "../../../apiserver/registry/strategy.js";

/** A status update as the subresource runs it: the new status onto the stored object, then its checks. */
function statusErrors(strategy: UpdateStrategy, old: KubeObject, status: Record<string, unknown>): string[] {
  const obj: KubeObject = { ...structuredClone(old), status };
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

const meta = { name: "x", namespace: "d", resourceVersion: "1" };
const obj = (kind: string, status: Record<string, unknown> = {}, spec: Record<string, unknown> = {}): KubeObject => ({
  kind,
  metadata: { ...meta },
  spec,
  status,
});

describe("apps workloads' status (ValidateDeploymentStatusUpdate and friends)", () => {
  it("Deployment: counts not negative, within replicas, available within ready, collisionCount not decremented", () => {
    const old = obj("Deployment", { collisionCount: 2 });
    expect(statusErrors(deploymentStatusStrategy, old, { replicas: 1, readyReplicas: 1, availableReplicas: 1, collisionCount: 2 })).toEqual(
      [],
    );
    expect(statusErrors(deploymentStatusStrategy, old, { replicas: -1, observedGeneration: -2, collisionCount: 3 })).toEqual([
      "status.observedGeneration: Invalid value: -2: must be greater than or equal to 0",
      "status.replicas: Invalid value: -1: must be greater than or equal to 0",
      // As upstream: the unset counts read as 0, above a negative replicas.
      "status.updatedReplicas: Invalid value: 0: cannot be greater than status.replicas",
      "status.readyReplicas: Invalid value: 0: cannot be greater than status.replicas",
      "status.availableReplicas: Invalid value: 0: cannot be greater than status.replicas",
    ]);
    expect(
      statusErrors(deploymentStatusStrategy, old, { replicas: 1, updatedReplicas: 2, readyReplicas: 1, availableReplicas: 2 }),
    ).toEqual([
      "status.updatedReplicas: Invalid value: 2: cannot be greater than status.replicas",
      "status.availableReplicas: Invalid value: 2: cannot be greater than status.replicas",
      "status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas",
      "status.collisionCount: Invalid value: 0: cannot be decremented",
    ]);
    expect(statusErrors(deploymentStatusStrategy, old, { collisionCount: 1 })).toEqual([
      "status.collisionCount: Invalid value: 1: cannot be decremented",
    ]);
  });

  it("ReplicaSet and ReplicationController: fullyLabeled, ready and available within replicas", () => {
    for (const [kind, strategy] of [
      ["ReplicaSet", replicaSetStatusStrategy],
      ["ReplicationController", replicationControllerStatusStrategy],
    ] as const) {
      expect(statusErrors(strategy, obj(kind), { replicas: 2, fullyLabeledReplicas: 3, readyReplicas: 1, availableReplicas: 2 })).toEqual([
        "status.fullyLabeledReplicas: Invalid value: 3: cannot be greater than status.replicas",
        "status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas",
      ]);
      expect(statusErrors(strategy, obj(kind), { readyReplicas: -1 })).toEqual([
        "status.readyReplicas: Invalid value: -1: must be greater than or equal to 0",
        "status.availableReplicas: Invalid value: 0: cannot be greater than readyReplicas",
      ]);
    }
  });

  it("StatefulSet: its own word for available above ready", () => {
    expect(
      statusErrors(statefulSetStatusStrategy, obj("StatefulSet"), {
        replicas: 3,
        currentReplicas: 4,
        readyReplicas: 1,
        availableReplicas: 2,
      }),
    ).toEqual([
      "status.currentReplicas: Invalid value: 4: cannot be greater than status.replicas",
      "status.availableReplicas: Invalid value: 2: cannot be greater than status.readyReplicas",
    ]);
  });

  it("DaemonSet: every count not negative, collisionCount not decremented", () => {
    expect(
      statusErrors(daemonSetStatusStrategy, obj("DaemonSet", { collisionCount: 1 }), { numberMisscheduled: -1, numberUnavailable: -3 }),
    ).toEqual([
      "status.numberMisscheduled: Invalid value: -1: must be greater than or equal to 0",
      "status.numberUnavailable: Invalid value: -3: must be greater than or equal to 0",
      "status.collisionCount: Invalid value: 0: cannot be decremented",
    ]);
  });
});

describe("PodDisruptionBudget and HorizontalPodAutoscaler status", () => {
  it("PDB: counts not negative and metav1 conditions", () => {
    const cond = { type: "DisruptionAllowed", status: "True", reason: "SufficientPods", lastTransitionTime: "2026-01-01T00:00:00Z" };
    expect(statusErrors(pdbStatusStrategy, obj("PodDisruptionBudget"), { disruptionsAllowed: 1, conditions: [cond] })).toEqual([]);
    expect(
      statusErrors(pdbStatusStrategy, obj("PodDisruptionBudget"), {
        disruptionsAllowed: -1,
        expectedPods: -2,
        conditions: [
          cond,
          { ...cond, status: "Maybe", reason: "bad reason", lastTransitionTime: undefined, observedGeneration: -1 },
          { type: "a b" },
        ],
      }),
    ).toEqual([
      'status.conditions[1].type: Duplicate value: "DisruptionAllowed"',
      'status.conditions[1].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
      "status.conditions[1].observedGeneration: Invalid value: -1: must be greater than or equal to zero",
      "status.conditions[1].lastTransitionTime: Required value: must be set",
      "status.conditions[1].reason: Invalid value: \"bad reason\": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')",
      "status.conditions[2].type: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      'status.conditions[2].status: Unsupported value: "": supported values: "False", "True", "Unknown"',
      "status.conditions[2].lastTransitionTime: Required value: must be set",
      "status.conditions[2].reason: Required value: must be set",
      "status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0",
      "status.expectedPods: Invalid value: -2: must be greater than or equal to 0",
    ]);
  });

  it("HPA: current and desired replicas not negative", () => {
    expect(statusErrors(hpaStatusStrategy, obj("HorizontalPodAutoscaler"), { currentReplicas: -1, desiredReplicas: -2 })).toEqual([
      "status.currentReplicas: Invalid value: -1: must be greater than or equal to 0",
      "status.desiredReplicas: Invalid value: -2: must be greater than or equal to 0",
    ]);
  });
});

describe("Pod status (ValidatePodStatusUpdate)", () => {
  const pod = (restartPolicy: string, status: Record<string, unknown> = {}, spec: Record<string, unknown> = {}) =>
    obj("Pod", status, { restartPolicy, containers: [{ name: "c", image: "x" }], ...spec });
  const terminated = (exitCode: number) => ({ name: "c", state: { terminated: { exitCode } } });
  const running = { name: "c", state: { running: {} } };

  it("terminated containers stay terminated unless the policy restarts them", () => {
    const forbidden = "status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state";
    expect(statusErrors(podStatusStrategy, pod("Never", { containerStatuses: [terminated(0)] }), { containerStatuses: [running] })).toEqual(
      [forbidden],
    );
    expect(
      statusErrors(podStatusStrategy, pod("OnFailure", { containerStatuses: [terminated(0)] }), { containerStatuses: [running] }),
    ).toEqual([forbidden]);
    expect(
      statusErrors(podStatusStrategy, pod("OnFailure", { containerStatuses: [terminated(1)] }), { containerStatuses: [running] }),
    ).toEqual([]);
    expect(
      statusErrors(podStatusStrategy, pod("Always", { containerStatuses: [terminated(0)] }), { containerStatuses: [running] }),
    ).toEqual([]);
    // Ephemeral containers never restart; sidecars (restartPolicy Always init containers) may.
    expect(
      statusErrors(podStatusStrategy, pod("Always", { ephemeralContainerStatuses: [terminated(0)] }), {
        ephemeralContainerStatuses: [running],
      }),
    ).toEqual(["status.ephemeralContainerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state"]);
    const sidecar = { initContainers: [{ name: "c", image: "x", restartPolicy: "Always" }] };
    expect(
      statusErrors(podStatusStrategy, pod("Never", { initContainerStatuses: [terminated(0)] }, sidecar), {
        initContainerStatuses: [running],
      }),
    ).toEqual([]);
  });

  it("nominatedNodeName, custom conditions and resource claim statuses", () => {
    expect(
      statusErrors(podStatusStrategy, pod("Always"), {
        nominatedNodeName: "Node_1",
        conditions: [{ type: "Ready", status: "True" }, { type: "bad type" }],
        resourceClaimStatuses: [{ name: "gpu" }],
      }),
    ).toEqual([
      "metadata.conditions[1].Type: Invalid value: \"bad type\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      "status.nominatedNodeName: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'status.resourceClaimStatuses[0].name: Invalid value: "gpu": must match the name of an entry in `spec.resourceClaims`',
    ]);
  });

  it("podIPs and hostIPs: valid, one per family, unique; hostIPs[0] is hostIP", () => {
    expect(statusErrors(podStatusStrategy, pod("Always"), { podIP: "10.0.0.1", podIPs: [{ ip: "10.0.0.1" }, { ip: "fd00::1" }] })).toEqual(
      [],
    );
    expect(statusErrors(podStatusStrategy, pod("Always"), { podIPs: [{ ip: "10.0.0.1" }, { ip: "10.0.0.1" }, { ip: "x" }] })).toEqual([
      'status.podIPs[2]: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
      'status.podIPs: Invalid value: [{"IP":"10.0.0.1"},{"IP":"10.0.0.1"},{"IP":"x"}]: may specify no more than one IP for each IP family',
      'status.podIPs[1]: Duplicate value: {"IP":"10.0.0.1"}',
    ]);
    expect(
      statusErrors(podStatusStrategy, pod("Always"), { hostIP: "10.0.0.2", hostIPs: [{ ip: "10.0.0.1" }, { ip: "10.0.0.1" }] }),
    ).toEqual([
      'status.hostIPs[0].ip: Invalid value: "10.0.0.1": must be equal to `hostIP`',
      'status.hostIPs[1]: Duplicate value: {"IP":"10.0.0.1"}',
      'status.hostIPs: Invalid value: [{"IP":"10.0.0.1"},{"IP":"10.0.0.1"}]: may specify no more than one IP for each IP family',
    ]);
  });
});

describe("Job status (validateJobStatus, the part upstream always applies)", () => {
  it("counts, uncounted pod UIDs, SuccessCriteriaMet beside Failed", () => {
    const cond = (type: string) => ({ type, status: "True" });
    // The rest (valgaps4-jobs) runs only on what changed: here only `active` does.
    const status = {
      uncountedTerminatedPods: { succeeded: ["a", ""], failed: ["a"] },
      conditions: [cond("SuccessCriteriaMet"), cond("Failed")],
    };
    expect(
      statusErrors(jobStatusStrategy, obj("Job", status), {
        ...status,
        active: -1,
      }),
    ).toEqual([
      "status.active: Invalid value: -1: must be greater than or equal to 0",
      'status.uncountedTerminatedPods.succeeded[1]: Invalid value: "": must not be empty',
      'status.uncountedTerminatedPods.failed[0]: Duplicate value: "a"',
      "status.conditions: Invalid value: cannot set SuccessCriteriaMet=True and Failed=true conditions",
    ]);
  });
});
