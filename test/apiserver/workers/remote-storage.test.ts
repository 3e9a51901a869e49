/**
 * The storage conformance suite through the worker protocol: a RemoteStorage client against a
 * StorageServer serving a real backend (SQLite, and etcd where Debian's is installed) and the
 * in-memory one, over a Unix socket.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { RemoteStorage } from "../../../apiserver/storage/remote/client.js";
import { StorageServer } from "../../../apiserver/storage/remote/server.js";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { describeWithTools } from "../../support/tools.js";
import { type EtcdServer, startEtcd } from "../storage/etcd-server.js";
import { compactionConformance } from "../storage/compaction.js";
import { storageConformance, take } from "../storage/conformance.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-remote-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A client over a server over `inner`; closing the client closes all three. */
async function remote(inner: Storage): Promise<RemoteStorage> {
  const server = new StorageServer(inner, path.join(tempDir(), "storage.sock"));
  await server.listen();
  const client = await RemoteStorage.connect(server.socketPath);
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    await server.close();
    await inner.close();
  };
  return client;
}

storageConformance("remote over sqlite", () => remote(new SqliteStorage({ path: path.join(tempDir(), "kubegen.db") })));
compactionConformance("remote over sqlite", () => remote(new SqliteStorage({ path: path.join(tempDir(), "kubegen.db") })));
storageConformance("remote over memory", () => remote(new MemoryStorage()));

describeWithTools(["etcd"], "remote over etcd", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    await server?.stop();
  });
  storageConformance("remote over etcd", () => remote(new EtcdStorage({ endpoints: [server.endpoint] })));
  compactionConformance("remote over etcd", () => remote(new EtcdStorage({ endpoints: [server.endpoint] })));
});

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

describe("remote storage", () => {
  it("applies list predicates on the client, with limit and an exact continue", async () => {
    const s = await remote(new MemoryStorage());
    try {
      for (let i = 0; i < 20; i++) await s.create(`/p/k${String(i).padStart(2, "0")}`, enc(i % 3 === 0 ? "yes" : "no"));
      const predicate = (kv: { value: Uint8Array }): boolean => dec(kv.value) === "yes";
      const first = await s.list({ prefix: "/p/", limit: 3, predicate });
      expect(first.items.map((kv) => kv.key)).toEqual(["/p/k00", "/p/k03", "/p/k06"]);
      expect(first.continue).toBeDefined();
      const second = await s.list({ prefix: "/p/", limit: 3, predicate, continue: first.continue! });
      expect(second.items.map((kv) => kv.key)).toEqual(["/p/k09", "/p/k12", "/p/k15"]);
      const third = await s.list({ prefix: "/p/", limit: 3, predicate, continue: second.continue! });
      expect(third.items.map((kv) => kv.key)).toEqual(["/p/k18"]);
      expect(third.continue).toBeUndefined();
      expect(second.revision).toBe(first.revision);
    } finally {
      await s.close();
    }
  });

  it("shares a currentRevision round trip between concurrent callers, each seeing writes before its call", async () => {
    const s = await remote(new MemoryStorage());
    try {
      const writes = Array.from({ length: 10 }, (_, i) => s.create(`/r/${i}`, enc("x")));
      const revs = await Promise.all(writes);
      const newest = Math.max(...revs.map((kv) => kv.modRevision));
      const seen = await Promise.all(Array.from({ length: 50 }, () => s.currentRevision()));
      for (const r of seen) expect(r).toBeGreaterThanOrEqual(newest);
    } finally {
      await s.close();
    }
  });

  it("notices the owner going away: onLost once, then calls fail Unavailable, and a list larger than a read arrives whole", async () => {
    const inner = new MemoryStorage();
    const server = new StorageServer(inner, path.join(tempDir(), "storage.sock"));
    await server.listen();
    const s = await RemoteStorage.connect(server.socketPath);
    try {
      // ~2 MiB of values: the answer spans many reads, gathered into one frame.
      const value = new Uint8Array(20_000).fill(7);
      for (let i = 0; i < 100; i++) await s.create(`/big/${String(i).padStart(3, "0")}`, value);
      const list = await s.list({ prefix: "/big/" });
      expect(list.items).toHaveLength(100);
      // Compared as bytes: toEqual walks a typed array element by element.
      for (const kv of list.items) expect(Buffer.from(kv.value).equals(value)).toBe(true);
      let lost = 0;
      s.onLost = () => lost++;
      await server.close();
      await vi.waitFor(() => expect(lost).toBe(1));
      await expect(s.get("/big/000")).rejects.toMatchObject({ code: "Unavailable" });
    } finally {
      await s.close();
      await inner.close();
    }
  });

  it("updates through a compare-and-swap that another client's write makes retry", async () => {
    const inner = new MemoryStorage();
    const server = new StorageServer(inner, path.join(tempDir(), "storage.sock"));
    await server.listen();
    const a = await RemoteStorage.connect(server.socketPath);
    const b = await RemoteStorage.connect(server.socketPath);
    try {
      await a.create("/c/n", enc("0"));
      // 20 increments from two clients at once: none is lost.
      const inc = (s: Storage) => s.guaranteedUpdate("/c/n", (cur) => enc(String(Number(dec(cur!.value)) + 1)));
      await Promise.all(Array.from({ length: 20 }, (_, i) => inc(i % 2 ? a : b)));
      expect(dec((await b.get("/c/n"))!.value)).toBe("20");
    } finally {
      await a.close();
      await b.close();
      await server.close();
      await inner.close();
    }
  });

  it("hands a write's answer and its watch event the same value array (the store decodes a write once)", async () => {
    const s = await remote(new SqliteStorage({ path: path.join(tempDir(), "kubegen.db") }));
    const ac = new AbortController();
    try {
      const it = s.watch({ prefix: "/v/", afterRevision: 0, signal: ac.signal })[Symbol.asyncIterator]();
      await s.currentRevision();
      const created = await s.create("/v/a", enc("1"));
      const updated = await s.guaranteedUpdate("/v/a", () => enc("2"));
      const [e1, e2] = await take(it, 2);
      expect(e1!.kv.value).toBe(created.value);
      expect(e2!.kv.value).toBe(updated.value);
      expect(dec(e2!.kv.value)).toBe("2");
    } finally {
      ac.abort();
      await s.close();
    }
  });

  it("answers a create and a swap with their revisions only: the worker keeps the bytes it sent", async () => {
    const s = await remote(new SqliteStorage({ path: path.join(tempDir(), "kubegen.db") }));
    try {
      const sent = enc("1");
      const created = await s.create("/w/a", sent);
      expect(created.value).toBe(sent);
      const next = enc("2");
      const updated = await s.guaranteedUpdate("/w/a", () => next);
      expect(updated.value).toBe(next);
      expect(updated.createRevision).toBe(created.createRevision);
      expect(updated.modRevision).toBeGreaterThan(created.modRevision);
      const read = await s.get("/w/a");
      expect({ ...read!, value: dec(read!.value) }).toEqual({ ...updated, value: "2" });
    } finally {
      await s.close();
    }
  });

  it("leaves the previous value out of the events of a watch that says it needs none (a watch cache), and sends a delete's value once", async () => {
    const s = await remote(new SqliteStorage({ path: path.join(tempDir(), "kubegen.db") }));
    const ac = new AbortController();
    try {
      const lean = s.watch({ prefix: "/p/", afterRevision: 0, signal: ac.signal, prev: false })[Symbol.asyncIterator]();
      const full = s.watch({ prefix: "/p/", afterRevision: 0, signal: ac.signal })[Symbol.asyncIterator]();
      await s.currentRevision();
      const created = await s.create("/p/a", enc("1"));
      const updated = await s.guaranteedUpdate("/p/a", () => enc("2"));
      const deleted = await s.delete("/p/a");
      const [l1, l2, l3] = await take(lean, 3);
      const [f1, f2, f3] = await take(full, 3);
      expect([l1, l2, l3].map((e) => [e!.type, e!.revision, e!.prev])).toEqual([
        ["PUT", created.modRevision, undefined],
        ["PUT", updated.modRevision, undefined],
        ["DELETE", l3!.revision, undefined],
      ]);
      expect(dec(l3!.kv.value)).toBe("2");
      expect(f1!.prev).toBeUndefined();
      expect(f2!.prev && { ...f2!.prev, value: dec(f2!.prev.value) }).toEqual({ ...created, value: "1" });
      // The delete's previous value is its last one, the same bytes as its kv's.
      expect(f3!.prev && { ...f3!.prev, value: dec(f3!.prev.value) }).toEqual({ ...updated, value: "2" });
      expect(dec(f3!.kv.value)).toBe(dec(deleted.value));
    } finally {
      ac.abort();
      await s.close();
    }
  });

  it("brings a progress notice at or past the revision to a watch that asked for progress lately, with each revision request", async () => {
    const s = await remote(new SqliteStorage({ path: path.join(tempDir(), "kubegen.db") }));
    const ac = new AbortController();
    try {
      const pw = s.watchWithProgress({ prefix: "/quiet/", afterRevision: 0, signal: ac.signal });
      const it = pw[Symbol.asyncIterator]();
      await s.currentRevision();
      pw.requestProgress();
      expect((await it.next()).value).toMatchObject({ type: "PROGRESS" });
      for (let i = 0; i < 3; i++) {
        // Writes elsewhere: this watch sees none of them, only the notice the revision request brings.
        await s.create(`/busy/${i}`, enc("x"));
        const revision = await s.currentRevision();
        const notice = (await it.next()).value as { type: string; revision: number };
        expect(notice.type).toBe("PROGRESS");
        expect(notice.revision).toBeGreaterThanOrEqual(revision);
      }
    } finally {
      ac.abort();
      await s.close();
    }
  });

  it("ends watches cleanly when the server closes, and fails calls after its connection is lost", async () => {
    const inner = new MemoryStorage();
    const server = new StorageServer(inner, path.join(tempDir(), "storage.sock"));
    await server.listen();
    const s = await RemoteStorage.connect(server.socketPath);
    const ac = new AbortController();
    const it = s.watch({ prefix: "/w/", afterRevision: 0, signal: ac.signal })[Symbol.asyncIterator]();
    await s.currentRevision();
    await s.create("/w/a", enc("1"));
    expect((await take(it, 1))[0]!.key).toBe("/w/a");
    await server.close();
    expect((await it.next()).done).toBe(true);
    await expect(s.get("/w/a")).rejects.toMatchObject({ code: "Unavailable" });
    await s.close();
    await inner.close();
  });
});
