/** networking.k8s.io/v1 IPAddresses: named by a canonical IP, a parent reference that is fixed once set; no generation. */
import { ipAddressName, validateIPAddress, validateIPAddressUpdate } from "../../validation/service-cidr.js";
import { kindStrategy } from "../kind-strategy.js";

export const ipAddressStrategy = kindStrategy({
  kind: "IPAddress",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  nameValidator: ipAddressName,
  validate: validateIPAddress,
  validateUpdate: (obj, old) => [...validateIPAddress(obj), ...validateIPAddressUpdate(obj, old)],
});
