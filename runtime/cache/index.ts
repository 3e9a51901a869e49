// The cache package: reflector, indexed store and shared informer, as client-go's tools/cache.
export * from "./backoff.js";
export * from "./managed-fields-sharing.js";
export * from "./resource-version-errors.js";
export * from "./indexer.js";
export * from "./keys.js";
export * from "./list-watch.js";
export * from "./listener.js";
export * from "./reflector.js";
export * from "./shared-index-informer.js";
export * from "./store.js";
