// What the garbage collector reads from discovery: every version's resources (for the mapper) and the resources it monitors.
import type { APIResourceList } from "../../api/meta/v1/types.js";
import { GroupDiscoveryFailedError, type DiscoveryClient } from "../../runtime/discovery/index.js";
import type { ResourceRef } from "../../runtime/rest/paths.js";
import { splitAPIVersion } from "./rest-mapper.js";

/** Every version of every group, one resource list each. @throws GroupDiscoveryFailedError carrying what was read when some failed. */
export async function allServerResources(client: DiscoveryClient, signal?: AbortSignal): Promise<APIResourceList[]> {
  const groups = (await client.serverGroups(signal)).groups;
  const out: APIResourceList[] = [];
  const failed = new Map<string, unknown>();
  await Promise.all(
    groups.flatMap((g) =>
      g.versions.map(async (v) => {
        try {
          out.push(await client.serverResourcesForGroupVersion(v.groupVersion, signal));
        } catch (err) {
          if (signal?.aborted) throw err;
          failed.set(v.groupVersion, err);
        }
      }),
    ),
  );
  if (failed.size > 0) throw new GroupDiscoveryFailedError(failed, out);
  return out;
}

export const gvrKey = (r: ResourceRef): string => `${r.group}/${r.version}/${r.resource}`;

/** Group resources the garbage collector never monitors (upstream's defaults: events). */
export const DEFAULT_IGNORED_RESOURCES: ReadonlySet<string> = new Set(["/events", "events.k8s.io/events"]);

/**
 * The preferred resources that serve delete, list and watch (upstream's GetDeletableResources),
 * by {@link gvrKey}. A partial discovery gives what was discovered and the failed group versions.
 */
export async function deletableResources(
  preferred: () => Promise<APIResourceList[]>,
): Promise<{ resources: Map<string, ResourceRef>; failedGroupVersions: Set<string>; error?: unknown }> {
  let lists: APIResourceList[] = [];
  let error: unknown;
  const failedGroupVersions = new Set<string>();
  try {
    lists = await preferred();
  } catch (err) {
    error = err;
    if (err instanceof GroupDiscoveryFailedError) {
      lists = err.resources;
      for (const gv of err.groups.keys()) failedGroupVersions.add(gv);
    }
  }
  const resources = new Map<string, ResourceRef>();
  for (const list of lists) {
    let gv: { group: string; version: string };
    try {
      gv = splitAPIVersion(list.groupVersion);
    } catch {
      continue;
    }
    for (const r of list.resources) {
      if (r.name.includes("/")) continue;
      if (!["delete", "list", "watch"].every((v) => r.verbs.includes(v))) continue;
      const ref = { ...gv, resource: r.name };
      resources.set(gvrKey(ref), ref);
    }
  }
  return { resources, failedGroupVersions, ...(error !== undefined && { error }) };
}
