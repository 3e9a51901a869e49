/**
 * kubegen's runtime: the machinery generated code imports.
 */
export * from "./deepcopy.js";
export * from "./scheme.js";
