/**
 * A kind's REST operations as the kind page shows them, as kubernetes.io's reference does: what
 * each does, its path and query parameters (the shared query parameters described once, on a
 * page of their own), the body it takes and the responses it gives, each with an anchor.
 */
import { docHtml, escapeHtml } from "./doc-text.js";
import { typeHtml, type Linker } from "./fields.js";
import { gvkKey, relativeHref } from "./names.js";
import { COMMON_PARAMETERS } from "./parameters.js";
import type { GroupVersionKind, Operation, Parameter, SchemaSet } from "./schema-set.js";

export const PARAMETERS_PAGE = "parameters.html";

export interface ParamRow {
  name: string;
  /** Where the shared description is (query parameters), else "". */
  href: string;
  typeHtml: string;
  required: boolean;
  /** The parameter's own text: path parameters, and query parameters that say more here. */
  descriptionHtml: string;
}

export interface ResponseRow {
  code: string;
  typeHtml: string;
  description: string;
}

export interface OperationModel {
  id: string;
  method: string;
  path: string;
  operationId: string;
  action: string;
  /** Capitalized description (`Read the specified Namespace`). */
  titleHtml: string;
  pathParams: ParamRow[];
  queryParams: ParamRow[];
  bodyHtml: string | null;
  consumes: string[];
  responses: ResponseRow[];
}

export interface OperationGroup {
  /** `""` for the resource itself, else the subresource (`status`, `scale`). */
  subresource: string;
  id: string;
  title: string;
  operations: OperationModel[];
}

/** A shared query parameter: one entry on the parameters page. */
export interface SharedParameter {
  name: string;
  id: string;
  typeHtml: string;
  descriptionHtml: string;
  /** How many operations take it. */
  uses: number;
}

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
/** Reading order of actions, as kubernetes.io lists them. */
const ACTION_ORDER = ["get", "list", "watch", "post", "put", "patch", "delete", "deletecollection"];

/** `/api/v1/namespaces/{name}/status` -> `status`; the resource itself -> `""`. */
export function subresourceOf(path: string): string {
  return /\{name\}\/([^/{}]+)$/.exec(path)?.[1] ?? "";
}

export function parameterAnchor(name: string): string {
  return `param-${name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** The first description each query parameter has anywhere, else ours. */
export function sharedParameters(set: SchemaSet, link: Linker): SharedParameter[] {
  const byName = new Map<string, { param: Parameter; uses: number }>();
  for (const op of set.operations) {
    for (const p of op.parameters) {
      if (p.in !== "query") continue;
      const seen = byName.get(p.name);
      if (seen) seen.uses++;
      else byName.set(p.name, { param: p, uses: 1 });
    }
  }
  return [...byName.values()]
    .sort((a, b) => (a.param.name < b.param.name ? -1 : 1))
    .map(({ param, uses }) => ({
      name: escapeHtml(param.name),
      id: parameterAnchor(param.name),
      typeHtml: typeHtml(param.schema, link),
      descriptionHtml: docHtml(param.description || COMMON_PARAMETERS[param.name]?.description),
      uses,
    }));
}

function compareOps(a: Operation, b: Operation): number {
  const rank = (o: Operation): number => {
    // A list over every namespace reads after the namespaced one.
    const i = ACTION_ORDER.indexOf(o.action);
    return (i < 0 ? ACTION_ORDER.length : i) * 2 + (o.operationId.endsWith("ForAllNamespaces") ? 1 : 0);
  };
  return (
    rank(a) - rank(b) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  );
}

function capitalize(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

const byGvkCache = new WeakMap<SchemaSet, Map<string, Operation[]>>();

/** Operations by the group-version-kind they serve (computed once per set). */
function operationsByGvk(set: SchemaSet): Map<string, Operation[]> {
  let map = byGvkCache.get(set);
  if (!map) {
    map = new Map();
    for (const op of set.operations) {
      const key = gvkKey(op.gvk);
      const list = map.get(key);
      if (list) list.push(op);
      else map.set(key, [op]);
    }
    byGvkCache.set(set, map);
  }
  return map;
}

export function operationGroups(
  set: SchemaSet,
  gvks: GroupVersionKind[],
  page: string,
  link: Linker,
  shared: Map<string, string>,
): OperationGroup[] {
  const index = operationsByGvk(set);
  const ops = [...new Set(gvks.map(gvkKey))].flatMap((k) => index.get(k) ?? []);
  const bySub = new Map<string, Operation[]>();
  for (const op of ops) {
    const sub = subresourceOf(op.path);
    bySub.set(sub, [...(bySub.get(sub) ?? []), op]);
  }
  const paramsHref = relativeHref(page, PARAMETERS_PAGE);
  // Anchors are unique on a page even if two documents reuse an operation id.
  const used = new Set<string>();
  const anchor = (op: Operation): string => {
    const base = `op-${escapeHtml(op.operationId || `${op.method}-${op.path}`).replace(/[^A-Za-z0-9_.-]/g, "_")}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
  return [...bySub]
    .sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1))
    .map(([sub, list]) => ({
      subresource: escapeHtml(sub),
      id: sub ? `operations-${escapeHtml(sub)}` : "operations",
      title: sub ? `/${escapeHtml(sub)} subresource` : "Operations",
      operations: list.sort(compareOps).map((op) => ({
        id: anchor(op),
        method: op.method,
        path: escapeHtml(op.path),
        operationId: escapeHtml(op.operationId),
        action: escapeHtml(op.action),
        titleHtml: escapeHtml(capitalize(op.description || `${op.action} ${op.gvk.kind}`)),
        pathParams: op.parameters
          .filter((p) => p.in === "path")
          .map((p) => ({
            name: escapeHtml(p.name),
            href: "",
            typeHtml: typeHtml(p.schema, link),
            required: true,
            descriptionHtml: docHtml(p.description),
          })),
        queryParams: op.parameters
          .filter((p) => p.in === "query")
          .sort((a, b) => (a.name < b.name ? -1 : 1))
          .map((p) => ({
            name: escapeHtml(p.name),
            href: `${paramsHref}#${parameterAnchor(p.name)}`,
            typeHtml: typeHtml(p.schema, link),
            required: p.required,
            // Said once on the shared page; repeated only where this operation says otherwise.
            descriptionHtml: p.description && p.description !== shared.get(p.name) ? docHtml(p.description) : "",
          })),
        bodyHtml: op.body ? typeHtml(op.body, link) : null,
        consumes: op.consumes.map(escapeHtml),
        responses: op.responses.map((r) => ({
          code: escapeHtml(r.code),
          typeHtml: r.schema ? typeHtml(r.schema, link) : "",
          description: escapeHtml(r.description),
        })),
      })),
    }));
}

/** The raw description of each shared parameter, to tell which operations say more. */
export function sharedDescriptions(set: SchemaSet): Map<string, string> {
  const out = new Map<string, string>();
  for (const op of set.operations) for (const p of op.parameters) if (p.in === "query" && !out.has(p.name)) out.set(p.name, p.description);
  return out;
}
