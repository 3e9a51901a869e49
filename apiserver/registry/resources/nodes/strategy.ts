/** core/v1 Nodes: status kept on create (kubelets register with it), allocatable default, upstream's Node rules; selectable by spec.unschedulable. */
import { defaultNode } from "../../defaults/core.js";
import { validateNode, validateNodeUpdate } from "../../validation/node.js";
import { record } from "../../validation/shape.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";
import { copyField } from "../../copy.js";

export const nodeStrategy = kindStrategy({
  kind: "Node",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  defaults: defaultNode,
  prepareForUpdate(obj, old) {
    obj.status = old.status === undefined ? undefined : copyField(old, "status");
    if (obj.status === undefined) delete obj.status;
  },
  validate: validateNode,
  validateUpdate: validateNodeUpdate,
  fields: { "spec.unschedulable": (o) => String(record(o.spec).unschedulable === true) },
});
export const nodeStatusStrategy = kindStatusStrategy(validateNodeUpdate);
