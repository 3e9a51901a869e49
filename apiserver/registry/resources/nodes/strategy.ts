/** core/v1 Nodes: status kept on create (kubelets register with it), allocatable default, upstream's Node rules and annotations; selectable by spec.unschedulable. */
import { defaultNode } from "../../defaults/core.js";
import { dropNodeConfig, validateNode, validateNodeUpdate } from "../../validation/node.js";
import { validateNodeAnnotations } from "./annotations.js";
import type { KubeObject } from "../../rest.js";
import type { UpdateStrategy } from "../../strategy.js";
import { isObj, record } from "../../validation/shape.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";
import { copyField } from "../../copy.js";

/** ValidateNode and ValidateNodeUpdate check the Node-specific annotations first. */
const validate = (n: KubeObject) => [...validateNodeAnnotations(n.metadata?.annotations), ...validateNode(n)];
const validateUpdate = (n: KubeObject, old: KubeObject) => [
  ...validateNodeAnnotations(n.metadata?.annotations),
  ...validateNodeUpdate(n, old),
];

export const nodeStrategy = kindStrategy({
  kind: "Node",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  defaults: defaultNode,
  prepareForCreate: (obj) => dropNodeConfig(obj),
  prepareForUpdate(obj, old) {
    obj.status = old.status === undefined ? undefined : copyField(old, "status");
    if (obj.status === undefined) delete obj.status;
    dropNodeConfig(obj, old);
  },
  validate,
  validateUpdate,
  fields: { "spec.unschedulable": (o) => String(record(o.spec).unschedulable === true) },
});
const nodeStatusBase = kindStatusStrategy(validateUpdate);

/** upstream's node status strategy: `status.config` only stays when the stored Node had one. */
export const nodeStatusStrategy: UpdateStrategy = {
  ...nodeStatusBase,
  prepareForUpdate(obj, old) {
    nodeStatusBase.prepareForUpdate?.(obj, old);
    if (isObj(obj.status) && !isObj(record(old.status).config)) delete obj.status.config;
  },
};
