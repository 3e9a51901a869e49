/** storage.k8s.io/v1 VolumeAttributesClasses: a driver name and at least one parameter, both immutable; no generation, as upstream's strategy keeps none. */
import { validateVolumeAttributesClass, validateVolumeAttributesClassUpdate } from "../../validation/storage.js";
import { kindStrategy } from "../kind-strategy.js";

export const volumeAttributesClassStrategy = kindStrategy({
  kind: "VolumeAttributesClass",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  validate: validateVolumeAttributesClass,
  validateUpdate: validateVolumeAttributesClassUpdate,
});
