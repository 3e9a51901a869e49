/** The apiserver's own control loops, run as post-start hooks over the loopback client. */
export * from "./bootstrap-controller.js";
export * from "./endpoints-adapter.js";
export * from "./lease-reconciler.js";
export * from "./loopback.js";
export * from "./master-leases.js";
export * from "./system-namespaces.js";
