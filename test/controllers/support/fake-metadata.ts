/**
 * A metadata client over a fake clientset's reactor chain: its calls are recorded as actions
 * (list, delete, delete-collection) beside the typed clients' and served from the same object
 * tracker, as client-go's metadata fake does.
 */
import type { DeleteOptions, PartialObjectMetadataList } from "../../../api/meta/v1/types.js";
import type { MetadataInterface, MetadataNamespaceableResource } from "../../../controllers/namespace/deleter.js";
import type { testing } from "../../../runtime/testing/entry.js";
import type { ListQuery } from "../../../runtime/rest/options.js";
import type { ResourceRef } from "../../../runtime/rest/paths.js";

function partial(list: { items?: { metadata?: object }[] } | undefined): PartialObjectMetadataList {
  const items = (list?.items ?? []).map((o) => ({ apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadata", metadata: o.metadata }));
  return { apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadataList", metadata: {}, items };
}

export class FakeMetadataClient implements MetadataInterface {
  constructor(private readonly fake: testing.Fake) {}

  resource(ref: ResourceRef): { namespace(ns: string): MetadataNamespaceableResource } {
    const fake = this.fake;
    const resource = { group: ref.group, version: ref.version, resource: ref.resource };
    return {
      namespace: (namespace: string): MetadataNamespaceableResource => ({
        list: async (opts: ListQuery & { signal?: AbortSignal } = {}) => {
          const { signal: _s, ...listOptions } = opts;
          return partial(
            fake.invokes({ verb: "list", resource, namespace, subresource: "", listOptions }) as { items?: { metadata?: object }[] },
          );
        },
        delete: async (name: string, opts: { options?: DeleteOptions } = {}) =>
          fake.invokes({
            verb: "delete",
            resource,
            namespace,
            subresource: "",
            name,
            ...(opts.options && { deleteOptions: opts.options }),
          }),
        deleteCollection: async (opts: { options?: DeleteOptions; listOptions?: ListQuery } = {}) =>
          fake.invokes({
            verb: "delete-collection",
            resource,
            namespace,
            subresource: "",
            listOptions: opts.listOptions ?? {},
            ...(opts.options && { deleteOptions: opts.options }),
          }),
      }),
    };
  }
}
