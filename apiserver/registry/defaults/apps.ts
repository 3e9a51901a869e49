/** apps/v1 defaulting as upstream's SetDefaults_Deployment, _ReplicaSet, _StatefulSet, _DaemonSet. */
import { child, isObj, list, type Obj } from "../validation/shape.js";
import { defaultPodTemplate, defaultPVC } from "./core.js";

function setIfAbsent(obj: Obj, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

export function defaultDeployment(d: Obj): void {
  const spec = child(d, "spec");
  setIfAbsent(spec, "replicas", 1);
  const strategy = child(spec, "strategy");
  setIfAbsent(strategy, "type", "RollingUpdate");
  if (strategy.type === "RollingUpdate") {
    const ru = child(strategy, "rollingUpdate");
    setIfAbsent(ru, "maxUnavailable", "25%");
    setIfAbsent(ru, "maxSurge", "25%");
  }
  setIfAbsent(spec, "revisionHistoryLimit", 10);
  setIfAbsent(spec, "progressDeadlineSeconds", 600);
  defaultPodTemplate(spec.template);
}

export function defaultReplicaSet(rs: Obj): void {
  const spec = child(rs, "spec");
  setIfAbsent(spec, "replicas", 1);
  defaultPodTemplate(spec.template);
}

export function defaultStatefulSet(sts: Obj): void {
  const spec = child(sts, "spec");
  setIfAbsent(spec, "podManagementPolicy", "OrderedReady");
  const strategy = child(spec, "updateStrategy");
  setIfAbsent(strategy, "type", "RollingUpdate");
  if (strategy.type === "RollingUpdate") {
    const ru = child(strategy, "rollingUpdate");
    setIfAbsent(ru, "partition", 0);
  }
  const retention = child(spec, "persistentVolumeClaimRetentionPolicy");
  setIfAbsent(retention, "whenDeleted", "Retain");
  setIfAbsent(retention, "whenScaled", "Retain");
  setIfAbsent(spec, "replicas", 1);
  setIfAbsent(spec, "revisionHistoryLimit", 10);
  for (const t of list(spec.volumeClaimTemplates)) if (isObj(t)) defaultPVC(t);
  defaultPodTemplate(spec.template);
}

export function defaultDaemonSet(ds: Obj): void {
  const spec = child(ds, "spec");
  const strategy = child(spec, "updateStrategy");
  setIfAbsent(strategy, "type", "RollingUpdate");
  if (strategy.type === "RollingUpdate") {
    const ru = child(strategy, "rollingUpdate");
    setIfAbsent(ru, "maxUnavailable", 1);
    setIfAbsent(ru, "maxSurge", 0);
  }
  setIfAbsent(spec, "revisionHistoryLimit", 10);
  defaultPodTemplate(spec.template);
}
