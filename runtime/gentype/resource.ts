/** What a typed client knows about its resource (group, version, plural, kind, scope, wire format), and the object shapes it handles. */
import { groupVersionPath } from "../rest/paths.js";

/** One resource as a generated client addresses it. */
export interface ResourceDescriptor {
  /** The API group ("" for the core group). */
  readonly group: string;
  readonly version: string;
  /** The plural resource name in REST paths, such as `configmaps`. */
  readonly resource: string;
  /** The kind of its objects, such as `ConfigMap`. */
  readonly kind: string;
  /** The kind of its lists, such as `ConfigMapList`. */
  readonly listKind: string;
  /** Whether objects live in namespaces. */
  readonly namespaced: boolean;
  /** Whether the kind has a protobuf form; kinds without one always travel as JSON. */
  readonly protobuf: boolean;
}

/** A group-version's content config: how its requests are addressed (client-go's `setConfigDefaults`). */
export interface ContentConfig {
  readonly group: string;
  readonly version: string;
  /** `v1` for the core group, `group/version` otherwise. */
  readonly apiVersion: string;
  /** `/api` for the core group, `/apis` otherwise. */
  readonly apiPath: string;
  /** The group-version's path: `/api/v1`, `/apis/rbac.authorization.k8s.io/v1`. */
  readonly path: string;
}

/** Builds the content config of a group-version. */
export function contentConfig(group: string, version: string): ContentConfig {
  return {
    group,
    version,
    apiVersion: group === "" ? version : `${group}/${version}`,
    apiPath: group === "" ? "/api" : "/apis",
    path: groupVersionPath(group, version),
  };
}

/** The part of an object typed clients read: its metadata. Every kind with ObjectMeta fits. */
export interface ObjectWithMeta {
  metadata?: { name?: string; namespace?: string; resourceVersion?: string };
}

/** The shape of a kind's list: items and list metadata. */
export interface ObjectList<T> {
  metadata?: { resourceVersion?: string; continue?: string };
  items: T[];
}

/** The apiVersion of a descriptor's objects. */
export function apiVersionOf(desc: Pick<ResourceDescriptor, "group" | "version">): string {
  return desc.group === "" ? desc.version : `${desc.group}/${desc.version}`;
}

/** An object's name; throws when it has none, as a request without one cannot be addressed. */
export function nameOf(obj: unknown, verb: string): string {
  const name = (obj as ObjectWithMeta | null | undefined)?.metadata?.name;
  if (typeof name !== "string" || name === "") throw new Error(`${verb}: the object has no metadata.name`);
  return name;
}

/**
 * The object with the descriptor's apiVersion and kind set, as client-go's encoder sets them:
 * the protobuf envelope needs them, and JSON bodies carry them too. Returns `obj` itself when
 * they are set already.
 */
export function withTypeMeta<T>(obj: T, apiVersion: string, kind: string): T {
  const o = obj as { apiVersion?: unknown; kind?: unknown };
  if (o.apiVersion === apiVersion && o.kind === kind) return obj;
  // apiVersion and kind first, as the API writes them.
  const out: Record<string, unknown> = { apiVersion, kind, ...(obj as object) };
  out["apiVersion"] = apiVersion;
  out["kind"] = kind;
  return out as T;
}
