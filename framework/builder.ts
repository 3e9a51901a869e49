/**
 * The controller builder (controller-runtime's `builder`):
 *
 * ```ts
 * controllerManagedBy(mgr)
 *   .for(Widgets, generationChanged())
 *   .owns(ConfigMapKind)
 *   .watches(SecretKind, (secret) => widgetsUsing(secret))
 *   .withOptions({ maxConcurrentReconciles: 4 })
 *   .complete(reconciler);
 * ```
 *
 * `for` queues the object itself, `owns` queues the controller owner (of the `for` kind) of an
 * owned object, `watches` queues whatever a map function returns. Predicates filter events per
 * watch; `withEventFilter` adds one to every watch.
 */
import { DeletedFinalStateUnknown } from "../runtime/cache/keys.js";
import { Controller, type ControllerOptions, type Reconciler, type Request } from "./controller.js";
import { groupOf, type Kind, type KubeObject } from "./kind.js";
import type { Manager } from "./manager.js";
import { passes, type Predicate } from "./predicates.js";

/** Maps an object of a watched kind to the requests to queue. */
export type MapFunc<O> = (obj: O) => Request | readonly Request[] | undefined;

interface Watch {
  kind: Kind<KubeObject>;
  /** Absent for `owns`: the controller owner, resolved once `for` is known. */
  map?: MapFunc<KubeObject>;
  predicates: Predicate<KubeObject>[];
  /** Updates queue the requests of the old object too (owners can change). */
  mapOld: boolean;
}

const names = new WeakMap<Manager, Set<string>>();

function requestOf(obj: KubeObject): Request {
  return { namespace: obj.metadata?.namespace ?? "", name: obj.metadata?.name ?? "" };
}

/** Queues the controller owner of an object when it is of `owner`'s group and kind. */
export function enqueueRequestForOwner(owner: Kind<KubeObject>): MapFunc<KubeObject> {
  return (obj) => {
    const ref = obj.metadata?.ownerReferences?.find((r) => r.controller === true);
    if (!ref || ref.kind !== owner.kind || groupOf(ref.apiVersion) !== owner.group) return undefined;
    return { namespace: owner.namespaced ? (obj.metadata?.namespace ?? "") : "", name: ref.name };
  };
}

export class Builder {
  #for: Watch | undefined;
  readonly #watches: Watch[] = [];
  readonly #filters: Predicate<KubeObject>[] = [];
  #options: ControllerOptions = {};
  #name: string | undefined;

  constructor(private readonly mgr: Manager) {}

  /** The kind the controller reconciles: its events queue the object itself. Call once. */
  for<U extends KubeObject>(kind: Kind<U>, ...predicates: Predicate<U>[]): this {
    if (this.#for) throw new Error(`for(...) should only be called once, could not assign multiple objects for reconciliation`);
    this.#for = {
      kind: kind as unknown as Kind<KubeObject>,
      map: requestOf,
      predicates: predicates,
      mapOld: false,
    };
    return this;
  }

  /** Objects this controller creates and controls: their events queue their controller owner. */
  owns<O extends KubeObject>(kind: Kind<O>, ...predicates: Predicate<O>[]): this {
    this.#watches.push({ kind: kind as unknown as Kind<KubeObject>, predicates: predicates, mapOld: true });
    return this;
  }

  /** Any other kind: `map` says which requests an event queues. */
  watches<O extends KubeObject>(kind: Kind<O>, map: MapFunc<O>, ...predicates: Predicate<O>[]): this {
    this.#watches.push({
      kind: kind as unknown as Kind<KubeObject>,
      map: map as MapFunc<KubeObject>,
      predicates: predicates,
      mapOld: true,
    });
    return this;
  }

  /** A predicate applied to the events of every watch. */
  withEventFilter(predicate: Predicate<KubeObject>): this {
    this.#filters.push(predicate);
    return this;
  }

  withOptions(options: ControllerOptions): this {
    this.#options = { ...this.#options, ...options };
    return this;
  }

  /** The controller's name (metrics, logs, events); the lower-cased `for` kind by default. Unique per manager. */
  named(name: string): this {
    this.#name = name;
    return this;
  }

  /** Builds the controller, registers its watches and adds it to the manager. */
  complete(reconciler: Reconciler): Controller {
    const forWatch = this.#for;
    if (!forWatch) throw new Error("must provide an object for reconciliation: call for(kind)");
    const name = this.#name ?? forWatch.kind.kind.toLowerCase();
    const taken = names.get(this.mgr) ?? new Set<string>();
    names.set(this.mgr, taken);
    if (taken.has(name))
      throw new Error(
        `controller with name ${name} already exists. Controller names must be unique to avoid multiple controllers reporting the same metric`,
      );
    taken.add(name);
    const controller = new Controller(
      name,
      reconciler,
      this.#options,
      this.mgr.metrics,
      (l) => this.mgr.log(l),
      (e) => this.mgr.reportError(e),
    );
    const ownerMap = enqueueRequestForOwner(forWatch.kind);
    for (const w of [forWatch, ...this.#watches]) this.#register(controller, w.map ?? ownerMap, w);
    this.mgr.add(controller);
    return controller;
  }

  #register(controller: Controller, map: MapFunc<KubeObject>, w: Watch): void {
    const predicates = [...w.predicates, ...this.#filters];
    const enqueue = (obj: KubeObject): void => {
      const out = map(obj);
      if (out === undefined) return;
      for (const req of Array.isArray(out) ? out : [out as Request]) if (req.name) controller.enqueue(req);
    };
    const informer = this.mgr.informer(w.kind);
    const registration = informer.addEventHandler({
      onAdd: (obj) => {
        if (passes.create(predicates, obj)) enqueue(obj);
      },
      onUpdate: (oldObj, newObj) => {
        if (!passes.update(predicates, oldObj, newObj)) return;
        enqueue(newObj);
        if (w.mapOld) enqueue(oldObj);
      },
      onDelete: (obj) => {
        const o = obj instanceof DeletedFinalStateUnknown ? obj.obj : obj;
        if (passes.delete(predicates, o)) enqueue(o);
      },
    });
    controller.waitFor(() => registration.hasSynced());
    this.mgr.waitForCache(informer);
  }
}

/** Starts building a controller run by `mgr`. */
export function controllerManagedBy(mgr: Manager): Builder {
  return new Builder(mgr);
}
