/** What admission plugins read and write of other objects, as the system (no authorization, no admission). */
import type { FollowHandlers } from "../../runtime/cache/follow.js";
import type { KubeObject } from "../registry/rest.js";

export interface AdmissionObjects {
  /**
   * The named object as the server's cache holds it (a moment behind the latest write, as
   * upstream's listers), read live when the cache has none: undefined when it does not exist.
   */
  get(group: string, resource: string, namespace: string, name: string, signal: AbortSignal): Promise<KubeObject | undefined>;
  /**
   * Every object the server's cache holds; with `liveWhenEmpty`, an empty answer is checked by a
   * live list, kept a while per namespace (upstream's live lookup for LimitRanges and quotas).
   */
  list(group: string, resource: string, namespace: string, signal: AbortSignal, opts?: { liveWhenEmpty?: boolean }): Promise<KubeObject[]>;
  updateStatus(group: string, resource: string, namespace: string, obj: KubeObject, signal: AbortSignal): Promise<void>;
  /**
   * Lists then watches a resource until the server stops (`signal`); `synced` resolves after the
   * first list. Undefined when the resource cannot be watched; absent where nothing can be (fakes).
   */
  follow?(
    group: string,
    resource: string,
    handlers: FollowHandlers<KubeObject>,
  ): { synced: Promise<void>; signal: AbortSignal } | undefined;
  log?(line: string): void;
}
