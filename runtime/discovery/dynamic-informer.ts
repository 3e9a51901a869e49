/**
 * Shared informers over the dynamic client (client-go's dynamicinformer and dynamiclister): one
 * informer per GroupVersionResource, caching unstructured objects, for resources known only at run
 * time (custom resources, or any resource a generic controller is pointed at).
 */
import type { SharedIndexInformer } from "../cache/shared-index-informer.js";
import { newInformer, SharedInformerFactoryBase, type SharedInformerFactoryOptions } from "../gentype/informer-factory.js";
import { ResourceIndexer, type SelectorLike } from "../gentype/resource-indexer.js";
import type { ResourceRef } from "../rest/paths.js";
import type { DynamicClient, Unstructured, UnstructuredList } from "./dynamic-client.js";

/** Lists and gets cached objects of one resource; objects are the cache's own: never modify them. */
export interface GenericLister {
  /** Every cached object whose labels the selector matches (all when absent), in every namespace. */
  list(selector?: SelectorLike): Unstructured[];
  /** The cached cluster-scoped object named `name`; throws a NotFound StatusError when absent. */
  get(name: string): Unstructured;
  /** The objects of one namespace. */
  byNamespace(namespace: string): GenericNamespaceLister;
}

/** Lists and gets the cached objects of one namespace. */
export interface GenericNamespaceLister {
  list(selector?: SelectorLike): Unstructured[];
  /** The cached object named `name` in the namespace; throws a NotFound StatusError when absent. */
  get(name: string): Unstructured;
}

/** The informer and lister of one resource. */
export interface GenericInformer {
  informer(): SharedIndexInformer<Unstructured>;
  lister(): GenericLister;
}

class Lister implements GenericLister {
  constructor(private readonly indexer: ResourceIndexer<Unstructured>) {}

  list(selector?: SelectorLike): Unstructured[] {
    return this.indexer.list(selector);
  }

  get(name: string): Unstructured {
    return this.indexer.get(name);
  }

  byNamespace(namespace: string): GenericNamespaceLister {
    return new Lister(this.indexer.namespaced(namespace));
  }
}

/** `group/version/resource`, the informer's key in the factory. */
const keyOf = (gvr: ResourceRef): string => `${gvr.group}/${gvr.version}/${gvr.resource}`;

/**
 * A shared informer factory for any resource, given as a GroupVersionResource: `forResource`
 * returns the same informer for the same resource, and `start`, `waitForCacheSync` and
 * `shutdown` act on every informer asked for, as with a generated factory.
 */
export class DynamicSharedInformerFactory extends SharedInformerFactoryBase {
  constructor(
    private readonly client: DynamicClient,
    options: SharedInformerFactoryOptions = {},
  ) {
    super(options);
  }

  forResource(gvr: ResourceRef): GenericInformer {
    const informer = (): SharedIndexInformer<Unstructured> =>
      this.informerFor<Unstructured>(keyOf(gvr), (options) => {
        const base = this.client.resource(gvr);
        const rc = options.namespace ? base.namespace(options.namespace) : base;
        const lw = {
          list: (opts?: object): Promise<UnstructuredList & { items: Unstructured[] }> =>
            rc.list(opts).then((l) => ({ ...l, items: l.items ?? [] })),
          watch: (opts?: object) => rc.watch(opts),
        };
        return newInformer<Unstructured, UnstructuredList & { items: Unstructured[] }>(lw, gvr.resource, options);
      });
    return {
      informer,
      lister: () => new Lister(new ResourceIndexer(informer().getIndexer(), { group: gvr.group, resource: gvr.resource })),
    };
  }
}
