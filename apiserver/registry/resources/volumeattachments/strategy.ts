/** storage.k8s.io/v1 VolumeAttachments: attacher, node name, exactly one source (an inline one a valid inline PersistentVolume spec); the spec never changes, status only through /status (checked there too); no generation, as upstream's. */
import { defaultSourceFields } from "../../defaults/core.js";
import { validateVolumeAttachment, validateVolumeAttachmentUpdate } from "../../validation/storage-csi.js";
import { isObj, record } from "../../validation/shape.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const volumeAttachmentStrategy = kindStrategy({
  kind: "VolumeAttachment",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  // SetObjectDefaults_VolumeAttachment reaches the inline spec's sources.
  defaults(obj) {
    const inline = record(record(obj.spec).source).inlineVolumeSpec;
    if (isObj(inline)) defaultSourceFields(inline);
  },
  validate: validateVolumeAttachment,
  validateUpdate: validateVolumeAttachmentUpdate,
  trackGeneration: false,
});
export const volumeAttachmentStatusStrategy = kindStatusStrategy(validateVolumeAttachmentUpdate);
