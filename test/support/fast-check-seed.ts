/**
 * Every fast-check property runs from one fixed seed unless it names its own: a failure
 * reproduces run after run (vitest loads this before each test file).
 */
import fc from "fast-check";

fc.configureGlobal({ seed: 0x6b75_6265 });
