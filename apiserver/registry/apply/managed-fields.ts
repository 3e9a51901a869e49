/**
 * metadata.managedFields as server-side apply keeps them: entries decoded into field sets keyed
 * by manager identity (name, operation, apiVersion for updates, subresource, as upstream), and
 * encoded back in upstream's order (Apply before Update, then by time, manager, apiVersion).
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

/** A manager's identity: appliers are one manager whatever version they apply with; updaters are one per version. */
export function managerId(e: ManagedFieldsEntry): string {
  return JSON.stringify([e.manager ?? "", e.operation ?? "", e.operation === "Apply" ? "" : (e.apiVersion ?? ""), e.subresource ?? ""]);
}

/** The managers of an object's managedFields; entries that are not objects are skipped. */
export function decodeManagedFields(raw: unknown): Managers {
  const out: Managers = new Map();
  if (!Array.isArray(raw)) return out;
  for (const item of raw) {
    if (typeof item !== "object" || item === null) continue;
    const { fieldsV1, ...entry } = item as ManagedFieldsEntry;
    const set = FieldSet.fromFieldsV1(fieldsV1);
    const id = managerId(entry);
    const prior = out.get(id);
    out.set(id, { entry, set: prior ? prior.set.union(set) : set });
  }
  return out;
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
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return entries.sort(
    (p, q) =>
      cmp(p.operation ?? "", q.operation ?? "") ||
      cmp(p.time ?? "", q.time ?? "") ||
      cmp(p.manager ?? "", q.manager ?? "") ||
      cmp(p.apiVersion ?? "", q.apiVersion ?? ""),
  );
}

/** A manager as conflict messages name it: `"kubectl"`, `"kubectl-edit" using v1`, `... with subresource "status"`. */
export function printManager(e: ManagedFieldsEntry): string {
  let out = JSON.stringify(e.manager ?? "");
  if (e.subresource) out += ` with subresource ${JSON.stringify(e.subresource)}`;
  if (e.operation === "Update") out += ` using ${e.apiVersion ?? ""}`;
  return out;
}
