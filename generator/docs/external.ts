/**
 * Where kubernetes.io documents a Kubernetes type, for links to types a site does not render:
 * the meta/v1 and apimachinery types when the author chooses to link them out, and any built-in
 * type a CRD refers to (ObjectMeta, Scale...) when there is no OpenAPI document to render it from.
 */
import { splitDefinitionName } from "./names.js";

/** The Kubernetes minor version kubernetes.io's one-page reference is linked at. */
export const KUBERNETES_DOCS_VERSION = "v1.34";

/** Packages of apimachinery: the types every API shares, which `--link-k8s-types` links out. */
export function isApimachinery(definition: string): boolean {
  return definition.startsWith("io.k8s.apimachinery.");
}

/**
 * kubernetes.io's one-page reference names its anchors `<kind>-<version>-<group>`
 * (`objectmeta-v1-meta`, `scale-v1-autoscaling`); a few types have pages of their own.
 */
export function externalHref(definition: string): string | undefined {
  if (!definition.startsWith("io.k8s.")) return undefined;
  const { pkg, short } = splitDefinitionName(definition);
  if (pkg === "io.k8s.apimachinery.pkg.api.resource" && short === "Quantity") {
    return "https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/quantity/";
  }
  const parts = pkg.split(".");
  const version = parts[parts.length - 1]!;
  if (!/^v\d/.test(version)) return `https://kubernetes.io/docs/reference/generated/kubernetes-api/${KUBERNETES_DOCS_VERSION}/`;
  const group = parts[parts.length - 2]!;
  return `https://kubernetes.io/docs/reference/generated/kubernetes-api/${KUBERNETES_DOCS_VERSION}/#${short.toLowerCase()}-${version}-${group}`;
}
