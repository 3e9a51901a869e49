/**
 * The pvc-protection controller against the generated FAKE clientset, for what a real apiserver
 * does not let a test arrange: a Pod update that hides a delete and a create under the same name
 * (a new uid, the claim no longer named) frees the old Pod's claim, as upstream requeues it.
 */
import { describe, expect, it } from "vitest";
import { PVCProtectionController, PVC_PROTECTION_FINALIZER } from "../../controllers/pvcprotection/pvc-protection-controller.js";
import type { PersistentVolumeClaim, Pod } from "../../generated/apis/core/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { until } from "../support/wait.js";

const PODS = { group: "", version: "v1", resource: "pods" };
const CLAIMS = { group: "", version: "v1", resource: "persistentvolumeclaims" };

describe("pvc-protection controller (fake clientset)", () => {
  it("a Pod replaced under the same name by one not naming the claim frees it", async () => {
    const claim: PersistentVolumeClaim = {
      apiVersion: "v1",
      kind: "PersistentVolumeClaim",
      metadata: { name: "data", namespace: "ns", deletionTimestamp: "2026-01-01T00:00:00Z", finalizers: [PVC_PROTECTION_FINALIZER] },
    };
    const pod: Pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "app", namespace: "ns", uid: "uid-1" },
      spec: { nodeName: "node", containers: [], volumes: [{ name: "v", persistentVolumeClaim: { claimName: "data" } }] },
    };
    const cs = new FakeClientset(claim, pod);
    const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
    const errors: unknown[] = [];
    const controller = new PVCProtectionController({
      claims: factory.coreV1().persistentVolumeClaims(),
      pods: factory.coreV1().pods(),
      client: cs,
      onError: (e) => errors.push(e),
    });
    const ctl = new AbortController();
    const running = controller.run(1, ctl.signal);
    factory.start(ctl.signal);
    try {
      // Held: the cached Pod names the claim, so no live list is needed.
      await until(() => controller.queue.len() === 0 && cs.actions().some((a) => a.verb === "watch" && a.resource.resource === "pods"));
      await new Promise((r) => setTimeout(r, 100));
      expect(cs.tracker().get<PersistentVolumeClaim>(CLAIMS, "ns", "data").metadata?.finalizers).toEqual([PVC_PROTECTION_FINALIZER]);
      expect(cs.actions().filter((a) => a.verb === "list" && a.resource.resource === "pods" && a.namespace === "ns")).toEqual([]);

      // A running, scheduled Pod's update frees nothing by itself; the uid change makes the old Pod's claims checked.
      cs.tracker().update(PODS, { ...pod, metadata: { ...pod.metadata, uid: "uid-2" }, spec: { ...pod.spec, volumes: [] } }, "ns");
      await until(() => (cs.tracker().get<PersistentVolumeClaim>(CLAIMS, "ns", "data").metadata?.finalizers ?? []).length === 0);
      expect(errors).toEqual([]);
    } finally {
      ctl.abort();
      await running;
      await factory.shutdown();
    }
  });
});
