/**
 * DefaultTolerationSeconds: Pods tolerate `node.kubernetes.io/not-ready` and `/unreachable`
 * (NoExecute) for 300 s unless they say otherwise, as upstream's defaults.
 */
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const TAINTS = ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"];

export class DefaultTolerationSeconds implements AdmissionPlugin {
  readonly name = "DefaultTolerationSeconds";
  constructor(private readonly seconds = 300) {}

  async admit(a: AdmissionAttributes): Promise<void> {
    if (a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || a.operation !== "CREATE" || !a.object) return;
    const spec = (a.object.spec ??= {}) as {
      tolerations?: { key?: string; operator?: string; effect?: string; tolerationSeconds?: number }[];
    };
    const tolerations = (spec.tolerations ??= []);
    for (const key of TAINTS) {
      const covered = tolerations.some(
        (t) =>
          (t.key === key || (t.key === undefined && t.operator === "Exists")) &&
          (t.effect === undefined || t.effect === "" || t.effect === "NoExecute"),
      );
      if (!covered) tolerations.push({ key, operator: "Exists", effect: "NoExecute", tolerationSeconds: this.seconds });
    }
  }
}
