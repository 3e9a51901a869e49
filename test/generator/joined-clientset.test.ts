/**
 * A user's generated API joins the built-in one (issue 15): the CronTab example's Clientset,
 * FakeClientset and SharedInformerFactory extend the built-in ones, so one object serves the
 * built-in group-versions and the user's, over one REST client, one tracker and one factory.
 */
import { describe, expect, it } from "vitest";
import type { CronTab } from "../../examples/crontab/api/stable/v1/types.js";
import { Clientset, clientScheme } from "../../examples/crontab/generated/clientset/index.js";
import { FakeClientset } from "../../examples/crontab/generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../examples/crontab/generated/informers/index.js";
import type { ConfigMap } from "../../api/core/v1/config.js";
import { Clientset as BuiltinClientset, type ClientsetInterface as BuiltinClientsetInterface } from "../../generated/clientset/index.js";
import { FakeClientset as BuiltinFakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory as BuiltinSharedInformerFactory } from "../../generated/informers/index.js";

const configMap: ConfigMap = {
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name: "settings", namespace: "demo" },
  data: { schedule: "*/5 * * * *" },
};
const cronTab: CronTab = {
  apiVersion: "stable.example.com/v1",
  kind: "CronTab",
  metadata: { name: "backup", namespace: "demo" },
  spec: { cronSpec: "*/5 * * * *", image: "backup:1", replicas: 2 },
};

describe("a user's clientset joined to the built-in one", () => {
  it("is a built-in Clientset with the user's group-versions, on one REST client", () => {
    const cs = new Clientset({ server: "https://127.0.0.1:1" });
    expect(cs).toBeInstanceOf(BuiltinClientset);
    // Usable wherever the built-in interface is asked for.
    const builtin: BuiltinClientsetInterface = cs;
    expect(typeof builtin.appsV1().deployments("demo").list).toBe("function");
    expect(typeof cs.stableV1().cronTabs("demo").list).toBe("function");
    // Its own factories, which return the joined clientset.
    expect(Object.hasOwn(Clientset, "fromKubeconfig") && Object.hasOwn(Clientset, "inCluster")).toBe(true);
  });

  it("speaks protobuf for both APIs: its scheme holds the built-in kinds and the user's", () => {
    expect(clientScheme.resourceForKind({ group: "", version: "v1", kind: "ConfigMap" })?.plural).toBe("configmaps");
    expect(clientScheme.resourceForKind({ group: "apps", version: "v1", kind: "Deployment" })?.plural).toBe("deployments");
    expect(clientScheme.resourceForKind({ group: "stable.example.com", version: "v1", kind: "CronTab" })?.plural).toBe("crontabs");
  });

  it("its fake serves built-in and user objects from one tracker, recording every call", async () => {
    const fake = new FakeClientset(configMap, cronTab);
    expect(fake).toBeInstanceOf(BuiltinFakeClientset);
    expect((await fake.coreV1().configMaps("demo").get("settings")).data).toEqual(configMap.data);
    expect((await fake.stableV1().cronTabs("demo").get("backup")).spec?.replicas).toBe(2);
    await fake
      .stableV1()
      .cronTabs("demo")
      .create({ ...cronTab, metadata: { name: "second", namespace: "demo" } });
    expect((await fake.stableV1().cronTabs("demo").list()).items.map((c) => c.metadata?.name).sort()).toEqual(["backup", "second"]);
    expect(fake.actions().map((a) => `${a.verb} ${a.resource.resource}`)).toEqual([
      "get configmaps",
      "get crontabs",
      "create crontabs",
      "list crontabs",
    ]);
  });

  it("one informer factory syncs informers of both APIs", async () => {
    const fake = new FakeClientset(configMap, cronTab);
    const factory = new SharedInformerFactory(fake);
    expect(factory).toBeInstanceOf(BuiltinSharedInformerFactory);
    const configMaps = factory.coreV1().configMaps();
    const cronTabs = factory.stableV1().cronTabs();
    configMaps.informer();
    cronTabs.informer();
    const stop = new AbortController();
    try {
      factory.start(stop.signal);
      const synced = await factory.waitForCacheSync(stop.signal);
      expect([...synced.values()]).toEqual([true, true]);
      expect(configMaps.lister().configMaps("demo").get("settings").data).toEqual(configMap.data);
      expect(cronTabs.lister().cronTabs("demo").get("backup").spec?.image).toBe("backup:1");
    } finally {
      stop.abort();
    }
  });
});
