/**
 * The observable effect of upstream's policy/v1 conversion (pkg/apis/policy/v1/conversion.go): the
 * label v1beta1 used for its empty selector's "match nothing" may stand alone in a v1 selector (it
 * is what a v1beta1 empty selector reads as), but is dropped from any other selector.
 */
import type { KubeObject } from "../rest.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const PDB_V1BETA1_LABEL = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match";

const isEmptyMap = (v: unknown): boolean => v === undefined || v === null || (isObj(v) && Object.keys(v).length === 0);
const isEmptyList = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

/** Exactly the v1beta1 empty selector: that one expression (DoesNotExist, no values) and nothing else. */
function isMatchNone(selector: Obj, expressions: unknown[]): boolean {
  if (!isEmptyMap(selector.matchLabels) || expressions.length !== 1) return false;
  const e = expressions[0];
  if (!isObj(e) || e.key !== PDB_V1BETA1_LABEL || e.operator !== "DoesNotExist" || !isEmptyList(e.values)) return false;
  return Object.keys(e).every((k) => k === "key" || k === "operator" || k === "values");
}

export function convertPodDisruptionBudget(pdb: KubeObject): void {
  const selector = isObj(pdb.spec) ? pdb.spec.selector : undefined;
  if (!isObj(selector) || !Array.isArray(selector.matchExpressions)) return;
  const expressions = selector.matchExpressions as unknown[];
  if (!expressions.some((e) => isObj(e) && e.key === PDB_V1BETA1_LABEL) || isMatchNone(selector, expressions)) return;
  const kept = expressions.filter((e) => !(isObj(e) && e.key === PDB_V1BETA1_LABEL));
  if (kept.length === 0) delete selector.matchExpressions;
  else selector.matchExpressions = kept;
}
