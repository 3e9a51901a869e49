/**
 * DefaultTolerationSeconds: Pods tolerate `node.kubernetes.io/not-ready` and `/unreachable`
 * (NoExecute) for 300 s unless they say otherwise, as upstream's defaults.
 */
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const TAINTS = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];

interface Toleration {
  key?: string;
  operator?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** Whether a toleration in the list covers `key`'s NoExecute taint (plain loop: this runs on every Pod create). */
function covers(tolerations: readonly Toleration[], key: string): boolean {
  for (let i = 0; i < tolerations.length; i++) {
    const t = tolerations[i]!;
    if (
      (t.key === key || (t.key === undefined && t.operator === "Exists")) &&
      (t.effect === undefined || t.effect === "" || t.effect === "NoExecute")
    )
      return true;
  }
  return false;
}

export class DefaultTolerationSeconds implements AdmissionPlugin {
  readonly name = "DefaultTolerationSeconds";
  constructor(private readonly seconds = 300) {}

  /** Synchronous: returns no promise, so the chain waits on nothing (see AdmissionPlugin.admit). */
  admit(a: AdmissionAttributes): undefined {
    if (a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || a.operation !== "CREATE" || !a.object) return;
    const spec = (a.object.spec ??= {}) as { tolerations?: Toleration[] };
    const tolerations = (spec.tolerations ??= []);
    for (const key of TAINTS) {
      if (!covers(tolerations, key)) tolerations.push({ key, operator: "Exists", effect: "NoExecute", tolerationSeconds: this.seconds });
    }
  }
}
