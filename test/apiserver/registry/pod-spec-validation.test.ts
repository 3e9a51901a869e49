/**
 * Pod spec checks users meet often, with upstream's field paths and messages: downward API
 * field references of environment variables, and host ports two containers both claim.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

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
    const d: KubeObject = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "d", namespace: "d" },
      spec: {
        selector: { matchLabels: { app: "a" } },
        template: {
          metadata: { labels: { app: "a" } },
          spec: {
            containers: [
              { name: "a", image: "x", ports: [{ containerPort: 80, hostPort: 80 }] },
              { name: "b", image: "x", ports: [{ containerPort: 80, hostPort: 80 }] },
            ],
          },
        },
      },
    };
    expect(errorsOf(d, deploymentStrategy)).toEqual(['spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//80"']);
  });
});
