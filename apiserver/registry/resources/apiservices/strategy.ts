/**
 * apiregistration.k8s.io/v1 APIServices: upstream's validation (the name is
 * `<version>.<group>`, a path segment; only v1 may have the empty group; priorities in
 * range; a local APIService has no caBundle or insecureSkipTLSVerify; a service names its
 * namespace, name and a valid port; not both insecureSkipTLSVerify and a caBundle), the
 * service port defaulted to 443, and the status kept apart by the status subresource.
 */
import { isDNS1035Label, isDNS1123Subdomain, isValidPortNum, pathSegmentName } from "../../../../runtime/validation/strings.js";
import type { KubeObject } from "../../rest.js";
import { FieldPath, fieldErrors, type FieldError } from "../../validation/field.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

interface Spec {
  group?: string;
  version?: string;
  service?: { namespace?: string; name?: string; port?: number } | null;
  caBundle?: string;
  insecureSkipTLSVerify?: boolean;
  groupPriorityMinimum?: number;
  versionPriority?: number;
}

function defaults(obj: Record<string, unknown>): void {
  const spec = obj.spec as Spec | undefined;
  if (spec?.service && spec.service.port === undefined) spec.service.port = 443;
}

export function validateAPIService(obj: KubeObject): FieldError[] {
  const spec = (obj as { spec?: Spec }).spec ?? {};
  const errs: FieldError[] = [];
  const required = `${spec.version ?? ""}.${spec.group ?? ""}`;
  const name = obj.metadata?.name ?? "";
  if (name !== "" && pathSegmentName(name, false).length === 0 && name !== required)
    errs.push(
      fieldErrors.invalid(FieldPath.of("metadata", "name"), name, `must be \`spec.version+"."+spec.group\`: ${JSON.stringify(required)}`),
    );
  const path = FieldPath.of("spec");
  const group = spec.group ?? "";
  if (group === "" && spec.version !== "v1")
    errs.push(fieldErrors.required(path.child("group"), "only v1 may have an empty group and it better be legacy kube"));
  if (group !== "") for (const m of isDNS1123Subdomain(group)) errs.push(fieldErrors.invalid(path.child("group"), group, m));
  for (const m of isDNS1035Label(spec.version ?? "")) errs.push(fieldErrors.invalid(path.child("version"), spec.version ?? "", m));
  const gp = spec.groupPriorityMinimum ?? 0;
  if (gp <= 0) errs.push(fieldErrors.invalid(path.child("groupPriorityMinimum"), gp, "must be positive and less than 20000"));
  if (gp >= 20000) errs.push(fieldErrors.invalid(path.child("groupPriorityMinimum"), gp, "must be positive and less than 20000"));
  const vp = spec.versionPriority ?? 0;
  if (vp <= 0) errs.push(fieldErrors.invalid(path.child("versionPriority"), vp, "must be positive and less than 1000"));
  if (vp >= 1000) errs.push(fieldErrors.invalid(path.child("versionPriority"), vp, "must be positive and less than 1000"));
  if (!spec.service) {
    if (spec.caBundle)
      errs.push(fieldErrors.invalid(path.child("caBundle"), `${spec.caBundle.length} bytes`, "local APIServices may not have a caBundle"));
    if (spec.insecureSkipTLSVerify)
      errs.push(fieldErrors.invalid(path.child("insecureSkipTLSVerify"), true, "local APIServices may not have insecureSkipTLSVerify"));
  } else {
    const s = spec.service;
    if (!s.namespace) errs.push(fieldErrors.required(path.child("service", "namespace")));
    if (!s.name) errs.push(fieldErrors.required(path.child("service", "name")));
    for (const m of isValidPortNum(s.port ?? 443)) errs.push(fieldErrors.invalid(path.child("service", "port"), s.port, m));
  }
  if (spec.insecureSkipTLSVerify && spec.caBundle)
    errs.push(fieldErrors.invalid(path.child("insecureSkipTLSVerify"), true, "may not be true if caBundle is present"));
  return errs;
}

export const apiServiceStrategy = kindStrategy({
  kind: "APIService",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  nameValidator: pathSegmentName,
  defaults,
  validate: validateAPIService,
});

export const apiServiceStatusStrategy = kindStatusStrategy();
