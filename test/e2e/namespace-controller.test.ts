/**
 * Seed 003's flow with the real kubectl against `kubegen up` spawned as a process (apiserver and
 * controller-manager in one): create a namespace, a Role, a ConfigMap and a PVC in it, `kubectl delete
 * ns` returns once the namespace is gone (the default 5 s grace period included), and its
 * content is gone with it; the same for a CronTab from seed 003's CRD. Two `kubegen
 * controller-manager` processes: one leads, and when it is SIGKILLed the other takes the lease
 * once it expires. Then SIGTERM stops controllers and apiserver cleanly.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../support/apiserver-process.js";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

const e2e = kubectlServer("kubegen-up-e2e-", {
  enabled: kubectlAvailable,
  // The kubernetes Service's endpoints are another test's subject.
  spawn: { command: "up", extraArgs: ["--endpoint-reconciler-type", "none"] },
});
const { kubectl } = e2e;

describeWithTools(["kubectl"], "kubegen up: the namespace controller with kubectl (seed 003)", () => {
  it("deleting a namespace deletes its Role, ConfigMap and PVC, and kubectl delete returns once it is gone", async () => {
    expect((await kubectl("create", "ns", "liuxiang3")).stdout).toContain("namespace/liuxiang3 created");
    const role = await kubectl(
      "create",
      "role",
      "roletest",
      "--verb=create,list,watch,get",
      "--resource=configmaps,secrets",
      "-n",
      "liuxiang3",
    );
    expect(role.stdout).toContain("role.rbac.authorization.k8s.io/roletest created");
    expect((await kubectl("create", "configmap", "settings", "--from-literal=a=b", "-n", "liuxiang3")).code).toBe(0);
    // A claim carries StorageObjectInUseProtection's finalizer, which the pvc-protection controller takes off.
    const claim = e2e.file(
      "claim.yaml",
      "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\n  namespace: liuxiang3\nspec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n",
    );
    expect((await kubectl("apply", "-f", claim)).code).toBe(0);
    expect((await kubectl("get", "role", "roletest", "-n", "liuxiang3", "-o", "name")).stdout.trim()).toBe(
      "role.rbac.authorization.k8s.io/roletest",
    );

    const started = performance.now();
    const del = await kubectl("delete", "ns", "liuxiang3");
    const ms = performance.now() - started;
    expect(del.code).toBe(0);
    expect(del.stdout).toContain('namespace "liuxiang3" deleted');
    // kubectl waits for the namespace to be gone: the 5 s grace period, then one pass.
    expect(ms).toBeGreaterThan(4_500);

    const ns = await kubectl("get", "ns", "liuxiang3");
    expect(ns.code).not.toBe(0);
    expect(ns.stderr).toContain('Error from server (NotFound): namespaces "liuxiang3" not found');
    const after = await kubectl("get", "role", "roletest", "-o", "yaml", "-n", "liuxiang3");
    expect(after.code).not.toBe(0);
    expect(after.stderr).toContain('Error from server (NotFound): namespaces "liuxiang3" not found');
    const cms = await kubectl("get", "configmaps", "-n", "liuxiang3", "-o", "name");
    expect(cms.stdout.trim()).toBe("");
    expect((await kubectl("get", "pvc", "-n", "liuxiang3", "-o", "name")).stdout.trim()).toBe("");
  }, 60_000);

  it("deleting a namespace deletes its custom resources (a CronTab from a CRD)", async () => {
    const crd = path.join(ROOT, "examples/crontab/generated/crds/stable.example.com_crontabs.yaml");
    expect((await kubectl("apply", "-f", crd)).code).toBe(0);
    expect((await kubectl("create", "ns", "liuxiang3")).code).toBe(0);
    const cr = e2e.file(
      "cr.yaml",
      'apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: my-new-cron-object\n  namespace: liuxiang3\nspec:\n  cronSpec: "* * * * */5"\n  image: my-awesome-cron-image\n',
    );
    // The CRD's resource may take a moment to be served.
    let applied = await kubectl("apply", "-f", cr);
    for (let i = 0; i < 50 && applied.code !== 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      applied = await kubectl("apply", "-f", cr);
    }
    expect(applied.stdout).toContain("crontab.stable.example.com/my-new-cron-object created");
    expect((await kubectl("get", "crontab", "my-new-cron-object", "-n", "liuxiang3", "-o", "name")).code).toBe(0);

    expect((await kubectl("delete", "ns", "liuxiang3")).code).toBe(0);
    const after = await kubectl("get", "crontab", "my-new-cron-object", "-n", "liuxiang3");
    expect(after.stderr).toContain('Error from server (NotFound): namespaces "liuxiang3" not found');
    // Deleted, not merely hidden: a namespace of the same name starts empty.
    expect((await kubectl("create", "ns", "liuxiang3")).code).toBe(0);
    expect((await kubectl("get", "crontabs", "-n", "liuxiang3", "-o", "name")).stdout.trim()).toBe("");
    expect((await kubectl("delete", "ns", "liuxiang3")).code).toBe(0);
    expect((await kubectl("delete", "-f", crd)).code).toBe(0);
  }, 90_000);

  it("two controller-manager processes: one leads; when it is killed the other takes over after the lease expires", async () => {
    const lease = "e2e-controller-manager";
    const args = [
      "--kubeconfig",
      e2e.kubeconfig,
      `--leader-elect-resource-name=${lease}`,
      "--leader-elect-lease-duration=2s",
      "--leader-elect-renew-deadline=1500ms",
      "--leader-elect-retry-period=250ms",
    ];
    const spawnManager = (): { child: ChildProcess; identity: Promise<string>; output: () => string } => {
      const child = spawn(process.execPath, ["bin/kubegen.js", "controller-manager", ...args], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      const identity = new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /kubegen controller-manager (\S+): controllers/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.once("exit", (code) => reject(new Error(`controller-manager exited with ${code}: ${out}`)));
      });
      identity.catch(() => {});
      return { child, identity, output: () => out };
    };
    const holder = async (): Promise<string> =>
      (await kubectl("get", "lease", lease, "-n", "kube-system", "-o", "jsonpath={.spec.holderIdentity}")).stdout.trim();
    const waitFor = async (want: string, ms: number): Promise<number> => {
      const start = performance.now();
      while ((await holder()) !== want) {
        if (performance.now() - start > ms) throw new Error(`lease holder is ${await holder()}, not ${want}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return performance.now() - start;
    };
    const a = spawnManager();
    const idA = await a.identity;
    await waitFor(idA, 15_000);
    const b = spawnManager();
    const idB = await b.identity;
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await holder()).toBe(idA);
      expect(b.output()).not.toContain("Starting controller");

      a.child.kill("SIGKILL");
      // Nobody releases the lease: B waits for it to expire (2 s), then leads and starts its controllers.
      const took = await waitFor(idB, 15_000);
      expect(took).toBeGreaterThan(1_000);
      const start = performance.now();
      while (!b.output().includes("Starting controller namespace-controller") && performance.now() - start < 5_000)
        await new Promise((r) => setTimeout(r, 50));
      expect(b.output()).toContain("Starting controller namespace-controller");
    } finally {
      a.child.kill("SIGKILL");
      const exited = new Promise((r) => (b.child.exitCode !== null ? r(b.child.exitCode) : b.child.once("exit", r)));
      b.child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  }, 60_000);

  it("stops on SIGTERM with exit code 0", async () => {
    expect(await e2e.server.stop()).toBe(0);
  }, 20_000);
});
