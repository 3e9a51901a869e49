/**
 * The test control plane: CRDs installed and served, namespaces finalized by the namespace
 * controller (envtest runs no controllers), `stop` removes the data folder, leader election
 * between two managers on it, and the same control plane under Node's test runner.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clientset as WidgetClientset } from "../../examples/widget/generated/clientset/index.js";
import { WidgetKind } from "../../examples/widget/controller.js";
import { apply, controllerManagedBy, ConfigMapKind, createOrPatch, Manager } from "../../framework/index.js";
import { readCRDs, startControlPlane, type ControlPlane } from "../../framework/testing/index.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { eventually } from "../support/wait.js";

const run = promisify(execFile);
let cp: ControlPlane;

beforeAll(async () => {
  cp = await startControlPlane({
    crds: ["examples/widget/generated/crds", "examples/crontab/generated/crds/stable.example.com_crontabs.yaml"],
  });
});

afterAll(async () => {
  await cp?.stop();
});

describe("startControlPlane", () => {
  it("returns with the CRDs established and served, the default namespace there and the controllers running", async () => {
    expect(cp.crds.map((c) => c.metadata?.name).sort()).toEqual(["crontabs.stable.example.com", "widgets.widgets.example.com"]);
    expect(cp.controllerManager.started).toContain("namespace-controller");
    const widgets = new WidgetClientset(cp.restConfig).widgetsV1().widgets("default");
    const w = await widgets.create({ metadata: { name: "w1" }, spec: { message: "m" } });
    expect(w.metadata?.uid).toBeTruthy();
    await expect(widgets.create({ metadata: { name: "bad" }, spec: { message: "x".repeat(2000) } })).rejects.toThrow(/1024/);
  });

  it("finalizes a deleted namespace: its contents are deleted, then the namespace", async () => {
    await cp.clientset
      .coreV1()
      .namespaces()
      .create({ metadata: { name: "gone" } });
    await cp.clientset
      .coreV1()
      .configMaps("gone")
      .create({ metadata: { name: "c" } });
    await new WidgetClientset(cp.restConfig)
      .widgetsV1()
      .widgets("gone")
      .create({ metadata: { name: "w" }, spec: { message: "m" } });
    await cp.clientset.coreV1().namespaces().delete("gone");
    await eventually("namespace removed", async () => {
      try {
        await cp.clientset.coreV1().namespaces().get("gone");
        return undefined;
      } catch (err) {
        if (isNotFound(err)) return true;
        throw err;
      }
    });
  });

  it("runs one leader among managers on one Lease, and hands over when it stops", async () => {
    const leaderElection = { id: "fw-test", leaseDurationMs: 2_000, renewDeadlineMs: 1_500, retryPeriodMs: 100 };
    const reconciled: string[] = [];
    const make = (id: string): Manager => {
      const mgr = new Manager({ restConfig: cp.restConfig, identity: id, leaderElection, onError: () => {} });
      controllerManagedBy(mgr)
        .for(ConfigMapKind)
        .complete((req) => void (req.namespace === "default" && reconciled.push(`${id}:${req.name}`)));
      return mgr;
    };
    const a = make("a");
    const b = make("b");
    const runA = a.start();
    await a.elected();
    const runB = b.start();
    await new Promise((r) => setTimeout(r, 400));
    expect([a.isLeading(), b.isLeading()]).toEqual([true, false]);
    await cp.clientset
      .coreV1()
      .configMaps("default")
      .create({ metadata: { name: "le" } });
    await eventually("a reconciles", async () => (reconciled.includes("a:le") ? true : undefined));
    expect(reconciled.filter((r) => r.startsWith("b:"))).toEqual([]);
    // A clean stop releases the Lease: b takes over without waiting out its duration.
    await a.stop();
    await runA;
    await b.elected();
    await eventually("b reconciles", async () => (reconciled.includes("b:le") ? true : undefined));
    await b.stop();
    await expect(runB).resolves.toBeUndefined();
  });

  it("applies with a field owner and patches status through the helpers, on a custom resource", async () => {
    const mgr = new Manager({ restConfig: cp.restConfig });
    const cms = mgr.client(ConfigMapKind, "default");
    const applied = await apply(
      cms,
      { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "ssa", namespace: "default" }, data: { a: "1" } },
      "fw-owner",
    );
    expect(applied.data).toEqual({ a: "1" });
    expect(applied.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([["fw-owner", "Apply"]]);
    // A field another manager set is taken over with force (the default).
    await cms.patch("ssa", "application/merge-patch+json", { data: { a: "2" } }, { fieldManager: "someone" });
    expect(
      (
        await apply(
          cms,
          { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "ssa", namespace: "default" }, data: { a: "3" } },
          "fw-owner",
        )
      ).data,
    ).toEqual({ a: "3" });

    const widgets = mgr.client(WidgetKind, "default");
    const created = await createOrPatch(widgets, { metadata: { name: "patched", namespace: "default" }, spec: { message: "m" } }, (w) => {
      w.status = { configMapName: "x" };
    });
    expect(created.result).toBe("created");
    expect(created.object.status).toEqual({ configMapName: "x" });
    const changed = await createOrPatch(widgets, { metadata: { name: "patched", namespace: "default" } }, (w) => {
      w.status = { ...w.status, observedGeneration: 7 };
    });
    expect(changed.result).toBe("updatedStatusOnly");
    expect(changed.object.status).toEqual({ configMapName: "x", observedGeneration: 7 });
    await mgr.stop();
  });

  it("refuses a manifest that is not a CRD, naming the file", () => {
    expect(() => readCRDs("examples/widget/api/widgets/v1/doc.ts")).toThrow();
    expect(() => readCRDs(path.join("test", "fixtures", "missing.yaml"))).toThrow(/ENOENT/);
  });

  it("runs under node's own test runner and removes its data folder", async () => {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "--test", "--test-reporter=tap", "test/framework/node/control-plane.node-test.ts"],
      { timeout: 120_000 },
    );
    expect(stdout).toMatch(/# pass 1/);
    expect(stdout).toMatch(/# fail 0/);
  }, 120_000);

  it("stop() shuts both down and removes the temporary folder", async () => {
    const other = await startControlPlane({ controllers: [] });
    expect(existsSync(other.dataDir)).toBe(true);
    expect(other.controllerManager.started).toEqual([]);
    await other.stop();
    expect(existsSync(other.dataDir)).toBe(false);
    await expect(other.clientset.coreV1().namespaces().list()).rejects.toThrow();
  });
});
