/**
 * The object a create is compared against, as upstream's field manager sees it: the Go zero value
 * of the kind's type (`&v1.Pod{}`), whose JSON already holds every non-pointer struct and every
 * field without omitempty. Fields present there are not "added" by a create (no `.` for
 * `f:spec`, nor for `f:containers` when the zero value has `containers: null`). Custom resources
 * and kinds the generator did not describe start from `{}`, as upstream's unstructured objects do.
 */
import { zeroValues } from "../../../generated/apis/zero-values.js";

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The zero value of a built-in kind, shared and frozen (never changed by its readers); `{}` for others. */
export function zeroValueFor(gvk: { group: string; version: string; kind: string }): Readonly<Record<string, unknown>> {
  const v = zeroValues[`${gvk.group}/${gvk.version}/${gvk.kind}`] as Record<string, unknown> | undefined;
  return v === undefined ? EMPTY : deepFreeze(v);
}

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
