/**
 * Server-side printing (`Accept: application/json;as=Table;g=meta.k8s.io;v=v1`): a list or an
 * object becomes a metav1.Table whose rows carry cells and, by default, the object's metadata
 * as a PartialObjectMetadata.
 */
import type { KubeList, KubeObject } from "../../registry/rest.js";
import { newBadRequest } from "../../../runtime/rest/errors.js";
import { swaggerDoc as metaDocs } from "../../../generated/apis/meta/v1/zz_generated.swagger-doc.js";

export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

/** A resource's columns and how to fill one row. */
export interface TablePrinter {
  columns: readonly ColumnDefinition[];
  cells(obj: KubeObject, now: number): unknown[];
}

export type IncludeObject = "Metadata" | "Object" | "None";

export interface TableOptions {
  includeObject: IncludeObject;
  /** Leave out column definitions (later events of a watch). */
  noHeaders: boolean;
}

export interface Table {
  kind: "Table";
  apiVersion: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  columnDefinitions: ColumnDefinition[];
  rows: { cells: unknown[]; object?: unknown }[];
}

/** A column as upstream declares one (format and priority default to "" and 0). */
export function column(
  name: string,
  type: string,
  description: string,
  extra: { format?: string; priority?: number } = {},
): ColumnDefinition {
  return { name, type, format: extra.format ?? "", description, priority: extra.priority ?? 0 };
}

export const nameColumn = (): ColumnDefinition => column("Name", "string", metaDocs.ObjectMeta?.name ?? "", { format: "name" });
export const ageColumn = (): ColumnDefinition => column("Age", "string", metaDocs.ObjectMeta?.creationTimestamp ?? "");

/** Reads `includeObject` from the query; anything else than the three values is a 400. */
export function tableOptionsFrom(params: URLSearchParams): TableOptions {
  const raw = params.get("includeObject") ?? "";
  if (raw !== "" && raw !== "Metadata" && raw !== "Object" && raw !== "None") {
    throw newBadRequest(
      `Unable to convert to Table as requested: includeObject: Unsupported value: ${JSON.stringify(raw)}: supported values: "Metadata", "None", "Object"`,
    );
  }
  return { includeObject: raw || "Metadata", noHeaders: false };
}

/** An object's metadata alone, as upstream's meta.AsPartialObjectMetadata. */
export function partialObjectMetadata(obj: KubeObject, apiVersion = "meta.k8s.io/v1"): KubeObject {
  return { kind: "PartialObjectMetadata", apiVersion, metadata: obj.metadata ?? {} };
}

function isList(value: KubeObject | KubeList): value is KubeList {
  return Array.isArray((value as KubeList).items);
}

/** Converts an object or a list to a Table in `apiVersion` (meta.k8s.io/v1 or v1beta1). */
export function toTable(
  printer: TablePrinter,
  value: KubeObject | KubeList,
  options: TableOptions,
  apiVersion = "meta.k8s.io/v1",
  now = Date.now(),
): Table {
  const items = isList(value) ? value.items : [value];
  const metadata: Table["metadata"] = {};
  if (isList(value)) {
    if (value.metadata.resourceVersion) metadata.resourceVersion = value.metadata.resourceVersion;
    if (value.metadata.continue) metadata.continue = value.metadata.continue;
    if (value.metadata.remainingItemCount !== undefined) metadata.remainingItemCount = value.metadata.remainingItemCount;
  } else if (value.metadata?.resourceVersion) {
    metadata.resourceVersion = value.metadata.resourceVersion;
  }
  const rows = items.map((item) => {
    const row: Table["rows"][number] = { cells: printer.cells(item, now) };
    if (options.includeObject === "Metadata") row.object = partialObjectMetadata(item, apiVersion);
    else if (options.includeObject === "Object") row.object = item;
    return row;
  });
  return {
    kind: "Table",
    apiVersion,
    metadata,
    columnDefinitions: options.noHeaders ? [] : printer.columns.map((c) => ({ ...c })),
    rows,
  };
}
