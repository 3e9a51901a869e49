/** core/v1 PodTemplates: pod defaults on the template, template validation (with the update ratchet of the stored template). */
import type { KubeObject } from "../../rest.js";
import { defaultPodTemplate } from "../../defaults/core.js";
import { FieldPath } from "../../validation/field.js";
import { ratchetOptionsFrom, validatePodTemplateSpec } from "../../validation/pod.js";
import { record } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";

export const podTemplateStrategy = kindStrategy({
  kind: "PodTemplate",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  defaults: (obj) => defaultPodTemplate(obj.template),
  validate: (obj, old?: KubeObject) =>
    validatePodTemplateSpec(obj.template, FieldPath.of("template"), old ? ratchetOptionsFrom(record(record(old.template).spec)) : {}),
});
