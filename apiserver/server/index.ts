/** Serving: the APIServer, its PKI and kubeconfig, hooks, health checks and metrics. */
export * from "./apiserver.js";
export * from "./certs.js";
export * from "./kubeconfig.js";
export * from "../lifecycle/hooks.js";
export * from "./health.js";
export * from "./metrics.js";
export * from "./version.js";
export * from "./run.js";
