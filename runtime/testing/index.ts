/** Testing support for code built on generated clients: the object tracker, reactors and recorded actions behind fake clientsets. */
export * from "./actions.js";
export * from "./fake.js";
export * from "./fake-resource-client.js";
export * from "./object-tracker.js";
export * from "./patch.js";
export { objectReaction, watchReaction } from "./reactions.js";
