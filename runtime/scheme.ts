/**
 * The scheme: which kinds exist in which group-versions, how to copy them, and the resource
 * facts (plural, scope, verbs, short names) that discovery and REST mapping read. Generated
 * register files fill it; nothing here knows a concrete kind.
 */
import type { Reader, Writer } from "./protobuf/wire.js";

export interface GroupVersion {
  group: string;
  version: string;
}

export interface GroupVersionKind extends GroupVersion {
  kind: string;
}

export interface GroupVersionResource extends GroupVersion {
  resource: string;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

/** Where a resource keeps what its scale subresource (autoscaling/v1 Scale) reads and writes. */
export interface ScaleInfo {
  /** `.spec.replicas`: the desired replicas, which a Scale write sets. */
  specReplicasPath: string;
  /** `.status.replicas`: the observed replicas. */
  statusReplicasPath: string;
  /** `.status.selector`: the label selector in string form, when the resource has one. */
  labelSelectorPath?: string;
}

/** What kubectl and clients need to know about one served resource. */
export interface ResourceInfo {
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: readonly string[];
  categories: readonly string[];
  verbs: readonly string[];
  subresources: readonly string[];
  printerColumns: readonly PrinterColumn[];
  /**
   * `+kubebuilder:subresource:scale` on a user's kind: the generic store serves `scale` from
   * these paths, as for a custom resource (built-in kinds with scale have their own storage).
   */
  scale?: ScaleInfo;
}

/**
 * Writes and reads one kind's protobuf message body. apiVersion and kind are not in the
 * message: the envelope carries them.
 */
export interface ProtobufCodec {
  /** Writes the message body (no length prefix). */
  encode(obj: never, w: Writer): void;
  /** Reads a message body that ends at `end`. */
  decode(r: Reader, end: number): unknown;
  /**
   * What `decode` reads from what `encode` writes of `obj`, built from the object alone, its
   * fields set on `out` (an object of the kind's type meta, say). Generated codecs have it.
   */
  canonical?(obj: never, out: never): unknown;
}

export interface KindRegistration {
  kind: string;
  /** Deep-copies an object of this kind (absent when the kind opted out of deepcopy). */
  deepCopy?: (obj: never) => unknown;
  /** The kind's protobuf codec (absent when the kind has no message, e.g. +protobuf=false). */
  protobuf?: ProtobufCodec;
}

export interface RegisteredKind extends KindRegistration, GroupVersionKind {}

/** `apps/v1` for groups, `v1` for the core group. */
export function apiVersionOf(gv: GroupVersion): string {
  return gv.group === "" ? gv.version : `${gv.group}/${gv.version}`;
}

/** Parses an apiVersion string into group and version. */
export function parseApiVersion(apiVersion: string): GroupVersion {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? { group: "", version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

const gvKey = (gv: GroupVersion): string => `${gv.group}/${gv.version}`;

export class Scheme {
  private readonly kinds = new Map<string, RegisteredKind>();
  private readonly resources = new Map<string, { gv: GroupVersion; info: ResourceInfo }[]>();
  private readonly order: GroupVersion[] = [];

  /** Registers the kinds and resources of one group-version; registering a kind twice throws. */
  addKnownTypes(gv: GroupVersion, kinds: readonly KindRegistration[], resources: readonly ResourceInfo[] = []): void {
    if (!this.order.some((x) => gvKey(x) === gvKey(gv))) this.order.push({ ...gv });
    for (const k of kinds) {
      const key = `${gvKey(gv)}/${k.kind}`;
      if (this.kinds.has(key)) throw new Error(`kind ${k.kind} is already registered in ${apiVersionOf(gv)}`);
      this.kinds.set(key, { ...k, ...gv });
    }
    const list = this.resources.get(gvKey(gv)) ?? [];
    for (const info of resources) {
      if (list.some((r) => r.info.plural === info.plural)) {
        throw new Error(`resource ${info.plural} is already registered in ${apiVersionOf(gv)}`);
      }
      list.push({ gv, info });
    }
    this.resources.set(gvKey(gv), list);
  }

  /**
   * Registers every group-version of `other` here too (kinds with their copiers and codecs, and
   * resources): how a user's generated group joins the built-in API. A kind or resource both
   * schemes register throws, as registering it twice does.
   */
  addScheme(other: Scheme): void {
    for (const gv of other.order) {
      // The same registration reached through both (meta/v1 in a user's scheme) is no conflict.
      const kinds = [...other.kinds.values()]
        .filter((k) => k.group === gv.group && k.version === gv.version)
        .filter((k) => {
          const mine = this.kind(k);
          return !(mine && mine.deepCopy === k.deepCopy && mine.protobuf === k.protobuf);
        })
        .map(({ group: _g, version: _v, ...reg }) => reg);
      const resources = other.resourcesFor(gv).filter((r) => !this.resourcesFor(gv).includes(r));
      this.addKnownTypes(gv, kinds, resources);
    }
  }

  /** The group-versions in registration order. */
  groupVersions(): GroupVersion[] {
    return this.order.map((gv) => ({ ...gv }));
  }

  kind(gvk: GroupVersionKind): RegisteredKind | undefined {
    return this.kinds.get(`${gvKey(gvk)}/${gvk.kind}`);
  }

  recognizes(gvk: GroupVersionKind): boolean {
    return this.kind(gvk) !== undefined;
  }

  /** Deep-copies any registered object, found by its apiVersion and kind. */
  deepCopy<T extends { apiVersion?: string; kind?: string }>(obj: T): T {
    const gv = parseApiVersion(obj.apiVersion ?? "");
    const reg = this.kind({ ...gv, kind: obj.kind ?? "" });
    if (!reg) throw new Error(`no kind ${obj.kind} is registered for ${obj.apiVersion}`);
    if (!reg.deepCopy) throw new Error(`kind ${obj.kind} of ${obj.apiVersion} has no deepcopy function`);
    return reg.deepCopy(obj as never) as T;
  }

  /** The resources served in one group-version. */
  resourcesFor(gv: GroupVersion): ResourceInfo[] {
    return (this.resources.get(gvKey(gv)) ?? []).map((r) => r.info);
  }

  /** REST mapping: the resource that serves a kind. */
  resourceForKind(gvk: GroupVersionKind): ResourceInfo | undefined {
    return this.resourcesFor(gvk).find((r) => r.kind === gvk.kind);
  }

  /**
   * Finds resources by plural, singular or short name (what `kubectl get ns` types), across
   * group-versions in registration order.
   */
  lookupResource(name: string): { gv: GroupVersion; info: ResourceInfo }[] {
    const n = name.toLowerCase();
    const out: { gv: GroupVersion; info: ResourceInfo }[] = [];
    for (const gv of this.order) {
      for (const r of this.resources.get(gvKey(gv)) ?? []) {
        const i = r.info;
        if (i.plural === n || i.singular === n || i.shortNames.includes(n) || i.kind.toLowerCase() === n) out.push(r);
      }
    }
    return out;
  }
}

/** A new scheme holding every group-version of the given schemes, in order (see addScheme). */
export function mergeSchemes(...schemes: Scheme[]): Scheme {
  const out = new Scheme();
  for (const s of schemes) out.addScheme(s);
  return out;
}
