/** What admission plugins read and write of other objects, as the system (no authorization, no admission). */
import type { FollowHandlers } from "../../runtime/cache/follow.js";
import type { KubeObject } from "../registry/rest.js";

/**
 * The signal a read waits on, or a request that makes its signal when first asked: a read from a
 * ready cache never asks, and making a request's AbortSignal costs microseconds per create.
 */
export type SignalSource = AbortSignal | { readonly signal: AbortSignal };

export const signalOf = (from: SignalSource): AbortSignal => (from instanceof AbortSignal ? from : from.signal);

export interface AdmissionObjects {
  /**
   * The named object as the server's cache holds it (a moment behind the latest write, as
   * upstream's listers), read live when the cache has none: undefined when it does not exist.
   */
  get(group: string, resource: string, namespace: string, name: string, signal: SignalSource): Promise<KubeObject | undefined>;
  /**
   * Every object the server's cache holds; with `liveWhenEmpty`, an empty answer is checked by a
   * live list, kept a while per namespace (upstream's live lookup for LimitRanges and quotas).
   */
  list(group: string, resource: string, namespace: string, signal: SignalSource, opts?: { liveWhenEmpty?: boolean }): Promise<KubeObject[]>;
  updateStatus(group: string, resource: string, namespace: string, obj: KubeObject, signal: SignalSource): Promise<void>;
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
