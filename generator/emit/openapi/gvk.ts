/**
 * Which group-version-kinds each type is registered under, for the definitions'
 * `x-kubernetes-group-version-kind`: a kind in its own group-version, except the meta/v1 kinds
 * that upstream's metav1.AddToGroupVersion registers in every group-version (options, watch
 * events) or once, unversioned, in the core group (Status, discovery documents).
 */
import type { Model, Package, StructDecl } from "../../model/types.js";

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export const META_GO_PACKAGE = "k8s.io/apimachinery/pkg/apis/meta/v1";

const IN_EVERY_GROUP_VERSION = new Set([
  "ListOptions",
  "GetOptions",
  "DeleteOptions",
  "CreateOptions",
  "UpdateOptions",
  "PatchOptions",
  "WatchEvent",
]);
const UNVERSIONED = new Set(["Status", "APIVersions", "APIGroupList", "APIGroup", "APIResourceList"]);

const byGroupVersionKind = (a: GroupVersionKind, b: GroupVersionKind): number =>
  a.group < b.group
    ? -1
    : a.group > b.group
      ? 1
      : a.version < b.version
        ? -1
        : a.version > b.version
          ? 1
          : a.kind < b.kind
            ? -1
            : a.kind > b.kind
              ? 1
              : 0;

const computed = new WeakMap<Model, Map<string, GroupVersionKind[]>>();

/** GVKs keyed by `<package path>.<type name>` (computed once per model: every document asks). */
export function registeredKinds(model: Model): Map<string, GroupVersionKind[]> {
  let out = computed.get(model);
  if (!out) computed.set(model, (out = computeKinds(model)));
  return out;
}

function computeKinds(model: Model): Map<string, GroupVersionKind[]> {
  const apiGroupVersions = model.packages.filter((p) => p.groupVersion && p.goPackage !== META_GO_PACKAGE).map((p) => p.groupVersion!);
  const out = new Map<string, GroupVersionKind[]>();
  const kindsOf = (pkg: Package, s: StructDecl): GroupVersionKind[] => {
    if (pkg.goPackage === META_GO_PACKAGE) {
      if (IN_EVERY_GROUP_VERSION.has(s.name)) return apiGroupVersions.map((gv) => ({ ...gv, kind: s.name }));
      if (UNVERSIONED.has(s.name)) return [{ group: "", version: "v1", kind: s.name }];
    }
    return pkg.groupVersion ? [{ ...pkg.groupVersion, kind: s.name }] : [];
  };
  for (const pkg of model.packages) {
    for (const t of pkg.types) {
      if (t.kind !== "struct" || !t.runtimeObject) continue;
      const gvks = kindsOf(pkg, t).sort(byGroupVersionKind);
      if (gvks.length) out.set(`${pkg.path}.${t.name}`, gvks);
    }
  }
  return out;
}
