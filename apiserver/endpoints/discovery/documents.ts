/**
 * The discovery documents, built from the installed resources: /api (APIVersions), /apis
 * (APIGroupList), /apis/<group> (APIGroup), each group-version's APIResourceList, and the
 * aggregated APIGroupDiscoveryList (apidiscovery.k8s.io/v2) kubectl asks for first.
 */
import { createHash } from "node:crypto";
import type { APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions } from "../../../api/meta/v1/types.js";
import type { InstalledResource, ResourceIndex } from "../installer.js";
import { verbsOf } from "../installer.js";

const groupVersionString = (group: string, version: string): string => (group === "" ? version : `${group}/${version}`);

/** Upstream's storage version hash: the first 8 bytes of sha256("group/version/kind"), base64. */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash("sha256").update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString("base64");
}

export function apiVersions(index: ResourceIndex, serverAddress: string): APIVersions {
  return {
    kind: "APIVersions",
    versions: index.coreVersions(),
    serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress }],
  };
}

export function apiGroup(name: string, versions: string[]): APIGroup {
  const vs = versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
  return { name, versions: vs, preferredVersion: vs[0]! };
}

export function apiGroupList(index: ResourceIndex): APIGroupList {
  return { kind: "APIGroupList", apiVersion: "v1", groups: index.groups().map((g) => apiGroup(g.name, g.versions)) };
}

function resourceEntry(r: InstalledResource): APIResource[] {
  const { info, group, version } = r;
  const main: APIResource = {
    name: info.plural,
    singularName: info.singular,
    namespaced: info.namespaced,
    kind: info.kind,
    verbs: verbsOf(r.storage),
  };
  if (info.shortNames.length > 0) main.shortNames = [...info.shortNames];
  if (info.categories.length > 0) main.categories = [...info.categories];
  // Only stored resources have a storage version: create-only ones (reviews, bindings) have none, as upstream.
  if (main.verbs.length !== 1 || main.verbs[0] !== "create")
    main.storageVersionHash = storageVersionHash(group, r.storageVersion ?? version, info.kind);
  const out = [main];
  for (const [sub, storage] of Object.entries(r.storage.subresources ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    // A subresource of another kind (scale: autoscaling/v1 Scale) names its group-version.
    const other = storage.group !== group || storage.version !== version ? { group: storage.group, version: storage.version } : {};
    out.push({
      name: `${info.plural}/${sub}`,
      singularName: "",
      namespaced: info.namespaced,
      ...other,
      kind: storage.info.kind,
      verbs: verbsOf(storage),
    });
  }
  return out;
}

export function apiResourceList(index: ResourceIndex, group: string, version: string): APIResourceList {
  return {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion: groupVersionString(group, version),
    resources: index.resources(group, version).flatMap(resourceEntry),
  };
}

/** The media type of aggregated discovery, echoed in the response's Content-Type. */
export const aggregatedMediaType = (version: string): string =>
  `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;

function discoveryResource(r: InstalledResource): Record<string, unknown> {
  const { info, group, version } = r;
  const responseKind = { group, version, kind: info.kind };
  const out: Record<string, unknown> = {
    resource: info.plural,
    responseKind,
    scope: info.namespaced ? "Namespaced" : "Cluster",
    singularResource: info.singular,
    verbs: verbsOf(r.storage),
  };
  if (info.shortNames.length > 0) out.shortNames = [...info.shortNames];
  if (info.categories.length > 0) out.categories = [...info.categories];
  const subs = Object.entries(r.storage.subresources ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (subs.length > 0) {
    out.subresources = subs.map(([subresource, storage]) => ({
      subresource,
      responseKind:
        storage.group === group && storage.version === version
          ? responseKind
          : { group: storage.group, version: storage.version, kind: storage.info.kind },
      verbs: verbsOf(storage),
    }));
  }
  return out;
}

function groupDiscovery(index: ResourceIndex, name: string, versions: string[]): Record<string, unknown> {
  const metadata: Record<string, unknown> = name === "" ? { creationTimestamp: null } : { name, creationTimestamp: null };
  return {
    metadata,
    versions: versions.map((version) => ({
      version,
      resources: index.resources(name, version).map(discoveryResource),
      freshness: "Current",
    })),
  };
}

/** The aggregated document for /api (legacy: the core group alone) or /apis (every other group). */
export function aggregatedDiscovery(index: ResourceIndex, legacy: boolean, version = "v2"): Record<string, unknown> {
  const items = legacy
    ? index.coreVersions().length > 0
      ? [groupDiscovery(index, "", index.coreVersions())]
      : []
    : index.groups().map((g) => groupDiscovery(index, g.name, g.versions));
  return { kind: "APIGroupDiscoveryList", apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items };
}
