/**
 * The `kubegen/runtime/testing` entry point: the fakes (object tracker, reactors, fake client
 * machinery), each by name and all together as the `testing` namespace generated fake
 * clientsets import. Kept out of `kubegen/runtime` so a program's bundle never carries them.
 */
export * from "./index.js";
export * as testing from "./index.js";
