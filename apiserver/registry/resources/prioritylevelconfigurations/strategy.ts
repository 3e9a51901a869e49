/**
 * flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfigurations: v1 defaults (shares, lendable
 * percent, queuing), upstream's validation, the mandatory levels' specs pinned (`exempt` may
 * change its `spec.exempt`), status only through the status subresource, generation on spec change.
 */
import { defaultPriorityLevelConfiguration } from "../../defaults/flowcontrol.js";
import type { KubeObject } from "../../rest.js";
import {
  validateFlowControlStatus,
  validateMandatoryPriorityLevel,
  validatePriorityLevelConfiguration,
} from "../../validation/flowcontrol.js";
import { MANDATORY_PRIORITY_LEVEL_BY_NAME } from "../flowschemas/bootstrap.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

function validate(plc: KubeObject) {
  const fixed = MANDATORY_PRIORITY_LEVEL_BY_NAME.get(plc.metadata?.name ?? "");
  return [
    ...validatePriorityLevelConfiguration(plc),
    ...validateMandatoryPriorityLevel(plc, fixed?.spec as Record<string, unknown> | undefined),
  ];
}

export const priorityLevelConfigurationStrategy = kindStrategy({
  kind: "PriorityLevelConfiguration",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  defaults: defaultPriorityLevelConfiguration,
  validate,
});

export const priorityLevelConfigurationStatusStrategy = kindStatusStrategy((obj) => validateFlowControlStatus(obj));
