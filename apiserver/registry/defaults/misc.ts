/**
 * Defaulting of the networking, policy, scheduling, autoscaling, discovery and storage kinds,
 * as upstream's SetDefaults_* of each group.
 */
import { child, isObj, list, record, type Obj } from "../validation/shape.js";

function setIfAbsent(obj: Obj, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

export function defaultNetworkPolicy(np: Obj): void {
  const spec = child(np, "spec");
  for (const rule of [...list(spec.ingress), ...list(spec.egress)]) {
    for (const p of list(record(rule).ports)) if (isObj(p)) setIfAbsent(p, "protocol", "TCP");
  }
  // policyTypes: Ingress always, Egress when egress rules are given.
  if (list(spec.policyTypes).length === 0) {
    spec.policyTypes = list(spec.egress).length > 0 ? ["Ingress", "Egress"] : ["Ingress"];
  }
}

export function defaultIngressClass(_ic: Obj): void {}

export function defaultPriorityClass(pc: Obj): void {
  setIfAbsent(pc, "preemptionPolicy", "PreemptLowerPriority");
}

export function defaultEndpointSlice(slice: Obj): void {
  for (const p of list(slice.ports)) {
    if (!isObj(p)) continue;
    setIfAbsent(p, "name", "");
    setIfAbsent(p, "protocol", "TCP");
  }
}

/** autoscaling/v2 HPA: minReplicas 1, a CPU target of 80% when no metrics are given. */
export function defaultHPAv2(hpa: Obj): void {
  const spec = child(hpa, "spec");
  setIfAbsent(spec, "minReplicas", 1);
  if (list(spec.metrics).length === 0) {
    spec.metrics = [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 80 } } }];
  }
  if (isObj(spec.behavior)) {
    const up = record(spec.behavior.scaleUp);
    const down = record(spec.behavior.scaleDown);
    if (isObj(spec.behavior.scaleUp)) {
      setIfAbsent(up, "stabilizationWindowSeconds", 0);
      setIfAbsent(up, "selectPolicy", "Max");
      if (list(up.policies).length === 0)
        up.policies = [
          { type: "Pods", value: 4, periodSeconds: 15 },
          { type: "Percent", value: 100, periodSeconds: 15 },
        ];
    } else
      spec.behavior.scaleUp = {
        stabilizationWindowSeconds: 0,
        selectPolicy: "Max",
        policies: [
          { type: "Pods", value: 4, periodSeconds: 15 },
          { type: "Percent", value: 100, periodSeconds: 15 },
        ],
      };
    if (isObj(spec.behavior.scaleDown)) {
      setIfAbsent(down, "selectPolicy", "Max");
      if (list(down.policies).length === 0) down.policies = [{ type: "Percent", value: 100, periodSeconds: 15 }];
    } else spec.behavior.scaleDown = { selectPolicy: "Max", policies: [{ type: "Percent", value: 100, periodSeconds: 15 }] };
  }
}

/** autoscaling/v1 HPA: minReplicas 1 (the CPU target stays unset: the controller assumes 80%). */
export function defaultHPAv1(hpa: Obj): void {
  setIfAbsent(child(hpa, "spec"), "minReplicas", 1);
}

export function defaultStorageClass(sc: Obj): void {
  setIfAbsent(sc, "reclaimPolicy", "Delete");
  setIfAbsent(sc, "volumeBindingMode", "Immediate");
}

export function defaultCSIDriver(d: Obj): void {
  const spec = child(d, "spec");
  setIfAbsent(spec, "attachRequired", true);
  setIfAbsent(spec, "podInfoOnMount", false);
  setIfAbsent(spec, "storageCapacity", false);
  setIfAbsent(spec, "fsGroupPolicy", "ReadWriteOnceWithFSType");
  setIfAbsent(spec, "requiresRepublish", false);
  setIfAbsent(spec, "seLinuxMount", false);
  if (list(spec.volumeLifecycleModes).length === 0) spec.volumeLifecycleModes = ["Persistent"];
}
