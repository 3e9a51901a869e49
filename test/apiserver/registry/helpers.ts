/** Shared setup for the registry tests: stores over a fresh in-memory storage, request contexts, error capture. */
import { scheme } from "../../../generated/apis/register.js";
import { StatusError } from "../../../runtime/rest/errors.js";
import type { Status } from "../../../api/meta/v1/types.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { buildStore, type BuiltinStoreOptions } from "../../../apiserver/registry/builtin.js";
import type { KubeObject, RequestContext, WatchEvent } from "../../../apiserver/registry/rest.js";
import type { GenericStore } from "../../../apiserver/registry/store.js";

export { scheme };

/** A request context in `namespace` (cluster scope when absent). */
export function ctx(namespace?: string, signal = new AbortController().signal): RequestContext {
  return { namespace, user: { name: "admin", groups: ["system:masters"] }, signal, warnings: [] };
}

/** A store for a built-in resource, found by group and plural. */
export function storeFor(storage: MemoryStorage, group: string, plural: string, options: BuiltinStoreOptions = {}): GenericStore {
  const gv = scheme.groupVersions().find((g) => g.group === group && scheme.resourcesFor(g).some((r) => r.plural === plural));
  if (!gv) throw new Error(`no resource ${plural} in group ${group}`);
  const info = scheme.resourcesFor(gv).find((r) => r.plural === plural)!;
  return buildStore(storage, scheme, gv, info, options);
}

/** The Status a call fails with (fails the test when it succeeds or throws something else). */
export async function statusOf(p: Promise<unknown> | (() => unknown)): Promise<Status> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (err) {
    if (err instanceof StatusError) return err.status;
    throw err;
  }
  throw new Error("expected the call to fail");
}

export const utf8 = (v: unknown): Uint8Array => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));

export function ns(name: string, extra: Partial<KubeObject> = {}): KubeObject {
  return { apiVersion: "v1", kind: "Namespace", metadata: { name }, ...extra };
}

export function cm(name: string, data: Record<string, string> = {}, labels?: Record<string, string>): KubeObject {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, ...(labels ? { labels } : {}) }, data };
}

/** A Deployment in namespace `d` whose pod template (labels app=a, matched by its selector) has `podSpec`. */
export function deployment(podSpec: Record<string, unknown>, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "d", namespace: "d" },
    spec: { selector: { matchLabels: { app: "a" } }, template: { metadata: { labels: { app: "a" } }, spec: podSpec }, ...spec },
  };
}

/** Reads watch events until `n` arrived (or `ms` passed), then stops the watch. */
export async function take(stream: AsyncIterable<WatchEvent>, n: number, ms = 2000): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  const it = stream[Symbol.asyncIterator]();
  const deadline = Date.now() + ms;
  try {
    while (out.length < n) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const next = await Promise.race([it.next(), new Promise<"timeout">((r) => setTimeout(() => r("timeout"), left))]);
      if (next === "timeout" || next.done) break;
      out.push(next.value);
    }
  } finally {
    await it.return?.();
  }
  return out;
}

/** A compact view of watch events: type and name (or resourceVersion for bookmarks). */
export function summary(events: WatchEvent[]): string[] {
  return events.map((e) =>
    e.type === "BOOKMARK"
      ? `BOOKMARK ${e.object.metadata?.resourceVersion}`
      : `${e.type} ${e.object.metadata?.name ?? (e.object as { reason?: string }).reason}`,
  );
}
