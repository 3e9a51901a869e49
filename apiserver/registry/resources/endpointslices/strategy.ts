/** discovery.k8s.io/v1 EndpointSlices: port defaults, address type and addresses, ports. */
import { defaultEndpointSlice } from "../../defaults/misc.js";
import { validateEndpointSlice } from "../../validation/endpoint-slice.js";
import { fieldErrors, FieldPath } from "../../validation/field.js";
import { FIELD_IMMUTABLE } from "../../validation/object-meta.js";
import { kindStrategy } from "../kind-strategy.js";

export const endpointSliceStrategy = kindStrategy({
  kind: "EndpointSlice",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  trackGeneration: true,
  defaults: defaultEndpointSlice,
  validate: validateEndpointSlice,
  validateUpdate: (obj, old) => [
    ...validateEndpointSlice(obj),
    ...(obj.addressType === old.addressType ? [] : [fieldErrors.invalid(FieldPath.of("addressType"), obj.addressType, FIELD_IMMUTABLE)]),
  ],
});
