/**
 * CustomResourceDefinitions: names and conversion defaulted as upstream, status cleared on
 * create (storedVersions starting with the storage version), generation tracking, status
 * changed only through the status subresource.
 */
import type { KubeObject } from "../../rest.js";
import { keepStatus, statusUpdateStrategy, type Strategy, type UpdateStrategy } from "../../strategy.js";
import {
  validateCustomResourceDefinition,
  validateCustomResourceDefinitionStatusUpdate,
  validateCustomResourceDefinitionUpdate,
} from "./validation.js";

interface CRDFields {
  spec?: {
    names?: { kind?: string; singular?: string; listKind?: string };
    conversion?: { strategy?: string };
    versions?: { name?: string; storage?: boolean }[];
  };
  status?: { storedVersions?: string[] };
}

function crd(obj: KubeObject): CRDFields {
  return obj as CRDFields;
}

/** Adds the storage version to status.storedVersions when missing. */
function recordStorageVersion(obj: KubeObject): void {
  const c = crd(obj);
  const storage = (c.spec?.versions ?? []).find((v) => v.storage === true);
  if (!storage?.name) return;
  const stored = c.status?.storedVersions ?? [];
  if (!stored.includes(storage.name)) c.status = { ...c.status, storedVersions: [...stored, storage.name] };
}

export const crdStrategy: Strategy = {
  defaults(obj) {
    const c = crd(obj);
    const spec = (c.spec ??= {});
    const names = (spec.names ??= {});
    if (!names.singular && names.kind) names.singular = names.kind.toLowerCase();
    if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
    spec.conversion ??= { strategy: "None" };
  },
  prepareForCreate(obj) {
    obj.status = {};
    recordStorageVersion(obj);
  },
  prepareForUpdate(obj, old) {
    keepStatus(obj, old);
    recordStorageVersion(obj);
  },
  validate: validateCustomResourceDefinition,
  validateUpdate: validateCustomResourceDefinitionUpdate,
  trackGeneration: true,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};

export const crdStatusStrategy: UpdateStrategy = statusUpdateStrategy(validateCustomResourceDefinitionStatusUpdate);
