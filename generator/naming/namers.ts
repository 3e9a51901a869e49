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

/**
 * `core/v1` -> `CoreV1`, `rbac/v1` -> `RbacV1`, `apiextensions/v1` -> `ApiextensionsV1`: a
 * group-version's name in client class names. As client-gen, it comes from the package's
 * folders, not the group name (`rbac.authorization.k8s.io` is `Rbac`).
 */
export function groupVersionGoName(pkgPath: string): string {
  const parts = pkgPath.split("/");
  const version = parts[parts.length - 1] ?? "";
  const group = parts.length > 1 ? (parts[parts.length - 2] ?? "") : "core";
  const camel = group.replace(/[-_.]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return publicName(camel) + publicName(version);
}

/** `core/v1` -> `coreV1`, `rbac/v1` -> `rbacV1`: the accessor of a group-version on clientsets and informer factories. */
export function groupVersionAccessor(pkgPath: string): string {
  return privateName(groupVersionGoName(pkgPath));
}

/** `ConfigMap` -> `configMaps`, `Endpoints` -> `endpoints`: the accessor of a kind's client, informer or namespaced lister. */
export function pluralAccessor(kind: string): string {
  return safeIdentifier(privateName(pluralOf(kind)));
}

/** `ConfigMap` -> `config-map`: the file a kind's generated code lives in. */
export function kebabName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

const RESERVED: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await"
  ).split(" "),
);

/** `name`, or `name_` when it is a reserved word (a kind called `Class` still gets a parameter name). */
export function safeIdentifier(name: string): string {
  return RESERVED.has(name) ? `${name}_` : name;
}
