/**
 * The upgrade from client-side to server-side apply, as upstream's field manager allows it for
 * manager `kubectl`: conflicts with kubectl-client-side-apply on fields whose last-applied value
 * is the live one pass (the applier takes them), conflicts on fields changed since (an edit) stay,
 * other managers get no such pass, and the last-applied annotation follows kubectl's server-side
 * applies (sorted keys, trailing newline, as kubectl writes it) so a later client-side apply diffs
 * against what was applied last.
 */
import { describe, expect, it } from "vitest";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { applyTo, cm, ctx, managers, setup, statusOf } from "./support.js";

const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

/** What `kubectl apply` (client-side) creates: the object with its configuration in the annotation. */
function clientSideApplied(data: Record<string, string>): KubeObject {
  const config = { apiVersion: "v1", data, kind: "ConfigMap", metadata: { annotations: {}, name: "a", namespace: "default" } };
  const obj = cm("a", data);
  obj.metadata!.annotations = { [LAST_APPLIED]: `${JSON.stringify(config)}\n` };
  return obj;
}

describe("client-side apply -> server-side apply", () => {
  it("lets kubectl take fields whose last-applied value is live, and keeps the annotation in step", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), clientSideApplied({ a: "1", b: "2" }), { fieldManager: "kubectl-client-side-apply" });
    const { object } = await applyTo(configmaps, "a", cm("a", { a: "10", b: "2" }), "kubectl");
    expect(object.data).toEqual({ a: "10", b: "2" });
    expect(managers(object)["kubectl/Apply"]).toEqual({ "f:data": { "f:a": {}, "f:b": {} } });
    expect(object.metadata?.annotations?.[LAST_APPLIED]).toBe(
      '{"apiVersion":"v1","data":{"a":"10","b":"2"},"kind":"ConfigMap","metadata":{"name":"a"}}\n',
    );
  });

  it("keeps the conflict on a field edited since the last client-side apply", async () => {
    const { configmaps } = setup();
    const created = await configmaps.create(ctx("default"), clientSideApplied({ a: "1" }), { fieldManager: "kubectl-client-side-apply" });
    await configmaps.update(ctx("default"), "a", { ...created, data: { a: "edited" } }, { fieldManager: "kubectl-edit" });
    const status = await statusOf(applyTo(configmaps, "a", cm("a", { a: "10" }), "kubectl"));
    expect(status).toMatchObject({ code: 409, message: 'Apply failed with 1 conflict: conflict with "kubectl-edit" using v1: .data.a' });
  });

  it("gives managers other than kubectl no pass and leaves their annotation alone", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), clientSideApplied({ a: "1" }), { fieldManager: "kubectl-client-side-apply" });
    const status = await statusOf(applyTo(configmaps, "a", cm("a", { a: "10" }), "my-tool"));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.a');
    const { object } = await applyTo(configmaps, "a", cm("a", { c: "3" }), "my-tool");
    expect(object.metadata?.annotations?.[LAST_APPLIED]).toContain('"data":{"a":"1"}');
  });

  it("adds no annotation where there was none", async () => {
    const { configmaps } = setup();
    const { object } = await applyTo(configmaps, "a", cm("a", { a: "1" }), "kubectl");
    expect(object.metadata?.annotations).toBeUndefined();
  });
});
