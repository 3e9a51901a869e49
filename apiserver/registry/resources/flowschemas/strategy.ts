/**
 * flowcontrol.apiserver.k8s.io/v1 FlowSchemas: matchingPrecedence defaulted, upstream's
 * validation, the mandatory schemas' specs pinned, status (conditions) only through the status
 * subresource, generation on spec change.
 */
import { defaultFlowSchema } from "../../defaults/flowcontrol.js";
import type { KubeObject } from "../../rest.js";
import { validateFlowControlStatus, validateFlowSchema, validateMandatoryFlowSchema } from "../../validation/flowcontrol.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";
import { MANDATORY_FLOW_SCHEMA_BY_NAME } from "./bootstrap.js";

function validate(fs: KubeObject) {
  const fixed = MANDATORY_FLOW_SCHEMA_BY_NAME.get(fs.metadata?.name ?? "");
  return [...validateFlowSchema(fs), ...validateMandatoryFlowSchema(fs, fixed?.spec as Record<string, unknown> | undefined)];
}

export const flowSchemaStrategy = kindStrategy({
  kind: "FlowSchema",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  defaults: defaultFlowSchema,
  validate,
});

export const flowSchemaStatusStrategy = kindStatusStrategy((obj) => validateFlowControlStatus(obj));
