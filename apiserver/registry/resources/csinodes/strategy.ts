/** storage.k8s.io/v1 CSINodes: driver entries checked, and an entry's fields but its allocatable fixed once there; no generation, as upstream's. */
import { validateCSINode, validateCSINodeUpdate } from "../../validation/storage-csi.js";
import { kindStrategy } from "../kind-strategy.js";

export const csiNodeStrategy = kindStrategy({
  kind: "CSINode",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  validate: validateCSINode,
  validateUpdate: validateCSINodeUpdate,
  trackGeneration: false,
});
