/**
 * OpenAPI names as kube-apiserver derives them: definition names from the OpenAPI package,
 * operation ids and tags from the route's verb, group and version.
 */
import type { Package } from "../../model/types.js";

/** `io.k8s.api.core.v1.Namespace` */
export function definitionName(pkg: Package, type: string): string {
  return `${pkg.openapiPackage}.${type}`;
}

/** Letters, underscores and (not first) digits survive; anything else starts a new word. */
export function toValidOperationId(s: string, capitalizeFirst: boolean): string {
  let out = "";
  let capitalize = capitalizeFirst;
  [...s].forEach((ch, i) => {
    if (/\p{L}/u.test(ch) || ch === "_" || (i !== 0 && /[0-9]/.test(ch))) {
      out += capitalize ? ch.toUpperCase() : ch;
      capitalize = false;
    } else {
      capitalize = true;
    }
  });
  return out;
}

/** The group as ids and tags spell it: the core group is "core", and ".k8s.io" is dropped. */
function groupWord(group: string): string {
  return group === "" ? "core" : group.replace(/\.k8s\.io$/, "");
}

/** `core_v1`, `rbacAuthorization_v1`; `rbacAuthorization` for a group-only route. */
export function tagOf(group: string, version?: string): string {
  const g = toValidOperationId(groupWord(group), false);
  return version === undefined ? g : `${g}_${toValidOperationId(version, false)}`;
}

/**
 * `listCoreV1NamespacedConfigMap`: the verb, then the group and version, then the rest of the
 * route's operation name (`NamespacedConfigMap`, or `CollectionNamespacedConfigMap` for
 * deletecollection, whose verb is "delete" as far as the id goes).
 */
export function operationId(verb: string, rest: string, group: string, version?: string): string {
  let prefix = verb + toValidOperationId(groupWord(group), true);
  if (version !== undefined) prefix += toValidOperationId(version, true);
  return prefix + toValidOperationId(rest, true);
}
