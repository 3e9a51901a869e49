/**
 * Namespaces: Active on create with the `kubernetes` finalizer, the
 * `kubernetes.io/metadata.name` label kept equal to the name, spec.finalizers and status
 * changed only through the finalize and status subresources; selectable by status.phase.
 */
import type { KubeObject } from "../../rest.js";
import { statusUpdateStrategy, type Strategy, type UpdateStrategy } from "../../strategy.js";
import {
  validateNamespace,
  validateNamespaceFinalizeUpdate,
  validateNamespaceStatusUpdate,
  validateNamespaceUpdate,
} from "../../validation/core.js";
import { copyField, copyObject } from "../../copy.js";

export const FINALIZER_KUBERNETES = "kubernetes";
export const LABEL_METADATA_NAME = "kubernetes.io/metadata.name";

type NamespaceFields = { spec?: { finalizers?: string[] }; status?: { phase?: string; conditions?: unknown[] } };

function fields(obj: KubeObject): NamespaceFields {
  return obj as NamespaceFields;
}

function setNameLabel(obj: KubeObject): void {
  const name = obj.metadata?.name;
  if (!name) return;
  obj.metadata = { ...obj.metadata, labels: { ...obj.metadata?.labels, [LABEL_METADATA_NAME]: name } };
}

export const namespaceStrategy: Strategy = {
  defaults(obj) {
    setNameLabel(obj);
    const ns = fields(obj);
    if (ns.status && !ns.status.phase) ns.status.phase = "Active";
  },
  prepareForCreate(obj) {
    const ns = fields(obj);
    ns.status = { phase: "Active" };
    const finalizers = ns.spec?.finalizers ?? [];
    if (!finalizers.includes(FINALIZER_KUBERNETES)) ns.spec = { ...ns.spec, finalizers: [...finalizers, FINALIZER_KUBERNETES] };
  },
  prepareForUpdate(obj, old) {
    const ns = fields(obj);
    const was = fields(old);
    const finalizers = was.spec?.finalizers;
    if (finalizers === undefined) {
      if (ns.spec) delete ns.spec.finalizers;
    } else {
      ns.spec = { ...ns.spec, finalizers: [...finalizers] };
    }
    if (was.status === undefined) delete ns.status;
    else ns.status = copyField(old, "status") as typeof ns.status;
  },
  validate: validateNamespace,
  validateUpdate: (obj, old) => [...validateNamespace(obj), ...validateNamespaceUpdate(obj, old)],
  // A generated name is only known after defaulting, so the name label is set again here.
  canonicalize: setNameLabel,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
  fieldLabels: ["status.phase", "metadata.name"],
  selectableFields: (obj) => ({ "status.phase": fields(obj).status?.phase ?? "", name: obj.metadata?.name ?? "" }),
};

/** The status subresource: only status changes. */
export const namespaceStatusStrategy: UpdateStrategy = statusUpdateStrategy(validateNamespaceStatusUpdate);

/** The finalize subresource: only spec.finalizers changes. */
export const namespaceFinalizeStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    const finalizers = fields(obj).spec?.finalizers;
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, copyObject(old));
    const ns = fields(obj);
    if (finalizers === undefined) {
      if (ns.spec) delete ns.spec.finalizers;
    } else {
      ns.spec = { ...ns.spec, finalizers };
    }
  },
  validateUpdate: validateNamespaceFinalizeUpdate,
};

/** A namespace goes from storage once both its spec and metadata finalizers are gone. */
export function shouldDeleteNamespaceDuringUpdate(obj: KubeObject): boolean {
  return (fields(obj).spec?.finalizers ?? []).length === 0;
}
