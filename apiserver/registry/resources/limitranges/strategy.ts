/** core/v1 LimitRanges: SetDefaults_LimitRangeItem (max -> default -> defaultRequest, min), types, min <= max. */
import { defaultLimitRange } from "../../defaults/core.js";
import { validateLimitRange } from "../../validation/limit-range.js";
import { kindStrategy } from "../kind-strategy.js";

export const limitRangeStrategy = kindStrategy({
  kind: "LimitRange",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  trackGeneration: false,
  defaults: defaultLimitRange,
  validate: validateLimitRange,
});
