/**
 * Pod spec (and claim spec) checks users meet often, with upstream's field paths and messages:
 * downward API field references of environment variables, host ports two containers both claim
 * or that differ from the container port on the host's network, extended resources, user and
 * group IDs, subPath back-steps, storage class names.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { deployment } from "./helpers.js";
import { pvcStrategy } from "../../../apiserver/registry/resources/persistentvolumeclaims/strategy.js";

function errorsOf(obj: KubeObject, strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}
const pod = (containers: Record<string, unknown>[]): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d" },
  spec: { containers },
});
const withFieldRef = (fieldRef: Record<string, unknown>) => pod([{ name: "c", image: "x", env: [{ name: "A", valueFrom: { fieldRef } }] }]);
const REF = "spec.containers[0].env[0].valueFrom.fieldRef";

describe("env valueFrom.fieldRef", () => {
  it("the fields an environment variable may read pass (apiVersion defaults to v1)", () => {
    for (const fieldPath of ["metadata.name", "status.podIP", "spec.nodeName", "metadata.labels['app']", "metadata.annotations['a.b/C']"])
      expect(errorsOf(withFieldRef({ fieldPath })), fieldPath).toEqual([]);
  });

  it("an unknown field, a field only volumes may read, a bad subscript and a bad version, as upstream words them", () => {
    expect(errorsOf(withFieldRef({ fieldPath: "spec.bogus" }))).toEqual([
      `${REF}.fieldPath: Invalid value: "spec.bogus": error converting fieldPath: field label not supported: spec.bogus`,
    ]);
    expect(errorsOf(withFieldRef({ fieldPath: "spec.restartPolicy" }))).toEqual([
      `${REF}.fieldPath: Unsupported value: "spec.restartPolicy": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"`,
    ]);
    expect(errorsOf(withFieldRef({ fieldPath: "metadata.labels['a b']" }))[0]).toMatch(
      new RegExp(`^${REF.replace(/[[\].]/g, "\\$&")}: Invalid value: "a b": name part must consist of`),
    );
    expect(errorsOf(withFieldRef({ apiVersion: "v2", fieldPath: "metadata.name" }))).toEqual([
      `${REF}.fieldPath: Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2`,
    ]);
    expect(errorsOf(withFieldRef({}))).toEqual([`${REF}.fieldPath: Required value`]);
  });
});

describe("host ports", () => {
  it("two containers on one host port and protocol: Duplicate on the second, keyed protocol/hostIP/port", () => {
    const p = pod([
      { name: "a", image: "x", ports: [{ containerPort: 80, hostPort: 8080 }] },
      {
        name: "b",
        image: "x",
        ports: [
          { containerPort: 81, hostPort: 8080 },
          { containerPort: 82, hostPort: 8080, protocol: "UDP" },
        ],
      },
    ]);
    expect(errorsOf(p)).toEqual(['spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"']);
  });

  it("applies to pod templates too", () => {
    const d = deployment({
      containers: [
        { name: "a", image: "x", ports: [{ containerPort: 80, hostPort: 80 }] },
        { name: "b", image: "x", ports: [{ containerPort: 80, hostPort: 80 }] },
      ],
    });
    expect(errorsOf(d, deploymentStrategy)).toEqual(['spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//80"']);
  });
});

describe("more container checks", () => {
  it("hostNetwork: a hostPort other than the containerPort (an unset one is defaulted to it)", () => {
    const p = pod([{ name: "c", image: "x", ports: [{ containerPort: 80, hostPort: 81 }, { containerPort: 90 }] }]);
    (p.spec as Record<string, unknown>).hostNetwork = true;
    expect(errorsOf(p)).toEqual([
      "spec.containers[0].ports[0].hostPort: Invalid value: 81: must match `containerPort` when `hostNetwork` is true",
    ]);
  });

  it("extended resources: requests equal to limits, and limits required", () => {
    const res = (resources: Record<string, unknown>) => pod([{ name: "c", image: "x", resources }]);
    expect(errorsOf(res({ requests: { "example.com/gpu": "1" }, limits: { "example.com/gpu": "2" } }))).toEqual([
      'spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2',
    ]);
    expect(errorsOf(res({ requests: { "example.com/gpu": "1" } }))).toEqual([
      "spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources",
    ]);
    // Native resources may be requested below their limit.
    expect(errorsOf(res({ requests: { cpu: "100m", memory: "1Gi" }, limits: { cpu: "1", memory: "2Gi" } }))).toEqual([]);
  });

  it("user and group IDs in pod and container security contexts", () => {
    const p = pod([{ name: "c", image: "x", securityContext: { runAsUser: -1 } }]);
    (p.spec as Record<string, unknown>).securityContext = { runAsGroup: 2147483648, fsGroup: 1000, supplementalGroups: [-2] };
    expect(errorsOf(p)).toEqual([
      "spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive",
      "spec.securityContext.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive",
      "spec.securityContext.supplementalGroups[0]: Invalid value: -2: must be between 0 and 2147483647, inclusive",
    ]);
  });

  it("a subPath may not step out of its volume", () => {
    const p = pod([{ name: "c", image: "x", volumeMounts: [{ name: "v", mountPath: "/a", subPath: "a/../../b" }] }]);
    (p.spec as Record<string, unknown>).volumes = [{ name: "v", emptyDir: {} }];
    expect(errorsOf(p)).toEqual(["spec.containers[0].volumeMounts.subPath: Invalid value: \"a/../../b\": must not contain '..'"]);
  });
});

describe("PersistentVolumeClaim storageClassName", () => {
  it("is a StorageClass name (a DNS subdomain); empty asks for none", () => {
    const claim = (storageClassName: string): KubeObject => ({
      apiVersion: "v1",
      kind: "PersistentVolumeClaim",
      metadata: { name: "c", namespace: "d" },
      spec: { storageClassName, accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } },
    });
    expect(errorsOf(claim("fast-ssd"), pvcStrategy)).toEqual([]);
    expect(errorsOf(claim(""), pvcStrategy)).toEqual([]);
    expect(errorsOf(claim("Fast_SSD"), pvcStrategy)[0]).toMatch(
      /^spec\.storageClassName: Invalid value: "Fast_SSD": a lowercase RFC 1123 subdomain/,
    );
  });
});
