/** The workload and cluster printers: cells as upstream's printers fill them for the states kubectl shows most. */
import { describe, expect, it } from "vitest";
import { printerFor } from "../../../../apiserver/endpoints/table/printers.js";
import { scheme } from "../../../../generated/apis/register.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";

const NOW = Date.parse("2026-01-01T01:00:00Z");
const CREATED = "2026-01-01T00:00:00Z";

function cells(group: string, plural: string, obj: KubeObject): unknown[] {
  const gv = scheme.groupVersions().find((g) => g.group === group && scheme.resourcesFor(g).some((r) => r.plural === plural))!;
  const info = scheme.resourcesFor(gv).find((r) => r.plural === plural)!;
  return printerFor(group, info).cells(obj, NOW);
}

const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, creationTimestamp: CREATED, ...extra });

describe("printers", () => {
  it("pods: ready count, the waiting reason, restarts with the last one's age, wide columns", () => {
    const pod: KubeObject = {
      metadata: meta("p"),
      spec: { nodeName: "n1", containers: [{ name: "a" }, { name: "b" }] },
      status: {
        phase: "Running",
        podIP: "10.0.0.5",
        containerStatuses: [
          { name: "a", ready: true, restartCount: 0, state: { running: {} } },
          {
            name: "b",
            ready: false,
            restartCount: 3,
            state: { waiting: { reason: "CrashLoopBackOff" } },
            lastState: { terminated: { finishedAt: "2026-01-01T00:58:00Z" } },
          },
        ],
      },
    };
    expect(cells("", "pods", pod)).toEqual(["p", "1/2", "CrashLoopBackOff", "3 (2m ago)", "60m", "10.0.0.5", "n1", "<none>", "<none>"]);
    expect(
      cells("", "pods", {
        metadata: meta("q", { deletionTimestamp: CREATED }),
        spec: { containers: [{ name: "a" }] },
        status: { phase: "Running" },
      })[2],
    ).toBe("Terminating");
    expect(
      cells("", "pods", { metadata: meta("r"), spec: { containers: [{ name: "a" }] }, status: { phase: "Pending" } }).slice(1, 4),
    ).toEqual(["0/1", "Pending", "0"]);
  });

  it("jobs: status from conditions, completions with parallelism, duration", () => {
    const job = (spec: Record<string, unknown>, status: Record<string, unknown>): KubeObject => ({
      metadata: meta("j"),
      spec: { template: { spec: { containers: [{ name: "c", image: "busybox" }] } }, ...spec },
      status,
    });
    expect(
      cells(
        "batch",
        "jobs",
        job(
          { completions: 3 },
          {
            succeeded: 3,
            startTime: "2026-01-01T00:00:00Z",
            completionTime: "2026-01-01T00:00:42Z",
            conditions: [{ type: "Complete", status: "True" }],
          },
        ),
      ).slice(0, 4),
    ).toEqual(["j", "Complete", "3/3", "42s"]);
    expect(cells("batch", "jobs", job({ parallelism: 2 }, {})).slice(1, 4)).toEqual(["Running", "0/1 of 2", ""]);
  });

  it("deployments, cronjobs, pdbs and nodes", () => {
    const deploy: KubeObject = {
      metadata: meta("d"),
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: "web" } },
        template: { spec: { containers: [{ name: "web", image: "nginx" }] } },
      },
      status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
    };
    expect(cells("apps", "deployments", deploy)).toEqual(["d", "2/3", 3, 2, "60m", "web", "nginx", "app=web"]);
    const cj: KubeObject = {
      metadata: meta("c"),
      spec: {
        schedule: "@daily",
        timeZone: "Europe/Paris",
        suspend: true,
        jobTemplate: { spec: { template: { spec: { containers: [] } } } },
      },
      status: { active: [{}], lastScheduleTime: "2026-01-01T00:30:00Z" },
    };
    expect(cells("batch", "cronjobs", cj).slice(0, 7)).toEqual(["c", "@daily", "Europe/Paris", "True", 1, "30m", "60m"]);
    expect(
      cells("policy", "poddisruptionbudgets", { metadata: meta("p"), spec: { maxUnavailable: "10%" }, status: { disruptionsAllowed: 1 } }),
    ).toEqual(["p", "N/A", "10%", 1, "60m"]);
    const node: KubeObject = {
      metadata: meta("n", { labels: { "node-role.kubernetes.io/control-plane": "" } }),
      spec: { unschedulable: true },
      status: {
        conditions: [{ type: "Ready", status: "True" }],
        nodeInfo: { kubeletVersion: "v1.34.0" },
        addresses: [{ type: "InternalIP", address: "10.0.0.1" }],
      },
    };
    expect(cells("", "nodes", node).slice(0, 6)).toEqual(["n", "Ready,SchedulingDisabled", "control-plane", "60m", "v1.34.0", "10.0.0.1"]);
  });

  it("runtimeclasses: NAME HANDLER AGE", () => {
    const info = scheme.resourcesFor({ group: "node.k8s.io", version: "v1" }).find((r) => r.plural === "runtimeclasses")!;
    expect(printerFor("node.k8s.io", info).columns.map((c) => c.name)).toEqual(["Name", "Handler", "Age"]);
    expect(cells("node.k8s.io", "runtimeclasses", { metadata: meta("gvisor"), handler: "runsc" })).toEqual(["gvisor", "runsc", "60m"]);
  });
});
