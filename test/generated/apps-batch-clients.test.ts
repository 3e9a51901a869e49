/**
 * The typed clients, listers and informers of apps/v1 and batch/v1 (generated from the imported
 * API) against the FakeClientset: a Deployment and a Job created, updated (status too), listed by
 * label, watched through an informer into its lister, and deleted; a CronJob's job template
 * survives a round trip through the client untouched.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Deployment } from "../../generated/apis/apps/v1/index.js";
import type { CronJob, Job } from "../../generated/apis/batch/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { isNotFound } from "../../runtime/rest/index.js";
import { until } from "../support/wait.js";

const factories: SharedInformerFactory[] = [];
afterEach(async () => {
  await Promise.all(factories.splice(0).map((f) => f.shutdown()));
});

const podTemplate = (app: string) => ({
  metadata: { labels: { app } },
  spec: {
    containers: [{ name: "main", image: "registry.example/app:1", ports: [{ containerPort: 8080, protocol: "TCP" as const }] }],
    restartPolicy: "Never" as const,
  },
});

const deployment = (name: string, app: string): Deployment => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { namespace: "prod", name, labels: { app } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app } },
    template: { ...podTemplate(app), spec: { ...podTemplate(app).spec, restartPolicy: "Always" } },
  },
});

const job = (name: string): Job => ({
  apiVersion: "batch/v1",
  kind: "Job",
  metadata: { namespace: "prod", name, labels: { kind: "batch" } },
  spec: { backoffLimit: 3, completions: 1, template: podTemplate(name) },
});

describe("apps/v1 and batch/v1 typed clients", () => {
  it("create, get, update, updateStatus, list by label and delete a Deployment", async () => {
    const cs = new FakeClientset();
    const deployments = cs.appsV1().deployments("prod");
    const created = await deployments.create(deployment("web", "web"));
    expect(created.spec?.template.spec?.containers[0]?.image).toBe("registry.example/app:1");
    await deployments.create(deployment("api", "api"));
    const got = await deployments.get("web");
    await deployments.update({ ...got, spec: { ...got.spec!, replicas: 5 } });
    await deployments.updateStatus({ ...(await deployments.get("web")), status: { replicas: 5, readyReplicas: 4 } });
    const after = await deployments.get("web");
    expect(after.spec?.replicas).toBe(5);
    expect(after.status).toMatchObject({ replicas: 5, readyReplicas: 4 });
    const web = await deployments.list({ labelSelector: "app=web" });
    expect(web.items.map((d) => d.metadata?.name)).toEqual(["web"]);
    await deployments.delete("web");
    await expect(deployments.get("web")).rejects.toSatisfy(isNotFound);
    expect((await deployments.list()).items.map((d) => d.metadata?.name)).toEqual(["api"]);
  });

  it("a CronJob's job template round-trips through the client", async () => {
    const cs = new FakeClientset();
    const cron: CronJob = {
      apiVersion: "batch/v1",
      kind: "CronJob",
      metadata: { namespace: "prod", name: "nightly" },
      spec: { schedule: "0 3 * * *", concurrencyPolicy: "Forbid", jobTemplate: { spec: job("x").spec! } },
    };
    await cs.batchV1().cronJobs("prod").create(cron);
    const got = await cs.batchV1().cronJobs("prod").get("nightly");
    expect(got.spec).toEqual(cron.spec);
  });
});

describe("apps/v1 and batch/v1 informers and listers", () => {
  it("sync Deployments and Jobs into listers and follow later changes", async () => {
    const cs = new FakeClientset(deployment("web", "web"), job("migrate"));
    const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
    factories.push(factory);
    const deployments = factory.appsV1().deployments();
    const jobs = factory.batchV1().jobs();
    const seen: string[] = [];
    jobs.informer().addEventHandler({
      onAdd: (obj) => void seen.push(`add ${obj.metadata?.name}`),
      onUpdate: (_old, obj) => void seen.push(`update ${obj.metadata?.name} ${obj.status?.succeeded ?? 0}`),
    });
    deployments.informer(); // an informer runs once asked for, as client-go's do
    const ctl = new AbortController();
    factory.start(ctl.signal);
    const synced = await factory.waitForCacheSync(AbortSignal.timeout(2000));
    expect([...synced].sort()).toEqual([
      ["apps/v1/Deployment", true],
      ["batch/v1/Job", true],
    ]);
    expect(deployments.lister().deployments("prod").get("web").spec?.replicas).toBe(2);
    expect(
      jobs
        .lister()
        .jobs("prod")
        .list("kind=batch")
        .map((j) => j.metadata?.name),
    ).toEqual(["migrate"]);

    await cs.batchV1().jobs("prod").create(job("backfill"));
    const migrate = await cs.batchV1().jobs("prod").get("migrate");
    await cs
      .batchV1()
      .jobs("prod")
      .updateStatus({ ...migrate, status: { succeeded: 1 } });
    await cs.appsV1().deployments("prod").delete("web");
    await until(() => seen.length === 3 && deployments.lister().list().length === 0);
    expect(seen).toEqual(["add migrate", "add backfill", "update migrate 1"]);
    expect(
      jobs
        .lister()
        .list()
        .map((j) => j.metadata?.name)
        .sort(),
    ).toEqual(["backfill", "migrate"]);
    expect(() => deployments.lister().deployments("prod").get("web")).toThrow('deployment.apps "web" not found');
  });
});
