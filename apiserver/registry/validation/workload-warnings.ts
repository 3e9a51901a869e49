/**
 * The warnings upstream's strategies give for kinds that make Pods (Deployments, ReplicaSets,
 * StatefulSets, DaemonSets, ReplicationControllers, Jobs, CronJobs) and for PodTemplates: on
 * create, a name that is no DNS label (it ends up in Pod names and hostnames) before the
 * template's warnings; on update, the template's warnings only when the spec changed (upstream
 * compares generations, which move exactly then).
 */
import type { KubeObject } from "../rest.js";
import { isDNS1123Label } from "../../../runtime/validation/strings.js";
import { sameJSON } from "./shape.js";

interface Warned {
  warningsOnCreate?(this: void, obj: KubeObject): string[];
  warningsOnUpdate?(this: void, obj: KubeObject, old: KubeObject): string[];
}

/** upstream's WarningsOnCreate words for a pod-making kind whose name is no DNS label. */
export function podNamePrefixWarning(name: string): string[] {
  const bad = isDNS1123Label(name);
  return bad.length === 0
    ? []
    : [
        `metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [${bad.join(" ")}]`,
      ];
}

/** `strategy` with the name warning on create and template warnings on update only when `changed` says the template's object changed. */
export function withWorkloadWarnings<S extends Warned>(
  strategy: S,
  options: { nameWarning: boolean; changed?: (obj: KubeObject, old: KubeObject) => boolean },
): S {
  const onCreate = strategy.warningsOnCreate;
  const onUpdate = strategy.warningsOnUpdate;
  const changed = options.changed ?? ((obj, old) => !sameJSON(obj.spec, old.spec));
  return {
    ...strategy,
    warningsOnCreate: (obj: KubeObject) => [
      ...(options.nameWarning ? podNamePrefixWarning(obj.metadata?.name ?? "") : []),
      ...(onCreate?.(obj) ?? []),
    ],
    warningsOnUpdate: (obj: KubeObject, old: KubeObject) => (onUpdate && changed(obj, old) ? onUpdate(obj, old) : []),
  };
}
