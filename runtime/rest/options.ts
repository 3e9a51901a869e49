/** The query parameters of list, watch, get, write, patch and delete calls, as the API spells them. */
import type { DeleteOptions } from "../../api/meta/v1/types.js";
import type { Query } from "./transport.js";

/** Options of list and watch calls (metav1.ListOptions as query parameters). */
export interface ListQuery {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
  limit?: number;
  continue?: string;
  timeoutSeconds?: number;
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
}

/** Options of get calls. */
export interface GetQuery {
  resourceVersion?: string;
}

/** Options of create and update calls. */
export interface WriteQuery {
  /** `["All"]` to validate and admit without persisting. */
  dryRun?: string[];
  fieldManager?: string;
  /** `Ignore`, `Warn` or `Strict`. */
  fieldValidation?: string;
}

/** Options of patch calls; `force` only applies to server-side apply. */
export interface PatchQuery extends WriteQuery {
  force?: boolean;
}

/** The media types of the four patch kinds. */
export type PatchType =
  | "application/json-patch+json"
  | "application/merge-patch+json"
  | "application/strategic-merge-patch+json"
  | "application/apply-patch+yaml";

/** Flattens options into query parameters (a dryRun list becomes its single value; the API accepts only "All"). */
export function toQuery(opts: ListQuery | GetQuery | WriteQuery | PatchQuery | undefined): Query {
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const [k, v] of Object.entries(opts ?? {})) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(",") : (v as string | number | boolean);
  }
  return out;
}

/** A DeleteOptions body with its type meta, as the API expects it. */
export function deleteOptionsBody(opts: DeleteOptions | undefined): DeleteOptions | undefined {
  return opts === undefined ? undefined : { apiVersion: "v1", kind: "DeleteOptions", ...opts };
}
