/**
 * The start-system-namespaces-controller post-start hook: makes sure `default`, `kube-system`,
 * `kube-public` and `kube-node-lease` exist, at start and then every minute (so a deleted
 * kube-node-lease comes back), as upstream's controller does.
 */
import { isAlreadyExists } from "../../runtime/rest/errors.js";
import type { RESTStorage, RequestContext } from "../registry/rest.js";
import type { HookContext } from "./hooks.js";

export const SYSTEM_NAMESPACES: readonly string[] = ["default", "kube-system", "kube-public", "kube-node-lease"];

const systemUser = { name: "system:apiserver", groups: ["system:masters"] };

/** Creates each missing namespace; returns the names it created. */
export async function ensureNamespaces(namespaces: RESTStorage, names: readonly string[], signal: AbortSignal): Promise<string[]> {
  const ctx: RequestContext = { user: systemUser, signal, warnings: [] };
  const created: string[] = [];
  for (const name of names) {
    try {
      await namespaces.get!(ctx, name, {});
      continue;
    } catch {
      // Not there (or unreadable): try to create it below.
    }
    try {
      await namespaces.create!(ctx, { apiVersion: "v1", kind: "Namespace", metadata: { name } }, {});
      created.push(name);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
  return created;
}

/** The hook: ensure once (failing the hook on error), then keep ensuring every `intervalMs`. */
export function systemNamespacesHook(namespaces: RESTStorage, intervalMs = 60_000, names = SYSTEM_NAMESPACES, log: (line: string) => void = () => {}) {
  return async (ctx: HookContext): Promise<void> => {
    await ensureNamespaces(namespaces, names, ctx.signal);
    const timer = setInterval(() => {
      ensureNamespaces(namespaces, names, ctx.signal).catch((err: unknown) => log(`system namespaces: ${err instanceof Error ? err.message : String(err)}`));
    }, intervalMs);
    timer.unref();
    ctx.signal.addEventListener("abort", () => clearInterval(timer), { once: true });
  };
}
