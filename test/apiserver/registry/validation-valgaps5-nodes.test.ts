/**
 * Issue #16 against upstream 1.34, session 12: a Node's deprecated `spec.configSource` and
 * `status.config` (dropped on create, kept only where the stored Node had them, and checked as
 * upstream's ValidateNodeUpdate still does).
 */
import { describe, expect, it } from "vitest";
import { nodeStatusStrategy, nodeStrategy } from "../../../apiserver/registry/resources/nodes/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const node = (spec: Record<string, unknown>, status: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Node",
  metadata: { name: "n1", resourceVersion: "1" },
  spec,
  status,
});
const cm = { namespace: "kube-system", name: "kubelet", kubeletConfigKey: "kubelet" };

describe("Node configSource and status.config", () => {
  it("are dropped on create", () => {
    const n = node({ configSource: { configMap: cm } }, { config: { active: { configMap: cm } } });
    nodeStrategy.defaults?.(n);
    nodeStrategy.prepareForCreate?.(n);
    expect(n.spec).not.toHaveProperty("configSource");
    expect(n.status).not.toHaveProperty("config");
  });

  it("a new configSource is dropped on update; a stored one is kept and checked", () => {
    const fresh = node({ configSource: { configMap: cm } });
    nodeStrategy.prepareForUpdate?.(fresh, node({}));
    expect(fresh.spec).not.toHaveProperty("configSource");

    const old = node({ configSource: { configMap: cm } });
    const bad = node({ configSource: { configMap: { uid: "u", resourceVersion: "3", name: "", kubeletConfigKey: "a b" } } });
    nodeStrategy.prepareForUpdate?.(bad, old);
    expect((nodeStrategy.validateUpdate?.(bad, old) ?? []).map(errorText)).toEqual([
      "spec.configSource.configMap.uid: Forbidden: uid must not be set in spec",
      "spec.configSource.configMap.resourceVersion: Forbidden: resourceVersion must not be set in spec",
      "spec.configSource.configMap.namespace: Required value: namespace must be set",
      "spec.configSource.configMap.name: Required value: name must be set",
      "spec.configSource.configMap.kubeletConfigKey: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    ]);
    const empty = node({ configSource: {} });
    nodeStrategy.prepareForUpdate?.(empty, old);
    expect((nodeStrategy.validateUpdate?.(empty, old) ?? []).map(errorText)).toEqual([
      "spec.configSource: Invalid value: {}: exactly one reference subfield must be non-nil",
    ]);
  });

  it("status.config needs uid and resourceVersion, and stays only where it was", () => {
    const old = node({}, { config: { active: { configMap: { ...cm, uid: "u", resourceVersion: "1" } } } });
    const upd = node({}, { config: { assigned: { configMap: cm } } });
    nodeStatusStrategy.prepareForUpdate?.(upd, old);
    expect((nodeStatusStrategy.validateUpdate?.(upd, old) ?? []).map(errorText)).toEqual([
      "status.config.assigned.configMap.uid: Required value: uid must be set in status",
      "status.config.assigned.configMap.resourceVersion: Required value: resourceVersion must be set in status",
    ]);
    const none = node({}, { config: { assigned: { configMap: cm } } });
    nodeStatusStrategy.prepareForUpdate?.(none, node({}));
    expect(none.status).not.toHaveProperty("config");
  });
});
