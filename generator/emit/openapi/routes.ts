/**
 * The routes the apiserver serves for the model: per served group-version its discovery route
 * and every resource's routes, and across the model the group and root discovery routes.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { Package, StructDecl } from "../../model/types.js";
import { coreDiscoveryRoute, groupDiscoveryRoute, groupsDiscoveryRoute, versionDiscoveryRoute } from "./discovery-routes.js";
import { resourceRoutes } from "./resource-routes.js";
import { metaKinds, servedPackages, type MetaKinds, type Route } from "./route.js";

/** The routes of one group-version: its discovery route and every resource's routes. */
export function groupVersionRoutes(index: ModelIndex, meta: MetaKinds, pkg: Package): Route[] {
  const resources = pkg.types.filter((t): t is StructDecl => t.kind === "struct" && !!t.resource);
  return [versionDiscoveryRoute(meta, pkg.groupVersion!), ...resources.flatMap((s) => resourceRoutes(index, meta, pkg, s))];
}

/**
 * The routes grouped as `/openapi/v3/<path>` serves them: `api` and `apis` (root discovery),
 * `apis/<group>` (group discovery), `api/v1` and `apis/<group>/<version>`; sorted by path.
 */
export function routesByDocument(index: ModelIndex): Map<string, Route[]> {
  return new Map([...documentRoutes(index)].map(([path, d]) => [path, d.routes()]));
}

/** A document's routes, built on demand, and the package of a group-version's document. */
export interface DocumentRoutes {
  routes: () => Route[];
  pkg?: Package;
}

/** routesByDocument, each document's routes built only when asked for. */
export function documentRoutes(index: ModelIndex): Map<string, DocumentRoutes> {
  const meta = metaKinds(index);
  const served = servedPackages(index);
  const docs = new Map<string, DocumentRoutes>();
  if (!meta || !served.length) return docs;
  docs.set("apis", { routes: () => [groupsDiscoveryRoute(meta)] });
  if (served.some((p) => p.groupVersion!.group === "")) docs.set("api", { routes: () => [coreDiscoveryRoute(meta)] });
  for (const g of new Set(served.map((p) => p.groupVersion!.group).filter((g) => g !== ""))) {
    docs.set(`apis/${g}`, { routes: () => [groupDiscoveryRoute(meta, g)] });
  }
  for (const p of served) docs.set(groupVersionPath(p.groupVersion!), { routes: () => groupVersionRoutes(index, meta, p), pkg: p });
  return new Map([...docs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `api/v1`, `apis/rbac.authorization.k8s.io/v1` */
export function groupVersionPath(gv: { group: string; version: string }): string {
  return gv.group === "" ? `api/${gv.version}` : `apis/${gv.group}/${gv.version}`;
}
