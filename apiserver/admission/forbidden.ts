/** Upstream's admission.NewForbidden: the refusal names the object as admission saw it. */
import { newForbidden, type StatusError } from "../../runtime/rest/errors.js";
import type { AdmissionAttributes } from "./interface.js";

export function admissionForbidden(a: AdmissionAttributes, why: string): StatusError {
  // The request's name first (a subresource's object, a TokenRequest say, may have none); before
  // name generation a create has only its generateName; without either, upstream says "Unknown".
  const meta = a.object?.metadata;
  const name = a.name || meta?.name || meta?.generateName || "Unknown";
  return newForbidden({ group: a.resource.group, resource: a.resource.resource }, name, why);
}
