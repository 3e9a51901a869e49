/**
 * Rate limiters: exponential per item, fast/slow, token bucket, max-of, and the rate-limited queue.
 */
import { describe, expect, it } from "vitest";
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  ItemFastSlowRateLimiter,
  MaxOfRateLimiter,
} from "../../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../../runtime/workqueue/rate-limiting-queue.js";

describe("ItemExponentialFailureRateLimiter", () => {
  it("doubles from 5 ms per item and caps (namespace controller: 60 s)", () => {
    const l = new ItemExponentialFailureRateLimiter<string>(5, 60_000);
    const seq = Array.from({ length: 16 }, () => l.when("a"));
    expect(seq.slice(0, 5)).toEqual([5, 10, 20, 40, 80]);
    expect(seq[13]).toBe(40_960);
    expect(seq[14]).toBe(60_000);
    expect(seq[15]).toBe(60_000);
    expect(l.numRequeues("a")).toBe(16);
    expect(l.when("b")).toBe(5); // per item
    l.forget("a");
    expect(l.numRequeues("a")).toBe(0);
    expect(l.when("a")).toBe(5);
  });

  it("defaults to client-go's 5 ms .. 1000 s and never overflows", () => {
    const l = new ItemExponentialFailureRateLimiter<string>();
    let last = 0;
    for (let i = 0; i < 2000; i++) last = l.when("a");
    expect(last).toBe(1_000_000);
  });
});

describe("ItemFastSlowRateLimiter", () => {
  it("gives the fast delay for the first attempts, then the slow one", () => {
    const l = new ItemFastSlowRateLimiter<string>(5, 10_000, 3);
    expect([l.when("a"), l.when("a"), l.when("a"), l.when("a"), l.when("a")]).toEqual([5, 5, 5, 10_000, 10_000]);
    expect(l.numRequeues("a")).toBe(5);
    l.forget("a");
    expect(l.when("a")).toBe(5);
  });
});

describe("BucketRateLimiter", () => {
  it("lets a burst through, then spaces retries at qps, refilling with time", () => {
    let now = 0;
    const l = new BucketRateLimiter<string>({ qps: 10, burst: 3, now: () => now });
    expect([l.when("a"), l.when("b"), l.when("c")]).toEqual([0, 0, 0]);
    expect(l.when("d")).toBeCloseTo(100);
    expect(l.when("e")).toBeCloseTo(200); // reservations queue up behind each other
    now += 1000; // 10 tokens refilled; the debt of 2 is paid, and the bucket caps at 3
    expect([l.when("f"), l.when("g"), l.when("h")]).toEqual([0, 0, 0]);
    expect(l.when("i")).toBeCloseTo(100);
    expect(l.numRequeues("a")).toBe(0);
  });

  it("defaults to 10 qps with a burst of 100", () => {
    const now = 0;
    const l = new BucketRateLimiter<number>({ now: () => now });
    for (let i = 0; i < 100; i++) expect(l.when(i)).toBe(0);
    expect(l.when(100)).toBeCloseTo(100);
    expect(l.qps).toBe(10);
    expect(l.burst).toBe(100);
  });
});

describe("MaxOfRateLimiter", () => {
  it("answers the slowest limiter and forgets in all of them", () => {
    let now = 0;
    const l = new MaxOfRateLimiter<string>(
      new ItemExponentialFailureRateLimiter(5, 1000),
      new BucketRateLimiter({ qps: 1, burst: 1, now: () => now }),
    );
    expect(l.when("a")).toBe(5); // bucket has a token; exponential says 5
    expect(l.when("a")).toBeCloseTo(1000); // bucket empty: 1 s beats 10 ms
    now += 10_000;
    expect(l.when("a")).toBe(20);
    expect(l.numRequeues("a")).toBe(3);
    l.forget("a");
    expect(l.numRequeues("a")).toBe(0);
  });

  it("defaultControllerRateLimiter combines 5 ms exponential with 10 qps / 100 burst", () => {
    const l = defaultControllerRateLimiter<string>({ maxDelayMs: 60_000 });
    expect([l.when("a"), l.when("a"), l.when("a")]).toEqual([5, 10, 20]);
    for (let i = 0; i < 200; i++) l.when("a");
    expect(l.when("a")).toBe(60_000);
  });
});

describe("RateLimitingQueue", () => {
  it("re-adds failed items after growing delays and forgets on success", async () => {
    const q = new RateLimitingQueue<string>(new ItemExponentialFailureRateLimiter(5, 40));
    q.add("k");
    const times: number[] = [];
    let start = performance.now();
    for (let attempt = 0; attempt < 5; attempt++) {
      const { item } = await q.get();
      times.push(performance.now() - start);
      start = performance.now();
      q.addRateLimited(item!); // failed
      q.done(item!);
    }
    expect(q.numRequeues("k")).toBe(5);
    // Attempts 2..5 waited about 5, 10, 20, 40 ms.
    expect(times[1]).toBeGreaterThanOrEqual(4);
    expect(times[4]).toBeGreaterThanOrEqual(35);
    q.forget("k");
    expect(q.numRequeues("k")).toBe(0);
    q.shutDown();
  });
});
