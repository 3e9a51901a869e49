/** REST paths of API resources: `/api/v1/...` for the core group, `/apis/<group>/<version>/...` otherwise. */

/** A resource in a group version, as REST paths name it (plural, lower case). */
export interface ResourceRef {
  group: string;
  version: string;
  resource: string;
}

/** Where in a resource's collection a request goes. */
export interface PathOptions {
  /** The namespace, for namespaced resources; absent for cluster-scoped ones or across all namespaces. */
  namespace?: string | undefined;
  /** One object's name; absent for the collection. */
  name?: string | undefined;
  /** A subresource such as `status`, `scale` or `finalize` (requires a name). */
  subresource?: string | undefined;
}

/** The path of a group version: `/api/v1` or `/apis/apps/v1`. */
export function groupVersionPath(group: string, version: string): string {
  return group === "" ? `/api/${version}` : `/apis/${group}/${version}`;
}

/** The path of a resource collection, object or subresource. Segments are percent-encoded. */
export function resourcePath(ref: ResourceRef, opts: PathOptions = {}): string {
  let p = groupVersionPath(ref.group, ref.version);
  if (opts.namespace !== undefined && opts.namespace !== "") p += `/namespaces/${encodeURIComponent(opts.namespace)}`;
  p += `/${ref.resource}`;
  if (opts.name !== undefined) {
    if (opts.name === "") throw new Error(`resource name may not be empty (${ref.resource})`);
    p += `/${encodeURIComponent(opts.name)}`;
  }
  if (opts.subresource !== undefined) {
    if (opts.name === undefined) throw new Error(`subresource ${opts.subresource} needs an object name`);
    p += `/${opts.subresource}`;
  }
  return p;
}
