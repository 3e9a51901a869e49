/**
 * metadata.managedFields as server-side apply keeps them: entries decoded into field sets keyed
 * by manager identity (name, operation, apiVersion for updates, subresource, as upstream's
 * BuildManagerIdentifier), and encoded back in upstream's order (Apply before Update, then by
 * time, manager, apiVersion, subresource). Decoding refuses what upstream's does; a later entry
 * with the same identity replaces an earlier one.
 */
import { FieldSet } from "./field-set.js";

/** One metav1.ManagedFieldsEntry. */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: "Apply" | "Update";
  apiVersion?: string;
  time?: string;
  fieldsType?: string;
  fieldsV1?: unknown;
  subresource?: string;
}

/** A manager's entry without its fields, and the fields it owns. */
export interface ManagedSet {
  entry: ManagedFieldsEntry;
  set: FieldSet;
}

/** Managers by identity. */
export type Managers = Map<string, ManagedSet>;

/**
 * A manager's identity, as upstream spells it (the entry's JSON without time and fields):
 * appliers are one manager whatever version they apply with; updaters are one per version.
 */
export function managerId(e: ManagedFieldsEntry): string {
  const id: Record<string, string> = {};
  if (e.manager) id.manager = e.manager;
  if (e.operation) id.operation = e.operation;
  if (e.apiVersion && e.operation !== "Apply") id.apiVersion = e.apiVersion;
  if (e.subresource) id.subresource = e.subresource;
  return JSON.stringify(id);
}

/** Why managedFields could not be decoded (upstream then falls back to the live object's). */
export class ManagedFieldsDecodeError extends Error {}

/** Whether the entries ask for managedFields to be reset: `[]`, or one entry with nothing set (`[{}]`). */
export function isResetManagedFields(raw: unknown): boolean {
  if (!Array.isArray(raw)) return false;
  if (raw.length === 0) return true;
  if (raw.length !== 1) return false;
  const only = raw[0] as unknown;
  if (typeof only !== "object" || only === null || Array.isArray(only)) return false;
  return Object.values(only).every((v) => v === null || v === undefined || v === "");
}

/** The managers of an object's managedFields; throws {@link ManagedFieldsDecodeError} as upstream's decoding fails. */
export function decodeManagedFields(raw: unknown): Managers {
  const out: Managers = new Map();
  if (raw === undefined || raw === null) return out;
  if (!Array.isArray(raw)) throw new ManagedFieldsDecodeError("managedFields must be a list");
  raw.forEach((item: unknown, i) => {
    if (typeof item !== "object" || item === null || Array.isArray(item))
      throw new ManagedFieldsDecodeError(`managed fields entry ${i} is not an object`);
    const { fieldsV1, ...entry } = item as ManagedFieldsEntry;
    if (entry.operation !== "Apply" && entry.operation !== "Update")
      throw new ManagedFieldsDecodeError("operation must be `Apply` or `Update`");
    if (!entry.apiVersion) throw new ManagedFieldsDecodeError("apiVersion must not be empty");
    if (!entry.fieldsType) throw new ManagedFieldsDecodeError(`missing fieldsType in managed fields entry ${i}`);
    if (entry.fieldsType !== "FieldsV1")
      throw new ManagedFieldsDecodeError(`invalid fieldsType ${JSON.stringify(entry.fieldsType)} in managed fields entry ${i}`);
    if (fieldsV1 !== undefined && fieldsV1 !== null && (typeof fieldsV1 !== "object" || Array.isArray(fieldsV1))) {
      throw new ManagedFieldsDecodeError(`error decoding versioned set from managed fields entry ${i}`);
    }
    // A later entry of the same manager replaces the earlier one, as upstream's decoding does.
    out.set(managerId(entry), { entry, set: FieldSet.fromFieldsV1(fieldsV1) });
  });
  return out;
}

/** Like {@link decodeManagedFields}, but nothing for what cannot be decoded. */
export function decodeOrEmpty(raw: unknown): Managers {
  try {
    return decodeManagedFields(raw);
  } catch (err) {
    if (err instanceof ManagedFieldsDecodeError) return new Map();
    throw err;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Seconds of an entry's time, 0 without one (upstream compares whole seconds). */
export function entrySeconds(time: string | undefined): number {
  if (!time) return 0;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** managedFields for the object (entries owning nothing are dropped), in upstream's order. */
export function encodeManagedFields(managers: Managers): ManagedFieldsEntry[] {
  const entries: ManagedFieldsEntry[] = [];
  for (const { entry, set } of managers.values()) {
    if (set.empty()) continue;
    const e: ManagedFieldsEntry = { manager: entry.manager ?? "", operation: entry.operation };
    if (entry.apiVersion) e.apiVersion = entry.apiVersion;
    if (entry.time) e.time = entry.time;
    e.fieldsType = "FieldsV1";
    e.fieldsV1 = set.toFieldsV1();
    if (entry.subresource) e.subresource = entry.subresource;
    entries.push(e);
  }
  return entries.sort(
    (p, q) =>
      cmp(p.operation ?? "", q.operation ?? "") ||
      entrySeconds(p.time) - entrySeconds(q.time) ||
      cmp(p.manager ?? "", q.manager ?? "") ||
      cmp(p.apiVersion ?? "", q.apiVersion ?? "") ||
      cmp(p.subresource ?? "", q.subresource ?? ""),
  );
}

/** The manager that the oldest updaters are folded into past the cap, one per apiVersion. */
export const ANCIENT_CHANGES_MANAGER = "ancient-changes";
/** Update managers kept before the oldest are folded together (upstream's DefaultMaxUpdateManagers). */
export const MAX_UPDATE_MANAGERS = 10;

/**
 * Keeps at most `max` Update managers: the oldest are merged, per apiVersion, into an
 * `ancient-changes` manager (taking the time of the newest merged), as upstream's
 * capManagersManager. The first old updater of a version moves into the bucket only when a
 * second one of that version joins it.
 */
export function capUpdateManagers(managers: Managers, max = MAX_UPDATE_MANAGERS): void {
  const updaters = [...managers].filter(([, m]) => m.entry.operation !== "Apply").map(([id]) => id);
  if (updaters.length <= max) return;
  updaters.sort((a, b) => entrySeconds(managers.get(a)!.entry.time) - entrySeconds(managers.get(b)!.entry.time) || cmp(a, b));
  const firstOfVersion = new Map<string, string>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const id = updaters[i]!;
    const m = managers.get(id)!;
    const version = m.entry.apiVersion ?? "";
    const bucketEntry: ManagedFieldsEntry = { manager: ANCIENT_CHANGES_MANAGER, operation: "Update", apiVersion: version };
    const bucketId = managerId(bucketEntry);
    const first = firstOfVersion.get(version);
    if (first === undefined) {
      firstOfVersion.set(version, id);
      continue;
    }
    if (!managers.has(bucketId)) {
      const firstSet = managers.get(first)!;
      managers.delete(first);
      managers.set(bucketId, { entry: bucketEntry, set: firstSet.set });
    }
    const bucket = managers.get(bucketId)!;
    const time = m.entry.time;
    managers.set(bucketId, { entry: { ...bucketEntry, ...(time ? { time } : {}) }, set: m.set.union(bucket.set) });
    managers.delete(id);
    length--;
  }
}

/** A manager as conflict messages name it: `"kubectl"`, `"kubectl-edit" using v1`, `... with subresource "status"`. */
export function printManager(e: ManagedFieldsEntry): string {
  let out = JSON.stringify(e.manager ?? "");
  if (e.subresource) out += ` with subresource ${JSON.stringify(e.subresource)}`;
  if (e.operation === "Update") out += ` using ${e.apiVersion ?? ""}`;
  return out;
}
