/** EventQueue's takeBuffered: the rest of a burst without a promise each, in order, same ending as next(). */
import { describe, expect, it } from "vitest";
import { EventQueue } from "../../../apiserver/storage/event-queue.js";

describe("EventQueue.takeBuffered", () => {
  it("hands out what is buffered, in order, and nothing while empty", async () => {
    const q = new EventQueue<number>();
    expect(q.takeBuffered()).toBeUndefined();
    const first = q.next();
    q.push(1);
    q.push(2);
    q.push(3);
    expect(await first).toEqual({ value: 1, done: false });
    expect([q.takeBuffered(), q.takeBuffered(), q.takeBuffered()]).toEqual([2, 3, undefined]);
    q.push(4);
    expect(await q.next()).toEqual({ value: 4, done: false });
  });

  it("interleaves with next() and keeps the queue's ending", async () => {
    const q = new EventQueue<number>();
    for (const n of [1, 2, 3]) q.push(n);
    q.fail(new Error("gone"));
    expect(q.takeBuffered()).toBe(1);
    expect(await q.next()).toEqual({ value: 2, done: false });
    expect(q.takeBuffered()).toBe(3);
    expect(q.takeBuffered()).toBeUndefined();
    await expect(q.next()).rejects.toThrow("gone");
    const dropped = new EventQueue<number>();
    dropped.push(1);
    dropped.failNow(new Error("now"));
    expect(dropped.takeBuffered()).toBeUndefined();
  });
});
