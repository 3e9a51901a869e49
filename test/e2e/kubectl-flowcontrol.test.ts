/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for
 * flowcontrol.apiserver.k8s.io/v1 (issue #16): `kubectl get flowschemas,prioritylevelconfigurations`
 * lists the mandatory and suggested configuration with upstream's columns, an invalid FlowSchema
 * is refused with upstream's message, and a deleted mandatory object comes back.
 */
import { expect, it } from "vitest";
import { eventuallyWhere } from "../support/wait.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

/** kubectl's table as rows of whitespace-separated cells (no cell here contains a space). */
const rows = (out: string): string[][] =>
  out
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/));

describeWithTools(["kubectl"], "kubectl: flowcontrol FlowSchemas and PriorityLevelConfigurations", () => {
  const { kubectl, ok, file } = kubectlServer("kubegen-e2e-flowcontrol-");

  it("`kubectl get flowschemas` lists upstream's 13 schemas with its columns, each level found", async () => {
    // The Dangling conditions are written right after the objects; MISSINGPL reads them.
    const out = await eventuallyWhere(
      () => ok("get", "flowschemas"),
      (o) =>
        rows(o).length === 14 &&
        rows(o)
          .slice(1)
          .every((r) => r[5] === "False"),
      20_000,
    );
    const table = rows(out);
    expect(table[0]).toEqual(["NAME", "PRIORITYLEVEL", "MATCHINGPRECEDENCE", "DISTINGUISHERMETHOD", "AGE", "MISSINGPL"]);
    const byName = new Map(table.slice(1).map((r) => [r[0], r]));
    expect([...byName.keys()].sort()).toEqual([
      "catch-all",
      "endpoint-controller",
      "exempt",
      "global-default",
      "kube-controller-manager",
      "kube-scheduler",
      "kube-system-service-accounts",
      "probes",
      "service-accounts",
      "system-leader-election",
      "system-node-high",
      "system-nodes",
      "workload-leader-election",
    ]);
    const cells = (name: string) => byName.get(name)!.filter((_, i) => i !== 4);
    expect(cells("exempt")).toEqual(["exempt", "exempt", "1", "<none>", "False"]);
    expect(cells("probes")).toEqual(["probes", "exempt", "2", "<none>", "False"]);
    expect(cells("kube-scheduler")).toEqual(["kube-scheduler", "workload-high", "800", "ByNamespace", "False"]);
    expect(cells("catch-all")).toEqual(["catch-all", "catch-all", "10000", "ByUser", "False"]);
  });

  it("`kubectl get prioritylevelconfigurations` lists the 8 levels with upstream's columns", async () => {
    const table = rows(await ok("get", "prioritylevelconfigurations"));
    expect(table[0]).toEqual(["NAME", "TYPE", "NOMINALCONCURRENCYSHARES", "QUEUES", "HANDSIZE", "QUEUELENGTHLIMIT", "AGE"]);
    expect(table.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ["catch-all", "Limited", "5", "<none>", "<none>", "<none>"],
      ["exempt", "Exempt", "<none>", "<none>", "<none>", "<none>"],
      ["global-default", "Limited", "20", "128", "6", "50"],
      ["leader-election", "Limited", "10", "16", "4", "50"],
      ["node-high", "Limited", "40", "64", "6", "50"],
      ["system", "Limited", "30", "64", "6", "50"],
      ["workload-high", "Limited", "40", "128", "6", "50"],
      ["workload-low", "Limited", "100", "128", "6", "50"],
    ]);
  });

  it("refuses an invalid FlowSchema with upstream's message, and defaults a valid one", async () => {
    const fs = (name: string, spec: Record<string, unknown>) =>
      file(
        `${name}.json`,
        JSON.stringify({
          apiVersion: "flowcontrol.apiserver.k8s.io/v1",
          kind: "FlowSchema",
          metadata: { name },
          spec: { priorityLevelConfiguration: { name: "global-default" }, ...spec },
        }),
      );
    const bad = await kubectl("create", "-f", fs("bad", { matchingPrecedence: 1, distinguisherMethod: { type: "ByGroup" } }));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(`The FlowSchema "bad" is invalid: `);
    expect(bad.stderr).toContain("spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1");
    expect(bad.stderr).toContain(
      'spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"ByGroup"}: supported values: "ByNamespace", "ByUser"',
    );
    await ok("create", "-f", fs("mine", {}));
    expect(await ok("get", "flowschema", "mine", "-o", "jsonpath={.spec.matchingPrecedence}")).toBe("1000");
  });

  it("refuses an edit of a mandatory spec; a deleted mandatory object comes back", async () => {
    const edit = await kubectl(
      "patch",
      "prioritylevelconfiguration",
      "catch-all",
      "--type=merge",
      "-p",
      '{"spec":{"limited":{"nominalConcurrencyShares":9}}}',
    );
    expect(edit.code).not.toBe(0);
    expect(edit.stderr).toContain("spec of 'catch-all' must equal the fixed value");
    const uid = await ok("get", "flowschema", "catch-all", "-o", "jsonpath={.metadata.uid}");
    await ok("delete", "flowschema", "catch-all");
    const again = await eventuallyWhere(
      () => kubectl("get", "flowschema", "catch-all", "-o", "jsonpath={.metadata.uid}"),
      (r) => r.code === 0 && r.stdout !== "" && r.stdout !== uid,
      10_000,
    );
    expect(again.stdout).not.toBe(uid);
  });
});
