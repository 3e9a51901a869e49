/**
 * The aggregator's parts that need no server: discovery of remote groups placed among the local
 * ones by groupPriorityMinimum and their versions by versionPriority, kept Stale when the
 * extension stops answering; Kubernetes' version order; and APIService validation.
 */
import { describe, expect, it } from "vitest";
import { APIServiceTable, type APIService } from "../../../apiserver/aggregator/apiservices.js";
import { RemoteDiscovery } from "../../../apiserver/aggregator/discovery.js";
import { compareKubeAwareVersions } from "../../../runtime/version-priority.js";
import { validateAPIService } from "../../../apiserver/registry/resources/apiservices/strategy.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const apiService = (group: string, version: string, groupPriorityMinimum: number, versionPriority: number, remote = true): APIService => ({
  metadata: { name: `${version}.${group}` },
  spec: {
    group,
    version,
    groupPriorityMinimum,
    versionPriority,
    ...(remote && { service: { namespace: "ns", name: "svc", port: 443 } }),
  } as APIService["spec"],
});

function table(...items: APIService[]): APIServiceTable {
  const t = new APIServiceTable();
  for (const i of items) t.apply(i as KubeObject);
  return t;
}

const aggregated = (group: string, versions: string[]) =>
  Buffer.from(
    JSON.stringify({
      kind: "APIGroupDiscoveryList",
      items: [
        {
          metadata: { name: group },
          versions: versions.map((version) => ({ version, resources: [{ resource: "things" }], freshness: "Current" })),
        },
      ],
    }),
  );

describe("RemoteDiscovery", () => {
  const t = table(
    apiService("apps", "v1", 17800, 15, false),
    apiService("batch", "v1", 17400, 15, false),
    apiService("metrics.k8s.io", "v1beta1", 17500, 10),
    apiService("zz.example.com", "v1", 100, 15),
    apiService("zz.example.com", "v2", 100, 20),
    apiService("zz.example.com", "v1beta1", 100, 20),
  );
  const d = new RemoteDiscovery(t);
  const local = [
    { name: "apps", versions: [{ groupVersion: "apps/v1", version: "v1" }], preferredVersion: { groupVersion: "apps/v1", version: "v1" } },
    {
      name: "batch",
      versions: [{ groupVersion: "batch/v1", version: "v1" }],
      preferredVersion: { groupVersion: "batch/v1", version: "v1" },
    },
  ];

  it("places remote groups by priority and orders their versions", () => {
    const merged = d.mergeGroupList(local);
    expect(merged.map((g) => g.name)).toEqual(["apps", "metrics.k8s.io", "batch", "zz.example.com"]);
    expect(merged[3]!.versions.map((v) => v.version)).toEqual(["v2", "v1beta1", "v1"]);
    expect(merged[3]!.preferredVersion?.version).toBe("v2");
  });

  it("adds the extension's aggregated entries, and marks them Stale when it stops answering", () => {
    const before = d.generation;
    d.update(t.get("v1beta1.metrics.k8s.io")!, aggregated("metrics.k8s.io", ["v1beta1"]));
    expect(d.generation).not.toBe(before);
    const items = d.mergeAggregated([{ metadata: { name: "apps" } }, { metadata: { name: "batch" } }]);
    expect(items.map((i) => (i.metadata as { name: string }).name)).toEqual(["apps", "metrics.k8s.io", "batch"]);
    expect(items[1]).toEqual({
      metadata: { name: "metrics.k8s.io", creationTimestamp: null },
      versions: [{ version: "v1beta1", resources: [{ resource: "things" }], freshness: "Current" }],
    });
    d.markStale(t.get("v1beta1.metrics.k8s.io")!);
    expect((d.mergeAggregated([])[0]!.versions as { freshness: string }[])[0]!.freshness).toBe("Stale");
    // A version the extension does not serve is not invented.
    d.update(t.get("v1.zz.example.com")!, aggregated("zz.example.com", ["v9"]));
    expect(d.mergeAggregated([]).map((i) => (i.metadata as { name: string }).name)).toEqual(["metrics.k8s.io"]);
  });
});

describe("compareKubeAwareVersions", () => {
  it("sorts as upstream's example", () => {
    const sorted = ["v1", "v10", "foo10", "v11beta2", "v12alpha1", "v11alpha2", "v2", "foo1", "v10beta3", "v3beta1"].sort(
      compareKubeAwareVersions,
    );
    expect(sorted).toEqual(["v10", "v2", "v1", "v11beta2", "v10beta3", "v3beta1", "v12alpha1", "v11alpha2", "foo1", "foo10"]);
  });
});

describe("APIService validation", () => {
  const messages = (obj: APIService) => validateAPIService(obj as KubeObject).map((e) => `${e.field}: ${e.detail}`);

  it("accepts a remote and a local APIService", () => {
    expect(messages(apiService("widgets.example.com", "v1", 1000, 15))).toEqual([]);
    expect(messages(apiService("", "v1", 18000, 1, false))).toEqual([]);
  });

  it("refuses what upstream refuses", () => {
    const bad = apiService("widgets.example.com", "v1", 0, 1000);
    bad.metadata!.name = "v2.widgets.example.com";
    bad.spec!.insecureSkipTLSVerify = true;
    bad.spec!.caBundle = "Zm9v";
    bad.spec!.service = { namespace: "", name: "", port: 70000 };
    expect(messages(bad)).toEqual([
      'metadata.name: must be `spec.version+"."+spec.group`: "v1.widgets.example.com"',
      "spec.groupPriorityMinimum: must be positive and less than 20000",
      "spec.versionPriority: must be positive and less than 1000",
      "spec.service.namespace: ",
      "spec.service.name: ",
      "spec.service.port: must be between 1 and 65535, inclusive",
      "spec.insecureSkipTLSVerify: may not be true if caBundle is present",
    ]);
    expect(messages(apiService("", "v2", 18000, 1, false))).toEqual([
      "spec.group: only v1 may have an empty group and it better be legacy kube",
    ]);
    const local = apiService("apps", "v1", 17800, 15, false);
    local.spec!.caBundle = "Zm9v";
    expect(messages(local)).toEqual(["spec.caBundle: local APIServices may not have a caBundle"]);
  });
});
