/**
 * The storage conformance suite: one set of behaviours every backend of apiserver/storage must
 * show, registered as vitest tests by `storageConformance(name, makeStorage)`.
 *
 * Each test works under its own key prefix and never assumes absolute revisions, so backends
 * that share one server between tests (etcd) pass as well as fresh ones (SQLite).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeyValue, Storage, StorageEvent } from "../../../apiserver/storage/interface.js";

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

/** A storage and how to dispose of it; `makeStorage` is called once per test. */
export type MakeStorage = () => Promise<Storage>;

/** Reads `n` events, failing after `timeoutMs`. */
export async function take(iter: AsyncIterator<StorageEvent>, n: number, timeoutMs = 5000): Promise<StorageEvent[]> {
  const out: StorageEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  while (out.length < n) {
    const left = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const r = await Promise.race([
      iter.next(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${out.length}/${n} events`)), Math.max(left, 0));
      }),
    ]).finally(() => clearTimeout(timer));
    if (r.done) throw new Error(`watch ended after ${out.length}/${n} events`);
    out.push(r.value);
  }
  return out;
}

/** `type key=value` of events, for compact comparisons. */
function describeEvents(events: StorageEvent[]): string[] {
  return events.map((e) => `${e.type} ${e.key}=${dec(e.kv.value)}`);
}

function items(kvs: KeyValue[]): string[] {
  return kvs.map((kv) => `${kv.key}=${dec(kv.value)}`);
}

export function storageConformance(name: string, makeStorage: MakeStorage): void {
  describe(`storage conformance: ${name}`, () => {
    let s: Storage;
    let counter = 0;
    /** A fresh prefix per test: `/registry/conformance/<n>/`. */
    let p: string;
    const opened: Storage[] = [];

    beforeAll(async () => {
      s = await makeStorage();
      opened.push(s);
    });
    afterAll(async () => {
      for (const st of opened) await st.close();
    });

    const fresh = (): string => {
      p = `/registry/conformance/${Date.now().toString(36)}-${++counter}/`;
      return p;
    };

    it("creates, gets and refuses to create twice", async () => {
      fresh();
      const before = await s.currentRevision();
      const kv = await s.create(`${p}a`, enc("one"));
      expect(kv.key).toBe(`${p}a`);
      expect(kv.createRevision).toBeGreaterThan(before);
      expect(kv.modRevision).toBe(kv.createRevision);
      expect(dec(kv.value)).toBe("one");
      const got = await s.get(`${p}a`);
      expect(got && { ...got, value: dec(got.value) }).toEqual({ ...kv, value: "one" });
      await expect(s.create(`${p}a`, enc("two"))).rejects.toMatchObject({ name: "StorageError", code: "KeyExists" });
      expect(dec((await s.get(`${p}a`))!.value)).toBe("one");
      expect(await s.get(`${p}missing`)).toBeUndefined();
      expect(await s.currentRevision()).toBe(kv.modRevision);
    });

    it("stores values as opaque bytes", async () => {
      fresh();
      const bytes = new Uint8Array([0, 255, 1, 0x6b, 0x38, 0x73, 0, 0xc3, 0x28]);
      await s.create(`${p}bin`, bytes);
      expect([...(await s.get(`${p}bin`))!.value]).toEqual([...bytes]);
      const empty = await s.create(`${p}empty`, new Uint8Array(0));
      expect((await s.get(`${p}empty`))!.value.byteLength).toBe(0);
      expect(empty.value.byteLength).toBe(0);
    });

    it("gives every write the next revision, monotonically", async () => {
      fresh();
      const revs: number[] = [];
      revs.push((await s.create(`${p}a`, enc("1"))).modRevision);
      revs.push((await s.guaranteedUpdate(`${p}a`, () => enc("2"))).modRevision);
      revs.push((await s.create(`${p}b`, enc("1"))).modRevision);
      revs.push((await s.delete(`${p}a`)).modRevision);
      const concurrent = await Promise.all(Array.from({ length: 10 }, (_, i) => s.create(`${p}c${i}`, enc("x"))));
      const crevs = concurrent.map((kv) => kv.modRevision);
      for (let i = 1; i < revs.length; i++) expect(revs[i]).toBeGreaterThan(revs[i - 1]!);
      expect(new Set(crevs).size).toBe(10);
      expect(Math.min(...crevs)).toBeGreaterThan(revs[revs.length - 1]!);
      expect(await s.currentRevision()).toBeGreaterThanOrEqual(Math.max(...crevs));
    });

    it("lists exactly the keys under a prefix, in key order", async () => {
      const base = fresh();
      for (const k of ["b", "a", "c/x", "ab"]) await s.create(`${base}ns/${k}`, enc(k));
      await s.create(`${base}ns2/z`, enc("other prefix"));
      await s.create(`${base}n`, enc("shorter key"));
      const all = await s.list({ prefix: `${base}ns/` });
      expect(items(all.items)).toEqual([`${base}ns/a=a`, `${base}ns/ab=ab`, `${base}ns/b=b`, `${base}ns/c/x=c/x`]);
      expect(all.continue).toBeUndefined();
      expect(all.revision).toBe(await s.currentRevision());
      const none = await s.list({ prefix: `${base}nothing/` });
      expect(none.items).toEqual([]);
      const wide = await s.list({ prefix: base });
      expect(wide.items).toHaveLength(6);
      for (const kv of all.items) {
        expect(kv.modRevision).toBe(kv.createRevision);
      }
    });

    it("pages with limit/continue at one consistent revision", async () => {
      fresh();
      const keys = ["k1", "k2", "k3", "k4", "k5", "k6", "k7"];
      for (const k of keys) await s.create(`${p}${k}`, enc(`v-${k}`));
      const first = await s.list({ prefix: p, limit: 3 });
      expect(items(first.items)).toEqual(keys.slice(0, 3).map((k) => `${p}${k}=v-${k}`));
      expect(first.continue).toBeTruthy();
      expect(first.remainingItemCount).toBe(4);

      // Writes between pages must not show in the later pages.
      await s.create(`${p}k3a`, enc("new in page 2"));
      await s.create(`${p}k9`, enc("new at the end"));
      await s.guaranteedUpdate(`${p}k4`, () => enc("changed"));
      await s.delete(`${p}k6`);

      const second = await s.list({ prefix: p, limit: 3, continue: first.continue });
      expect(second.revision).toBe(first.revision);
      expect(items(second.items)).toEqual(keys.slice(3, 6).map((k) => `${p}${k}=v-${k}`));
      expect(second.remainingItemCount).toBe(1);
      const third = await s.list({ prefix: p, limit: 3, continue: second.continue });
      expect(third.revision).toBe(first.revision);
      expect(items(third.items)).toEqual([`${p}k7=v-k7`]);
      expect(third.continue).toBeUndefined();
      expect(third.remainingItemCount).toBeUndefined();

      // The items keep their revisions as of the list's revision.
      const k4 = second.items[0]!;
      expect(k4.modRevision).toBeLessThanOrEqual(first.revision);

      const now = await s.list({ prefix: p });
      expect(now.items.map((kv) => kv.key.slice(p.length))).toEqual(["k1", "k2", "k3", "k3a", "k4", "k5", "k7", "k9"]);
      expect(dec(now.items[4]!.value)).toBe("changed");
    });

    it("pages exactly at the end: no continue after the last full page", async () => {
      fresh();
      for (const k of ["a", "b", "c", "d"]) await s.create(`${p}${k}`, enc(k));
      const one = await s.list({ prefix: p, limit: 2 });
      const two = await s.list({ prefix: p, limit: 2, continue: one.continue });
      expect(items(two.items)).toEqual([`${p}c=c`, `${p}d=d`]);
      expect(two.continue).toBeUndefined();
      const big = await s.list({ prefix: p, limit: 10 });
      expect(big.items).toHaveLength(4);
      expect(big.continue).toBeUndefined();
    });

    it("lists at an old revision", async () => {
      fresh();
      const a1 = await s.create(`${p}a`, enc("a1"));
      await s.create(`${p}b`, enc("b1"));
      const r1 = await s.currentRevision();
      await s.guaranteedUpdate(`${p}a`, () => enc("a2"));
      await s.delete(`${p}b`);
      await s.create(`${p}c`, enc("c1"));
      await s.delete(`${p}a`);
      await s.create(`${p}a`, enc("a3"));
      await s.create(`${p}b`, enc("b2"));

      const old = await s.list({ prefix: p, revision: r1 });
      expect(old.revision).toBe(r1);
      expect(items(old.items)).toEqual([`${p}a=a1`, `${p}b=b1`]);
      expect(old.items[0]).toMatchObject({ createRevision: a1.createRevision, modRevision: a1.modRevision });

      const paged = await s.list({ prefix: p, revision: r1, limit: 1 });
      expect(items(paged.items)).toEqual([`${p}a=a1`]);
      expect(paged.remainingItemCount).toBe(1);
      const rest = await s.list({ prefix: p, limit: 1, continue: paged.continue });
      expect(items(rest.items)).toEqual([`${p}b=b1`]);
      expect(rest.continue).toBeUndefined();

      const now = await s.list({ prefix: p });
      expect(items(now.items)).toEqual([`${p}a=a3`, `${p}b=b2`, `${p}c=c1`]);
      const before = await s.list({ prefix: p, revision: a1.modRevision - 1 });
      expect(before.items).toEqual([]);
    });

    it("filters with a predicate before counting the limit", async () => {
      fresh();
      for (let i = 0; i < 10; i++) await s.create(`${p}k${i}`, enc(String(i)));
      const even = (kv: KeyValue): boolean => Number(dec(kv.value)) % 2 === 0;
      const all = await s.list({ prefix: p, predicate: even });
      expect(all.items.map((kv) => dec(kv.value))).toEqual(["0", "2", "4", "6", "8"]);
      const pages: string[] = [];
      let cont: string | undefined;
      let guard = 0;
      do {
        const page = await s.list({ prefix: p, predicate: even, limit: 2, continue: cont });
        expect(page.items.length).toBeLessThanOrEqual(2);
        expect(page.remainingItemCount).toBeUndefined();
        pages.push(...page.items.map((kv) => dec(kv.value)));
        cont = page.continue;
      } while (cont && ++guard < 10);
      expect(pages).toEqual(["0", "2", "4", "6", "8"]);
    });

    it("refuses a revision newer than the newest, for reads and compaction", async () => {
      fresh();
      const rev = await s.currentRevision();
      await expect(s.list({ prefix: p, revision: rev + 1000 })).rejects.toMatchObject({ code: "TooLargeRevision" });
      await expect(s.compact(rev + 1000)).rejects.toMatchObject({ code: "TooLargeRevision" });
    });

    it("the empty prefix covers every key, for lists and watches", async () => {
      fresh();
      const from = await s.currentRevision();
      const kv = await s.create(`${p}x`, enc("x"));
      const all = await s.list({ prefix: "" });
      expect(all.items.some((i) => i.key === kv.key)).toBe(true);
      const ac = new AbortController();
      const [event] = await take(s.watch({ prefix: "", afterRevision: from, signal: ac.signal })[Symbol.asyncIterator](), 1);
      expect(event!.key).toBe(kv.key);
      ac.abort();
    });

    it("loses no update under concurrent guaranteedUpdate", async () => {
      fresh();
      const key = `${p}counter`;
      await s.create(key, enc("0"));
      const N = 24;
      let calls = 0;
      await Promise.all(
        Array.from({ length: N }, () =>
          s.guaranteedUpdate(key, async (cur) => {
            calls++;
            const n = Number(dec(cur!.value));
            await new Promise((r) => setTimeout(r, Math.random() * 3));
            return enc(String(n + 1));
          }),
        ),
      );
      const final = await s.get(key);
      expect(dec(final!.value)).toBe(String(N));
      expect(calls).toBeGreaterThan(N); // some writers lost a race and retried
    });

    it("guaranteedUpdate: missing keys, ignoreNotFound, no-op updates, aborting update functions", async () => {
      fresh();
      await expect(s.guaranteedUpdate(`${p}none`, () => enc("x"))).rejects.toMatchObject({ code: "KeyNotFound" });
      const seen: (KeyValue | undefined)[] = [];
      const created = await s.guaranteedUpdate(
        `${p}made`,
        (cur) => {
          seen.push(cur);
          return enc("made");
        },
        { ignoreNotFound: true },
      );
      expect(seen).toEqual([undefined]);
      expect(created.createRevision).toBe(created.modRevision);
      expect(dec((await s.get(`${p}made`))!.value)).toBe("made");

      const rev = await s.currentRevision();
      const same = await s.guaranteedUpdate(`${p}made`, (cur) => new Uint8Array(cur!.value));
      expect(same.modRevision).toBe(created.modRevision);
      expect(await s.currentRevision()).toBe(rev);

      const updated = await s.guaranteedUpdate(`${p}made`, () => enc("again"));
      expect(updated.createRevision).toBe(created.createRevision);
      expect(updated.modRevision).toBeGreaterThan(created.modRevision);

      await expect(
        s.guaranteedUpdate(`${p}made`, () => {
          throw new Error("refused by the strategy");
        }),
      ).rejects.toThrow("refused by the strategy");
      expect(dec((await s.get(`${p}made`))!.value)).toBe("again");
    });

    it("checks revision preconditions on update and delete", async () => {
      fresh();
      const kv = await s.create(`${p}a`, enc("1"));
      await expect(
        s.guaranteedUpdate(`${p}a`, () => enc("2"), { preconditions: { revision: kv.modRevision + 100 } }),
      ).rejects.toMatchObject({ code: "Conflict" });
      const ok = await s.guaranteedUpdate(`${p}a`, () => enc("2"), { preconditions: { revision: kv.modRevision } });
      expect(dec(ok.value)).toBe("2");
      // The old revision no longer holds.
      await expect(s.guaranteedUpdate(`${p}a`, () => enc("3"), { preconditions: { revision: kv.modRevision } })).rejects.toMatchObject({
        code: "Conflict",
      });
      await expect(s.delete(`${p}a`, { preconditions: { revision: kv.modRevision } })).rejects.toMatchObject({
        code: "Conflict",
      });
      expect(dec((await s.get(`${p}a`))!.value)).toBe("2");
      const gone = await s.delete(`${p}a`, { preconditions: { revision: ok.modRevision } });
      expect(dec(gone.value)).toBe("2");
      expect(await s.get(`${p}a`)).toBeUndefined();
    });

    it("deletes: returns the last value at the delete's revision; missing keys fail", async () => {
      fresh();
      const kv = await s.create(`${p}a`, enc("last"));
      const gone = await s.delete(`${p}a`);
      expect(dec(gone.value)).toBe("last");
      expect(gone.createRevision).toBe(kv.createRevision);
      expect(gone.modRevision).toBeGreaterThan(kv.modRevision);
      expect(await s.currentRevision()).toBe(gone.modRevision);
      expect(await s.get(`${p}a`)).toBeUndefined();
      await expect(s.delete(`${p}a`)).rejects.toMatchObject({ code: "KeyNotFound" });
      const again = await s.create(`${p}a`, enc("reborn"));
      expect(again.createRevision).toBeGreaterThan(gone.modRevision);
    });

    it("watches from a revision: replays exactly the events after it, in order, then live ones", async () => {
      fresh();
      await s.create(`${p}before`, enc("not replayed"));
      const from = await s.currentRevision();
      const a = await s.create(`${p}a`, enc("a1"));
      await s.create(`${p}b`, enc("b1"));
      await s.create(`/registry/elsewhere-${counter}/x`, enc("other prefix"));
      const a2 = await s.guaranteedUpdate(`${p}a`, () => enc("a2"));
      const bGone = await s.delete(`${p}b`);

      const ac = new AbortController();
      const iter = s.watch({ prefix: p, afterRevision: from, signal: ac.signal })[Symbol.asyncIterator]();
      const replayed = await take(iter, 4);
      expect(describeEvents(replayed)).toEqual([`PUT ${p}a=a1`, `PUT ${p}b=b1`, `PUT ${p}a=a2`, `DELETE ${p}b=b1`]);
      const revs = replayed.map((e) => e.revision);
      expect([...revs].sort((x, y) => x - y)).toEqual(revs);
      expect(revs[0]).toBe(a.modRevision);
      expect(replayed[0]!.prev).toBeUndefined();
      // An update carries the value it replaced.
      expect(replayed[2]!.revision).toBe(a2.modRevision);
      expect(dec(replayed[2]!.prev!.value)).toBe("a1");
      expect(replayed[2]!.prev!.modRevision).toBe(a.modRevision);
      expect(replayed[2]!.kv.createRevision).toBe(a.createRevision);
      // A delete carries the last value, at the delete's revision, and the value as stored.
      const del = replayed[3]!;
      expect(del.revision).toBe(bGone.modRevision);
      expect(del.kv.modRevision).toBe(bGone.modRevision);
      expect(dec(del.prev!.value)).toBe("b1");
      expect(del.prev!.modRevision).toBeLessThan(del.revision);

      const c = await s.create(`${p}c`, enc("live"));
      const [live] = await take(iter, 1);
      expect(describeEvents([live!])).toEqual([`PUT ${p}c=live`]);
      expect(live!.revision).toBe(c.modRevision);

      ac.abort();
      const end = await iter.next();
      expect(end.done).toBe(true);
    });

    it("watches from the current revision: only new events, only under the prefix", async () => {
      fresh();
      await s.create(`${p}old`, enc("old"));
      const now = await s.currentRevision();
      const ac = new AbortController();
      const iter = s.watch({ prefix: `${p}ns/`, afterRevision: now, signal: ac.signal })[Symbol.asyncIterator]();
      await s.create(`${p}ns2/x`, enc("not mine"));
      await s.create(`${p}ns/x`, enc("mine"));
      await s.guaranteedUpdate(`${p}old`, () => enc("not mine either"));
      await s.delete(`${p}ns/x`);
      const events = await take(iter, 2);
      expect(describeEvents(events)).toEqual([`PUT ${p}ns/x=mine`, `DELETE ${p}ns/x=mine`]);
      await iter.return?.();
      ac.abort();
    });

    it("many watchers on one prefix each get every event", async () => {
      fresh();
      const now = await s.currentRevision();
      const acs = Array.from({ length: 20 }, () => new AbortController());
      const iters = acs.map((ac) => s.watch({ prefix: p, afterRevision: now, signal: ac.signal })[Symbol.asyncIterator]());
      await Promise.all(Array.from({ length: 5 }, (_, i) => s.create(`${p}k${i}`, enc(String(i)))));
      const all = await Promise.all(iters.map((it) => take(it, 5)));
      const first = all[0]!.map((e) => e.revision);
      for (const evs of all) expect(evs.map((e) => e.revision)).toEqual(first);
      expect([...first].sort((x, y) => x - y)).toEqual(first);
      for (const ac of acs) ac.abort();
    });

    it("a watch that is already aborted ends at once", async () => {
      fresh();
      const ac = new AbortController();
      ac.abort();
      const iter = s.watch({ prefix: p, afterRevision: 0, signal: ac.signal })[Symbol.asyncIterator]();
      expect((await iter.next()).done).toBe(true);
    });

    it("rejects tampered continue tokens", async () => {
      fresh();
      await s.create(`${p}a`, enc("a"));
      await s.create(`${p}b`, enc("b"));
      const good = (await s.list({ prefix: p, limit: 1 })).continue!;
      const json = JSON.parse(Buffer.from(good, "base64url").toString()) as Record<string, unknown>;
      const forge = (o: Record<string, unknown>): string => Buffer.from(JSON.stringify(o)).toString("base64url");
      const bad = [
        "not a token!",
        "%%%",
        Buffer.from("not json").toString("base64url"),
        forge({ ...json, v: "meta.k8s.io/v2" }),
        forge({ ...json, rv: 0 }),
        forge({ ...json, rv: "12" }),
        forge({ ...json, start: "" }),
        forge({ ...json, start: "../../../other/" }),
        forge({ ...json, start: "a/../../b" }),
        good.slice(0, -3),
      ];
      for (const token of bad) {
        await expect(s.list({ prefix: p, limit: 1, continue: token }), token).rejects.toMatchObject({
          name: "StorageError",
          code: "InvalidContinue",
        });
      }
      const page = await s.list({ prefix: p, limit: 1, continue: good });
      expect(items(page.items)).toEqual([`${p}b=b`]);
    });

    it("compaction: older reads and watches fail with Compacted; newer ones work", async () => {
      fresh();
      await s.create(`${p}a`, enc("1"));
      const old = await s.currentRevision();
      const oldPage = await s.list({ prefix: p, limit: 1 });
      await s.create(`${p}b`, enc("2"));
      await s.guaranteedUpdate(`${p}a`, () => enc("3"));
      const point = await s.currentRevision();
      await s.create(`${p}c`, enc("4"));
      await s.compact(point);
      await s.compact(point - 1); // at or below the point: a no-op

      await expect(s.list({ prefix: p, revision: old })).rejects.toMatchObject({ code: "Compacted" });
      await expect(s.list({ prefix: p, revision: old, limit: 1, continue: oldPage.continue })).rejects.toMatchObject({
        code: "Compacted",
      });
      const ac = new AbortController();
      const stale = s.watch({ prefix: p, afterRevision: old, signal: ac.signal })[Symbol.asyncIterator]();
      await expect(take(stale, 1)).rejects.toMatchObject({ name: "StorageError", code: "Compacted" });

      // Reading at the compaction point, and watching from just before it, still work.
      const at = await s.list({ prefix: p, revision: point });
      expect(items(at.items)).toEqual([`${p}a=3`, `${p}b=2`]);
      const fromPoint = s.watch({ prefix: p, afterRevision: point - 1, signal: ac.signal })[Symbol.asyncIterator]();
      expect(describeEvents(await take(fromPoint, 2))).toEqual([`PUT ${p}a=3`, `PUT ${p}c=4`]);
      ac.abort();
      expect(items((await s.list({ prefix: p })).items)).toEqual([`${p}a=3`, `${p}b=2`, `${p}c=4`]);
    });

    it("after close, calls fail with Unavailable and watches end", async () => {
      const own = await makeStorage();
      opened.push(own);
      fresh();
      await own.create(`${p}a`, enc("1"));
      const ac = new AbortController();
      const iter = own.watch({ prefix: p, afterRevision: await own.currentRevision(), signal: ac.signal })[Symbol.asyncIterator]();
      await own.close();
      await expect(own.get(`${p}a`)).rejects.toMatchObject({ code: "Unavailable" });
      await expect(own.create(`${p}b`, enc("2"))).rejects.toMatchObject({ code: "Unavailable" });
      const r = await Promise.race([
        iter.next().then(
          (x) => (x.done ? "ended" : "event"),
          () => "failed",
        ),
        new Promise((res) => setTimeout(() => res("hung"), 3000)),
      ]);
      expect(["ended", "failed"]).toContain(r);
    });
  });
}
