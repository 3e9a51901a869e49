/**
 * Events, served as core/v1 and events.k8s.io/v1 from one storage: each version validates by
 * upstream's rules for writes through it (validation.ts, on the core form) and selects by its
 * own field labels (events.k8s.io's regarding.* are core's involvedObject.*).
 */
import type { KubeObject } from "../../rest.js";
import type { Strategy } from "../../strategy.js";
import { eventToCore } from "./conversion.js";
import { validateEventCreate, validateEventUpdate } from "./validation.js";

const INVOLVED = ["kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath"] as const;

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** The selectable fields of a core-form Event. */
function eventFields(obj: KubeObject): Record<string, string> {
  const involved = (obj.involvedObject ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const f of INVOLVED) fields[`involvedObject.${f}`] = str(involved[f]);
  const source = str((obj.source as { component?: string } | undefined)?.component) || str(obj.reportingComponent);
  fields.reason = str(obj.reason);
  fields.reportingComponent = str(obj.reportingComponent);
  fields.source = source;
  fields.type = str(obj.type);
  return fields;
}

export const eventStrategy: Strategy = {
  validate: (obj) => validateEventCreate(obj, "v1"),
  validateUpdate: (obj, old) => validateEventUpdate(obj, old, "v1"),
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
  fieldLabels: [
    ...INVOLVED.map((f) => `involvedObject.${f}`),
    "reason",
    "reportingComponent",
    "source",
    "type",
    "metadata.namespace",
    "metadata.name",
  ],
  selectableFields: eventFields,
};

/** events.k8s.io/v1: the same Events with the new API's rules and field labels. */
export const eventsV1Strategy: Strategy = {
  validate: (obj) => validateEventCreate(eventToCore(obj), "events.k8s.io/v1"),
  validateUpdate: (obj, old) => validateEventUpdate(eventToCore(obj), eventToCore(old), "events.k8s.io/v1"),
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
  fieldLabels: [
    "reason",
    ...INVOLVED.map((f) => `regarding.${f}`),
    "reportingController",
    "source",
    "type",
    "metadata.namespace",
    "metadata.name",
  ],
  selectableFields: (obj) => {
    const core = eventFields(eventToCore(obj));
    const fields: Record<string, string> = {
      reason: core.reason!,
      reportingController: core.reportingComponent!,
      source: core.source!,
      type: core.type!,
    };
    for (const f of INVOLVED) fields[`regarding.${f}`] = core[`involvedObject.${f}`]!;
    return fields;
  },
};
