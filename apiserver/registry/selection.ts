/**
 * Label and field selection of objects for list and watch: parsing the selectors (400 on bad
 * input, with upstream's field label conversion messages) and matching an object's labels and
 * selectable fields.
 */
import { FieldsSelector } from "../../runtime/selectors/fields.js";
import { LabelsSelector } from "../../runtime/selectors/labels.js";
import { newBadRequest } from "../../runtime/rest/errors.js";
import type { KubeObject } from "./rest.js";
import type { Strategy } from "./strategy.js";

export interface Predicate {
  /** True when the selectors select everything (no filtering needed). */
  readonly everything: boolean;
  matches(obj: KubeObject): boolean;
}

const DEFAULT_LABELS = ["metadata.name", "metadata.namespace"];

/** Upstream's field label conversion: the kind's own list, or the default metadata one. */
function convertFieldLabel(strategy: Strategy, label: string, value: string): readonly [string, string] {
  if (strategy.fieldLabels) {
    if (strategy.fieldLabels.includes(label)) return [label, value];
    throw newBadRequest(`field label not supported: ${label}`);
  }
  if (DEFAULT_LABELS.includes(label)) return [label, value];
  throw newBadRequest(`"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
}

/** The selectable fields of an object: name, namespace (namespaced kinds), and the kind's own. */
export function objectFields(obj: KubeObject, strategy: Strategy, namespaced: boolean): Record<string, string> {
  const fields: Record<string, string> = { "metadata.name": obj.metadata?.name ?? "" };
  if (namespaced) fields["metadata.namespace"] = obj.metadata?.namespace ?? "";
  if (strategy.selectableFields) Object.assign(fields, strategy.selectableFields(obj));
  return fields;
}

function parseLabels(selector: string | undefined): LabelsSelector {
  if (!selector) return LabelsSelector.everything();
  try {
    return LabelsSelector.parse(selector);
  } catch (err) {
    throw newBadRequest(err instanceof Error ? err.message : String(err));
  }
}

function parseFields(selector: string | undefined, strategy: Strategy): FieldsSelector {
  if (!selector) return FieldsSelector.everything();
  let parsed: FieldsSelector;
  try {
    parsed = FieldsSelector.parse(selector);
  } catch (err) {
    throw newBadRequest(err instanceof Error ? err.message : String(err));
  }
  return parsed.transform((f, v) => convertFieldLabel(strategy, f, v));
}

/** Parses the selectors of a list or watch; throws 400 BadRequest for bad ones. */
export function buildPredicate(
  opts: { labelSelector?: string; fieldSelector?: string },
  strategy: Strategy,
  namespaced: boolean,
): Predicate {
  const labels = parseLabels(opts.labelSelector);
  const fields = parseFields(opts.fieldSelector, strategy);
  const everything = labels.empty() && fields.empty();
  return {
    everything,
    matches(obj) {
      if (everything) return true;
      if (!labels.matches(obj.metadata?.labels)) return false;
      return fields.empty() || fields.matches(objectFields(obj, strategy, namespaced));
    },
  };
}
