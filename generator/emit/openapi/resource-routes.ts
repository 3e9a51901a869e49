/**
 * A resource's routes as upstream's API installer lays them out: the actions its verbs allow on
 * the collection, item, watch and all-namespaces paths, then each subresource's; per action the
 * operation id, parameters, body and responses.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { Package, ResourceFacts, StructDecl } from "../../model/types.js";
import { operationId, tagOf } from "./names.js";
import { bodyParam, nameParam, namespaceParam, optionParams, prettyParam, type Param } from "./parameters.js";
import {
  MEDIA_TYPES,
  PATCH_TYPES,
  STREAM_MEDIA_TYPES,
  groupVersionPrefix,
  type MetaKinds,
  type Named,
  type OptionsKind,
  type Response,
  type Route,
} from "./route.js";

type Verb = "GET" | "LIST" | "PUT" | "PATCH" | "POST" | "DELETE" | "DELETECOLLECTION" | "WATCH" | "WATCHLIST";

interface Action {
  verb: Verb;
  path: string;
  pathParams: Param[];
  allNamespaces: boolean;
}

/** What a set of actions serves: the kind (a subresource's parent) and the body it reads and returns. */
interface Served {
  kind: string;
  body: Named;
  list?: Named;
  subresource?: string;
  /** The storage lists and watches (list descriptions say "list or watch"). */
  watchable: boolean;
}

/**
 * Resources whose storage answers DELETE with the deleted object rather than a Status
 * (upstream's ReturnDeletedObject), as `<group>/<plural>`.
 */
const DELETE_RETURNS_OBJECT = new Set(["/pods", "/services", "/serviceaccounts"]);

/** Every route of one resource: the resource and its subresources. */
export function resourceRoutes(index: ModelIndex, meta: MetaKinds, pkg: Package, s: StructDecl): Route[] {
  const r = s.resource!;
  const named = (name: string): Named => ({ kind: "named", pkg: pkg.path, name });
  const hasList = !!index.decl(pkg.path, r.listKind);
  const verbs = new Set(r.verbs);
  const main: Served = {
    kind: s.name,
    body: named(s.name),
    ...(hasList ? { list: named(r.listKind) } : {}),
    watchable: verbs.has("watch"),
  };
  const routes = actions(r, verbs, hasList).map((a) => route(index, meta, pkg, r, a, main));
  for (const sub of r.subresources) {
    const method = s.client?.methods.find((m) => m.subresource === sub);
    // Status storage gets, updates and patches; other subresources serve their client method.
    const subVerbs = new Set(sub === "status" ? ["get", "update", "patch"] : method ? [method.verb] : []);
    // A method's type may be another package's (autoscaling/v1 Scale for apps' scale).
    const bodyType = method && (method.result ?? method.input);
    const bodyDecl = bodyType === undefined ? s : (index.methodType(pkg, bodyType) ?? s);
    const served: Served = {
      kind: s.name,
      body: { kind: "named", pkg: index.packageOf(bodyDecl).path, name: bodyDecl.name },
      subresource: sub,
      watchable: false,
    };
    routes.push(...actions(r, subVerbs, false, sub).map((a) => route(index, meta, pkg, r, a, served)));
  }
  return routes;
}

/** The actions upstream's installer registers for a storage's verbs, in its order. */
function actions(r: ResourceFacts, verbs: Set<string>, hasList: boolean, sub?: string): Action[] {
  const out: Action[] = [];
  const add = (ok: boolean, verb: Verb, path: string, pathParams: Param[], allNamespaces = false): void => {
    if (ok) out.push({ verb, path, pathParams, allNamespaces });
  };
  const scope = r.namespaced ? `namespaces/{namespace}/${r.plural}` : r.plural;
  const scopeParams = r.namespaced ? [namespaceParam] : [];
  const itemPath = `${scope}/{name}${sub ? `/${sub}` : ""}`;
  const itemParams = [...scopeParams, nameParam(r.kind)];
  // A subresource's "collection" is its item path.
  const collectionPath = sub ? itemPath : scope;
  const collectionParams = sub ? itemParams : scopeParams;
  const lister = hasList && verbs.has("list");
  const watchList = lister && verbs.has("watch");
  add(lister, "LIST", collectionPath, collectionParams);
  add(verbs.has("create"), "POST", collectionPath, collectionParams);
  add(hasList && verbs.has("deletecollection"), "DELETECOLLECTION", collectionPath, collectionParams);
  add(watchList, "WATCHLIST", `watch/${collectionPath}`, collectionParams);
  add(verbs.has("get"), "GET", itemPath, itemParams);
  add(verbs.has("update"), "PUT", itemPath, itemParams);
  add(verbs.has("patch"), "PATCH", itemPath, itemParams);
  add(verbs.has("delete"), "DELETE", itemPath, itemParams);
  add(verbs.has("watch") && !sub, "WATCH", `watch/${itemPath}`, itemParams);
  if (r.namespaced && !sub) {
    add(lister, "LIST", r.plural, [], true);
    add(watchList, "WATCHLIST", `watch/${r.plural}`, [], true);
  }
  return out;
}

type Operation = Pick<Route, "method" | "description" | "params" | "responses"> &
  Partial<Pick<Route, "consumes" | "produces">> & { action: string; idVerb: string; idTail?: string };

const ok = (schema: Named): Response => ({ code: 200, description: "OK", schema });
const created = (schema: Named): Response => ({ code: 201, description: "Created", schema });
const accepted = (schema: Named): Response => ({ code: 202, description: "Accepted", schema });
const STREAMING = [...MEDIA_TYPES, ...STREAM_MEDIA_TYPES];

/** What one verb reads and answers (the installer's switch over action verbs). */
function operation(index: ModelIndex, meta: MetaKinds, served: Served, verb: Verb, deleteReturns: Named): Operation {
  const opts = (kind: OptionsKind, exclude: string[] = []): Param[] => optionParams(index, meta.options(kind), exclude);
  const { kind, body } = served;
  const of = served.subresource ? `the ${served.subresource} subresource of the ${kind}` : `the ${kind}`;
  const deleteBody = bodyParam(meta.ref("DeleteOptions"), false);
  switch (verb) {
    case "GET":
      return {
        method: "get",
        action: "get",
        idVerb: "read",
        description: `read ${of} with the given name`,
        params: [],
        responses: [ok(body)],
      };
    case "LIST":
      return {
        method: "get",
        action: "list",
        idVerb: "list",
        description: `${served.watchable ? "list or watch" : "list"} objects of kind ${kind}`,
        params: opts("ListOptions"),
        produces: STREAMING,
        responses: [ok(served.list!)],
      };
    case "PUT":
      return {
        method: "put",
        action: "put",
        idVerb: "replace",
        description: `replace ${of} with the given name`,
        params: [bodyParam(body, true), ...opts("UpdateOptions")],
        responses: [ok(body), created(body)],
      };
    case "PATCH":
      return {
        method: "patch",
        action: "patch",
        idVerb: "patch",
        description: `partially update ${of} with the given name`,
        params: [bodyParam(meta.ref("Patch"), true), ...opts("PatchOptions")],
        consumes: PATCH_TYPES,
        responses: [ok(body), created(body)],
      };
    case "POST":
      return {
        method: "post",
        action: "post",
        idVerb: "create",
        description: served.subresource ? `create ${of}` : `create an object of kind ${kind}`,
        params: [bodyParam(body, true), ...opts("CreateOptions")],
        responses: [ok(body), created(body), accepted(body)],
      };
    case "DELETE":
      return {
        method: "delete",
        action: "delete",
        idVerb: "delete",
        description: `delete ${of} with the given name`,
        params: [deleteBody, ...opts("DeleteOptions")],
        responses: [ok(deleteReturns), accepted(deleteReturns)],
      };
    case "DELETECOLLECTION":
      // The id's verb is the shortest known prefix, so the id reads "delete...Collection...".
      return {
        method: "delete",
        action: "deletecollection",
        idVerb: "delete",
        idTail: "Collection",
        description: `delete a collection of objects of kind ${kind}`,
        params: [deleteBody, ...opts("DeleteOptions"), ...opts("ListOptions", ["watch", "allowWatchBookmarks"])],
        responses: [ok(meta.ref("Status"))],
      };
    case "WATCH":
      return {
        method: "get",
        action: "watch",
        idVerb: "watch",
        description: `watch changes to ${of} with the given name. Deprecated: use the watch parameter of a list, with a fieldSelector on metadata.name.`,
        params: opts("ListOptions"),
        produces: STREAMING,
        responses: [ok(meta.ref("WatchEvent"))],
      };
    case "WATCHLIST":
      return {
        method: "get",
        action: "watchlist",
        idVerb: "watch",
        description: `watch changes to the objects of kind ${kind} in a list. Deprecated: use the watch parameter of a list.`,
        params: opts("ListOptions"),
        produces: STREAMING,
        responses: [ok(meta.ref("WatchEvent"))],
      };
  }
}

function route(index: ModelIndex, meta: MetaKinds, pkg: Package, r: ResourceFacts, a: Action, served: Served): Route {
  const gv = pkg.groupVersion!;
  const sub = served.subresource;
  const returnsObject = !sub && DELETE_RETURNS_OBJECT.has(`${gv.group}/${r.plural}`);
  const { idVerb, idTail = "", ...op } = operation(index, meta, served, a.verb, returnsObject ? served.body : meta.ref("Status"));
  // Upstream's operation name: verb, scope, kind, subresource, "List" for watch lists, scope suffix.
  const name =
    idTail +
    (r.namespaced && !a.allNamespaces ? "Namespaced" : "") +
    served.kind +
    (sub ? sub.charAt(0).toUpperCase() + sub.slice(1) : "") +
    (a.verb === "WATCHLIST" ? "List" : "") +
    (a.allNamespaces ? "ForAllNamespaces" : "");
  return {
    path: `${groupVersionPrefix(gv)}/${a.path}`,
    operationId: operationId(idVerb, name, gv.group, gv.version),
    tags: [tagOf(gv.group, gv.version)],
    // A subresource serving another group's type (autoscaling/v1 Scale, policy/v1 Eviction) names
    // that type's group-version, as upstream's GroupVersionKindProvider storages do.
    gvk: { ...(index.pkg(served.body.pkg)?.groupVersion ?? gv), kind: served.body.name },
    consumes: ["*/*"],
    produces: MEDIA_TYPES,
    ...op,
    params: [prettyParam, ...op.params, ...a.pathParams],
  };
}
