/**
 * resource.k8s.io/v1 ResourceSlices: taint times defaulted, gated device fields dropped unless
 * stored, the spec checked with driver, pool name and node name immutable, generation tracked,
 * and upstream's field selectors spec.nodeName and spec.driver.
 */
import { defaultResourceSlice } from "../../defaults/resource.js";
import { validateResourceSlice, validateResourceSliceUpdate } from "../../validation/resource.js";
import { isObj, record, str } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";
import { dropDisabledSliceFields } from "../resourceclaims/disabled-fields.js";
import { checkSliceQuantities } from "../resourceclaims/quantities.js";

export const resourceSliceStrategy = kindStrategy({
  kind: "ResourceSlice",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: (obj) => {
    checkSliceQuantities(obj);
    defaultResourceSlice(obj);
  },
  prepareForCreate: (obj) => {
    if (isObj(obj.spec)) dropDisabledSliceFields(obj.spec, undefined);
  },
  prepareForUpdate: (obj, old) => {
    if (isObj(obj.spec)) dropDisabledSliceFields(obj.spec, record(old.spec));
  },
  validate: validateResourceSlice,
  validateUpdate: validateResourceSliceUpdate,
  fields: {
    "spec.nodeName": (o) => str(record(o.spec).nodeName),
    "spec.driver": (o) => str(record(o.spec).driver),
  },
});
