/** The thin apiserver: serving, endpoints, admission and authentication over the registry's REST storages. */
export * from "./server/index.js";
export * from "./controlplane/index.js";
export * from "./auth/index.js";
export * from "./admission/index.js";
export type { RESTStorage, KubeObject, KubeList, RequestContext } from "./registry/rest.js";
// What a compiled-in group's strategy hook (CompiledAPIGroup.strategies) builds on.
export { defaultStrategy, statusUpdateStrategy, type Strategy, type UpdateStrategy } from "./registry/strategy.js";
export type { StrategyHook } from "./registry/builtin.js";
export { fieldErrors, FieldPath, type FieldError } from "./registry/validation/field.js";
