/** storage.k8s.io/v1 VolumeAttachments: attacher, node name, exactly one source; the spec never changes, status only through /status (checked there too); no generation, as upstream's. */
import { validateVolumeAttachment, validateVolumeAttachmentUpdate } from "../../validation/storage-csi.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const volumeAttachmentStrategy = kindStrategy({
  kind: "VolumeAttachment",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  validate: validateVolumeAttachment,
  validateUpdate: validateVolumeAttachmentUpdate,
  trackGeneration: false,
});
export const volumeAttachmentStatusStrategy = kindStatusStrategy(validateVolumeAttachmentUpdate);
