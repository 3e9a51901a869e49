/** resource.k8s.io/v1 ResourceClaimTemplates: defaults, gated fields dropped, the claim spec checked on create and immutable after; no status, no generation, as upstream's. */
import { defaultResourceClaimTemplate } from "../../defaults/resource.js";
import { validateResourceClaimTemplate, validateResourceClaimTemplateUpdate } from "../../validation/resource.js";
import { record } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";
import { dropDisabledClaimSpecFields } from "../resourceclaims/disabled-fields.js";

export const resourceClaimTemplateStrategy = kindStrategy({
  kind: "ResourceClaimTemplate",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  defaults: defaultResourceClaimTemplate,
  prepareForCreate: (obj) => dropDisabledClaimSpecFields(record(obj.spec).spec, undefined),
  prepareForUpdate: (obj, old) => dropDisabledClaimSpecFields(record(obj.spec).spec, record(old.spec).spec),
  validate: validateResourceClaimTemplate,
  validateUpdate: (obj, old) => [...validateResourceClaimTemplate(obj), ...validateResourceClaimTemplateUpdate(obj, old)],
  trackGeneration: false,
});
