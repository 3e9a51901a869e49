/** The registry: generic REST storage over the Storage interface, strategies per resource, validation and PATCH. */
export * from "./rest.js";
export { GenericStore, SubresourceStorage, restStorageFor, type GenericStoreOptions } from "./store.js";
export { buildBuiltinStorages, buildStore, type BuiltinStoreOptions } from "./builtin.js";
export { defaultStrategy, statusUpdateStrategy, keepStatus, type Strategy, type UpdateStrategy } from "./strategy.js";
export { NamespaceStore } from "./resources/namespaces/storage.js";
export { PATCH_MEDIA_TYPES } from "./patch/index.js";
export { INITIAL_EVENTS_END_ANNOTATION } from "./watch.js";
