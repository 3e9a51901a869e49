/** The calls a fake clientset records and reactors see (client-go's testing.Action). */
import type { ListQuery, PatchType } from "../rest/options.js";
import type { GroupVersionKind, GroupVersionResource } from "../scheme.js";
import type { DeleteOptions } from "../gentype/options.js";

/** The verbs of recorded actions, spelt as client-go records them. */
export type ActionVerb = "get" | "list" | "watch" | "create" | "update" | "delete" | "delete-collection" | "patch";

/** One call made through a fake clientset. */
export interface Action {
  verb: ActionVerb;
  resource: GroupVersionResource;
  /** The namespace of the call ("" for cluster-scoped resources or all namespaces). */
  namespace: string;
  /** The subresource ("" for the object itself), e.g. `status` or `finalize`. */
  subresource: string;
  /** The object's name, for calls that address one object. */
  name?: string;
  /** The body of create and update calls. */
  object?: unknown;
  /** The kind a list returns (`NamespaceList`), for reactors that build lists. */
  kind?: GroupVersionKind;
  /** List options of list, watch and delete-collection calls. */
  listOptions?: ListQuery;
  /** Delete options of delete and delete-collection calls. */
  deleteOptions?: Omit<DeleteOptions, "signal">;
  /** The query options of other calls (dryRun, fieldManager, force, resourceVersion...). */
  options?: Record<string, unknown>;
  /** The media type of a patch. */
  patchType?: PatchType;
  /** The patch body as given (text, bytes or an object). */
  patch?: unknown;
  /** A watch's signal; not part of the recorded copy. */
  signal?: AbortSignal;
}

/** Whether an action matches a reactor's verb and resource (`*` matches any; `pods/status` names a subresource). */
export function actionMatches(action: Action, verb: string, resource: string): boolean {
  if (verb !== "*" && verb !== action.verb) return false;
  if (resource === "*") return true;
  const slash = resource.indexOf("/");
  if (slash < 0) return resource === action.resource.resource;
  return resource.slice(0, slash) === action.resource.resource && resource.slice(slash + 1) === action.subresource;
}
