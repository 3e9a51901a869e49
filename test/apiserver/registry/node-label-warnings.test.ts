/**
 * Issue #16, session 18: deprecated node-label warnings of StorageClasses (allowedTopologies),
 * CSIStorageCapacities (nodeTopology) and RuntimeClasses (scheduling.nodeSelector), as upstream's
 * pkg/api/storage/util.go and pkg/api/node/util.go word them, returned by the strategies on
 * create and on every update; the table is the one Pods share.
 */
import { describe, expect, it } from "vitest";
import { csiStorageCapacityStrategy } from "../../../apiserver/registry/resources/csistoragecapacities/strategy.js";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { runtimeClassStrategy } from "../../../apiserver/registry/resources/runtimeclasses/strategy.js";
import { storageClassStrategy } from "../../../apiserver/registry/resources/storageclasses/strategy.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const OS = 'deprecated since v1.14; use "kubernetes.io/os" instead';
const ZONE = 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead';
const MASTER = 'use "node-role.kubernetes.io/control-plane" instead';

const storageClass = (allowedTopologies: unknown): KubeObject => ({
  apiVersion: "storage.k8s.io/v1",
  kind: "StorageClass",
  metadata: { name: "sc" },
  provisioner: "csi.example.com",
  allowedTopologies,
});

const term = (...keys: string[]) => ({ matchLabelExpressions: keys.map((key) => ({ key, values: ["a"] })) });

describe("StorageClass allowedTopologies (GetWarningsForStorageClass)", () => {
  it("names the key's path and gives the message alone, on create and update", () => {
    const sc = storageClass([
      term("topology.kubernetes.io/zone"),
      term("kubernetes.io/hostname", "failure-domain.beta.kubernetes.io/zone"),
    ]);
    const want = [`allowedTopologies[1].matchLabelExpressions[1].key: ${ZONE}`];
    expect(storageClassStrategy.warningsOnCreate?.(sc)).toEqual(want);
    // An update warns of the new object whatever the old one held.
    expect(storageClassStrategy.warningsOnUpdate?.(sc, sc)).toEqual(want);
  });

  it("no topologies, current labels or odd shapes: no warning", () => {
    expect(storageClassStrategy.warningsOnCreate?.(storageClass(undefined))).toEqual([]);
    expect(storageClassStrategy.warningsOnCreate?.(storageClass([term("topology.kubernetes.io/zone")]))).toEqual([]);
    expect(storageClassStrategy.warningsOnCreate?.(storageClass([null, { matchLabelExpressions: "x" }]))).toEqual([]);
  });
});

describe("CSIStorageCapacity nodeTopology (GetWarningsForCSIStorageCapacity)", () => {
  const csc = (nodeTopology: unknown): KubeObject => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "CSIStorageCapacity",
    metadata: { name: "c", namespace: "default" },
    storageClassName: "sc",
    nodeTopology,
  });

  it("expressions say `<key> is <message>` at the key; matchLabels name the label as a child", () => {
    const obj = csc({
      matchExpressions: [
        { key: "kubernetes.io/os", operator: "Exists" },
        { key: "beta.kubernetes.io/os", operator: "Exists" },
      ],
      matchLabels: { "failure-domain.beta.kubernetes.io/zone": "a", "kubernetes.io/hostname": "n" },
    });
    const want = [
      `nodeTopology.matchExpressions[1].key: beta.kubernetes.io/os is ${OS}`,
      `nodeTopology.matchLabels.failure-domain.beta.kubernetes.io/zone: ${ZONE}`,
    ];
    expect(csiStorageCapacityStrategy.warningsOnCreate?.(obj)).toEqual(want);
    expect(csiStorageCapacityStrategy.warningsOnUpdate?.(obj, obj)).toEqual(want);
  });

  it("no nodeTopology: no warning", () => {
    expect(csiStorageCapacityStrategy.warningsOnCreate?.(csc(undefined))).toEqual([]);
  });
});

describe("RuntimeClass scheduling.nodeSelector (GetWarningsForRuntimeClass)", () => {
  const rc = (scheduling: unknown): KubeObject => ({
    apiVersion: "node.k8s.io/v1",
    kind: "RuntimeClass",
    metadata: { name: "rc" },
    handler: "runc",
    scheduling,
  });

  it("one line per deprecated key, each at scheduling.nodeSelector", () => {
    const obj = rc({ nodeSelector: { "beta.kubernetes.io/arch": "amd64", "kubernetes.io/os": "linux", "beta.kubernetes.io/os": "linux" } });
    const want = ['scheduling.nodeSelector: deprecated since v1.14; use "kubernetes.io/arch" instead', `scheduling.nodeSelector: ${OS}`];
    expect(runtimeClassStrategy.warningsOnCreate?.(obj)).toEqual(want);
    expect(runtimeClassStrategy.warningsOnUpdate?.(obj, rc(undefined))).toEqual(want);
  });

  it("the labels upstream added to the table later (master role, created-by, preferAvoidPods)", () => {
    const obj = rc({
      nodeSelector: {
        "node-role.kubernetes.io/master": "",
        "app.kubernetes.io/created-by": "x",
        "scheduler.alpha.kubernetes.io/preferAvoidPods": "x",
      },
    });
    expect(runtimeClassStrategy.warningsOnCreate?.(obj)).toEqual([
      `scheduling.nodeSelector: ${MASTER}`,
      "scheduling.nodeSelector: deprecated since v1.9",
      "scheduling.nodeSelector: deprecated since v1.22; use Taints and Tolerations instead",
    ]);
  });

  it("no scheduling or no nodeSelector: no warning", () => {
    expect(runtimeClassStrategy.warningsOnCreate?.(rc(undefined))).toEqual([]);
    expect(runtimeClassStrategy.warningsOnCreate?.(rc({ tolerations: [] }))).toEqual([]);
  });
});

describe("the shared table reaches Pods too", () => {
  it("a Pod's node selector with the master role label warns as upstream's", () => {
    const pod: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p", namespace: "default" },
      spec: { containers: [{ name: "c", image: "i" }], nodeSelector: { "node-role.kubernetes.io/master": "" } },
    };
    expect(podStrategy.warningsOnCreate?.(pod)).toContain(`spec.nodeSelector[node-role.kubernetes.io/master]: ${MASTER}`);
  });
});
