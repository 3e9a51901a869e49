/** The REST layer: config and kubeconfig loading, the rate-limited retrying client, watches and API errors. */
export * from "./config.js";
export * from "./kubeconfig.js";
export * from "./rate-limiter.js";
export * from "./errors.js";
export * from "./watch.js";
export * from "./paths.js";
export * from "./options.js";
export { TransportError, impersonationHeaders, type Query } from "./transport.js";
export * from "./warnings.js";
export * from "./proxy.js";
export * from "./auth/credentials.js";
export * from "./auth/exec.js";
export * from "./auth/oidc.js";
export * from "./client.js";
export * from "./protobuf-codec.js";
export * from "./json-list-scan.js";
