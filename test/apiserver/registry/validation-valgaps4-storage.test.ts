/**
 * Issue #16 against upstream 1.34, session 12: PersistentVolumeClaim `dataSource` and
 * `dataSourceRef` (validateDataSource, validateDataSourceRef), the spec diff upstream appends to
 * the claim's immutability error, and StatefulSet `volumeClaimTemplates` validated as claim specs.
 */
import { describe, expect, it } from "vitest";
import { pvcStrategy } from "../../../apiserver/registry/resources/persistentvolumeclaims/strategy.js";
import { statefulSetStrategy } from "../../../apiserver/registry/resources/statefulsets/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const claimSpec = (more: Record<string, unknown> = {}) => ({
  accessModes: ["ReadWriteOnce"],
  resources: { requests: { storage: "1Gi" } },
  ...more,
});
const pvc = (more: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "PersistentVolumeClaim",
  metadata: { name: "c", namespace: "d", resourceVersion: "1" },
  spec: claimSpec(more),
});

function createErrors(obj: KubeObject, strategy: typeof pvcStrategy = pvcStrategy): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

describe("PVC data sources", () => {
  it("accepts a claim, a snapshot, and a matching pair", () => {
    expect(createErrors(pvc({ dataSource: { kind: "PersistentVolumeClaim", name: "src" } }))).toEqual([]);
    const snap = { apiGroup: "snapshot.storage.k8s.io", kind: "VolumeSnapshot", name: "s" };
    expect(createErrors(pvc({ dataSource: snap, dataSourceRef: snap }))).toEqual([]);
  });

  it("needs a kind and a name, and only claims from the core group", () => {
    expect(createErrors(pvc({ dataSource: { apiGroup: "", kind: "", name: "" } }))).toEqual([
      "spec.dataSource.name: Required value",
      "spec.dataSource.kind: Required value",
      "spec.dataSource: Invalid value: \"\": must be 'PersistentVolumeClaim' when referencing the default apiGroup",
      // The copy NormalizeDataSources made is checked too.
      "spec.dataSourceRef.name: Required value",
      "spec.dataSourceRef.kind: Required value",
      "spec.dataSourceRef: Invalid value: \"\": must be 'PersistentVolumeClaim' when referencing the default apiGroup",
    ]);
    expect(createErrors(pvc({ dataSourceRef: { kind: "Pod", name: "p" } }))).toEqual([
      "spec.dataSource: Invalid value: \"Pod\": must be 'PersistentVolumeClaim' when referencing the default apiGroup",
      "spec.dataSourceRef: Invalid value: \"Pod\": must be 'PersistentVolumeClaim' when referencing the default apiGroup",
    ]);
    expect(createErrors(pvc({ dataSourceRef: { apiGroup: "Example.com", kind: "Thing", name: "t" } }))[1]).toMatch(
      /^spec\.dataSourceRef\.apiGroup: Invalid value: "Example\.com": a lowercase RFC 1123 subdomain/,
    );
  });

  it("wants the two fields to agree, unless the ref names a namespace", () => {
    expect(
      createErrors(
        pvc({ dataSource: { kind: "PersistentVolumeClaim", name: "a" }, dataSourceRef: { kind: "PersistentVolumeClaim", name: "b" } }),
      ),
    ).toEqual(["spec: Invalid value: spec.dataSource: must match dataSourceRef"]);
    // The namespace is dropped on create (CrossNamespaceVolumeDataSource is off), so the pair agrees.
    const crossNamespace = pvc({
      dataSource: { kind: "PersistentVolumeClaim", name: "a" },
      dataSourceRef: { kind: "PersistentVolumeClaim", name: "a", namespace: "other" },
    });
    expect(createErrors(crossNamespace)).toEqual([]);
    expect(crossNamespace.spec).toMatchObject({ dataSourceRef: { kind: "PersistentVolumeClaim", name: "a" } });
    expect((crossNamespace.spec as { dataSourceRef: object }).dataSourceRef).not.toHaveProperty("namespace");
  });

  it("copies whichever of the two is set into the other on create (NormalizeDataSources)", () => {
    const one = pvc({ dataSource: { apiGroup: "snapshot.storage.k8s.io", kind: "VolumeSnapshot", name: "s" } });
    expect(createErrors(one)).toEqual([]);
    expect(one.spec).toMatchObject({ dataSourceRef: { apiGroup: "snapshot.storage.k8s.io", kind: "VolumeSnapshot", name: "s" } });
    const other = pvc({ dataSourceRef: { kind: "PersistentVolumeClaim", name: "src" } });
    expect(createErrors(other)).toEqual([]);
    expect(other.spec).toMatchObject({ dataSource: { kind: "PersistentVolumeClaim", name: "src" } });
  });
});

describe("PVC immutability message", () => {
  it("ends with the spec diff, as upstream's cmp.Diff", () => {
    const old = pvc();
    pvcStrategy.defaults?.(old);
    const next = pvc({ accessModes: ["ReadWriteMany"] });
    pvcStrategy.defaults?.(next);
    const errs = (pvcStrategy.validateUpdate?.(next, old) ?? []).map(errorText);
    expect(errs).toHaveLength(1);
    const [head, ...diff] = errs[0]!.split("\n");
    expect(head).toBe(
      "spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims",
    );
    expect(diff[0]).toBe("  core.PersistentVolumeClaimSpec{");
    expect(diff.some((l) => l.startsWith("-") && l.includes("ReadWriteOnce"))).toBe(true);
    expect(diff.some((l) => l.startsWith("+") && l.includes("ReadWriteMany"))).toBe(true);
  });
});

describe("StatefulSet volumeClaimTemplates are claim specs", () => {
  const sts = (templates: object[]): KubeObject => ({
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: { name: "s", namespace: "d", resourceVersion: "1" },
    spec: {
      serviceName: "s",
      selector: { matchLabels: { a: "b" } },
      template: { metadata: { labels: { a: "b" } }, spec: { containers: [{ name: "c", image: "x" }] } },
      volumeClaimTemplates: templates,
    },
  });

  it("accepts a complete template", () => {
    expect(createErrors(sts([{ metadata: { name: "data" }, spec: claimSpec() }]), statefulSetStrategy)).toEqual([]);
  });

  it("reports a template's claim errors under its spec", () => {
    expect(
      createErrors(
        sts([{ metadata: { name: "data" }, spec: { resources: { requests: { storage: "0" } }, dataSource: { kind: "Pod", name: "p" } } }]),
        statefulSetStrategy,
      ),
    ).toEqual([
      "spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required",
      'spec.volumeClaimTemplates[0].spec.resources.requests[storage]: Invalid value: "0": must be greater than zero',
      "spec.volumeClaimTemplates[0].spec.dataSource: Invalid value: \"Pod\": must be 'PersistentVolumeClaim' when referencing the default apiGroup",
    ]);
  });
});
