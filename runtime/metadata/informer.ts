/**
 * Informers over the metadata client (client-go's metadatainformer): any resource's objects
 * cached as PartialObjectMetadata, listed and watched with the `as=PartialObjectMetadataList`
 * and `as=PartialObjectMetadata` conversions, so that whole objects never travel. Controllers
 * that only follow metadata (the garbage collector) use them for every resource, custom
 * resources included.
 */
import type { PartialObjectMetadata, PartialObjectMetadataList } from "../../api/meta/v1/types.js";
import type { ListWatch, ListWatchListOptions, ListWatchWatchOptions } from "../cache/list-watch.js";
import { SharedIndexInformer, type SharedIndexInformerOptions } from "../cache/shared-index-informer.js";
import type { ListQuery } from "../rest/options.js";
import type { ResourceRef } from "../rest/paths.js";
import type { WatchEvent } from "../rest/watch.js";

/** The list and watch calls of runtime/discovery's MetadataResourceClient (or a fake of it). */
export interface MetadataListerWatcher {
  list(opts?: ListQuery & { signal?: AbortSignal }): Promise<PartialObjectMetadataList>;
  watch(opts?: ListQuery & { signal?: AbortSignal }): AsyncIterable<WatchEvent<PartialObjectMetadata>>;
}

/** What {@link newMetadataInformer} needs of a metadata client: one resource's lister-watcher. */
export interface MetadataResourceSource {
  resource(ref: ResourceRef): MetadataListerWatcher;
}

/** Copies the defined options; the signal goes through untouched. */
function query(opts: ListWatchListOptions | ListWatchWatchOptions, tweak?: (q: ListQuery) => void): ListQuery & { signal?: AbortSignal } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(opts)) if (v !== undefined && k !== "signal") out[k] = v;
  tweak?.(out);
  if (opts.signal !== undefined) out.signal = opts.signal;
  return out;
}

/** A ListWatch of one resource's metadata, cluster-wide (all namespaces). */
export function newMetadataListWatch(client: MetadataListerWatcher, tweak?: (q: ListQuery) => void): ListWatch<PartialObjectMetadata> {
  return {
    async list(opts) {
      const list = await client.list(query(opts, tweak));
      return { items: list.items ?? [], metadata: list.metadata ?? {} };
    },
    watch(opts) {
      return client.watch(query(opts, tweak));
    },
  };
}

/** Options of a metadata informer: the shared informer's, and a hook on every list and watch query. */
export interface MetadataInformerOptions extends SharedIndexInformerOptions<PartialObjectMetadata> {
  tweakListOptions?: (q: ListQuery) => void;
}

/** A shared informer of `ref`'s objects as PartialObjectMetadata, across all namespaces; run it with `run(signal)`. */
export function newMetadataInformer(
  source: MetadataResourceSource,
  ref: ResourceRef,
  options: MetadataInformerOptions = {},
): SharedIndexInformer<PartialObjectMetadata> {
  const { tweakListOptions, ...informerOptions } = options;
  const name = informerOptions.name ?? `${ref.resource}${ref.group ? `.${ref.group}` : ""}/${ref.version} (metadata)`;
  return new SharedIndexInformer<PartialObjectMetadata>(newMetadataListWatch(source.resource(ref), tweakListOptions), {
    ...informerOptions,
    name,
  });
}
