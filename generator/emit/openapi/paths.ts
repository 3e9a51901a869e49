/**
 * Routes to path items: parameters every operation of a path shares move to the path (as
 * kube-openapi aggregates them), the rest stay on the operation, each list sorted by name; then
 * each operation is written in Swagger 2.0 or OpenAPI 3.0 form.
 */
import { paramKey, sortParams, type Param } from "./parameters.js";
import type { Route } from "./route.js";
import type { Dialect, Schema } from "./schema.js";

type TypeRefTo = (ref: Extract<Param, { in: "body" }>["schema"]) => string;

const UNAUTHORIZED: Schema = { description: "Unauthorized" };

function paramJson(p: Param, dialect: Dialect, refTo: TypeRefTo): Schema {
  const out: Schema = {};
  if (p.description) out.description = p.description;
  out.in = p.in;
  out.name = p.name;
  if (p.required) out.required = true;
  if (p.in === "body") out.schema = { $ref: refTo(p.schema) };
  else if (dialect.version === 2) Object.assign(out, { type: p.type, uniqueItems: true });
  else out.schema = { type: p.type, uniqueItems: true };
  return out;
}

function extensions(r: Route): Schema {
  const ext: Schema = {};
  if (r.action) ext["x-kubernetes-action"] = r.action;
  if (r.gvk) ext["x-kubernetes-group-version-kind"] = { ...r.gvk };
  return ext;
}

function operationV2(r: Route, params: Param[], dialect: Dialect, refTo: TypeRefTo): Schema {
  const responses: Schema = {};
  for (const resp of r.responses) responses[resp.code] = { description: resp.description, schema: { $ref: refTo(resp.schema) } };
  responses[401] = UNAUTHORIZED;
  const op: Schema = { consumes: r.consumes, description: r.description, operationId: r.operationId };
  if (params.length) op.parameters = params.map((p) => paramJson(p, dialect, refTo));
  return { ...op, produces: r.produces, responses, schemes: ["https"], tags: r.tags, ...extensions(r) };
}

function operationV3(r: Route, params: Param[], dialect: Dialect, refTo: TypeRefTo): Schema {
  const content = (types: string[], ref: string): Schema => Object.fromEntries(types.map((t) => [t, { schema: { $ref: ref } }]));
  const responses: Schema = {};
  for (const resp of r.responses)
    responses[resp.code] = { content: content(r.produces, refTo(resp.schema)), description: resp.description };
  responses[401] = UNAUTHORIZED;
  const op: Schema = { description: r.description, operationId: r.operationId };
  const query = params.filter((p) => p.in !== "body");
  if (query.length) op.parameters = query.map((p) => paramJson(p, dialect, refTo));
  const body = r.params.find((p): p is Extract<Param, { in: "body" }> => p.in === "body");
  if (body) {
    op.requestBody = { content: content(r.consumes, refTo(body.schema)), ...(body.required ? { required: true } : {}) };
  }
  return { ...op, responses, tags: r.tags, ...extensions(r) };
}

/**
 * Parameters (other than the body) present on every route of a path, keyed by location and
 * name; the last route's copy wins, as in kube-openapi.
 */
function commonParams(routes: Route[]): Map<string, Param> {
  const counts = new Map<string, number>();
  const last = new Map<string, Param>();
  for (const r of routes) {
    for (const p of r.params) {
      const key = paramKey(p);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      last.set(key, p);
    }
  }
  const common = new Map<string, Param>();
  for (const [key, n] of counts) if (n === routes.length && last.get(key)!.in !== "body") common.set(key, last.get(key)!);
  return common;
}

/** The `paths` object for a set of routes. */
export function buildPaths(routes: Route[], dialect: Dialect, refTo: TypeRefTo): Record<string, Schema> {
  const byPath = new Map<string, Route[]>();
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  const paths: Record<string, Schema> = {};
  for (const [path, rs] of byPath) {
    const common = commonParams(rs);
    const item: Schema = {};
    const shared = sortParams([...common.values()]);
    if (shared.length) item.parameters = shared.map((p) => paramJson(p, dialect, refTo));
    for (const r of rs) {
      if (item[r.method]) throw new Error(`two ${r.method} operations for ${path}`);
      const own = sortParams(r.params.filter((p) => !common.has(paramKey(p))));
      item[r.method] = dialect.version === 2 ? operationV2(r, own, dialect, refTo) : operationV3(r, own, dialect, refTo);
    }
    paths[path] = item;
  }
  return paths;
}
