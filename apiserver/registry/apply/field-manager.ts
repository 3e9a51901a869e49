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
import {
  capUpdateManagers,
  decodeOrEmpty,
  encodeManagedFields,
  isResetManagedFields,
  managerId,
  printManager,
  type ManagedFieldsEntry,
  type Managers,
} from "./managed-fields.js";
import type { ApplySchema } from "./schema.js";
import { createFieldsV1 } from "./create-fields.js";
import { childSchema, compare, merge, removePaths, toFieldSet, valueAt } from "./typed.js";
import { copyJSON } from "../../../runtime/deepcopy.js";

/** metadata fields the server owns: never part of anyone's set (upstream's stripped fields). */
const SYSTEM_METADATA = [
  "name",
  "namespace",
  "creationTimestamp",
  "selfLink",
  "uid",
  "clusterName",
  "generation",
  "managedFields",
  "resourceVersion",
];
const SYSTEM_METADATA_SET: ReadonlySet<string> = new Set(SYSTEM_METADATA);

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
  /**
   * What a create is compared against: the JSON of the kind's Go zero value (zero-value.ts);
   * absent, `{}` (custom resources).
   */
  zero?: Readonly<Record<string, unknown>>;
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

const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({});

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

/** The last create's top-level fields nobody owns, kept: every create of a kind names the same few, and a set made afresh is garbage. */
let lastSkipTop: { reset: readonly string[]; set: ReadonlySet<string> } = { reset: [], set: new Set(["apiVersion", "kind"]) };

/** apiVersion, kind and the reset fields, as a set (the same set while the reset fields are the same). */
function createSkipTop(reset: readonly string[] = []): ReadonlySet<string> {
  const last = lastSkipTop.reset;
  if (reset.length === last.length && reset.every((f, i) => f === last[i])) return lastSkipTop.set;
  lastSkipTop = { reset: [...reset], set: new Set(["apiVersion", "kind", ...reset]) };
  return lastSkipTop.set;
}

/**
 * Records a non-apply write (create when `old` is undefined) in `obj`'s managedFields, as
 * upstream's field manager: the managers come from `obj` when the client sent some that decode
 * (to change them), else from `old`; `[]` or `[{}]` resets them, and an existing object whose
 * managers are empty stays untracked until an apply. Update managers past ten are folded into
 * `ancient-changes`.
 */
export function recordUpdate(old: KubeObject | undefined, obj: KubeObject, manager: string, opts: FieldManagerOptions): void {
  const sent = obj.metadata?.managedFields;
  let managers: Managers;
  if (opts.subresource) managers = decodeOrEmpty(old?.metadata?.managedFields);
  else if (isResetManagedFields(sent)) managers = new Map();
  else {
    managers = decodeOrEmpty(sent);
    if (managers.size === 0) managers = decodeOrEmpty(old?.metadata?.managedFields);
  }
  if (managers.size === 0 && old !== undefined) {
    // Upstream skips tracking an update of an object nobody manages (after a reset, say).
    if (obj.metadata) delete obj.metadata.managedFields;
    return;
  }
  if (old === undefined && managers.size === 0 && manager === "") {
    // A create by no manager (a client without a user agent) that nobody else manages: no entry at all.
    delete (obj.metadata ??= {}).managedFields;
    return;
  }
  if (old === undefined && managers.size === 0 && !opts.subresource && !opts.onlyFields) {
    // A create nobody else manages: its one entry is written straight from the object.
    const skipTop = createSkipTop(opts.resetFields);
    const fields = createFieldsV1(obj, opts.schema, opts.zero ?? NO_FIELDS, skipTop, SYSTEM_METADATA_SET);
    if (fields !== null) {
      const meta = (obj.metadata ??= {});
      if (fields === undefined) delete meta.managedFields;
      else
        meta.managedFields = [
          {
            manager,
            operation: "Update",
            ...(opts.apiVersion && { apiVersion: opts.apiVersion }),
            time: opts.now,
            fieldsType: "FieldsV1",
            fieldsV1: fields,
          },
        ];
      return;
    }
  }
  // A create (a PUT that creates too) compares against the kind's zero value, as upstream's New().
  const diff = compare(old === undefined ? (opts.zero ?? NO_FIELDS) : withoutManagedFields(old), withoutManagedFields(obj), opts.schema);
  // compare() made these sets for us alone: trim them in place.
  const changed = stripped(diff.modified.empty() ? diff.added : diff.added.union(diff.modified), opts, true);
  const removed = stripped(diff.removed, opts, true);
  const self: ManagedFieldsEntry = { manager, operation: "Update", apiVersion: opts.apiVersion };
  if (opts.subresource) self.subresource = opts.subresource;
  const selfId = managerId(self);
  for (const [id, m] of managers) {
    if (id !== selfId) m.set = removed.empty() ? m.set.difference(changed) : m.set.difference(changed).difference(removed);
  }
  // A write with no manager at all (an internal caller without a user agent) owns nothing itself.
  if (manager !== "") {
    const prior = managers.get(selfId);
    const gained = prior ? prior.set.union(changed) : changed;
    // A create removes nothing: its set is the one compare() made, kept as it is.
    const owned = removed.empty() ? gained : gained.difference(removed);
    // The entry's time moves only when the write set something (upstream's current-operation).
    const time = changed.empty() ? prior?.entry.time : opts.now;
    managers.set(selfId, { entry: { ...self, ...(time ? { time } : {}) }, set: owned });
  }
  capUpdateManagers(managers);
  writeManagers(obj, managers);
}

/** One field another manager owns that the apply would change. */
interface Conflict {
  manager: ManagedFieldsEntry;
  path: string[];
}

function codeOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 409 Conflict with a FieldManagerConflict cause per field, in upstream's words. */
export function conflictError(conflicts: readonly Conflict[]): StatusError {
  const sorted = [...conflicts]
    .map((c) => ({ manager: c.manager, path: pathString(c.path) }))
    .sort((a, b) => codeOrder(managerId(a.manager), managerId(b.manager)) || codeOrder(a.path, b.path));
  const causes = sorted.map((c) => ({
    reason: "FieldManagerConflict",
    message: `conflict with ${printManager(c.manager)}`,
    field: c.path,
  }));
  let message: string;
  if (sorted.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${printManager(sorted[0]!.manager)}: ${sorted[0]!.path}`;
  } else {
    const byManager = new Map<string, string[]>();
    for (const c of sorted) {
      const name = printManager(c.manager);
      byManager.set(name, [...(byManager.get(name) ?? []), c.path]);
    }
    const lines: string[] = [];
    // Managers in the order of their identities, as upstream sorts them.
    for (const name of byManager.keys()) {
      lines.push(`conflicts with ${name}:`);
      for (const p of byManager.get(name)!) lines.push(`- ${p}`);
    }
    message = `Apply failed with ${sorted.length} conflicts: ${lines.join("\n")}`;
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

/** Thrown by {@link applyOnce} when the apply changes fields others own and is not forced. */
class Conflicts {
  constructor(readonly list: Conflict[]) {}
}

/** The manager name kubectl applies with, whose applies keep the client-side apply annotation in step. */
const KUBECTL_MANAGER = "kubectl";
export const LAST_APPLIED_ANNOTATION = "kubectl.kubernetes.io/last-applied-configuration";

/**
 * Applies `config` for `manager` to `live` (undefined: the object does not exist yet) and
 * returns the new object with its managedFields. Throws 409 on conflicts unless `force`. For
 * manager `kubectl`, as upstream: conflicts on fields the client-side apply annotation applied
 * with the live value are let through (the upgrade from client-side apply), and the annotation,
 * when present, is rewritten to the applied configuration.
 */
export function apply(
  live: KubeObject | undefined,
  config: KubeObject,
  manager: string,
  force: boolean,
  opts: FieldManagerOptions,
): KubeObject {
  if (!manager) throw newBadRequest("fieldManager is required for apply requests");
  let result: KubeObject;
  try {
    result = applyOnce(live, config, manager, force, opts);
  } catch (err) {
    if (!(err instanceof Conflicts)) throw err;
    if (manager !== KUBECTL_MANAGER) throw conflictError(err.list);
    const allowed = allowedByLastApplied(live, opts.schema);
    const remaining = allowed ? err.list.filter((c) => !allowed.has(c.path)) : err.list;
    if (remaining.length > 0) throw conflictError(remaining);
    result = applyOnce(live, config, manager, true, opts);
  }
  if (manager === KUBECTL_MANAGER) updateLastApplied(result, config);
  return result;
}

function applyOnce(
  live: KubeObject | undefined,
  config: KubeObject,
  manager: string,
  force: boolean,
  opts: FieldManagerOptions,
): KubeObject {
  const managers = decodeOrEmpty(live?.metadata?.managedFields);
  const liveValue = withoutManagedFields(live);
  const merged = merge(liveValue, config, opts.schema) as KubeObject;
  // toFieldSet and union make new sets: trimmed in place.
  const configSet = stripped(toFieldSet(config, opts.schema), opts, true);
  const self: ManagedFieldsEntry = { manager, operation: "Apply", apiVersion: opts.apiVersion };
  if (opts.subresource) self.subresource = opts.subresource;
  const selfId = managerId(self);

  // Fields the merge changes that others own: conflicts, or (forced) taken from them.
  const diff = compare(liveValue, merged, opts.schema);
  const changed = stripped(diff.added.union(diff.modified), opts, true);
  const conflicts: Conflict[] = [];
  for (const [id, m] of managers) {
    if (id === selfId) continue;
    const owned = m.set.intersection(changed);
    for (const p of owned.paths()) conflicts.push({ manager: m.entry, path: p });
    m.set = m.set.difference(owned);
  }
  if (conflicts.length > 0 && !force) throw new Conflicts(conflicts);
  const prior = managers.get(selfId);
  const lastSet = prior?.set ?? new FieldSet();
  managers.set(selfId, { entry: self, set: configSet });

  const pruned = prune(merged, lastSet, managers, opts.schema, configSet);

  // Fields the prune removed are nobody's any more. A prune that removed nothing left the merge
  // as it was: its comparison stands (the sets above were copies of it, not changes).
  const after = pruned ? compare(liveValue, merged, opts.schema) : diff;
  const removed = stripped(after.removed, opts);
  for (const m of managers.values()) m.set = m.set.difference(removed);
  // The applier's time moves when the object changed (upstream's no-op apply keeps it).
  const objectChanged = live === undefined || !after.added.empty() || !after.modified.empty() || !after.removed.empty();
  const time = objectChanged ? opts.now : prior?.entry.time;
  if (time) managers.get(selfId)!.entry = { ...self, time };
  writeManagers(merged, managers);
  return merged;
}

/**
 * The fields whose conflicts a `kubectl` apply may override: those the last-applied annotation
 * sets to the value they have live. Undefined without a readable annotation.
 */
function allowedByLastApplied(live: KubeObject | undefined, schema: ApplySchema): FieldSet | undefined {
  const text = live?.metadata?.annotations?.[LAST_APPLIED_ANNOTATION];
  if (!text) return undefined;
  let lastApplied: unknown;
  try {
    lastApplied = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof lastApplied !== "object" || lastApplied === null || Array.isArray(lastApplied)) return undefined;
  const set = toFieldSet(lastApplied, schema);
  const diff = compare(lastApplied, withoutManagedFields(live), schema);
  return diff.modified.empty() ? set : set.difference(diff.modified);
}

/** Total size upstream allows for an object's annotations (keys and values). */
const MAX_ANNOTATIONS_BYTES = 256 * 1024;

/** Rewrites an existing, non-empty last-applied annotation to the applied configuration (upstream's lastAppliedUpdater). */
function updateLastApplied(obj: KubeObject, config: KubeObject): void {
  const annotations = obj.metadata?.annotations;
  if (!annotations?.[LAST_APPLIED_ANNOTATION]) return;
  const copy = copyJSON(config);
  const copyAnnotations = copy.metadata?.annotations;
  if (copyAnnotations) delete copyAnnotations[LAST_APPLIED_ANNOTATION];
  const value = `${goJSON(copy)}\n`;
  const next: Record<string, string> = { ...annotations, [LAST_APPLIED_ANNOTATION]: value };
  let size = 0;
  for (const [k, v] of Object.entries(next)) size += Buffer.byteLength(k) + Buffer.byteLength(v);
  // Too big to keep: upstream drops the annotation rather than fail the apply.
  if (size > MAX_ANNOTATIONS_BYTES) delete next[LAST_APPLIED_ANNOTATION];
  obj.metadata!.annotations = next;
}

/** JSON as Go's encoding/json writes a map: keys sorted, `<`, `>`, `&` and line separators escaped. */
function goJSON(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = sort((v as Record<string, unknown>)[k]);
      return out;
    }
    return v;
  };
  return JSON.stringify(sort(value)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Removes from `obj` what the applier applied last time but no longer does, unless another
 * manager (or the applier's new set) owns it or something under it; struct fields left empty
 * by that removal go too, as upstream prunes named fields. `applied` is the applier's new set
 * (in `managers`). False when there was nothing to remove (`obj` is untouched).
 */
function prune(obj: KubeObject, lastSet: FieldSet, managers: Managers, schema: ApplySchema, applied: FieldSet): boolean {
  const last = lastSet.paths();
  // Most applies apply again what they applied last: their new set (one of the managers') owns
  // every old path, so there is nothing to remove and no need to gather everyone's sets.
  if (last.every((p) => applied.hasPrefix(p))) return false;
  let owned = new FieldSet();
  for (const m of managers.values()) owned = owned.union(m.set);
  const toRemove = new FieldSet();
  const ancestors = new Map<string, string[]>();
  for (const p of last) {
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
  if (toRemove.empty()) return false;
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
  return true;
}
