/**
 * The delaying queue: items come out by deadline, duplicates keep the earliest one, one timer.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { DelayingQueue } from "../../../runtime/workqueue/delaying-queue.js";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("DelayingQueue", () => {
  afterEach(() => vi.restoreAllMocks());

  it("releases items in deadline order, not insertion order", async () => {
    const q = new DelayingQueue<string>();
    q.addAfter("c", 60);
    q.addAfter("a", 10);
    q.addAfter("b", 30);
    q.addAfter("now", 0);
    expect(q.len()).toBe(1);
    expect(q.waitingLen()).toBe(3);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { item } = await q.get();
      order.push(item!);
      q.done(item!);
    }
    expect(order).toEqual(["now", "a", "b", "c"]);
    q.shutDown();
  });

  it("an item added twice keeps the earlier deadline and comes out once", async () => {
    const q = new DelayingQueue<string>();
    q.addAfter("x", 200);
    q.addAfter("x", 20); // moves earlier
    q.addAfter("x", 500); // later: ignored
    expect(q.waitingLen()).toBe(1);
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      // Fake timers were installed after the adds: re-add at the same delays on the fake clock.
      const fq = new DelayingQueue<string>();
      fq.addAfter("x", 200);
      fq.addAfter("x", 20);
      fq.addAfter("x", 500);
      let got: string | undefined;
      void fq.get().then(({ item }) => (got = item));
      await vi.advanceTimersByTimeAsync(19);
      expect(got).toBeUndefined();
      await vi.advanceTimersByTimeAsync(2);
      expect(got).toBe("x");
      fq.done("x");
      await vi.advanceTimersByTimeAsync(600); // past the ignored deadlines: nothing comes again
      expect(fq.len()).toBe(0);
      expect(fq.waitingLen()).toBe(0);
      fq.shutDown();
    } finally {
      vi.useRealTimers();
      q.shutDown();
    }
  });

  it("uses one timer however many items wait", async () => {
    const spy = vi.spyOn(globalThis, "setTimeout");
    const q = new DelayingQueue<number>();
    for (let i = 0; i < 1000; i++) q.addAfter(i, 1000 + i); // later deadlines: the timer stays
    expect(spy.mock.calls.length).toBe(1);
    q.addAfter(-1, 5); // an earlier deadline re-arms once
    expect(spy.mock.calls.length).toBe(2);
    q.shutDown();
    expect(q.waitingLen()).toBe(0);
  });

  it("shutDown drops waiting items and ignores later addAfter", async () => {
    const q = new DelayingQueue<string>();
    q.addAfter("a", 10);
    q.shutDown();
    q.addAfter("b", 1);
    await sleep(25);
    expect(q.len()).toBe(0);
    expect(await q.get()).toEqual({ item: undefined, shutdown: true });
  });
});
