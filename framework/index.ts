/**
 * kubegen's controller framework: a Manager (shared caches, clients, leader election, probes,
 * metrics, graceful shutdown), a controller builder with predicates, and the helpers
 * controllers need (owner references, create-or-update/patch, server-side apply, finalizers,
 * conditions, events). Built on runtime/ and the generated SDKs only. docs/controllers.md is
 * the tutorial.
 */
export * from "./kind.js";
export * from "./kinds.js";
export * from "./manager.js";
export * from "./builder.js";
export * from "./controller.js";
export * from "./predicates.js";
export * from "./owner.js";
export * from "./mutate.js";
export * from "./finalizers.js";
export * from "./conditions.js";
export * from "./events.js";
export { ControllerMetrics } from "./metrics.js";
export type { Checker } from "./probes.js";
