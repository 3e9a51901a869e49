/**
 * The discovery routes: `/api/`, `/apis/`, `/apis/<group>/` and each group-version's
 * `/api/v1/` or `/apis/<group>/<version>/`, with upstream's operation ids and tags.
 */
import { operationId, tagOf } from "./names.js";
import { MEDIA_TYPES, groupVersionPrefix, type MetaKinds, type Named, type Route } from "./route.js";

function discovery(path: string, id: string, tag: string, description: string, schema: Named): Route {
  return {
    path,
    method: "get",
    operationId: id,
    tags: [tag],
    description,
    params: [],
    consumes: MEDIA_TYPES,
    produces: MEDIA_TYPES,
    responses: [{ code: 200, description: "OK", schema }],
  };
}

/** `/api/v1/` or `/apis/<group>/<version>/`: the resources of a group-version. */
export function versionDiscoveryRoute(meta: MetaKinds, gv: { group: string; version: string }): Route {
  return discovery(
    `${groupVersionPrefix(gv)}/`,
    operationId("get", "APIResources", gv.group, gv.version),
    tagOf(gv.group, gv.version),
    "get the resources this group-version serves",
    meta.ref("APIResourceList"),
  );
}

/** `/apis/<group>/`: the versions of a group. */
export function groupDiscoveryRoute(meta: MetaKinds, group: string): Route {
  const id = operationId("get", "APIGroup", group);
  return discovery(`/apis/${group}/`, id, tagOf(group), "get the versions of an API group", meta.ref("APIGroup"));
}

/** `/api/`: the versions of the core group. */
export function coreDiscoveryRoute(meta: MetaKinds): Route {
  const id = operationId("get", "APIVersions", "");
  return discovery("/api/", id, tagOf(""), "get the versions of the core API", meta.ref("APIVersions"));
}

/** `/apis/`: every API group. */
export function groupsDiscoveryRoute(meta: MetaKinds): Route {
  return discovery("/apis/", "getAPIVersions", "apis", "get the API groups and their versions", meta.ref("APIGroupList"));
}
