/**
 * Writing objects the way controllers do: create-or-update and create-or-patch around a mutate
 * function (controller-runtime's controllerutil), and server-side apply with a field owner.
 */
import { isDeepStrictEqual } from "node:util";
import { copyJSON } from "../runtime/deepcopy.js";
import type { ApplyConfiguration } from "../runtime/gentype/options.js";
import { isNotFound } from "../runtime/rest/errors.js";
import type { KubeObject, ObjectClient } from "./kind.js";

/** What a create-or-* call did. */
export type OperationResult = "created" | "updated" | "updatedStatus" | "updatedStatusOnly" | "unchanged";

export type MutateFn<T> = (obj: T) => void | Promise<void>;

function checkIdentity(before: KubeObject, after: KubeObject): void {
  if (before.metadata?.name !== after.metadata?.name || (before.metadata?.namespace ?? "") !== (after.metadata?.namespace ?? "")) {
    throw new Error("MutateFn cannot mutate object name and/or object namespace");
  }
}

function nameOf(obj: KubeObject): string {
  const name = obj.metadata?.name;
  if (!name) throw new Error("the object has no metadata.name");
  return name;
}

/**
 * Reads the object `obj` names; creates it (after `mutate`) when missing, otherwise applies
 * `mutate` to what is stored and updates it only when that changed something. `mutate` sets
 * the desired state on whatever it is given and must keep name and namespace. The status is
 * not written (use the status client for it).
 */
export async function createOrUpdate<T extends KubeObject>(
  client: ObjectClient<T>,
  obj: T,
  mutate: MutateFn<T>,
  opts: { signal?: AbortSignal; fieldManager?: string } = {},
): Promise<{ result: OperationResult; object: T }> {
  const call = { ...(opts.signal && { signal: opts.signal }), ...(opts.fieldManager && { fieldManager: opts.fieldManager }) };
  let current: T;
  try {
    current = await client.get(nameOf(obj), opts.signal ? { signal: opts.signal } : undefined);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    const fresh = copyJSON(obj);
    await mutate(fresh);
    checkIdentity(obj, fresh);
    return { result: "created", object: await client.create(fresh, call) };
  }
  const desired = copyJSON(current);
  await mutate(desired);
  checkIdentity(current, desired);
  if (isDeepStrictEqual(current, desired)) return { result: "unchanged", object: current };
  return { result: "updated", object: await client.update(desired, call) };
}

/**
 * An RFC 7386 JSON merge patch turning `from` into `to`: changed fields are set, removed ones
 * null, lists replaced whole. Empty when they are equal.
 */
export function createMergePatch(from: unknown, to: unknown): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const a = (from ?? {}) as Record<string, unknown>;
  const b = (to ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(a)) if (!(key in b) || b[key] === undefined) if (a[key] !== undefined) patch[key] = null;
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined) continue;
    const old = a[key];
    if (isDeepStrictEqual(old, value)) continue;
    const isObj = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v);
    patch[key] = isObj(old) && isObj(value) ? createMergePatch(old, value) : value;
  }
  return patch;
}

/**
 * Like {@link createOrUpdate}, but sends what `mutate` changed as JSON merge patches: one for
 * the object and, when `mutate` changed the status too, one for the status subresource. A patch
 * does not carry the resourceVersion, so it never conflicts with other writers' fields.
 */
export async function createOrPatch<T extends KubeObject & { status?: unknown }>(
  client: ObjectClient<T>,
  obj: T,
  mutate: MutateFn<T>,
  opts: { signal?: AbortSignal; fieldManager?: string } = {},
): Promise<{ result: OperationResult; object: T }> {
  const call = { ...(opts.signal && { signal: opts.signal }), ...(opts.fieldManager && { fieldManager: opts.fieldManager }) };
  let current: T;
  try {
    current = await client.get(nameOf(obj), opts.signal ? { signal: opts.signal } : undefined);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    const fresh = copyJSON(obj);
    await mutate(fresh);
    checkIdentity(obj, fresh);
    const status = fresh.status;
    let created = await client.create(fresh, call);
    // Create ignores the status of kinds with a status subresource: write it afterwards.
    if (status !== undefined && !isDeepStrictEqual(created.status, status)) {
      created = await client.patch(
        nameOf(created),
        "application/merge-patch+json",
        { status: createMergePatch(created.status, status) },
        call,
        "status",
      );
    }
    return { result: "created", object: created };
  }
  const desired = copyJSON(current);
  await mutate(desired);
  checkIdentity(current, desired);
  const { status: beforeStatus, ...beforeRest } = current;
  const { status: afterStatus, ...afterRest } = desired;
  const mainPatch = createMergePatch(beforeRest, afterRest);
  const statusPatch = createMergePatch({ status: beforeStatus }, { status: afterStatus });
  let object = current;
  let result: OperationResult = "unchanged";
  if (Object.keys(mainPatch).length > 0) {
    object = await client.patch(nameOf(current), "application/merge-patch+json", mainPatch, call);
    result = "updated";
  }
  if (Object.keys(statusPatch).length > 0) {
    object = await client.patch(nameOf(current), "application/merge-patch+json", statusPatch, call, "status");
    result = result === "updated" ? "updatedStatus" : "updatedStatusOnly";
  }
  return { result, object };
}

/**
 * Server-side apply of the fields `obj` sets, owned by `fieldOwner`; `force` (default true, as
 * controllers should) takes fields over from other managers. `obj` needs apiVersion and kind.
 */
export async function apply<T extends KubeObject>(
  client: ObjectClient<T>,
  obj: ApplyConfiguration<T>,
  fieldOwner: string,
  opts: { force?: boolean; signal?: AbortSignal; status?: boolean } = {},
): Promise<T> {
  const o = { fieldManager: fieldOwner, force: opts.force ?? true, ...(opts.signal && { signal: opts.signal }) };
  if (opts.status) {
    if (!client.applyStatus) throw new Error("this kind's client has no applyStatus (no status subresource)");
    return client.applyStatus(obj, o);
  }
  if (!client.apply) throw new Error("this kind's client has no apply verb");
  return client.apply(obj, o);
}
