/** core/v1 Events: upstream's legacy event validation; selectable by involvedObject fields, reason, source and type. */
import type { KubeObject } from "../../rest.js";
import type { Strategy } from "../../strategy.js";
import { validateEvent } from "../../validation/core.js";

const INVOLVED = ["kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath"] as const;

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

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
  validate: validateEvent,
  validateUpdate: (obj) => validateEvent(obj),
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
