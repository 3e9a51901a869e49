/**
 * The garbage collector's dependency graph: one node per object (or per owner only known from
 * a reference: a "virtual" node), each with its owners and its dependents.
 */
import type { OwnerReference } from "../../api/meta/v1/types.js";

/** An object's coordinates: its owner reference's fields and its namespace ("" for cluster scope). */
export interface ObjectReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  namespace: string;
}

/** The coordinates an owner reference names (controller and blockOwnerDeletion left out). */
export function ownerReferenceCoordinates(ref: OwnerReference): Pick<ObjectReference, "apiVersion" | "kind" | "name" | "uid"> {
  return { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid };
}

/** Whether a reference names exactly these coordinates. */
export function ownerReferenceMatchesCoordinates(
  ref: OwnerReference,
  id: Pick<ObjectReference, "apiVersion" | "kind" | "name" | "uid">,
): boolean {
  return ref.uid === id.uid && ref.name === id.name && ref.kind === id.kind && ref.apiVersion === id.apiVersion;
}

export function sameIdentity(a: ObjectReference, b: ObjectReference): boolean {
  return a.uid === b.uid && a.name === b.name && a.kind === b.kind && a.apiVersion === b.apiVersion && a.namespace === b.namespace;
}

/** How an identity reads in logs and errors, after upstream's objectReference String(). */
export function identityString(id: ObjectReference): string {
  return `[${id.apiVersion}/${id.kind}, namespace: ${id.namespace}, name: ${id.name}, uid: ${id.uid}]`;
}

export class GraphNode {
  readonly dependents = new Set<GraphNode>();
  /** The owner references of the object as last observed. */
  owners: OwnerReference[];
  /** The object has a deletionTimestamp and the foregroundDeletion finalizer. */
  deletingDependents: boolean;
  /** The object has a deletionTimestamp. */
  beingDeleted: boolean;
  /** Created from a dependent's reference, not (yet) seen by an informer. */
  virtual: boolean;

  constructor(
    public identity: ObjectReference,
    init: { owners?: OwnerReference[]; virtual?: boolean; beingDeleted?: boolean; deletingDependents?: boolean } = {},
  ) {
    this.owners = init.owners ?? [];
    this.virtual = init.virtual ?? false;
    this.beingDeleted = init.beingDeleted ?? false;
    this.deletingDependents = init.deletingDependents ?? false;
  }

  /** Seen by an informer (not virtual). */
  isObserved(): boolean {
    return !this.virtual;
  }

  markObserved(): void {
    this.virtual = false;
  }

  markBeingDeleted(): void {
    this.beingDeleted = true;
  }

  markDeletingDependents(): void {
    this.beingDeleted = true;
    this.deletingDependents = true;
  }

  isDeletingDependents(): boolean {
    return this.deletingDependents;
  }

  /** A copy with the same dependents and owners (for a new identity). */
  clone(): GraphNode {
    const c = new GraphNode(
      { ...this.identity },
      { owners: [...this.owners], virtual: this.virtual, beingDeleted: this.beingDeleted, deletingDependents: this.deletingDependents },
    );
    for (const d of this.dependents) c.dependents.add(d);
    return c;
  }

  /** Replaces `old` by `next` among the dependents, if it is one. */
  replaceDependentIfItExists(old: GraphNode, next: GraphNode): void {
    if (this.dependents.delete(old)) this.dependents.add(next);
  }

  /** Whether some dependent's reference to this node has blockOwnerDeletion true (stops at the first). */
  hasBlockingDependents(): boolean {
    for (const dep of this.dependents) {
      if (dep.owners.some((o) => o.uid === this.identity.uid && o.blockOwnerDeletion === true)) return true;
    }
    return false;
  }

  /** Dependents whose reference to this node has blockOwnerDeletion true. */
  blockingDependents(): GraphNode[] {
    const out: GraphNode[] = [];
    for (const dep of this.dependents) {
      if (dep.owners.some((o) => o.uid === this.identity.uid && o.blockOwnerDeletion === true)) out.push(dep);
    }
    return out;
  }

  /** A strategic merge patch turning every blocking owner reference of this node non-blocking. */
  unblockOwnerReferencesStrategicMergePatch(): unknown {
    const refs = this.owners.filter((o) => o.blockOwnerDeletion === true).map((o) => ({ ...o, blockOwnerDeletion: false }));
    return { metadata: { ownerReferences: refs, uid: this.identity.uid } };
  }
}

/** The nodes by uid. */
export class UIDToNode {
  readonly #nodes = new Map<string, GraphNode>();

  read(uid: string): GraphNode | undefined {
    return this.#nodes.get(uid);
  }

  write(n: GraphNode): void {
    this.#nodes.set(n.identity.uid, n);
  }

  delete(uid: string): void {
    this.#nodes.delete(uid);
  }

  get size(): number {
    return this.#nodes.size;
  }
}

/**
 * Splits dependents into those whose reference to the owner's uid matches `owner` in every
 * coordinate (and namespace, for a namespaced owner) and those with a reference to that uid
 * that does not; one dependent may be in both.
 */
export function partitionDependents(
  dependents: Iterable<GraphNode>,
  owner: ObjectReference,
): { matching: GraphNode[]; nonmatching: GraphNode[] } {
  const matching: GraphNode[] = [];
  const nonmatching: GraphNode[] = [];
  const namespaced = owner.namespace !== "";
  for (const dep of dependents) {
    let match = false;
    let mismatch = false;
    if (namespaced && owner.namespace !== dep.identity.namespace) mismatch = true;
    else {
      for (const ref of dep.owners) {
        if (ref.uid !== owner.uid) continue;
        if (ownerReferenceMatchesCoordinates(ref, owner)) match = true;
        else mismatch = true;
      }
    }
    if (match) matching.push(dep);
    if (mismatch) nonmatching.push(dep);
  }
  return { matching, nonmatching };
}

function referenceLessThan(a: ObjectReference, b: ObjectReference): boolean {
  // Kind and apiVersion first, so that kinds order the same whatever their scope.
  for (const k of ["kind", "apiVersion", "namespace", "name", "uid"] as const) {
    if (a[k] !== b[k]) return a[k] < b[k];
  }
  return false;
}

const refKey = (r: ObjectReference): string => JSON.stringify([r.apiVersion, r.kind, r.name, r.uid, r.namespace]);

/**
 * Another identity the dependents give the absent owner's uid: the first one after `absent` in
 * reference order, else the first one; undefined when they all agree with `absent`.
 */
export function alternateOwnerIdentity(deps: Iterable<GraphNode>, absent: ObjectReference): ObjectReference | undefined {
  const clusterScoped = absent.namespace === "";
  const seen = new Set<string>([refKey(absent)]);
  let first: ObjectReference | undefined;
  let firstFollowing: ObjectReference | undefined;
  for (const dep of deps) {
    for (const ref of dep.owners) {
      if (ref.uid !== absent.uid) continue;
      if (ownerReferenceMatchesCoordinates(ref, absent) && (clusterScoped || absent.namespace === dep.identity.namespace)) continue;
      const alt: ObjectReference = { ...ownerReferenceCoordinates(ref), namespace: dep.identity.namespace };
      // This apiVersion/kind is known to be cluster-scoped.
      if (clusterScoped && alt.apiVersion === absent.apiVersion && alt.kind === absent.kind) alt.namespace = "";
      const key = refKey(alt);
      if (seen.has(key)) continue;
      seen.add(key);
      if (first === undefined || referenceLessThan(alt, first)) first = alt;
      if (referenceLessThan(absent, alt) && (firstFollowing === undefined || referenceLessThan(alt, firstFollowing))) firstFollowing = alt;
    }
  }
  return firstFollowing ?? first;
}
