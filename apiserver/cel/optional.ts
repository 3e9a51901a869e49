/**
 * `oldSelf` under `optionalOldSelf: true`: an optional value (upstream binds CEL's optional type).
 * The engine has no optional type, so the value is a tagged map with hasValue(), value() and
 * orValue(), the methods transition rules use on it.
 */
import { celError, celMethod, CelScalar, mapType, type CelFunc } from "@bufbuild/cel";

const OBJ = mapType(CelScalar.STRING, CelScalar.DYN);

export function optionalOf(value: unknown): Map<string, unknown> {
  return value === undefined
    ? new Map([["__kind", "optional"]])
    : new Map<string, unknown>([
        ["__kind", "optional"],
        ["value", value],
      ]);
}

export const optionalLibrary: readonly CelFunc[] = [
  celMethod("hasValue", OBJ, [], CelScalar.BOOL, function () {
    return this.has("value");
  }),
  celMethod("value", OBJ, [], CelScalar.DYN, function () {
    if (!this.has("value")) throw celError("optional.none() dereference");
    return this.get("value") as never;
  }),
  celMethod("orValue", OBJ, [CelScalar.DYN], CelScalar.DYN, function (d) {
    return (this.has("value") ? this.get("value") : d) as never;
  }),
];
