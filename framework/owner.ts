/** Owner references (controller-runtime's controllerutil.SetControllerReference and friends). */
import type { OwnerReference } from "../api/meta/v1/types.js";
import { groupOf, type GroupVersionKind, type KubeObject } from "./kind.js";

/** Thrown when an object already has a different controller. */
export class AlreadyOwnedError extends Error {
  constructor(
    readonly object: KubeObject,
    readonly owner: OwnerReference,
  ) {
    super(
      `Object ${object.metadata?.namespace ?? ""}/${object.metadata?.name ?? ""} is already owned by another ${owner.kind} controller ${owner.name}`,
    );
    this.name = "AlreadyOwnedError";
  }
}

function referenceTo(
  owner: KubeObject,
  kind: GroupVersionKind | undefined,
  controller: boolean,
  blockOwnerDeletion: boolean,
): OwnerReference {
  const apiVersion = kind?.apiVersion ?? owner.apiVersion;
  const k = kind?.kind ?? owner.kind;
  const name = owner.metadata?.name;
  const uid = owner.metadata?.uid;
  if (!apiVersion || !k) throw new Error("the owner has no apiVersion and kind: pass its kind");
  if (!name || !uid) throw new Error("the owner has no name or uid: it must be read from the server first");
  return { apiVersion, kind: k, name, uid, ...(controller && { controller: true, blockOwnerDeletion }) };
}

function sameOwner(a: OwnerReference, b: OwnerReference): boolean {
  return groupOf(a.apiVersion) === groupOf(b.apiVersion) && a.kind === b.kind && a.name === b.name;
}

function checkScope(owner: KubeObject, object: KubeObject): void {
  const ons = owner.metadata?.namespace ?? "";
  const ns = object.metadata?.namespace ?? "";
  if (ons !== "" && ons !== ns) {
    throw new Error(`cross-namespace owner references are disallowed, owner's namespace ${ons}, obj's namespace ${ns}`);
  }
  if (ons !== "" && ns === "") throw new Error("cluster-scoped resource must not have a namespace-scoped owner");
}

/**
 * Makes `owner` the controller of `object` (controller: true, blockOwnerDeletion: true), so the
 * garbage collector deletes `object` with its owner and `owns()` watches map it back. Modifies
 * `object`; throws {@link AlreadyOwnedError} when another object controls it already.
 */
export function setControllerReference(
  owner: KubeObject,
  object: KubeObject,
  options: { kind?: GroupVersionKind; blockOwnerDeletion?: boolean } = {},
): void {
  checkScope(owner, object);
  const ref = referenceTo(owner, options.kind, true, options.blockOwnerDeletion ?? true);
  const current = getControllerOf(object);
  if (current && !sameOwner(current, ref)) throw new AlreadyOwnedError(object, current);
  upsertOwnerReference(object, ref);
}

/** Adds (or refreshes) a non-controller owner reference to `owner`. Modifies `object`. */
export function setOwnerReference(owner: KubeObject, object: KubeObject, options: { kind?: GroupVersionKind } = {}): void {
  checkScope(owner, object);
  upsertOwnerReference(object, referenceTo(owner, options.kind, false, false));
}

/** Removes the owner reference to `owner`; returns whether there was one. Modifies `object`. */
export function removeOwnerReference(owner: KubeObject, object: KubeObject, options: { kind?: GroupVersionKind } = {}): boolean {
  const ref = referenceTo(owner, options.kind, false, false);
  const refs = object.metadata?.ownerReferences ?? [];
  const kept = refs.filter((r) => !sameOwner(r, ref));
  if (kept.length === refs.length) return false;
  object.metadata!.ownerReferences = kept;
  return true;
}

function upsertOwnerReference(object: KubeObject, ref: OwnerReference): void {
  object.metadata ??= {};
  const refs = [...(object.metadata.ownerReferences ?? [])];
  const i = refs.findIndex((r) => sameOwner(r, ref));
  if (i >= 0) refs[i] = ref;
  else refs.push(ref);
  object.metadata.ownerReferences = refs;
}

/** The owner reference with `controller: true`, if any. */
export function getControllerOf(object: KubeObject): OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((r) => r.controller === true);
}

/** Whether `owner` (by uid) is the controller of `object`. */
export function isControlledBy(object: KubeObject, owner: KubeObject): boolean {
  const ref = getControllerOf(object);
  return ref !== undefined && ref.uid === owner.metadata?.uid;
}
