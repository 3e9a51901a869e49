/** ConfigMaps: data and binaryData keys, their total size, and immutability once `immutable` is set. */
import type { Strategy } from "../../strategy.js";
import { validateConfigMap, validateConfigMapUpdate } from "../../validation/core.js";

export const configMapStrategy: Strategy = {
  validate: validateConfigMap,
  validateUpdate: validateConfigMapUpdate,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
