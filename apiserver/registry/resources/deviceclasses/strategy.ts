/** resource.k8s.io/v1 DeviceClasses: selectors and config checked (only changed ones anew), extendedResourceName dropped (DRAExtendedResource is alpha in 1.34) unless stored, generation tracked. */
import { validateDeviceClass, validateDeviceClassUpdate } from "../../validation/resource.js";
import { isObj, record } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";

const dropExtendedResourceName = (spec: unknown, oldSpec: unknown) => {
  if (isObj(spec) && record(oldSpec).extendedResourceName === undefined) delete spec.extendedResourceName;
};

export const deviceClassStrategy = kindStrategy({
  kind: "DeviceClass",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  prepareForCreate: (obj) => dropExtendedResourceName(obj.spec, undefined),
  prepareForUpdate: (obj, old) => dropExtendedResourceName(obj.spec, old.spec),
  validate: validateDeviceClass,
  validateUpdate: validateDeviceClassUpdate,
});
