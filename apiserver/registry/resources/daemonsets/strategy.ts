/**
 * apps/v1 DaemonSets: SetDefaults_DaemonSet, status reset, generation, immutable selector; the
 * template generation (an annotation in v1, see conversion/apps-v1.ts) starts at 1 and grows
 * with each template change, whatever the client sends.
 */
import { defaultDaemonSet } from "../../defaults/apps.js";
import { setTemplateGeneration, templateGeneration } from "../../conversion/apps-v1.js";
import type { KubeObject } from "../../rest.js";
import { validateDaemonSet, validateSelectorUnchanged } from "../../validation/apps.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { validateDaemonSetStatusUpdate } from "../../validation/workload-status.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

const template = (ds: KubeObject): unknown => (ds.spec as { template?: unknown } | undefined)?.template;

/** Go's zero values that JSON may show or leave out (a stored `resources: {}` against a sent nothing). */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === "object" && Object.keys(v).length === 0;
}

/**
 * Equality as upstream's semantic DeepEqual of the internal template, where absent and empty
 * (nil and empty slices, maps, structs) are one.
 */
function sameTemplate(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameTemplate(v, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in x) if (!sameTemplate(x[k], y[k])) return false;
  for (const k in y) if (!(k in x) && !isEmpty(y[k])) return false;
  return true;
}

export const daemonSetStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "DaemonSet",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultDaemonSet,
    prepareForCreate(obj) {
      if (templateGeneration(obj) < 1n) setTemplateGeneration(obj, 1n);
    },
    prepareForUpdate(obj, old) {
      const changed = !sameTemplate(template(obj), template(old));
      setTemplateGeneration(obj, templateGeneration(old) + (changed ? 1n : 0n));
    },
    validate: validateDaemonSet,
    warnings: workloadWarnings,
    validateUpdate: (obj, old) => [...validateDaemonSet(obj, old), ...validateSelectorUnchanged(obj, old)],
  }),
  { nameWarning: true },
);

export const daemonSetStatusStrategy = kindStatusStrategy(validateDaemonSetStatusUpdate);
