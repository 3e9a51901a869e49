/**
 * Metadata informers: a resource's list and watch through a metadata client, cached as
 * PartialObjectMetadata, with the query options the reflector sets (and a tweak) passed on.
 */
import { describe, expect, it } from "vitest";
import type { PartialObjectMetadata } from "../../../api/meta/v1/types.js";
import { newMetadataInformer } from "../../../runtime/metadata/informer.js";
import type { ListQuery } from "../../../runtime/rest/options.js";
import type { ResourceRef } from "../../../runtime/rest/paths.js";
import type { WatchEvent } from "../../../runtime/rest/watch.js";

const pom = (name: string, rv: string): PartialObjectMetadata => ({
  apiVersion: "meta.k8s.io/v1",
  kind: "PartialObjectMetadata",
  metadata: { name, namespace: "ns", resourceVersion: rv, uid: name },
});

describe("metadata informer", () => {
  it("lists, then watches from the list's version, caching metadata objects", async () => {
    const refs: ResourceRef[] = [];
    const queries: { verb: string; q: ListQuery }[] = [];
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const informer = newMetadataInformer(
      {
        resource(ref) {
          refs.push(ref);
          return {
            async list(q = {}) {
              const { signal: _s, ...rest } = q;
              queries.push({ verb: "list", q: rest });
              return { items: [pom("a", "5")], metadata: { resourceVersion: "10" } };
            },
            async *watch(q = {}): AsyncGenerator<WatchEvent<PartialObjectMetadata>> {
              const { signal: _s, ...rest } = q;
              queries.push({ verb: "watch", q: rest });
              yield { type: "ADDED", object: pom("b", "11") };
              yield { type: "DELETED", object: pom("a", "12") };
              await hold;
            },
          };
        },
      },
      { group: "", version: "v1", resource: "configmaps" },
      { tweakListOptions: (q) => (q.labelSelector = "app=x") },
    );
    const seen: string[] = [];
    informer.addEventHandler({
      onAdd: (o) => void seen.push(`add ${o.metadata?.name}`),
      onDelete: (o) => void seen.push(`delete ${"key" in o ? o.key : o.metadata?.name}`),
    });
    const stop = new AbortController();
    const running = informer.run(stop.signal);
    const deadline = Date.now() + 5_000;
    while (seen.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(["add a", "add b", "delete a"]);
    expect(
      informer
        .getStore()
        .list()
        .map((o) => o.metadata?.name),
    ).toEqual(["b"]);
    expect(refs).toEqual([{ group: "", version: "v1", resource: "configmaps" }]);
    expect(queries[0]).toMatchObject({ verb: "list", q: { labelSelector: "app=x" } });
    expect(queries[1]).toMatchObject({ verb: "watch", q: { labelSelector: "app=x", resourceVersion: "10", allowWatchBookmarks: true } });
    stop.abort();
    release();
    await running;
  });
});
