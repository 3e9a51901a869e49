/**
 * The de-duplicating queue: dedupe, re-add while processing, one worker per item, shutdown and drain.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Queue } from "../../../runtime/workqueue/queue.js";

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe("Queue", () => {
  it("queues an item once however often it is added", async () => {
    const q = new Queue<string>();
    q.add("a");
    q.add("b");
    q.add("a");
    expect(q.len()).toBe(2);
    expect((await q.get()).item).toBe("a");
    expect((await q.get()).item).toBe("b");
    expect(q.len()).toBe(0);
  });

  it("re-queues an item added while it was processing, only once it is done", async () => {
    const q = new Queue<string>();
    q.add("a");
    const { item } = await q.get();
    q.add("a");
    q.add("a");
    expect(q.len()).toBe(0); // not handed to a second worker meanwhile
    q.done(item!);
    expect(q.len()).toBe(1);
    expect((await q.get()).item).toBe("a");
    q.done("a");
    expect(q.len()).toBe(0);
  });

  it("hands items to waiting workers in the order they asked", async () => {
    const q = new Queue<number>();
    const got: number[] = [];
    const w1 = q.get().then((r) => got.push(r.item!));
    const w2 = q.get().then((r) => got.push(r.item! * 10));
    q.add(1);
    q.add(2);
    await Promise.all([w1, w2]);
    expect(got.sort()).toEqual([1, 20]);
  });

  it("done of an item never taken changes nothing", async () => {
    const q = new Queue<string>();
    q.add("a");
    q.done("a");
    expect(q.len()).toBe(1);
  });

  it("shutDown wakes waiting workers, refuses new items and hands out what is left", async () => {
    const q = new Queue<string>();
    const waiting = q.get();
    q.shutDown();
    expect(await waiting).toEqual({ item: undefined, shutdown: true });
    q.add("x");
    expect(q.len()).toBe(0);

    const q2 = new Queue<string>();
    q2.add("left");
    q2.shutDown();
    expect(q2.shuttingDown()).toBe(true);
    expect(await q2.get()).toEqual({ item: "left", shutdown: false });
    expect(await q2.get()).toEqual({ item: undefined, shutdown: true });
  });

  it("shutDownWithDrain waits for items being processed", async () => {
    const q = new Queue<string>();
    q.add("a");
    q.add("b");
    const a = (await q.get()).item!;
    const b = (await q.get()).item!;
    let drained = false;
    const drain = q.shutDownWithDrain().then(() => (drained = true));
    await tick();
    expect(drained).toBe(false);
    q.done(a);
    await tick();
    expect(drained).toBe(false);
    q.done(b);
    await drain;
    expect(drained).toBe(true);
    await q.shutDownWithDrain(); // nothing in flight: resolves at once
  });

  it("an item re-added while processing is still processed after a drain begins", async () => {
    const q = new Queue<string>();
    q.add("a");
    await q.get();
    q.add("a");
    const drain = q.shutDownWithDrain();
    q.done("a");
    expect(await q.get()).toEqual({ item: "a", shutdown: false });
    q.done("a");
    await drain;
  });

  it("property: concurrent workers never hold one item at once, and every add is processed after it", async () => {
    type Op = { kind: "add"; item: number } | { kind: "yield" };
    const op = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), item: fc.integer({ min: 0, max: 4 }) }),
      fc.constant({ kind: "yield" as const }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.nat(3), { minLength: 1, maxLength: 20 }),
        async (ops: Op[], workers, delays) => {
          const q = new Queue<number>();
          const inFlight = new Set<number>();
          let violations = 0;
          /** Per item: the last add seen, and the last add that a completed processing started after. */
          const lastAdd = new Map<number, number>();
          const covered = new Map<number, number>();
          let clock = 0;
          let d = 0;
          const worker = async (): Promise<void> => {
            for (;;) {
              const { item, shutdown } = await q.get();
              if (shutdown) return;
              if (inFlight.has(item)) violations++;
              inFlight.add(item);
              const startedAt = clock;
              const wait = delays[d++ % delays.length]!;
              for (let i = 0; i < wait; i++) await tick();
              inFlight.delete(item);
              covered.set(item, Math.max(covered.get(item) ?? -1, startedAt));
              q.done(item);
            }
          };
          const running = Array.from({ length: workers }, worker);
          for (const o of ops) {
            if (o.kind === "add") {
              lastAdd.set(o.item, ++clock);
              q.add(o.item);
            } else {
              await tick();
            }
          }
          // Let the queue empty, then drain and stop the workers.
          while (q.len() > 0 || inFlight.size > 0) await tick();
          await q.shutDownWithDrain();
          await Promise.all(running);
          expect(violations).toBe(0);
          // Each add must be followed by a processing that started no earlier than it.
          for (const [item, at] of lastAdd) expect(covered.get(item) ?? -1).toBeGreaterThanOrEqual(at);
        },
      ),
      { numRuns: 150 },
    );
  });
});
