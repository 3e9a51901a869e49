/**
 * TaintNodesByCondition: a new Node gets the `node.kubernetes.io/not-ready:NoSchedule` taint
 * unless it has one of that key and effect, as upstream's plugin: nothing schedules to it before
 * its kubelet reports Ready (the node lifecycle controller takes the taint off).
 */
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const NOT_READY = "node.kubernetes.io/not-ready";

export class TaintNodesByCondition implements AdmissionPlugin {
  readonly name = "TaintNodesByCondition";

  /** Synchronous: no promise for the chain to wait on (every other kind's write passes it). */
  admit(a: AdmissionAttributes): undefined {
    if (a.operation !== "CREATE" || a.resource.group !== "" || a.resource.resource !== "nodes" || a.subresource !== "" || !a.object) return;
    const spec = (a.object.spec ??= {}) as { taints?: { key?: string; effect?: string }[] };
    const taints = (spec.taints ??= []);
    if (!taints.some((t) => t.key === NOT_READY && t.effect === "NoSchedule")) taints.push({ key: NOT_READY, effect: "NoSchedule" });
  }
}
