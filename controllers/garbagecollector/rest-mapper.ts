/**
 * Kinds to resources and back, from discovery (a deferred REST mapper): loaded on first use,
 * dropped by `reset()` when discovery changed, and reloaded (at most once a second) when asked
 * about a kind it does not know, so that a newly served custom resource maps soon.
 */
import type { APIResourceList } from "../../api/meta/v1/types.js";
import { GroupDiscoveryFailedError } from "../../runtime/discovery/index.js";
import type { ResourceRef } from "../../runtime/rest/paths.js";

/** The discovery calls the mapper makes. */
export interface MapperDiscovery {
  /** Every group version's resource list (failed ones may be left out). */
  allResources(signal?: AbortSignal): Promise<APIResourceList[]>;
}

export interface RESTMapping {
  resource: ResourceRef;
  namespaced: boolean;
}

/** No resource serves the kind (yet): retried after the next discovery. */
export class RESTMappingError extends Error {
  override readonly name = "RESTMappingError";
}

export function splitAPIVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export const apiVersionOf = (group: string, version: string): string => (group === "" ? version : `${group}/${version}`);

const RELOAD_INTERVAL_MS = 1_000;

export class DeferredRESTMapper {
  #byKind = new Map<string, RESTMapping>();
  #kindByResource = new Map<string, string>();
  #loaded: Promise<void> | undefined;
  #loadedAt = -Infinity;

  constructor(private readonly discovery: MapperDiscovery) {}

  /** Forgets what was loaded; the next lookup reads discovery again. */
  reset(): void {
    this.#loaded = undefined;
  }

  /** The mapping of `kind` in `apiVersion`. @throws RESTMappingError when discovery does not serve it. */
  async mappingFor(apiVersion: string, kind: string): Promise<RESTMapping> {
    const key = `${apiVersion}\u0000${kind}`;
    await this.#ensure(false);
    let m = this.#byKind.get(key);
    if (m === undefined && performance.now() - this.#loadedAt > RELOAD_INTERVAL_MS) {
      await this.#ensure(true);
      m = this.#byKind.get(key);
    }
    if (m === undefined) throw new RESTMappingError(`unable to get REST mapping for ${apiVersion}/${kind}.`);
    return m;
  }

  /** The kind a resource serves. @throws RESTMappingError when discovery does not serve it. */
  async kindFor(ref: ResourceRef): Promise<string> {
    const key = `${apiVersionOf(ref.group, ref.version)}\u0000${ref.resource}`;
    await this.#ensure(false);
    let kind = this.#kindByResource.get(key);
    if (kind === undefined && performance.now() - this.#loadedAt > RELOAD_INTERVAL_MS) {
      await this.#ensure(true);
      kind = this.#kindByResource.get(key);
    }
    if (kind === undefined) throw new RESTMappingError(`no matches for ${ref.group}/${ref.version}, Resource=${ref.resource}`);
    return kind;
  }

  #ensure(force: boolean): Promise<void> {
    if (force || this.#loaded === undefined) {
      const p = this.#load();
      this.#loaded = p;
      // A failed load is tried again on the next lookup.
      p.catch(() => {
        if (this.#loaded === p) this.#loaded = undefined;
      });
    }
    return this.#loaded;
  }

  async #load(): Promise<void> {
    let lists: APIResourceList[];
    try {
      lists = await this.discovery.allResources();
    } catch (err) {
      if (!(err instanceof GroupDiscoveryFailedError)) throw err;
      lists = err.resources;
    }
    const byKind = new Map<string, RESTMapping>();
    const kindByResource = new Map<string, string>();
    for (const list of lists) {
      const { group, version } = splitAPIVersion(list.groupVersion);
      for (const r of list.resources) {
        if (r.name.includes("/")) continue;
        byKind.set(`${list.groupVersion}\u0000${r.kind}`, { resource: { group, version, resource: r.name }, namespaced: r.namespaced });
        kindByResource.set(`${list.groupVersion}\u0000${r.name}`, r.kind);
      }
    }
    this.#byKind = byKind;
    this.#kindByResource = kindByResource;
    this.#loadedAt = performance.now();
  }
}
