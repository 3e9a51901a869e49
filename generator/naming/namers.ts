/**
 * Name systems, built once and shared by the parser and every emitter: public and private
 * identifiers, plurals with upstream's exceptions, and package-derived names.
 */

/** Kinds whose plural is not the regular English one (as client-gen's namer keeps them). */
const PLURAL_EXCEPTIONS: Readonly<Record<string, string>> = {
  Endpoints: "Endpoints",
  SecurityContextConstraints: "SecurityContextConstraints",
  ResourceClaimParameters: "ResourceClaimParameters",
  ResourceClassParameters: "ResourceClassParameters",
};

export function pluralOf(name: string): string {
  const exception = PLURAL_EXCEPTIONS[name];
  if (exception !== undefined) return exception;
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

export function publicName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `CustomResourceDefinition` -> `customResourceDefinition`; leading acronyms stay lower. */
export function privateName(name: string): string {
  const m = /^[A-Z]+(?=[A-Z][a-z]|$)/.exec(name);
  if (m && m[0].length > 1) return m[0].toLowerCase() + name.slice(m[0].length);
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The resource name kubectl sees: lower-case plural. */
export function resourcePlural(kind: string): string {
  return pluralOf(kind).toLowerCase();
}

/** `k8s.io/api/core/v1` -> `k8s.io.api.core.v1` (upstream's go-to-protobuf rule). */
export function protoPackageOf(goPackage: string): string {
  return goPackage.replace(/\//g, ".").replace(/-/g, "_");
}

/** `k8s.io/api/core/v1` -> `io.k8s.api.core.v1` (kube-openapi's reversed-domain rule). */
export function openapiPackageOf(goPackage: string): string {
  const [domain = "", ...rest] = goPackage.split("/");
  const reversed = domain.split(".").reverse().join(".");
  return [reversed, ...rest].join(".");
}

/** `core/v1` -> `coreV1`, `apiextensions/v1` -> `apiextensionsV1`: accessor names. */
export function groupVersionAccessor(group: string, version: string): string {
  const first = group === "" ? "core" : (group.split(".")[0] ?? group);
  return privateName(first.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())) + publicName(version);
}
