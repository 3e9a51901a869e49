/** Typed reads of a CustomResourceDefinition object, and its status conditions (upstream's apihelpers). */
import type { PrinterColumn } from "../../../../runtime/scheme.js";
import type { KubeObject } from "../../rest.js";
import type { JSONSchemaProps } from "../../schema/types.js";

export const CLEANUP_FINALIZER = "customresourcecleanup.apiextensions.k8s.io";

export interface CRDNames {
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  shortNames: string[];
  categories: string[];
}

export interface ScaleSpec {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface CRDVersion {
  name: string;
  served: boolean;
  storage: boolean;
  schema: JSONSchemaProps;
  status: boolean;
  scale?: ScaleSpec;
  printerColumns: PrinterColumn[];
  /** selectableFields' JSON paths (`.spec.color`). */
  selectableFields: string[];
  deprecated: boolean;
  deprecationWarning?: string;
}

export interface CRDCondition {
  type: string;
  status: "True" | "False" | "Unknown";
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export interface CRDView {
  name: string;
  group: string;
  /** spec.conversion: None, or Webhook with the webhook's clientConfig. */
  conversion: { strategy: string; clientConfig?: Record<string, unknown> };
  namespaced: boolean;
  specNames: CRDNames;
  acceptedNames: CRDNames;
  versions: CRDVersion[];
  conditions: CRDCondition[];
}

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export function namesOf(v: unknown): CRDNames {
  const n = rec(v);
  return {
    plural: str(n.plural),
    singular: str(n.singular),
    kind: str(n.kind),
    listKind: str(n.listKind),
    shortNames: strs(n.shortNames),
    categories: strs(n.categories),
  };
}

export function viewOf(crd: KubeObject): CRDView {
  const spec = rec(crd.spec);
  const status = rec(crd.status);
  return {
    name: crd.metadata?.name ?? "",
    group: str(spec.group),
    conversion: {
      strategy: str(rec(spec.conversion).strategy) || "None",
      ...(rec(spec.conversion).webhook !== undefined && { clientConfig: rec(rec(rec(spec.conversion).webhook).clientConfig) }),
    },
    namespaced: spec.scope !== "Cluster",
    specNames: namesOf(spec.names),
    acceptedNames: namesOf(status.acceptedNames),
    versions: (Array.isArray(spec.versions) ? spec.versions : []).map((raw) => {
      const v = rec(raw);
      const subs = rec(v.subresources);
      const scale = subs.scale === undefined ? undefined : rec(subs.scale);
      const out: CRDVersion = {
        name: str(v.name),
        served: v.served === true,
        storage: v.storage === true,
        schema: (rec(v.schema).openAPIV3Schema as JSONSchemaProps | undefined) ?? {
          type: "object",
          "x-kubernetes-preserve-unknown-fields": true,
        },
        status: subs.status !== undefined,
        deprecated: v.deprecated === true,
        ...(typeof v.deprecationWarning === "string" && { deprecationWarning: v.deprecationWarning }),
        selectableFields: (Array.isArray(v.selectableFields) ? v.selectableFields : [])
          .map((f) => str(rec(f).jsonPath))
          .filter((p) => p !== ""),
        printerColumns: (Array.isArray(v.additionalPrinterColumns) ? v.additionalPrinterColumns : []).map((c) => {
          const col = rec(c);
          const pc: PrinterColumn = { name: str(col.name), type: str(col.type), jsonPath: str(col.jsonPath) };
          if (col.description !== undefined) pc.description = str(col.description);
          if (col.format !== undefined) pc.format = str(col.format);
          if (typeof col.priority === "number") pc.priority = col.priority;
          return pc;
        }),
      };
      if (scale) {
        out.scale = { specReplicasPath: str(scale.specReplicasPath), statusReplicasPath: str(scale.statusReplicasPath) };
        if (scale.labelSelectorPath !== undefined) out.scale.labelSelectorPath = str(scale.labelSelectorPath);
      }
      return out;
    }),
    conditions: (Array.isArray(status.conditions) ? status.conditions : []).map((c) => rec(c) as unknown as CRDCondition),
  };
}

export function findCondition(crd: KubeObject, type: string): CRDCondition | undefined {
  const conds = rec(crd.status).conditions;
  return (Array.isArray(conds) ? conds : []).map((c) => rec(c) as unknown as CRDCondition).find((c) => c.type === type);
}

export function isConditionTrue(crd: KubeObject, type: string): boolean {
  return findCondition(crd, type)?.status === "True";
}

/** Sets a condition, keeping lastTransitionTime when the status did not change (upstream's SetCRDCondition). */
export function setCondition(crd: KubeObject, cond: CRDCondition, now: string): void {
  const status = rec(crd.status);
  crd.status = status;
  const conds = (Array.isArray(status.conditions) ? status.conditions : []) as CRDCondition[];
  const i = conds.findIndex((c) => c.type === cond.type);
  const next: CRDCondition = { ...cond, lastTransitionTime: now };
  if (i < 0) {
    status.conditions = [...conds, next];
    return;
  }
  const old = conds[i]!;
  if (old.status === cond.status && old.lastTransitionTime) next.lastTransitionTime = old.lastTransitionTime;
  const copy = [...conds];
  copy[i] = {
    type: next.type,
    status: next.status,
    lastTransitionTime: next.lastTransitionTime,
    reason: next.reason,
    message: next.message,
  };
  status.conditions = copy;
}
