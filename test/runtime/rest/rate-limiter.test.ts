/** The token bucket: burst, sustained rate, first-come-first-served order, abort, and the config defaults. */
import { describe, expect, it } from "vitest";
import { rateLimiterFor, TokenBucketRateLimiter, UNLIMITED } from "../../../runtime/rest/index.js";

describe("TokenBucketRateLimiter", () => {
  it("lets a burst through at once, then paces at qps", async () => {
    const limiter = new TokenBucketRateLimiter(50, 3);
    const start = performance.now();
    const times: number[] = [];
    await Promise.all(Array.from({ length: 8 }, () => limiter.wait().then(() => times.push(performance.now() - start))));
    // The burst resolves in the same turn, with no timer; the fourth waits 1/qps = 20 ms.
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(15);
    // Five tokens beyond the burst at 50/s: at least 100 ms in all.
    expect(Math.max(...times)).toBeGreaterThanOrEqual(98);
  });

  it("serves waiters in call order", async () => {
    const limiter = new TokenBucketRateLimiter(100, 1);
    const order: number[] = [];
    await Promise.all(Array.from({ length: 6 }, (_, i) => limiter.wait().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("refills while idle, up to the burst", async () => {
    let now = 0;
    const limiter = new TokenBucketRateLimiter(10, 2, () => now);
    expect(limiter.tryAccept()).toBe(true);
    expect(limiter.tryAccept()).toBe(true);
    expect(limiter.tryAccept()).toBe(false);
    now += 100; // one token
    expect(limiter.tryAccept()).toBe(true);
    expect(limiter.tryAccept()).toBe(false);
    now += 10_000; // capped at the burst
    expect(limiter.tryAccept()).toBe(true);
    expect(limiter.tryAccept()).toBe(true);
    expect(limiter.tryAccept()).toBe(false);
  });

  it("computes the wait from the reservation, without polling", async () => {
    const now = 0;
    const limiter = new TokenBucketRateLimiter(4, 1, () => now);
    await limiter.wait(); // the burst token
    const start = performance.now();
    await limiter.wait(); // 250 ms by the bucket's clock, which stands still: one timer
    expect(performance.now() - start).toBeGreaterThanOrEqual(245);
  });

  it("an aborted waiter rejects with the reason and gives its token back", async () => {
    let now = 0;
    const limiter = new TokenBucketRateLimiter(1, 1, () => now);
    await limiter.wait();
    const controller = new AbortController();
    const waiting = limiter.wait(controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
    now += 1000;
    expect(limiter.tryAccept()).toBe(true);
    await expect(limiter.wait(AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects nonsense parameters", () => {
    expect(() => new TokenBucketRateLimiter(0, 1)).toThrow(RangeError);
    expect(() => new TokenBucketRateLimiter(1, 0)).toThrow(RangeError);
  });
});

describe("rateLimiterFor", () => {
  it("uses client-go's defaults, disables on negative qps, and prefers a shared limiter", () => {
    const d = rateLimiterFor({}) as TokenBucketRateLimiter;
    expect([d.qps, d.burst]).toEqual([5, 10]);
    const z = rateLimiterFor({ qps: 0, burst: 0 }) as TokenBucketRateLimiter;
    expect([z.qps, z.burst]).toEqual([5, 10]);
    const c = rateLimiterFor({ qps: 50, burst: 100 }) as TokenBucketRateLimiter;
    expect([c.qps, c.burst]).toEqual([50, 100]);
    expect(rateLimiterFor({ qps: -1 })).toBe(UNLIMITED);
    const shared = new TokenBucketRateLimiter(1, 1);
    expect(rateLimiterFor({ qps: 100, rateLimiter: shared })).toBe(shared);
  });
});
