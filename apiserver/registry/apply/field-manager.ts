/**
 * Field ownership for one resource, as upstream's field manager: `apply` merges an applied
 * configuration into the live object, answering 409 when it changes fields other managers own
 * (unless forced), makes the configuration's fields the applier's and removes fields it no
 * longer applies that nobody else owns; `recordUpdate` gives the fields a create, update or
 * non-apply patch changed to its manager (taking them from everyone else).
 */
import { StatusError, newBadRequest } from "../../../runtime/rest/errors.js";
import type { KubeObject } from "../rest.js";
import { FieldSet, fieldElement, pathString } from "./field-set.js";
import { decodeManagedFields, encodeManagedFields, managerId, printManager, type ManagedFieldsEntry, type Managers } from "./managed-fields.js";
import type { ApplySchema } from "./schema.js";
import { childSchema, compare, merge, removePaths, toFieldSet, valueAt } from "./typed.js";

/** metadata fields the server owns: never part of anyone's set (upstream's stripped fields). */
const SYSTEM_METADATA = ["name", "namespace", "creationTimestamp", "selfLink", "uid", "clusterName", "generation", "managedFields", "resourceVersion"];

export interface FieldManagerOptions {
  schema: ApplySchema;
  /** The apiVersion the request was made in (recorded on entries). */
  apiVersion: string;
  /** The subresource written (`status`), if any. */
  subresource?: string;
  /**
   * Top-level fields the write cannot change, so nobody gains them by it (upstream's reset
   * fields): `status` for the main resource of a kind with a status subresource.
   */
  resetFields?: readonly string[];
  /** When set, only these top-level fields can be owned (a status subresource: `status`). */
  onlyFields?: readonly string[];
  /** The entry time (RFC 3339, seconds). */
  now: string;
}

/**
 * A set without what no manager may own. `fresh`: the set is a new one nobody else holds, so it
 * is trimmed in place rather than copied first.
 */
function stripped(set: FieldSet, opts: FieldManagerOptions, fresh = false): FieldSet {
  if (set.empty()) return set;
  const out = fresh ? set : set.clone();
  out.children.delete(fieldElement("apiVersion"));
  out.children.delete(fieldElement("kind"));
  const meta = out.children.get(fieldElement("metadata"));
  if (meta) {
    meta.member = false;
    for (const f of SYSTEM_METADATA) meta.children.delete(fieldElement(f));
  }
  for (const f of opts.resetFields ?? []) out.children.delete(fieldElement(f));
  if (opts.onlyFields) {
    for (const e of [...out.children.keys()]) if (!opts.onlyFields.includes(e.slice(2))) out.children.delete(e);
  }
  return out;
}

function withoutManagedFields(obj: KubeObject | undefined): KubeObject {
  if (!obj) return {};
  if (!obj.metadata?.managedFields) return obj;
  const { managedFields: _, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/** Sets `obj.metadata.managedFields` from the managers (removing it when nobody owns anything). */
function writeManagers(obj: KubeObject, managers: Managers): void {
  const entries = encodeManagedFields(managers);
  const meta = (obj.metadata ??= {});
  if (entries.length > 0) meta.managedFields = entries;
  else delete meta.managedFields;
}

/** Gives `set` to the manager `entry`, updating its time only when its fields changed (so a no-op stays one). */
function own(managers: Managers, entry: ManagedFieldsEntry, set: FieldSet, now: string): void {
  const id = managerId(entry);
  const prior = managers.get(id);
  const changed = !prior || !prior.set.equals(set);
  managers.set(id, { entry: { ...entry, time: changed ? now : (prior.entry.time ?? now) }, set });
}

/**
 * Records a non-apply write (create when `old` is undefined) in `obj`'s managedFields. The
 * managers come from `obj` when the client changed them (to reset them), else from `old`.
 */
export function recordUpdate(old: KubeObject | undefined, obj: KubeObject, manager: string, opts: FieldManagerOptions): void {
  const sent = obj.metadata?.managedFields;
  const managers = decodeManagedFields(sent !== undefined && sent.length > 0 ? sent : old?.metadata?.managedFields);
  const diff = compare(withoutManagedFields(old), withoutManagedFields(obj), opts.schema);
  // compare() made these sets for us alone: trim them in place.
  const changed = stripped(diff.modified.empty() ? diff.added : diff.added.union(diff.modified), opts, true);
  const removed = stripped(diff.removed, opts, true);
  const self: ManagedFieldsEntry = { manager, operation: "Update", apiVersion: opts.apiVersion };
  if (opts.subresource) self.subresource = opts.subresource;
  const selfId = managerId(self);
  for (const [id, m] of managers) {
    if (id !== selfId) m.set = m.set.difference(changed).difference(removed);
  }
  // A write with no manager at all (an internal caller without a user agent) owns nothing itself.
  if (manager !== "") {
    const prior = managers.get(selfId)?.set;
    // A create (nothing owned before, nothing removed) owns exactly what it changed.
    const owned = prior ? prior.union(changed) : changed;
    own(managers, self, removed.empty() ? owned : owned.difference(removed), opts.now);
  }
  writeManagers(obj, managers);
}

/** One field another manager owns that the apply would change. */
interface Conflict {
  manager: ManagedFieldsEntry;
  path: string;
}

/** 409 Conflict with a FieldManagerConflict cause per field, in upstream's words. */
export function conflictError(conflicts: readonly Conflict[]): StatusError {
  const causes = conflicts.map((c) => ({ reason: "FieldManagerConflict", message: `conflict with ${printManager(c.manager)}`, field: c.path }));
  let message: string;
  if (conflicts.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${printManager(conflicts[0]!.manager)}: ${conflicts[0]!.path}`;
  } else {
    const byManager = new Map<string, string[]>();
    for (const c of conflicts) {
      const name = printManager(c.manager);
      byManager.set(name, [...(byManager.get(name) ?? []), c.path]);
    }
    const lines: string[] = [];
    for (const name of [...byManager.keys()].sort()) {
      lines.push(`conflicts with ${name}:`);
      for (const p of byManager.get(name)!) lines.push(`- ${p}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join("\n")}`;
  }
  return new StatusError({
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason: "Conflict",
    details: { causes },
    code: 409,
  });
}

/**
 * Applies `config` for `manager` to `live` (undefined: the object does not exist yet) and
 * returns the new object with its managedFields. Throws 409 on conflicts unless `force`.
 */
export function apply(live: KubeObject | undefined, config: KubeObject, manager: string, force: boolean, opts: FieldManagerOptions): KubeObject {
  if (!manager) throw newBadRequest("fieldManager is required for apply requests");
  const managers = decodeManagedFields(live?.metadata?.managedFields);
  const liveValue = withoutManagedFields(live);
  const merged = merge(liveValue, config, opts.schema) as KubeObject;
  const configSet = stripped(toFieldSet(config, opts.schema), opts);
  const self: ManagedFieldsEntry = { manager, operation: "Apply", apiVersion: opts.apiVersion };
  if (opts.subresource) self.subresource = opts.subresource;
  const selfId = managerId(self);

  // Fields the merge changes that others own: conflicts, or (forced) taken from them.
  const diff = compare(liveValue, merged, opts.schema);
  const changed = stripped(diff.added.union(diff.modified), opts);
  const conflicts: Conflict[] = [];
  for (const [id, m] of managers) {
    if (id === selfId) continue;
    const owned = m.set.intersection(changed);
    for (const p of owned.paths()) conflicts.push({ manager: m.entry, path: pathString(p) });
    m.set = m.set.difference(owned);
  }
  if (conflicts.length > 0 && !force) {
    throw conflictError(conflicts.sort((a, b) => managerId(a.manager).localeCompare(managerId(b.manager)) || a.path.localeCompare(b.path)));
  }
  const lastSet = managers.get(selfId)?.set ?? new FieldSet();
  own(managers, self, configSet, opts.now);

  prune(merged, lastSet, managers, opts.schema);

  // Fields the prune removed are nobody's any more.
  const removed = stripped(compare(liveValue, merged, opts.schema).removed, opts);
  for (const m of managers.values()) m.set = m.set.difference(removed);
  writeManagers(merged, managers);
  return merged;
}

/**
 * Removes from `obj` what the applier applied last time but no longer does, unless another
 * manager (or the applier's new set) owns it or something under it; struct fields left empty
 * by that removal go too, as upstream prunes named fields.
 */
function prune(obj: KubeObject, lastSet: FieldSet, managers: Managers, schema: ApplySchema): void {
  let owned = new FieldSet();
  for (const m of managers.values()) owned = owned.union(m.set);
  const toRemove = new FieldSet();
  const ancestors = new Map<string, string[]>();
  for (const p of lastSet.paths()) {
    if (owned.hasPrefix(p)) continue;
    toRemove.insert(p);
    // Struct fields above the path: candidates for removal once empty.
    let s = schema;
    let value: unknown = obj;
    for (let i = 0; i < p.length - 1; i++) {
      const e = p[i]!;
      const parent = s;
      s = childSchema(s, e, value);
      value = valueAt(value, [e], parent);
      if (parent.kind === "map" && parent.struct && e.startsWith("f:")) ancestors.set(JSON.stringify(p.slice(0, i + 1)), p.slice(0, i + 1));
    }
  }
  removePaths(obj, toRemove, schema);
  const deepestFirst = [...ancestors.values()].sort((a, b) => b.length - a.length);
  for (const a of deepestFirst) {
    if (owned.hasPrefix(a) || (a.length === 1 && a[0] === "f:metadata")) continue;
    const v = valueAt(obj, a, schema);
    const empty = (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && Object.keys(v).length === 0);
    if (empty) {
      const one = new FieldSet();
      one.insert(a);
      removePaths(obj, one, schema);
    }
  }
}
