/**
 * Deprecation warnings as upstream sends them: a `Warning:` header on every request to a
 * deprecated version — a CRD version marked deprecated (its deprecationWarning, or upstream's
 * default text), and built-in resources upstream deprecates (v1 Endpoints since 1.33, v1 ComponentStatus since 1.19).
 */
import type { InstalledResource } from "./installer.js";

const BUILTIN: Readonly<Record<string, string>> = {
  "/v1/endpoints": "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice",
  "/v1/componentstatuses": "v1 ComponentStatus is deprecated in v1.19+",
};

/** Upstream's default text for a deprecated CRD version. */
export function defaultCRDDeprecationWarning(group: string, version: string, kind: string): string {
  return `${group}/${version} ${kind} is deprecated`;
}

/** Built-in resources' warnings (null: none) by resource, so a request builds no key to look one up. */
const builtinWarnings = new WeakMap<InstalledResource, string | null>();

export function deprecationWarningOf(r: InstalledResource): string | undefined {
  if (r.deprecationWarning !== undefined) return r.deprecationWarning;
  let builtin = builtinWarnings.get(r);
  if (builtin === undefined) builtinWarnings.set(r, (builtin = BUILTIN[`${r.group}/${r.version}/${r.info.plural}`] ?? null));
  return builtin ?? undefined;
}
