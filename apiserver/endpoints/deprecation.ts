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

export function deprecationWarningOf(r: InstalledResource): string | undefined {
  return r.deprecationWarning ?? BUILTIN[`${r.group}/${r.version}/${r.info.plural}`];
}
