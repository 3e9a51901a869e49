/**
 * Predicates filter the events that reach a controller's queue (controller-runtime's
 * `predicate` package). A method left out lets its events through.
 */
import type { KubeObject } from "./kind.js";

export interface Predicate<T extends KubeObject = KubeObject> {
  create?(obj: T): boolean;
  update?(oldObj: T, newObj: T): boolean;
  delete?(obj: T): boolean;
}

/** Whether `p` lets an event through (an absent method does). */
export const passes = {
  create: <T extends KubeObject>(ps: readonly Predicate<T>[], obj: T): boolean => ps.every((p) => p.create?.(obj) ?? true),
  update: <T extends KubeObject>(ps: readonly Predicate<T>[], o: T, n: T): boolean => ps.every((p) => p.update?.(o, n) ?? true),
  delete: <T extends KubeObject>(ps: readonly Predicate<T>[], obj: T): boolean => ps.every((p) => p.delete?.(obj) ?? true),
};

/** One function for every event (for updates it sees the new object). */
export function newPredicate<T extends KubeObject>(fn: (obj: T) => boolean): Predicate<T> {
  return { create: fn, update: (_o, n) => fn(n), delete: fn };
}

/** Updates only when metadata.generation moved: spec changes, not status or metadata writes. */
export function generationChanged<T extends KubeObject>(): Predicate<T> {
  return { update: (o, n) => o.metadata?.generation !== n.metadata?.generation };
}

function sameMap(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  return ka.every((k) => b?.[k] === a?.[k]);
}

/** Updates only when the labels changed. */
export function labelsChanged<T extends KubeObject>(): Predicate<T> {
  return { update: (o, n) => !sameMap(o.metadata?.labels, n.metadata?.labels) };
}

/** Updates only when the annotations changed. */
export function annotationsChanged<T extends KubeObject>(): Predicate<T> {
  return { update: (o, n) => !sameMap(o.metadata?.annotations, n.metadata?.annotations) };
}

/** Updates only when the resourceVersion moved (drops resyncs, which replay the same object). */
export function resourceVersionChanged<T extends KubeObject>(): Predicate<T> {
  return { update: (o, n) => o.metadata?.resourceVersion !== n.metadata?.resourceVersion };
}

/** Objects whose labels carry every pair of `selector`. */
export function hasLabels<T extends KubeObject>(selector: Readonly<Record<string, string>>): Predicate<T> {
  return newPredicate((obj) => Object.entries(selector).every(([k, v]) => obj.metadata?.labels?.[k] === v));
}

/** Lets an event through when any of `ps` does. */
export function or<T extends KubeObject>(...ps: Predicate<T>[]): Predicate<T> {
  return {
    create: (obj) => ps.some((p) => p.create?.(obj) ?? true),
    update: (o, n) => ps.some((p) => p.update?.(o, n) ?? true),
    delete: (obj) => ps.some((p) => p.delete?.(obj) ?? true),
  };
}

/** Lets an event through when `p` does not. */
export function not<T extends KubeObject>(p: Predicate<T>): Predicate<T> {
  return {
    create: (obj) => !(p.create?.(obj) ?? true),
    update: (o, n) => !(p.update?.(o, n) ?? true),
    delete: (obj) => !(p.delete?.(obj) ?? true),
  };
}
