/**
 * Pod validation builds a field path only where an error is reported (env key selectors and
 * fieldRefs, volume and projected items, token paths, security context IDs, request comparisons,
 * gates, DNS config, ObjectMeta's lists): the errors, their paths, values, details and order are
 * pinned to what the tree reported before the paths were made lazily (fixtures/pod-lazy-paths).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { validatePodTemplateSpec } from "../../../apiserver/registry/validation/pod.js";
import { FieldPath, type FieldError } from "../../../apiserver/registry/validation/field.js";
import { validateObjectMeta } from "../../../apiserver/registry/validation/object-meta.js";
import { nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const expected = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "../../fixtures/pod-lazy-paths/expected.json"), "utf8"),
) as Record<string, string[]>;

const shown = (errs: readonly FieldError[]) => errs.map((e) => `${e.type} ${e.field} ${JSON.stringify(e.badValue)} ${e.detail}`);

const base = (): P => ({
  metadata: { name: "p", namespace: "ns", labels: { app: "x" } },
  spec: {
    containers: [{ name: "c", image: "i", imagePullPolicy: "Always", terminationMessagePolicy: "File" }],
    restartPolicy: "Always",
    dnsPolicy: "ClusterFirst",
  },
});
type P = { metadata: Record<string, unknown>; spec: { containers: Record<string, unknown>[]; [k: string]: unknown } };
const cases: Record<string, (p: P) => void> = {
  envRefs(p) {
    p.spec.containers[0]!.env = [
      { name: "A", valueFrom: { secretKeyRef: { name: "Bad_Name", key: "..x" } } },
      { name: "B", valueFrom: { configMapKeyRef: { name: "", key: "" } } },
      { name: "C", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "spec.bogus" } } },
      { name: "D", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
      { name: "E", valueFrom: {} },
      { name: "F", value: "x", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } },
      { name: "G", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" }, secretKeyRef: { name: "s", key: "k" } } },
      { name: "H", valueFrom: { configMapKeyRef: { name: "ok", key: "a b" } } },
      { name: "I", valueFrom: { fieldRef: { apiVersion: "v2", fieldPath: "metadata.name" } } },
      { name: "J", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.labels['a']" } } },
    ];
  },
  volumes(p) {
    p.spec.volumes = [
      {
        name: "cm",
        configMap: {
          name: "c",
          items: [
            { key: "", path: "../x" },
            { key: "k", path: "/abs", mode: 4000 },
            { key: "k", path: "a/../b" },
            { key: "k", path: "" },
          ],
        },
      },
      {
        name: "sec",
        secret: {
          secretName: "s",
          items: [
            { key: "k", path: "..x" },
            { key: "k", path: "ok" },
          ],
        },
      },
      {
        name: "dapi",
        downwardAPI: {
          items: [
            { path: "..", fieldRef: { apiVersion: "v1", fieldPath: "spec.nodeName" } },
            { path: "a", fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" }, mode: -1 },
            { path: "b" },
            { path: "c", resourceFieldRef: { resource: "limits.cpu" } },
            {
              path: "d",
              fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" },
              resourceFieldRef: { containerName: "c", resource: "limits.cpu" },
            },
          ],
        },
      },
      {
        name: "proj",
        projected: {
          sources: [
            { serviceAccountToken: { path: "/abs", expirationSeconds: 100 } },
            { serviceAccountToken: { path: "", expirationSeconds: 700 } },
            { serviceAccountToken: { path: "a/../b", expirationSeconds: 700 } },
            {
              configMap: {
                name: "c",
                items: [
                  { key: "", path: "" },
                  { key: "k", path: "x", mode: 1000 },
                ],
              },
            },
            { secret: { name: "s", items: [{ key: "k", path: "../up" }] } },
            {
              downwardAPI: {
                items: [
                  { path: "ns", fieldRef: { apiVersion: "v1", fieldPath: "metadata.namespace" } },
                  { path: "/x", fieldRef: { apiVersion: "v1", fieldPath: "spec.nodeName" } },
                ],
              },
            },
            { configMap: { name: "c", items: "notalist" }, secret: { name: "s" } },
          ],
        },
      },
    ];
  },
  ids(p) {
    p.spec.securityContext = { runAsUser: -1, runAsGroup: 1.5, fsGroup: 2147483648, supplementalGroups: [1, -2, 3] };
    p.spec.containers[0]!.securityContext = { runAsUser: -5, runAsGroup: 3 };
  },
  gates(p) {
    p.spec.readinessGates = [{ conditionType: "bad type" }, { conditionType: "ok" }];
    p.spec.schedulingGates = [{ name: "a" }, { name: "a" }, { name: "b/c/d" }];
  },
  dns(p) {
    p.spec.dnsPolicy = "None";
  },
  dns2(p) {
    p.spec.dnsPolicy = "None";
    p.spec.dnsConfig = { nameservers: ["1.2.3.4", "x"], searches: ["A_b"] };
  },
  dns3(p) {
    p.spec.dnsConfig = { nameservers: ["1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"] };
  },
  resources(p) {
    p.spec.containers[0]!.resources = {
      requests: { cpu: "2", memory: "1Gi", "example.com/gpu": "1" },
      limits: { cpu: "1", memory: "2Gi", "example.com/gpu": "2" },
    };
    p.spec.containers.push({
      name: "d",
      image: "i",
      imagePullPolicy: "Always",
      terminationMessagePolicy: "File",
      resources: { requests: { "example.com/x": "1" } },
    });
  },
  probes(p) {
    p.spec.containers[0]!.livenessProbe = { httpGet: { port: "12" } };
    p.spec.containers[0]!.readinessProbe = { httpGet: { port: "0" } };
    p.spec.containers[0]!.startupProbe = { httpGet: { port: "Bad_Name" } };
    p.spec.containers[0]!.lifecycle = { preStop: { tcpSocket: { port: "99999" } } };
  },
  labels(p) {
    p.metadata.labels = { app: "-bad-", ok: "", long: "a".repeat(64), é: "x" };
    p.spec.nodeSelector = { a: "_x", b: "fine.value" };
    p.spec.tolerations = [
      { key: "k", operator: "Equal", value: "bad value" },
      { key: "k", operator: "Equal", value: "a".repeat(64) },
    ];
  },
  meta(p) {
    p.metadata.finalizers = ["a/b/c"];
    p.metadata.ownerReferences = [{ apiVersion: "", kind: "", name: "", uid: "" }];
    p.metadata.annotations = { "Bad Key": "v" };
  },
};

describe("pod validation with lazily made paths", () => {
  for (const [name, make] of Object.entries(cases)) {
    it(`${name}: the same errors in the same order, as a Pod and as a template`, () => {
      const p = base();
      make(p);
      expect(shown(podStrategy.validate!(p as unknown as KubeObject))).toEqual(expected[name]);
      const template = { metadata: { labels: { a: "b" } }, spec: p.spec };
      expect(shown(validatePodTemplateSpec(template, FieldPath.of("spec", "template")))).toEqual(expected[`${name}/template`]);
      expect(expected[name]!.length).toBeGreaterThan(0);
    });
  }

  it("ObjectMeta's lists and names", () => {
    const meta = { name: "Bad", namespace: "", labels: { a: "-" }, finalizers: [], managedFields: [{ operation: "X" }] };
    expect(shown(validateObjectMeta(meta as KubeObject["metadata"], true, nameIsDNSSubdomain))).toEqual(expected.metaOnly);
  });

  it("port warnings across init, app and ephemeral containers name each port where it is, twice in a row", () => {
    const c = (name: string, ports: unknown[]) => ({ name, image: "i", ports });
    const pod = {
      metadata: { name: "p", namespace: "ns" },
      spec: {
        initContainers: [
          c("i0", [{ containerPort: 80, protocol: "TCP" }]),
          c("i1", [{ containerPort: 81, hostIP: "1.2.3.4", protocol: "TCP" }]),
        ],
        containers: [
          c("a", [
            { containerPort: 80, protocol: "TCP" },
            { containerPort: 90, hostPort: 90, protocol: "TCP" },
          ]),
          c("b", [
            { containerPort: 90, hostPort: 90, hostIP: "1.1.1.1", protocol: "TCP" },
            { containerPort: 80, protocol: "UDP" },
            { containerPort: 81, protocol: "TCP", hostPort: 81 },
          ]),
        ],
        ephemeralContainers: [c("e", [{ containerPort: 80, protocol: "TCP" }])],
      },
    };
    const want = [
      "spec.initContainers[1].ports[0]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:81 Protocol:TCP HostIP:1.2.3.4}",
      "spec.containers[0].ports[0]: duplicate port definition with spec.initContainers[0].ports[0]",
      "spec.containers[1].ports[0]: dangerously ambiguous port definition with spec.containers[0].ports[1]",
      "spec.containers[1].ports[2]: overlapping port definition with spec.initContainers[1].ports[0]",
      "spec.ephemeralContainers[0].ports[0]: duplicate port definition with spec.initContainers[0].ports[0]",
      "spec.ephemeralContainers[0].ports[0]: duplicate port definition with spec.containers[0].ports[0]",
    ];
    expect(podStrategy.warningsOnCreate!(pod as KubeObject)).toEqual(want);
    // The lists the ports are gathered in are reused: a second, smaller Pod sees none of the first's.
    const small = { metadata: { name: "q", namespace: "ns" }, spec: { containers: [c("a", [{ containerPort: 80, protocol: "TCP" }])] } };
    expect(podStrategy.warningsOnCreate!(small as KubeObject)).toEqual([]);
    expect(podStrategy.warningsOnCreate!(pod as KubeObject)).toEqual(want);
  });
});
