/** The thin apiserver: serving, endpoints, admission and authentication over the registry's REST storages. */
export * from "./server/index.js";
export * from "./controlplane/index.js";
export * from "./auth/index.js";
export * from "./admission/index.js";
export type { RESTStorage, KubeObject, KubeList, RequestContext } from "./registry/rest.js";
