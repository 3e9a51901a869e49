/**
 * The `extension-apiserver-authentication` ConfigMap in kube-system, as kube-apiserver's
 * start-cluster-authentication-info-controller publishes it: the client CA and the
 * requestheader settings, which extension apiservers read to trust the aggregator.
 */
import { isNotFound } from "../../runtime/rest/errors.js";
import type { ResourceIndex } from "../endpoints/installer.js";
import type { KubeObject, RequestContext } from "../registry/rest.js";
import type { Hooks } from "../lifecycle/hooks.js";

export const AUTHENTICATION_INFO = { namespace: "kube-system", name: "extension-apiserver-authentication" };

export interface AuthenticationInfo {
  clientCA?: string;
  requestHeader?: {
    clientCA: string;
    usernameHeaders: readonly string[];
    groupHeaders: readonly string[];
    extraHeaderPrefixes: readonly string[];
    allowedNames: readonly string[];
  };
}

/** The ConfigMap's data, with upstream's keys (lists as JSON arrays). */
export function authenticationInfoData(info: AuthenticationInfo): Record<string, string> {
  const data: Record<string, string> = {};
  if (info.clientCA) data["client-ca-file"] = info.clientCA;
  const rh = info.requestHeader;
  if (rh) {
    data["requestheader-client-ca-file"] = rh.clientCA;
    data["requestheader-username-headers"] = JSON.stringify(rh.usernameHeaders);
    data["requestheader-group-headers"] = JSON.stringify(rh.groupHeaders);
    data["requestheader-extra-headers-prefix"] = JSON.stringify(rh.extraHeaderPrefixes);
    data["requestheader-allowed-names"] = JSON.stringify(rh.allowedNames);
  }
  return data;
}

/** Writes the ConfigMap once the server runs (creating kube-system's copy or correcting it). */
export function publishAuthenticationInfo(
  hooks: Hooks,
  index: ResourceIndex,
  context: (signal: AbortSignal) => RequestContext,
  info: AuthenticationInfo,
): void {
  const configMaps = index.lookup("", "v1", "configmaps")?.storage;
  if (!configMaps?.get || !configMaps.create || !configMaps.update) return;
  hooks.addPostStartHook("start-cluster-authentication-info-controller", async (hook) => {
    const ctx = { ...context(hook.signal), namespace: AUTHENTICATION_INFO.namespace };
    const data = authenticationInfoData(info);
    // kube-system is made by another hook at the same time: retry briefly until it exists.
    for (let attempt = 0; ; attempt++) {
      try {
        let existing: KubeObject | undefined;
        try {
          existing = await configMaps.get!(ctx, AUTHENTICATION_INFO.name, {});
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        const cm = { apiVersion: "v1", kind: "ConfigMap", metadata: { ...AUTHENTICATION_INFO }, data };
        if (!existing) await configMaps.create!(ctx, cm, {});
        else if (JSON.stringify((existing as { data?: unknown }).data) !== JSON.stringify(data))
          await configMaps.update!(ctx, AUTHENTICATION_INFO.name, { ...existing, data }, {});
        return;
      } catch (err) {
        if (attempt >= 50 || hook.signal.aborted) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
}
