/** The admission chain and its plugins. */
export * from "./interface.js";
export * from "./namespace-lifecycle.js";
