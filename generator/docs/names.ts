/**
 * Names the docs derive from OpenAPI definition names: the package and short name of
 * `io.k8s.api.core.v1.Namespace`, a readable package label, API versions, and relative links.
 */
import path from "node:path";
import type { GroupVersionKind } from "./schema-set.js";

export interface DefinitionName {
  /** `io.k8s.api.core.v1` */
  pkg: string;
  /** `Namespace` */
  short: string;
}

export function splitDefinitionName(name: string): DefinitionName {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? { pkg: "", short: name } : { pkg: name.slice(0, dot), short: name.slice(dot + 1) };
}

/** Prefixes that say nothing to a reader: every built-in package starts with one. */
const NOISE_PREFIXES = [
  "io.k8s.api.",
  "io.k8s.apimachinery.pkg.apis.",
  "io.k8s.apimachinery.pkg.",
  "io.k8s.apiextensions-apiserver.pkg.apis.",
  "io.k8s.kube-aggregator.pkg.apis.",
];

/** `io.k8s.api.core.v1` -> `core/v1`, `io.k8s.apimachinery.pkg.util.intstr` -> `util/intstr`. */
export function packageLabel(pkg: string): string {
  if (!pkg) return "other";
  const prefix = NOISE_PREFIXES.find((p) => pkg.startsWith(p));
  return (prefix ? pkg.slice(prefix.length) : pkg).split(".").join("/");
}

/** The `apiVersion` a group-version is written as: `v1`, `coordination.k8s.io/v1`. */
export function apiVersionOf(gv: { group: string; version: string }): string {
  return gv.group ? `${gv.group}/${gv.version}` : gv.version;
}

/** A group-version's heading: the core group reads as `core/v1`, as kubectl's docs call it. */
export function groupVersionLabel(gv: { group: string; version: string }): string {
  return `${gv.group || "core"}/${gv.version}`;
}

export function gvkKey(gvk: GroupVersionKind): string {
  return `${gvk.group}/${gvk.version}/${gvk.kind}`;
}

/**
 * Kubernetes version order: GA before beta before alpha, higher numbers first
 * (v2 > v1 > v1beta2 > v1beta1 > v1alpha1); anything else after, by name.
 */
export function compareVersions(a: string, b: string): number {
  const rank = (v: string): [number, number, number] => {
    const m = /^v(\d+)(?:(beta|alpha)(\d+))?$/.exec(v);
    if (!m) return [3, 0, 0];
    const stability = m[2] === "alpha" ? 2 : m[2] === "beta" ? 1 : 0;
    return [stability, -Number(m[1]), -Number(m[3] ?? 0)];
  };
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Groups in reading order: the core group first, then by name. */
export function compareGroups(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "") return -1;
  if (b === "") return 1;
  return a < b ? -1 : 1;
}

/** A link from one page to another (both relative to the docs root), with an optional anchor. */
export function relativeHref(fromPage: string, toPage: string, anchor?: string): string {
  const file = fromPage === toPage ? "" : path.posix.relative(path.posix.dirname(fromPage), toPage);
  return anchor ? `${file}#${anchor}` : file;
}

/** An id safe in HTML and URLs for a field of a type: `NamespaceSpec.finalizers`. */
export function fieldAnchor(typeShort: string, field: string): string {
  return `${typeShort}.${field}`.replace(/[^A-Za-z0-9_.-]/g, "_");
}

/** The index section of a group-version: `gv-core-v1`. */
export function groupAnchor(label: string): string {
  return `gv-${label.replace(/[^A-Za-z0-9.-]+/g, "-")}`;
}

/** The index section of a package's types: `pkg-meta-v1`. */
export function packageAnchor(label: string): string {
  return `pkg-${label.replace(/[^A-Za-z0-9.-]+/g, "-")}`;
}
