/**
 * The CronTab example: its controller converges status on the generated fake clientset, and on
 * our apiserver serving stable.example.com compiled in (runAPIServer with apiGroups), where the
 * group is in discovery beside the built-ins, kubectl prints its columns, and status writes go
 * through the status subresource; and the generated CRD manifest applied with kubectl to our
 * apiserver enforces the validation markers, applies defaults and serves scale.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runAPIServer } from "../../apiserver/server/run.js";
import { CronTabController, selectorFor } from "../../examples/crontab/controller.js";
import type { CronTab } from "../../examples/crontab/api/stable/v1/types.js";
import { scheme as crontabScheme } from "../../examples/crontab/generated/apis/register.js";
import { Clientset } from "../../examples/crontab/generated/clientset/index.js";
import { FakeClientset } from "../../examples/crontab/generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../examples/crontab/generated/informers/index.js";
import { mergeSchemes, Scheme } from "../../runtime/scheme.js";
import { scheme as builtinScheme } from "../../generated/apis/register.js";

const run = promisify(execFile);

async function eventually<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const cronTab = (name: string, replicas?: number): CronTab => ({
  apiVersion: "stable.example.com/v1",
  kind: "CronTab",
  metadata: { name, namespace: "default" },
  spec: { cronSpec: "* * * * */5", image: "my-awesome-cron-image", ...(replicas !== undefined ? { replicas } : {}) },
});

describe("CronTab example controller", () => {
  it("sets status from spec on the fake clientset", async () => {
    const client = new FakeClientset(cronTab("a", 3), cronTab("b"));
    const factory = new SharedInformerFactory(client);
    const controller = new CronTabController(client, factory);
    const stop = new AbortController();
    factory.start(stop.signal);
    const running = controller.run(stop.signal);
    try {
      const a = await eventually(async () => {
        const got = await client.stableV1().cronTabs("default").get("a");
        return got.status?.replicas === 3 ? got : undefined;
      });
      expect(a.status).toEqual({ replicas: 3, labelSelector: "crontab=a" });
      const b = await eventually(async () => {
        const got = await client.stableV1().cronTabs("default").get("b");
        return got.status?.replicas !== undefined ? got : undefined;
      });
      expect(b.status).toEqual({ replicas: 1, labelSelector: selectorFor(b) });
      // A spec change is seen through the watch and followed.
      await client.stableV1().cronTabs("default").update({ ...a, spec: { ...a.spec!, replicas: 5 } });
      await eventually(async () => ((await client.stableV1().cronTabs("default").get("a")).status?.replicas === 5 ? true : undefined));
      const writes = client.actions().filter((x) => x.verb === "update" && x.subresource === "status");
      expect(writes.length).toBe(3);
    } finally {
      stop.abort();
      await running;
    }
  });

  it("serves stable.example.com compiled in beside the built-ins and converges against it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-crontab-"));
    const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", apiGroups: [crontabScheme], log: () => {} });
    const stop = new AbortController();
    try {
      // The typed client speaks protobuf through the example's generated codecs; discovery reads JSON.
      const client = Clientset.fromKubeconfig({ path: server.kubeconfig }, { contentType: "application/vnd.kubernetes.protobuf" });
      const discovery = Clientset.fromKubeconfig({ path: server.kubeconfig }).discovery();
      const groups = await discovery.serverGroups();
      const names = groups.groups.map((g) => g.name);
      expect(names).toContain("stable.example.com");
      expect(names).toContain("rbac.authorization.k8s.io");
      const resources = await discovery.serverResourcesForGroupVersion("stable.example.com/v1");
      expect(resources.resources.find((r) => r.name === "crontabs")).toMatchObject({ kind: "CronTab", namespaced: true, shortNames: ["ct"] });

      const cronTabs = client.stableV1().cronTabs("default");
      await cronTabs.create(cronTab("my-new-cron-object", 2));
      const factory = new SharedInformerFactory(client);
      const controller = new CronTabController(client, factory);
      factory.start(stop.signal);
      const running = controller.run(stop.signal);
      const done = await eventually(async () => {
        const got = await cronTabs.get("my-new-cron-object");
        return got.status?.replicas === 2 ? got : undefined;
      });
      expect(done.status).toEqual({ replicas: 2, labelSelector: "crontab=my-new-cron-object" });
      // Writes to the main resource leave status alone: the status subresource owns it.
      const put = await cronTabs.update({ ...done, status: { replicas: 99 } });
      expect(put.status?.replicas).toBe(2);

      // kubectl finds the group by short name and prints the declared columns.
      const kubectl = (...args: string[]): Promise<string> =>
        run("kubectl", ["--kubeconfig", server.kubeconfig, ...args], { timeout: 30_000 }).then((r) => r.stdout);
      const table = (await kubectl("get", "ct", "-n", "default")).trim().split("\n");
      expect(table[0]!.split(/\s{2,}/)).toEqual(["NAME", "SPEC", "REPLICAS", "AGE"]);
      expect(table[1]!.split(/\s{2,}/).slice(0, 3)).toEqual(["my-new-cron-object", "* * * * */5", "2"]);
      expect(await kubectl("get", "crontabs.stable.example.com", "my-new-cron-object", "-n", "default", "-o", "jsonpath={.status.labelSelector}")).toBe(
        "crontab=my-new-cron-object",
      );
      stop.abort();
      await running;
    } finally {
      stop.abort();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("applies the generated CRD manifest to our apiserver: markers enforced, defaults, columns, scale", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-crontab-crd-"));
    const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", log: () => {} });
    const kubectl = async (...args: string[]): Promise<{ code: number; out: string }> => {
      try {
        const r = await run("kubectl", ["--kubeconfig", server.kubeconfig, ...args], { timeout: 30_000 });
        return { code: 0, out: r.stdout };
      } catch (e) {
        const err = e as { code?: number; stderr?: string };
        return { code: err.code ?? 1, out: err.stderr ?? "" };
      }
    };
    const manifest = (name: string, spec: string): string => {
      const file = path.join(dataDir, `${name}.yaml`);
      fs.writeFileSync(file, `apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n${spec}`);
      return file;
    };
    try {
      const crd = path.resolve("examples/crontab/generated/crds/stable.example.com_crontabs.yaml");
      expect((await kubectl("apply", "-f", crd)).code).toBe(0);
      expect((await kubectl("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=20s")).code).toBe(0);

      const bad = await kubectl("create", "-f", manifest("bad", "  cronSpec: nope\n  replicas: 11\n"));
      expect(bad.code).not.toBe(0);
      expect(bad.out).toContain('The CronTab "bad" is invalid');
      expect(bad.out).toContain("spec.cronSpec: Invalid value");
      expect(bad.out).toContain("spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10");

      expect((await kubectl("create", "-f", manifest("good", "  cronSpec: '* * * * */5'\n  image: my-awesome-cron-image\n"))).code).toBe(0);
      // +kubebuilder:default=1 applied by the server.
      expect((await kubectl("get", "ct", "good", "-n", "default", "-o", "jsonpath={.spec.replicas}")).out).toBe("1");
      const table = (await kubectl("get", "ct", "-n", "default")).out.trim().split("\n");
      expect(table[0]!.split(/\s{2,}/)).toEqual(["NAME", "SPEC", "REPLICAS", "AGE"]);
      expect((await kubectl("scale", "ct", "good", "-n", "default", "--replicas=3")).code).toBe(0);
      expect((await kubectl("get", "ct", "good", "-n", "default", "-o", "jsonpath={.spec.replicas}")).out).toBe("3");
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("merges schemes: the user's meta/v1 registration is the built-in one, other clashes throw", () => {
    const merged = mergeSchemes(builtinScheme, crontabScheme);
    expect(merged.recognizes({ group: "stable.example.com", version: "v1", kind: "CronTab" })).toBe(true);
    expect(merged.recognizes({ group: "", version: "v1", kind: "Namespace" })).toBe(true);
    expect(merged.groupVersions().filter((gv) => gv.group === "meta.k8s.io")).toHaveLength(1);
    const clash = new Scheme();
    clash.addKnownTypes({ group: "stable.example.com", version: "v1" }, [{ kind: "CronTab" }]);
    expect(() => mergeSchemes(crontabScheme, clash)).toThrow(/kind CronTab is already registered in stable.example.com\/v1/);
  });
});
