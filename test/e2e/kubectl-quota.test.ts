/**
 * The real kubectl against `kubegen up` (apiserver and controllers on embedded SQLite) for quotas
 * as upstream 1.34 counts them (issue #16): `kubectl create quota --scopes`, a scoped quota that
 * refuses a Pod whose init container needs more than the quota has and admits one whose init
 * container fits, and `kubectl describe quota` showing the usage the resourcequota controller
 * counts (init containers included, the other scope's Pods left out).
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

const NS = "quota";
const ctr = (name: string, cpu: string, memory = "64Mi") => ({
  name,
  image: "busybox",
  resources: { requests: { cpu, memory }, limits: { cpu, memory } },
});
const pod = (name: string, spec: Record<string, unknown>) => ({ apiVersion: "v1", kind: "Pod", metadata: { name, namespace: NS }, spec });

describeWithTools(["kubectl"], "kubectl: quotas with scopes, init containers and describe (issue #16)", () => {
  const { kubectl, ok, file } = kubectlServer("kubegen-e2e-quota-", {
    spawn: { command: "up", extraArgs: ["--endpoint-reconciler-type", "none"] },
    setup: async () => {
      expect((await kubectl("create", "namespace", NS)).code).toBe(0);
      // The serviceaccount controller makes the namespace's default account, which Pods need.
      await eventually(
        `serviceaccount ${NS}/default`,
        async () => (await kubectl("-n", NS, "get", "serviceaccount", "default")).code === 0,
      );
    },
  });
  const create = (name: string, obj: unknown) => kubectl("create", "-f", file(`${name}.json`, JSON.stringify(obj)));

  it("a scoped quota refuses a Pod whose init container needs too much, admits one that fits, and describe shows the usage", async () => {
    expect(await ok("-n", NS, "create", "quota", "best-effort", "--hard=pods=1", "--scopes=BestEffort")).toContain(
      "resourcequota/best-effort created",
    );
    expect(
      await ok("-n", NS, "create", "quota", "compute", "--hard=requests.cpu=1,limits.cpu=2,requests.memory=1Gi", "--scopes=NotBestEffort"),
    ).toContain("resourcequota/compute created");

    const big = await create("big", pod("big-init", { initContainers: [ctr("setup", "1500m")], containers: [ctr("app", "100m")] }));
    expect(big.code).not.toBe(0);
    expect(big.stderr).toContain(
      'pods "big-init" is forbidden: exceeded quota: compute, requested: requests.cpu=1500m, used: requests.cpu=0, limited: requests.cpu=1',
    );
    const noMemory = await create(
      "no-memory",
      pod("no-memory", { containers: [{ name: "app", image: "busybox", resources: { requests: { cpu: "100m" } } }] }),
    );
    expect(noMemory.stderr).toContain(
      'pods "no-memory" is forbidden: failed quota: compute: must specify limits.cpu for: app; requests.memory for: app',
    );

    // The init container (800m) needs more than the app (300m): the Pod uses 800m.
    const fits = await create("fits", pod("fits", { initContainers: [ctr("setup", "800m", "128Mi")], containers: [ctr("app", "300m")] }));
    expect(fits.code, fits.stderr).toBe(0);
    expect((await create("be-1", pod("be-1", { containers: [{ name: "app", image: "busybox" }] }))).code).toBe(0);
    const be2 = await create("be-2", pod("be-2", { containers: [{ name: "app", image: "busybox" }] }));
    expect(be2.stderr).toContain('pods "be-2" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1');

    // The resourcequota controller's counts, as kubectl describe prints them.
    await eventually("describe quota compute showing the init container's need", async () => {
      const d = (await kubectl("-n", NS, "describe", "quota", "compute")).stdout;
      return /requests\.cpu\s+800m\s+1\n/.test(d) && /limits\.cpu\s+800m\s+2\n/.test(d) && /requests\.memory\s+128Mi\s+1Gi\n/.test(d);
    });
    const compute = await ok("-n", NS, "describe", "quota", "compute");
    expect(compute).toMatch(/Scopes:\s+NotBestEffort/);
    await eventually("describe quota best-effort counting one Pod", async () =>
      /pods\s+1\s+1\n/.test((await kubectl("-n", NS, "describe", "quota", "best-effort")).stdout),
    );
    // A delete is the controller's alone to count (admission sees only writes that add).
    expect(await ok("-n", NS, "delete", "pod", "fits", "--wait=false")).toContain('pod "fits" deleted');
    await eventually("describe quota compute back to zero", async () =>
      /requests\.cpu\s+0\s+1\n/.test((await kubectl("-n", NS, "describe", "quota", "compute")).stdout),
    );
  });
});
