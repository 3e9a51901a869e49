// The workqueue package: de-duplicating, delaying and rate-limited queues for controllers.
export * from "./fifo.js";
export * from "./heap.js";
export * from "./queue.js";
export * from "./delaying-queue.js";
export * from "./rate-limiters.js";
export * from "./rate-limiting-queue.js";
