/** Records what an informer's handler is told, with timestamps, and lets tests wait for a particular call. */
import { cache } from "../../../runtime/index.js";

type Meta = { metadata?: { name?: string; namespace?: string; resourceVersion?: string; uid?: string } };

/** One handler call. */
export interface Seen<T> {
  type: "add" | "update" | "delete";
  name: string;
  /** The object's resourceVersion ("" for a delete learnt from a relist). */
  rv: string;
  obj: T;
  /** performance.now() at the call. */
  at: number;
}

/** A ResourceEventHandler that keeps every call; `waitFor` resolves with the first matching one. */
export class Recorder<T extends Meta> {
  readonly seen: Seen<T>[] = [];
  #waiters: { match: (s: Seen<T>) => boolean; resolve: (s: Seen<T>) => void }[] = [];

  readonly handler: cache.ResourceEventHandler<T> = {
    onAdd: (obj) => this.#record("add", obj),
    onUpdate: (_old, obj) => this.#record("update", obj),
    onDelete: (obj) => {
      const final = obj instanceof cache.DeletedFinalStateUnknown ? obj.obj : obj;
      this.#record("delete", final);
    },
  };

  #record(type: Seen<T>["type"], obj: T): void {
    const s: Seen<T> = { type, name: obj.metadata?.name ?? "", rv: obj.metadata?.resourceVersion ?? "", obj, at: performance.now() };
    this.seen.push(s);
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.match(s)) return true;
      w.resolve(s);
      return false;
    });
  }

  /** The first call (already recorded or yet to come) matching `match`; rejects after `ms`. */
  waitFor(match: (s: Seen<T>) => boolean, ms = 5000, what = "handler call"): Promise<Seen<T>> {
    const done = this.seen.find(match);
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const w = { match, resolve: (s: Seen<T>) => (clearTimeout(timer), resolve(s)) };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((x) => x !== w);
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      }, ms);
      this.#waiters.push(w);
    });
  }

  /** The state the handler calls add up to: name -> last object, deletes removing. */
  replay(): Map<string, T> {
    const state = new Map<string, T>();
    for (const s of this.seen) {
      if (s.type === "delete") state.delete(s.name);
      else state.set(s.name, s.obj);
    }
    return state;
  }
}

export { until } from "../../support/wait.js";
