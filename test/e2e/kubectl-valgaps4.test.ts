/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for the
 * rules of issue #16 closed in session 12: ResourceQuota resource names and whole counts, Job
 * per-index fields and the Job status rules from the stored status, a Pod status's container
 * user IDs, StatefulSet claim templates checked as claims, and a gated Pod's nodeSelector
 * additions, each with upstream's message.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: the validation gaps of issue #16 closed in session 12", () => {
  const { kubectl, file } = kubectlServer("kubegen-e2e-valgaps4-", {
    // No controller manager runs here: the ServiceAccount admission needs the namespace's default account.
    setup: async () => expect((await kubectl("create", "serviceaccount", "default", "-n", "default")).code).toBe(0),
  });
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));

  it("a ResourceQuota names resources a quota tracks, in whole counts", async () => {
    const bad = await kubectl("create", "quota", "q1", "--hard=storage=1Gi");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'ResourceQuota "q1" is invalid: spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota',
    );
    const fraction = await kubectl("create", "quota", "q2", "--hard=count/pods=1500m");
    expect(fraction.stderr).toContain('spec.hard[count/pods]: Invalid value: "1500m": must be an integer');
    expect((await kubectl("create", "quota", "q3", "--hard=count/deployments.apps=2,pods=10,requests.nvidia.com/gpu=1")).code).toBe(0);
  });

  it("a Job's per-index fields need the Indexed mode; its status may not claim Complete alone", async () => {
    const job = (name: string, spec: Record<string, unknown>) => ({
      apiVersion: "batch/v1",
      kind: "Job",
      metadata: { name, namespace: "default" },
      spec: { template: { spec: { restartPolicy: "Never", containers: [{ name: "app", image: "busybox" }] } }, ...spec },
    });
    const bad = await kubectl("create", "-f", manifest("j1", job("j1", { backoffLimitPerIndex: 1 })));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('The Job "j1" is invalid: spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode');
    expect(
      (await kubectl("create", "-f", manifest("j2", job("j2", { completionMode: "Indexed", completions: 3, backoffLimitPerIndex: 1 }))))
        .code,
    ).toBe(0);
    const complete = await kubectl(
      "patch",
      "job",
      "j2",
      "--subresource=status",
      "--type=merge",
      "-p",
      JSON.stringify({ status: { conditions: [{ type: "Complete", status: "True" }] } }),
    );
    expect(complete.code).not.toBe(0);
    expect(complete.stderr).toContain("status.completionTime: Required value: completionTime is required for Complete jobs");
    expect(complete.stderr).toContain(
      "status.conditions: Invalid value: cannot set Complete=True condition without the SuccessCriteriaMet=true condition",
    );
    expect(complete.stderr).toContain("status.startTime: Required value: startTime is required for finished job");
  });

  it("a Pod status's container user IDs are in range", async () => {
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "u", namespace: "default" },
      spec: { containers: [{ name: "app", image: "nginx" }] },
    };
    expect((await kubectl("create", "-f", manifest("u", pod))).code).toBe(0);
    const status = (uid: number) =>
      JSON.stringify({
        status: {
          containerStatuses: [
            { name: "app", image: "nginx", imageID: "", ready: false, restartCount: 0, user: { linux: { uid, gid: 0 } } },
          ],
        },
      });
    expect((await kubectl("patch", "pod", "u", "--subresource=status", "--type=merge", "-p", status(1000))).code).toBe(0);
    const bad = await kubectl("patch", "pod", "u", "--subresource=status", "--type=merge", "-p", status(-1));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The Pod "u" is invalid: status.containerStatuses[0].linux.uid: Invalid value: -1: must be between 0 and 2147483647, inclusive',
    );
  });

  it("a StatefulSet's claim templates are checked as claims", async () => {
    const sts = {
      apiVersion: "apps/v1",
      kind: "StatefulSet",
      metadata: { name: "db", namespace: "default" },
      spec: {
        serviceName: "db",
        selector: { matchLabels: { app: "db" } },
        template: { metadata: { labels: { app: "db" } }, spec: { containers: [{ name: "db", image: "postgres" }] } },
        volumeClaimTemplates: [{ metadata: { name: "data" }, spec: { resources: { requests: { storage: "1Gi" } } } }],
      },
    };
    const bad = await kubectl("create", "-f", manifest("db", sts));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The StatefulSet "db" is invalid: spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required',
    );
  });

  it("a gated Pod may add nodeSelector entries, not change them", async () => {
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "gated", namespace: "default" },
      spec: {
        schedulingGates: [{ name: "example.com/wait" }],
        nodeSelector: { disk: "ssd" },
        containers: [{ name: "app", image: "nginx" }],
      },
    };
    expect((await kubectl("create", "-f", manifest("gated", pod))).code).toBe(0);
    expect((await kubectl("patch", "pod", "gated", "--type=merge", "-p", '{"spec":{"nodeSelector":{"zone":"a"}}}')).code).toBe(0);
    const bad = await kubectl("patch", "pod", "gated", "--type=merge", "-p", '{"spec":{"nodeSelector":{"disk":"hdd"}}}');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'spec.nodeSelector: Invalid value: map[string]string{"disk":"hdd", "zone":"a"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)',
    );
  });
});
