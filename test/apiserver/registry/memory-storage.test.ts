/**
 * The in-memory Storage against the interface's contract: one global revision, reads at an
 * older revision, continue tokens, compare-and-swap updates, compaction, and watches that
 * resume from a revision.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { StorageError, type StorageEvent } from "../../../apiserver/storage/interface.js";

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const s = (u: Uint8Array): string => new TextDecoder().decode(u);

async function collect(it: AsyncIterable<StorageEvent>, n: number): Promise<StorageEvent[]> {
  const out: StorageEvent[] = [];
  for await (const ev of it) {
    out.push(ev);
    if (out.length === n) break;
  }
  return out;
}

describe("MemoryStorage", () => {
  it("gives every write the next global revision", async () => {
    const st = new MemoryStorage();
    expect(await st.currentRevision()).toBe(1);
    const a = await st.create("/r/a", b("1"));
    const c = await st.create("/q/c", b("1"));
    const a2 = await st.guaranteedUpdate("/r/a", () => b("2"));
    expect([a.modRevision, c.modRevision, a2.modRevision]).toEqual([2, 3, 4]);
    expect(a2.createRevision).toBe(2);
    const gone = await st.delete("/r/a");
    expect(s(gone.value)).toBe("2");
    expect(await st.currentRevision()).toBe(5);
  });

  it("fails create on an existing key and update/delete on a missing one", async () => {
    const st = new MemoryStorage();
    await st.create("/k", b("x"));
    await expect(st.create("/k", b("y"))).rejects.toMatchObject({ code: "KeyExists" });
    await expect(st.guaranteedUpdate("/nope", () => b("y"))).rejects.toMatchObject({ code: "KeyNotFound" });
    await expect(st.delete("/nope")).rejects.toMatchObject({ code: "KeyNotFound" });
    const created = await st.guaranteedUpdate("/new", (cur) => (cur ? cur.value : b("made")), { ignoreNotFound: true });
    expect(s(created.value)).toBe("made");
  });

  it("checks revision preconditions and skips writes that change nothing", async () => {
    const st = new MemoryStorage();
    const kv = await st.create("/k", b("x"));
    await expect(st.guaranteedUpdate("/k", () => b("y"), { preconditions: { revision: kv.modRevision + 7 } })).rejects.toMatchObject({
      code: "Conflict",
    });
    await expect(st.delete("/k", { preconditions: { revision: 99 } })).rejects.toBeInstanceOf(StorageError);
    const same = await st.guaranteedUpdate("/k", () => b("x"));
    expect(same.modRevision).toBe(kv.modRevision);
    expect(await st.currentRevision()).toBe(kv.modRevision);
  });

  it("retries an update whose value changed while the update function ran", async () => {
    const st = new MemoryStorage();
    await st.create("/k", b("0"));
    let calls = 0;
    const kv = await st.guaranteedUpdate("/k", async (cur) => {
      calls++;
      if (calls === 1) await st.guaranteedUpdate("/k", () => b("10"));
      return b(String(Number(s(cur!.value)) + 1));
    });
    expect(calls).toBe(2);
    expect(s(kv.value)).toBe("11");
  });

  it("lists at an older revision by undoing later events", async () => {
    const st = new MemoryStorage();
    await st.create("/r/a", b("a1"));
    const rev = (await st.create("/r/b", b("b1"))).modRevision;
    await st.guaranteedUpdate("/r/a", () => b("a2"));
    await st.delete("/r/b");
    await st.create("/r/c", b("c1"));
    const then = await st.list({ prefix: "/r/", revision: rev });
    expect(then.revision).toBe(rev);
    expect(then.items.map((kv) => `${kv.key}=${s(kv.value)}`)).toEqual(["/r/a=a1", "/r/b=b1"]);
    const now = await st.list({ prefix: "/r/" });
    expect(now.items.map((kv) => `${kv.key}=${s(kv.value)}`)).toEqual(["/r/a=a2", "/r/c=c1"]);
  });

  it("pages with continue tokens at the first page's revision, counting what remains", async () => {
    const st = new MemoryStorage();
    for (const k of ["a", "b", "c", "d", "e"]) await st.create(`/r/${k}`, b(k));
    const p1 = await st.list({ prefix: "/r/", limit: 2 });
    expect(p1.items.map((kv) => kv.key)).toEqual(["/r/a", "/r/b"]);
    expect(p1.remainingItemCount).toBe(3);
    await st.create("/r/bb", b("late"));
    const p2 = await st.list({ prefix: "/r/", limit: 2, continue: p1.continue });
    expect(p2.items.map((kv) => kv.key)).toEqual(["/r/c", "/r/d"]);
    expect(p2.revision).toBe(p1.revision);
    const p3 = await st.list({ prefix: "/r/", limit: 2, continue: p2.continue });
    expect(p3.items.map((kv) => kv.key)).toEqual(["/r/e"]);
    expect(p3.continue).toBeUndefined();
    await expect(st.list({ prefix: "/r/", continue: "not-a-token" })).rejects.toMatchObject({ code: "InvalidContinue" });
  });

  it("applies the predicate before the limit", async () => {
    const st = new MemoryStorage();
    for (const k of ["a1", "b1", "a2", "b2", "a3"]) await st.create(`/r/${k}`, b(k));
    const page = await st.list({ prefix: "/r/", limit: 2, predicate: (kv) => s(kv.value).startsWith("a") });
    expect(page.items.map((kv) => s(kv.value))).toEqual(["a1", "a2"]);
    expect(page.continue).toBeDefined();
    const rest = await st.list({ prefix: "/r/", limit: 2, continue: page.continue, predicate: (kv) => s(kv.value).startsWith("a") });
    expect(rest.items.map((kv) => s(kv.value))).toEqual(["a3"]);
    expect(rest.continue).toBeUndefined();
  });

  it("forgets history before the compaction point", async () => {
    const st = new MemoryStorage();
    const first = await st.create("/r/a", b("1"));
    await st.guaranteedUpdate("/r/a", () => b("2"));
    const third = await st.guaranteedUpdate("/r/a", () => b("3"));
    await st.compact(third.modRevision);
    await expect(st.list({ prefix: "/r/", revision: first.modRevision })).rejects.toMatchObject({ code: "Compacted" });
    expect((await st.list({ prefix: "/r/", revision: third.modRevision })).items).toHaveLength(1);
    const watch = st.watch({ prefix: "/r/", afterRevision: first.modRevision, signal: new AbortController().signal });
    await expect(collect(watch, 1)).rejects.toMatchObject({ code: "Compacted", compactRevision: third.modRevision });
  });

  it("watches from a revision, then live, under a prefix only", async () => {
    const st = new MemoryStorage();
    const a = await st.create("/r/a", b("1"));
    await st.create("/other/x", b("x"));
    await st.guaranteedUpdate("/r/a", () => b("2"));
    const ac = new AbortController();
    const events = collect(st.watch({ prefix: "/r/", afterRevision: a.modRevision, signal: ac.signal }), 3);
    await st.create("/r/b", b("3"));
    await st.delete("/r/a");
    const got = await events;
    ac.abort();
    expect(got.map((e) => `${e.type} ${e.key} ${e.revision} prev=${e.prev ? s(e.prev.value) : "-"}`)).toEqual([
      "PUT /r/a 4 prev=1",
      "PUT /r/b 5 prev=-",
      "DELETE /r/a 6 prev=2",
    ]);
  });

  it("ends watches when their signal aborts or the storage closes", async () => {
    const st = new MemoryStorage();
    const ac = new AbortController();
    const done = collect(st.watch({ prefix: "/", afterRevision: 0, signal: ac.signal }), 10);
    ac.abort();
    expect(await done).toEqual([]);
    const closing = collect(st.watch({ prefix: "/", afterRevision: 0, signal: new AbortController().signal }), 10);
    await st.close();
    expect(await closing).toEqual([]);
    await expect(st.get("/x")).rejects.toMatchObject({ code: "Unavailable" });
  });
});
