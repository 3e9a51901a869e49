/** Upstream's admission.NewForbidden: the refusal names the object as admission saw it. */
import { newForbidden, type StatusError } from "../../runtime/rest/errors.js";
import type { AdmissionAttributes } from "./interface.js";

export function admissionForbidden(a: AdmissionAttributes, why: string): StatusError {
  // Before name generation a create has only its generateName; without an object, upstream says "Unknown".
  const meta = a.object?.metadata;
  const name = a.object ? meta?.name || meta?.generateName || "Unknown" : a.name || "Unknown";
  return newForbidden({ group: a.resource.group, resource: a.resource.resource }, name, why);
}
