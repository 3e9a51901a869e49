/**
 * Compaction behaviour every backend shares, registered by `compactionConformance(name, open)`
 * from each backend's test file: rounds of the compactor (each compacts to the revision the
 * previous round saw), reads and watches below the point failing with "Compacted", continue
 * tokens expiring and the inconsistent-continue token going on at the newest revision, and a
 * watch inside the window living through compaction under a stream of writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactionRound } from "../../../apiserver/storage/compactor.js";
import { inconsistentContinue } from "../../../apiserver/storage/continue-token.js";
import type { CompactionState, Storage } from "../../../apiserver/storage/interface.js";
import { take } from "./conformance.js";

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

export function compactionConformance(name: string, open: () => Promise<Storage>): void {
  describe(`storage compaction: ${name}`, () => {
    let s: Storage;
    let counter = 0;
    const fresh = (): string => `/registry/compaction/${Date.now().toString(36)}-${++counter}/`;

    beforeAll(async () => {
      s = await open();
    });
    afterAll(async () => {
      await s?.close();
    });

    it("compacts each round to the revision the previous round saw", async () => {
      const p = fresh();
      // History before, so that the revisions below stay positive (0 would mean "from now").
      for (const k of ["x", "y", "z"]) await s.create(`${p}${k}`, enc(k));
      await s.delete(`${p}x`);
      const writes = [await s.create(`${p}a`, enc("1"))];
      const state: CompactionState = await compactionRound(s, { time: 0, revision: 0 });
      const seen = state.revision;
      expect(seen).toBeGreaterThanOrEqual(writes[0]!.modRevision);
      writes.push(await s.guaranteedUpdate(`${p}a`, () => enc("2")));
      writes.push(await s.create(`${p}b`, enc("3")));
      await compactionRound(s, state);
      expect(s.compactedRevision?.()).toBe(seen);
      // The revision compacted to stays readable; the one before it is gone.
      expect((await s.list({ prefix: p, revision: seen })).items.map((kv) => dec(kv.value))).toEqual(["1", "y", "z"]);
      await expect(s.list({ prefix: p, revision: seen - 1 })).rejects.toMatchObject({ code: "Compacted" });
      // A watch after seen-1 replays from seen on; one from before fails, naming the point.
      const ac = new AbortController();
      const ok = s.watch({ prefix: p, afterRevision: seen - 1, signal: ac.signal })[Symbol.asyncIterator]();
      // (etcd's round writes compact_rev_key, so there `seen` may come after the first write.)
      const expected = writes.filter((kv) => kv.modRevision >= seen).map((kv) => dec(kv.value));
      expect((await take(ok, expected.length)).map((e) => dec(e.kv.value))).toEqual(expected);
      const gone = s.watch({ prefix: p, afterRevision: seen - 2, signal: ac.signal })[Symbol.asyncIterator]();
      await expect(gone.next()).rejects.toMatchObject({ code: "Compacted" });
      ac.abort();
    });

    it("expires continue tokens below the point; the inconsistent-continue token goes on at the newest revision", async () => {
      const p = fresh();
      for (const k of ["a", "b", "c"]) await s.create(`${p}${k}`, enc(k));
      const first = await s.list({ prefix: p, limit: 1 });
      expect(first.items.map((kv) => dec(kv.value))).toEqual(["a"]);
      await s.delete(`${p}c`);
      await s.create(`${p}d`, enc("d"));
      await s.compact(await s.currentRevision());
      await expect(s.list({ prefix: p, limit: 1, continue: first.continue })).rejects.toMatchObject({ code: "Compacted" });
      const token = inconsistentContinue(first.continue!, p)!;
      const rest = await s.list({ prefix: p, continue: token });
      expect(rest.items.map((kv) => dec(kv.value))).toEqual(["b", "d"]);
      expect(rest.revision).toBe(await s.currentRevision());
      // Pages after it carry the revision read at, not -1.
      const paged = await s.list({ prefix: p, limit: 1, continue: token });
      expect(paged.items.map((kv) => dec(kv.value))).toEqual(["b"]);
      const next = await s.list({ prefix: p, continue: paged.continue });
      expect(next.items.map((kv) => dec(kv.value))).toEqual(["d"]);
    });

    it("keeps a watch inside its window whole while rounds compact under a stream of writes", async () => {
      const p = fresh();
      const ac = new AbortController();
      const start = await s.currentRevision();
      const iter = s.watch({ prefix: p, afterRevision: start, signal: ac.signal })[Symbol.asyncIterator]();
      // The watch is live before the first round compacts (on etcd it opens when first read; a
      // busy machine could otherwise open it behind the rounds, which is not what is tested).
      await s.create(`${p}ready`, enc("ready"));
      expect((await take(iter, 1, 20_000)).map((e) => dec(e.kv.value))).toEqual(["ready"]);
      const N = 120;
      let state: CompactionState = { time: 0, revision: 0 };
      const writes = (async () => {
        for (let i = 0; i < N; i++) {
          await s.create(`${p}k${String(i).padStart(4, "0")}`, enc(String(i)));
          if (i % 20 === 19) state = await compactionRound(s, state);
        }
      })();
      const events = await take(iter, N, 20_000);
      await writes;
      ac.abort();
      expect(events.map((e) => dec(e.kv.value))).toEqual(Array.from({ length: N }, (_, i) => String(i)));
      // Revisions strictly increase: nothing replayed twice, nothing skipped.
      for (let i = 1; i < events.length; i++) expect(events[i]!.revision).toBeGreaterThan(events[i - 1]!.revision);
      expect(s.compactedRevision?.() ?? 0).toBeGreaterThan(start);
      await expect(s.list({ prefix: p, revision: start })).rejects.toMatchObject({ code: "Compacted" });
    });
  });
}
