// The leaderelection package: one active replica among many, decided on a coordination/v1 Lease.
export * from "./lease-lock.js";
export * from "./leader-elector.js";
export * from "./micro-time.js";
export * from "./resource-lock.js";
