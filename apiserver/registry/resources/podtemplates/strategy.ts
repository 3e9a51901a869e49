/** core/v1 PodTemplates: pod defaults on the template, template validation (with the update ratchet of the stored template). */
import type { KubeObject } from "../../rest.js";
import { defaultPodTemplate } from "../../defaults/core.js";
import { FieldPath } from "../../validation/field.js";
import { ratchetOptionsFrom, validatePodTemplateSpec } from "../../validation/pod.js";
import { record } from "../../validation/shape.js";
import { podSpecWarnings } from "../../validation/pod-warnings.js";
import { sameJSON } from "../../validation/shape.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStrategy } from "../kind-strategy.js";

const TEMPLATE_SPEC = FieldPath.of("template", "spec");
const TEMPLATE_ANNOTATIONS = FieldPath.of("template", "metadata", "annotations");

/** upstream's GetWarningsForPodTemplate at `template`. */
function templateWarnings(obj: KubeObject): string[] {
  const template = record(obj.template);
  return podSpecWarnings(record(template.spec), TEMPLATE_SPEC, record(template.metadata).annotations, TEMPLATE_ANNOTATIONS, true);
}

const podTemplateKindStrategy = kindStrategy({
  kind: "PodTemplate",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  defaults: (obj) => defaultPodTemplate(obj.template),
  validate: (obj, old?: KubeObject) =>
    validatePodTemplateSpec(
      obj.template,
      FieldPath.of("template"),
      old ? ratchetOptionsFrom(record(record(old.template).spec), record(record(old.template).metadata).annotations) : {},
    ),
  warnings: templateWarnings,
});

/** No name warning (a PodTemplate's name names no Pod); template warnings on update when the template changed, as its generation. */
export const podTemplateStrategy = withWorkloadWarnings(podTemplateKindStrategy, {
  nameWarning: false,
  changed: (obj, old) => !sameJSON(obj.template, old.template),
});
