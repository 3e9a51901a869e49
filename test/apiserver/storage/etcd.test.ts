/**
 * The storage conformance suite on the etcd backend, against Debian's etcd started for this
 * file on free loopback ports (skipped when /usr/bin/etcd is missing).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { storageConformance } from "./conformance.js";
import { compactionConformance } from "./compaction.js";
import { openStorage } from "../../../apiserver/storage/open-storage.js";
import { type EtcdServer, freePort, startEtcd } from "./etcd-server.js";
import { describeWithTools } from "../../support/tools.js";

describeWithTools(["etcd"], "etcd backend", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    await server?.stop();
  });
  storageConformance("etcd", async () => new EtcdStorage({ endpoints: [server.endpoint] }));
  compactionConformance("etcd", async () => new EtcdStorage({ endpoints: [server.endpoint] }));
});

describeWithTools(["etcd"], "etcd backend: current revision", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shares one request among callers until it is sent; a caller after that gets a new one, which sees writes acknowledged before it", async () => {
    const reader = new EtcdStorage({ endpoints: [server.endpoint] });
    const writer = new EtcdStorage({ endpoints: [server.endpoint] });
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    try {
      expect(reader.sharesRevisionRequests).toBe(true);
      await reader.currentRevision(); // connected
      const a = reader.currentRevision();
      const b = reader.currentRevision();
      expect(b).toBe(a);
      // The request left at the end of this turn; a write acknowledged since must show in the
      // next caller's answer, so that caller may not share the request already sent.
      await new Promise((r) => setImmediate(r));
      const written = await writer.create("/registry/x/after-send", enc("1"));
      const c = reader.currentRevision();
      expect(c).not.toBe(a);
      expect(await c).toBeGreaterThanOrEqual(written.modRevision);
      expect(await a).toBe(await b);
      // Callers after the answer came get a new request too.
      expect(reader.currentRevision()).not.toBe(c);
      await reader.currentRevision();
    } finally {
      await reader.close();
      await writer.close();
    }
  });
});

describeWithTools(["etcd"], "etcd backend: watch events of our own writes", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("carry the bytes object this process wrote (as SQLite's do); another client's writes carry etcd's copy", async () => {
    const s = new EtcdStorage({ endpoints: [server.endpoint] });
    const other = new EtcdStorage({ endpoints: [server.endpoint] });
    const enc = (v: string): Uint8Array => new TextEncoder().encode(v);
    const ac = new AbortController();
    try {
      const from = await s.currentRevision();
      const iter = s.watch({ prefix: "/registry/own/", afterRevision: from, signal: ac.signal })[Symbol.asyncIterator]();
      const created = enc("created");
      const c = await s.create("/registry/own/a", created);
      const updated = enc("updated");
      const u = await s.guaranteedUpdate("/registry/own/a", () => updated);
      const theirs = enc("theirs");
      await other.create("/registry/own/b", theirs);
      const events = [];
      for (let i = 0; i < 3; i++) events.push((await iter.next()).value);
      expect(events.map((e) => [e.type, e.key, e.revision])).toEqual([
        ["PUT", "/registry/own/a", c.modRevision],
        ["PUT", "/registry/own/a", u.modRevision],
        ["PUT", "/registry/own/b", u.modRevision + 1],
      ]);
      expect(events[0].kv.value).toBe(created);
      expect(events[1].kv.value).toBe(updated);
      expect(events[2].kv.value).not.toBe(theirs);
      expect(Buffer.from(events[2].kv.value).toString()).toBe("theirs");
      // A second watch from the same revision gets etcd's copies (the written bytes went to the first), equal bytes.
      const again = s.watch({ prefix: "/registry/own/", afterRevision: from, signal: ac.signal })[Symbol.asyncIterator]();
      const first = (await again.next()).value;
      expect(first.kv.value).not.toBe(created);
      expect(Buffer.from(first.kv.value).toString()).toBe("created");
    } finally {
      ac.abort();
      await s.close();
      await other.close();
    }
  });

  it("are not remembered while no watch is open", async () => {
    const s = new EtcdStorage({ endpoints: [server.endpoint] });
    const enc = (v: string): Uint8Array => new TextEncoder().encode(v);
    const ac = new AbortController();
    try {
      const value = enc("unwatched");
      const c = await s.create("/registry/unwatched/a", value);
      const iter = s.watch({ prefix: "/registry/unwatched/", afterRevision: c.modRevision - 1, signal: ac.signal })[Symbol.asyncIterator]();
      const ev = (await iter.next()).value;
      expect(ev.revision).toBe(c.modRevision);
      expect(ev.kv.value).not.toBe(value);
      expect(Buffer.from(ev.kv.value).toString()).toBe("unwatched");
    } finally {
      ac.abort();
      await s.close();
    }
  });
});

describeWithTools(["etcd"], "etcd backend: opening", () => {
  it("fails at open with Unavailable when no etcd listens", async () => {
    const port = await freePort();
    await expect(openStorage({ backend: "etcd", endpoints: [`http://127.0.0.1:${port}`] })).rejects.toMatchObject({
      code: "Unavailable",
    });
  });
});

describeWithTools(["etcd"], "etcd backend: one compactor across apiservers", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("compacts once per round through compact_rev_key, whichever apiserver gets there first", async () => {
    const one = new EtcdStorage({ endpoints: [server.endpoint] });
    const two = new EtcdStorage({ endpoints: [server.endpoint] });
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    try {
      await one.create("/registry/x/a", enc("1"));
      // Round 1: both start their clocks; the first wins and writes the key, the second adopts its version.
      let s1 = await one.compactRound({ time: 0, revision: 0 });
      let s2 = await two.compactRound({ time: 0, revision: 0 });
      expect(s1.time).toBe(1);
      expect(s2.time).toBe(1);
      await one.create("/registry/x/b", enc("2"));
      // Round 2: `two` wins and compacts to the revision it saw; `one` finds the clock moved and compacts nothing.
      s2 = await two.compactRound(s2);
      const compactedTo = two.compactedRevision();
      expect(compactedTo).toBeGreaterThan(0);
      const before = one.compactedRevision();
      s1 = await one.compactRound(s1);
      expect(s1.time).toBe(s2.time);
      // `one` learns the point from the key, without compacting itself.
      expect(one.compactedRevision()).toBe(compactedTo);
      expect(before).toBe(0);
      await expect(one.list({ prefix: "/registry/x/", revision: compactedTo - 1 })).rejects.toMatchObject({ code: "Compacted" });
      const key = await one.get("compact_rev_key");
      expect(new TextDecoder().decode(key!.value)).toBe(String(compactedTo));
    } finally {
      await one.close();
      await two.close();
    }
  });
});
