/**
 * The v1 → internal → v1 round trip of the built-in kinds whose upstream conversion does more than
 * copy fields (core-v1.ts, apps-v1.ts, policy-v1.ts), registered per kind. The store wraps the kind's strategy
 * with it once (withConversion): it runs right after the defaults, which every write runs before
 * the field manager records it (as upstream's decoder converts before the field manager sees the
 * object) and again after admission (what is stored and answered is the internal object in v1).
 * Kinds without an entry (custom resources, most built-ins) get their strategy unchanged.
 * A few fields are lost by the storage encoding itself (protobuf keeps no TypeMeta of embedded
 * objects): upstream restores them converting every read to v1, so their step runs after decoding.
 */
import type { KubeObject } from "../rest.js";
import type { Strategy } from "../strategy.js";
import { convertDaemonSet, convertDeployment, convertStatefulSet, statefulSetClaimTypes } from "./apps-v1.js";
import { convertPodDisruptionBudget } from "./policy-v1.js";
import { convertCronJob, convertNode, convertPod, convertPodTemplateKind, convertSpecTemplate } from "./core-v1.js";

export type Conversion = (obj: KubeObject) => void;

/** By "group/version/kind" (the core group is ""). */
const CONVERSIONS: ReadonlyMap<string, Conversion> = new Map([
  ["/v1/Pod", convertPod],
  ["/v1/PodTemplate", convertPodTemplateKind],
  ["/v1/ReplicationController", convertSpecTemplate],
  ["/v1/Node", convertNode],
  ["apps/v1/Deployment", convertDeployment],
  ["apps/v1/ReplicaSet", convertSpecTemplate],
  ["apps/v1/StatefulSet", convertStatefulSet],
  ["apps/v1/DaemonSet", convertDaemonSet],
  ["batch/v1/Job", convertSpecTemplate],
  ["batch/v1/CronJob", convertCronJob],
  ["policy/v1/PodDisruptionBudget", convertPodDisruptionBudget],
]);

export function conversionFor(group: string, version: string, kind: string): Conversion | undefined {
  return CONVERSIONS.get(`${group}/${version}/${kind}`);
}

/** `strategy` whose defaults end with the kind's conversion; `strategy` itself when the kind has none. */
export function withConversion(strategy: Strategy, group: string, version: string, kind: string): Strategy {
  const convert = conversionFor(group, version, kind);
  if (convert === undefined) return strategy;
  return {
    ...strategy,
    defaults(obj) {
      strategy.defaults?.(obj);
      convert(obj);
    },
  };
}

/** By "group/version/kind": what a decoded stored object needs before it is answered. */
const READ_CONVERSIONS: ReadonlyMap<string, Conversion> = new Map([["apps/v1/StatefulSet", statefulSetClaimTypes]]);

export function readConversionFor(group: string, version: string, kind: string): Conversion | undefined {
  return READ_CONVERSIONS.get(`${group}/${version}/${kind}`);
}
