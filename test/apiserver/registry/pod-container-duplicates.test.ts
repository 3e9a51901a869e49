/**
 * A container's port names and mount paths must be unique within it, as upstream's
 * validateContainerPorts and ValidateVolumeMounts: the second one is reported, on short lists
 * (scanned) and long ones (past 16 items, kept in a set) alike. Handler ports and labels of
 * every shape keep their messages.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

function errorsOf(obj: KubeObject): string[] {
  podStrategy.defaults?.(obj);
  return (podStrategy.validate?.(obj) ?? []).map(errorText);
}

const pod = (container: Record<string, unknown>, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d" },
  spec: { containers: [{ name: "c", image: "x", ...container }], volumes: [{ name: "v", emptyDir: {} }], ...extra },
});

const ports = (n: number, dupAt: number): Record<string, unknown>[] =>
  Array.from({ length: n }, (_, i) => ({ name: i === dupAt ? "p0" : `p${i}`, containerPort: 1000 + i }));
const mounts = (n: number, dupAt: number): Record<string, unknown>[] =>
  Array.from({ length: n }, (_, i) => ({ name: "v", mountPath: i === dupAt ? "/m0" : `/m${i}` }));

describe("duplicate port names and mount paths in a container", () => {
  for (const n of [3, 40]) {
    it(`${n} ports, one name repeated: Duplicate on the repeat only`, () => {
      expect(errorsOf(pod({ ports: ports(n, n - 1) }))).toEqual([`spec.containers[0].ports[${n - 1}].name: Duplicate value: "p0"`]);
      expect(errorsOf(pod({ ports: ports(n, -1) }))).toEqual([]);
    });

    it(`${n} mounts, one path repeated: must be unique on the repeat only`, () => {
      expect(errorsOf(pod({ volumeMounts: mounts(n, n - 1) }))).toEqual([
        `spec.containers[0].volumeMounts[${n - 1}].mountPath: Invalid value: "/m0": must be unique`,
      ]);
      expect(errorsOf(pod({ volumeMounts: mounts(n, -1) }))).toEqual([]);
    });
  }

  it("unnamed ports and empty mount paths are no duplicates of each other", () => {
    const errs = errorsOf(
      pod({
        ports: [{ containerPort: 1 }, { containerPort: 2 }],
        volumeMounts: [
          { name: "v", mountPath: "" },
          { name: "v", mountPath: "" },
        ],
      }),
    );
    expect(errs).toEqual([
      "spec.containers[0].volumeMounts[0].mountPath: Required value",
      "spec.containers[0].volumeMounts[1].mountPath: Required value",
    ]);
  });
});

describe("handler ports", () => {
  const probe = (port: unknown) => ({ livenessProbe: { httpGet: { path: "/", port } }, readinessProbe: { tcpSocket: { port } } });
  it("a named or numbered port passes; a bad one is reported on httpGet.port and tcpSocket.port", () => {
    expect(errorsOf(pod(probe("http")))).toEqual([]);
    expect(errorsOf(pod(probe(8080)))).toEqual([]);
    expect(errorsOf(pod(probe("8080")))).toEqual([]);
    expect(errorsOf(pod(probe(0)))).toEqual([
      "spec.containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive",
      "spec.containers[0].readinessProbe.tcpSocket.port: Invalid value: 0: must be between 1 and 65535, inclusive",
    ]);
    expect(errorsOf(pod(probe("99999")))).toEqual([
      'spec.containers[0].livenessProbe.httpGet.port: Invalid value: "99999": must be between 1 and 65535, inclusive',
      'spec.containers[0].readinessProbe.tcpSocket.port: Invalid value: "99999": must be between 1 and 65535, inclusive',
    ]);
    expect(errorsOf(pod(probe("Bad_Name")))[0]).toMatch(
      /^spec\.containers\[0\]\.livenessProbe\.httpGet\.port: Invalid value: "Bad_Name": /,
    );
    expect(errorsOf(pod(probe("")))).toEqual([
      "spec.containers[0].livenessProbe.httpGet.port: Required value",
      "spec.containers[0].readinessProbe.tcpSocket.port: Required value",
    ]);
  });
});

describe("labels and annotations", () => {
  it("every bad key and value is reported, in the map's order", () => {
    const p = pod({});
    p.metadata!.labels = { good: "v", "bad key": "v", ok: "bad value!" };
    p.metadata!.annotations = { "Fine/Case": "x", "no good": "y" };
    const errs = errorsOf(p);
    expect(errs).toHaveLength(3);
    expect(errs[0]).toMatch(/^metadata\.labels: Invalid value: "bad key": /);
    expect(errs[1]).toMatch(/^metadata\.labels: Invalid value: "bad value!": /);
    expect(errs[2]).toMatch(/^metadata\.annotations: Invalid value: "no good": /);
  });
});
