/**
 * Kubernetes protobuf: wire primitives, map-field helpers, the special types' codecs (and what
 * they read back, canonical.ts), the `k8s\0` envelope and the watch-stream framing.
 */
export * from "./errors.js";
export * from "./wire.js";
export * from "./maps.js";
export * from "./specials.js";
export * from "./canonical.js";
export * from "./envelope.js";
export * from "./watch.js";
