/**
 * kubegen's runtime: the machinery generated code imports.
 */
export * from "./deepcopy.js";
export * from "./scheme.js";
export * from "./protobuf/index.js";
export * as workqueue from "./workqueue/index.js";
export * as cache from "./cache/index.js";
export * as leaderelection from "./leaderelection/index.js";
export * as rest from "./rest/index.js";
export * as selectors from "./selectors/index.js";
export * as discovery from "./discovery/index.js";
export * as metadata from "./metadata/index.js";
export * as gentype from "./gentype/index.js";
export * as testing from "./testing/index.js";
