/**
 * What a REST route is, as data (what upstream's API installer registers with go-restful and
 * kube-openapi turns into paths), and the model facts every route builder needs: the meta/v1
 * kinds routes take and return, and which group-versions are served.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { Package, StructDecl, TypeRef } from "../../model/types.js";
import { META_GO_PACKAGE, type GroupVersionKind } from "./gvk.js";
import type { Param } from "./parameters.js";

export type Named = Extract<TypeRef, { kind: "named" }>;

export interface Response {
  code: number;
  description: string;
  schema: Named;
}

export interface Route {
  path: string;
  method: "get" | "put" | "post" | "patch" | "delete";
  operationId: string;
  tags: string[];
  description: string;
  /** `x-kubernetes-action`; discovery routes have none. */
  action?: string;
  /** `x-kubernetes-group-version-kind` of the resource the route serves. */
  gvk?: GroupVersionKind;
  params: Param[];
  consumes: string[];
  produces: string[];
  responses: Response[];
}

export const MEDIA_TYPES = ["application/json", "application/yaml", "application/vnd.kubernetes.protobuf"];
export const STREAM_MEDIA_TYPES = ["application/json;stream=watch", "application/vnd.kubernetes.protobuf;stream=watch"];
/** CBOR (and its apply patch) stays behind an alpha gate in 1.34, so it is not offered. */
export const PATCH_TYPES = [
  "application/json-patch+json",
  "application/merge-patch+json",
  "application/strategic-merge-patch+json",
  "application/apply-patch+yaml",
];

export type OptionsKind = "ListOptions" | "CreateOptions" | "UpdateOptions" | "PatchOptions" | "DeleteOptions";

/** The meta/v1 kinds routes take and return. */
export interface MetaKinds {
  ref(name: string): Named;
  options(name: OptionsKind): StructDecl;
}

const META_KINDS = [
  ...["ListOptions", "CreateOptions", "UpdateOptions", "PatchOptions", "DeleteOptions", "Status", "Patch", "WatchEvent"],
  ...["APIResourceList", "APIGroup", "APIGroupList", "APIVersions"],
];

/** The meta/v1 package's kinds, or undefined when the model lacks them (then nothing is served). */
export function metaKinds(index: ModelIndex): MetaKinds | undefined {
  const pkg = index.model.packages.find((p) => p.goPackage === META_GO_PACKAGE);
  const struct = (name: string): StructDecl | undefined => {
    const d = pkg && index.decl(pkg.path, name);
    return d?.kind === "struct" ? d : undefined;
  };
  if (!pkg || !META_KINDS.every((n) => struct(n))) return undefined;
  return { ref: (name) => ({ kind: "named", pkg: pkg.path, name }), options: (name) => struct(name)! };
}

/** Group-versions with something to serve: they get discovery routes and a v3 document. */
export function servedPackages(index: ModelIndex): Package[] {
  return index.model.packages.filter(
    (p) => p.groupVersion && p.openapi && !p.external && p.types.some((t) => t.kind === "struct" && t.resource),
  );
}

/** `/api/v1`, `/apis/rbac.authorization.k8s.io/v1` */
export function groupVersionPrefix(gv: { group: string; version: string }): string {
  return gv.group === "" ? `/api/${gv.version}` : `/apis/${gv.group}/${gv.version}`;
}
