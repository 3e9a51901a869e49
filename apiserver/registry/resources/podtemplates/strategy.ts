/** core/v1 PodTemplates: pod defaults on the template, template validation. */
import { defaultPodTemplate } from "../../defaults/core.js";
import { FieldPath } from "../../validation/field.js";
import { validatePodTemplateSpec } from "../../validation/pod.js";
import { kindStrategy } from "../kind-strategy.js";

export const podTemplateStrategy = kindStrategy({
  kind: "PodTemplate",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  defaults: (obj) => defaultPodTemplate(obj.template),
  validate: (obj) => validatePodTemplateSpec(obj.template, FieldPath.of("template")),
});
