/** Reads one resource from an informer's cache, whole or in one namespace: what generated listers build on (client-go's listers.ResourceIndexer). */
import type { Indexer } from "../cache/indexer.js";
import { NamespaceIndex } from "../cache/indexer.js";
import { newNotFound, type QualifiedName } from "../rest/errors.js";
import { LabelsSelector, type Labels } from "../selectors/labels.js";

/** A label selector, or its string form (parsed; an invalid one throws InvalidSelectorError). */
export type SelectorLike = LabelsSelector | string;

function toSelector(selector: SelectorLike | undefined): LabelsSelector {
  if (selector === undefined) return LabelsSelector.everything();
  return typeof selector === "string" ? LabelsSelector.parse(selector) : selector;
}

function labelsOf(obj: unknown): Labels | undefined {
  return (obj as { metadata?: { labels?: Labels } } | null | undefined)?.metadata?.labels;
}

/**
 * Lists and gets cached objects of one resource, across all namespaces (`namespace` "") or in
 * one. Objects are the cache's own, shared with every other reader: never modify them.
 */
export class ResourceIndexer<T> {
  /**
   * @param indexer - the informer's cache.
   * @param resource - the group and lower-case kind that NotFound errors name (`namespace`, `role.rbac.authorization.k8s.io`).
   * @param namespace - the namespace read, or "" for all.
   */
  constructor(
    readonly indexer: Indexer<T>,
    readonly resource: QualifiedName,
    readonly namespace: string = "",
  ) {}

  /** The same cache, restricted to one namespace. */
  namespaced(namespace: string): ResourceIndexer<T> {
    return new ResourceIndexer(this.indexer, this.resource, namespace);
  }

  /** The cached objects whose labels `selector` matches (all when absent). */
  list(selector?: SelectorLike): T[] {
    const sel = toSelector(selector);
    const everything = sel.empty();
    const all = this.namespace === "" ? this.indexer.list() : this.#inNamespace();
    return everything ? all : all.filter((obj) => sel.matches(labelsOf(obj)));
  }

  /** The cached object named `name` (in this namespace); throws a NotFound StatusError when absent, as client-go's listers do. */
  get(name: string): T {
    const obj = this.indexer.getByKey(this.namespace === "" ? name : `${this.namespace}/${name}`);
    if (obj === undefined) throw newNotFound(this.resource, name);
    return obj;
  }

  #inNamespace(): T[] {
    // The namespace index is the cheap path; a cache built without it is scanned.
    if (NamespaceIndex in this.indexer.getIndexers()) return this.indexer.byIndex(NamespaceIndex, this.namespace);
    return this.indexer.list().filter((obj) => (obj as { metadata?: { namespace?: string } }).metadata?.namespace === this.namespace);
  }
}
