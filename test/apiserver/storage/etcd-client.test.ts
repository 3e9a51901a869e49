/**
 * The etcd backend's own gRPC client (apiserver/storage/etcd/kv-client.ts) where the storage
 * conformance suite does not reach: a watch resumes after its connection is cut without losing
 * or repeating events, a call to a member that never answers fails Unavailable at its deadline,
 * concurrent gets sharing calls each get their own answer, and a list larger than gRPC's usual
 * 4 MiB cap comes back whole, another writer's watched values stay whole after later reads, and
 * events already received are taken without waiting, in order.
 * Against Debian's etcd.
 */
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import type { StorageEvent } from "../../../apiserver/storage/interface.js";
import { type EtcdServer, startEtcd } from "./etcd-server.js";
import { describeWithTools } from "../../support/tools.js";

/** A TCP proxy to `target` whose open connections can be cut at will. */
async function startProxy(target: URL): Promise<{ endpoint: string; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const enc = (s: string) => new TextEncoder().encode(s);

describeWithTools(["etcd"], "etcd client", () => {
  let etcd: EtcdServer;
  beforeAll(async () => {
    etcd = await startEtcd();
  });
  afterAll(async () => {
    await etcd?.stop();
  });

  it("resumes a watch after its connection is cut, from the next revision, with nothing lost or repeated; calls reconnect", async () => {
    const proxy = await startProxy(new URL(etcd.endpoint));
    const watched = new EtcdStorage({ endpoints: [proxy.endpoint] });
    const direct = new EtcdStorage({ endpoints: [etcd.endpoint] });
    const ac = new AbortController();
    try {
      const from = await direct.currentRevision();
      const iter = watched.watch({ prefix: "/resume/", afterRevision: from, signal: ac.signal })[Symbol.asyncIterator]();
      const events: StorageEvent[] = [];
      const collect = async (n: number): Promise<void> => {
        while (events.length < n) {
          const r = await iter.next();
          if (r.done) throw new Error("watch ended");
          events.push(r.value);
        }
      };
      await direct.create("/resume/a", enc("1"));
      await collect(1);
      proxy.cut();
      // Written while the watch's connection is down: it must arrive once the stream is back.
      await direct.create("/resume/b", enc("2"));
      await direct.guaranteedUpdate("/resume/a", async () => enc("3"));
      await collect(3);
      await direct.delete("/resume/b");
      await collect(4);
      // Unary calls on the cut connection's client reconnect too.
      expect(new TextDecoder().decode((await watched.get("/resume/a"))!.value)).toBe("3");
      expect(events.map((e) => [e.type, e.key])).toEqual([
        ["PUT", "/resume/a"],
        ["PUT", "/resume/b"],
        ["PUT", "/resume/a"],
        ["DELETE", "/resume/b"],
      ]);
      const revisions = events.map((e) => e.revision);
      expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
      expect(new Set(revisions).size).toBe(4);
      expect(events[2]!.prev && new TextDecoder().decode(events[2]!.prev.value)).toBe("1");
    } finally {
      ac.abort();
      await watched.close();
      await direct.close();
      await proxy.close();
    }
  });

  it("keeps another writer's watched values intact after later reads reuse the connection's read buffer (values spanning frames too)", async () => {
    const watched = new EtcdStorage({ endpoints: [etcd.endpoint] });
    const writer = new EtcdStorage({ endpoints: [etcd.endpoint] });
    const ac = new AbortController();
    try {
      const from = await writer.currentRevision();
      const iter = watched.watch({ prefix: "/lent/", afterRevision: from, signal: ac.signal })[Symbol.asyncIterator]();
      // Distinct bytes per value; sizes around and above a 16 KiB frame.
      const value = (i: number, size: number): Uint8Array => Uint8Array.from({ length: size }, (_, j) => (i * 31 + j * 7) % 256);
      const sizes = [10, 1000, 16_000, 40_000, 100_000, 5, 70_000, 300];
      for (let i = 0; i < sizes.length; i++) await writer.create(`/lent/${i}`, value(i, sizes[i]!));
      await writer.guaranteedUpdate("/lent/3", async () => value(99, 20_000));
      await writer.delete("/lent/4");
      const events: StorageEvent[] = [];
      while (events.length < sizes.length + 2) {
        const r = await iter.next();
        if (r.done) throw new Error("watch ended");
        events.push(r.value);
      }
      // Compared only now, after every read: a value left as a view of a reused buffer would differ.
      for (let i = 0; i < sizes.length; i++) expect(Buffer.from(events[i]!.kv.value).equals(Buffer.from(value(i, sizes[i]!)))).toBe(true);
      const update = events[sizes.length]!;
      expect(Buffer.from(update.kv.value).equals(Buffer.from(value(99, 20_000)))).toBe(true);
      expect(Buffer.from(update.prev!.value).equals(Buffer.from(value(3, sizes[3]!)))).toBe(true);
      const del = events[sizes.length + 1]!;
      expect([del.type, del.key]).toEqual(["DELETE", "/lent/4"]);
      expect(Buffer.from(del.prev!.value).equals(Buffer.from(value(4, sizes[4]!)))).toBe(true);
    } finally {
      ac.abort();
      await watched.close();
      await writer.close();
    }
  });

  it("hands the events already received without waiting (takeBuffered), in order, and next() goes on after them", async () => {
    const storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
    const ac = new AbortController();
    try {
      const from = await storage.currentRevision();
      const watch = storage.watchWithProgress({ prefix: "/burst/", afterRevision: from, signal: ac.signal });
      expect(watch.takeBuffered()).toBeUndefined();
      for (let i = 0; i < 5; i++) await storage.create(`/burst/${i}`, enc(String(i)));
      const first = await watch.next();
      // The rest have come by the time the last create was answered (etcd sends events first),
      // or soon after.
      const keys = [first.done ? "" : first.value.type === "PROGRESS" ? "" : first.value.key];
      for (let tries = 0; keys.length < 5 && tries < 200; tries++) {
        const ev = watch.takeBuffered();
        if (ev === undefined) await new Promise((r) => setTimeout(r, 5));
        else if (ev.type !== "PROGRESS") keys.push(ev.key);
      }
      expect(keys).toEqual(["/burst/0", "/burst/1", "/burst/2", "/burst/3", "/burst/4"]);
      expect(watch.takeBuffered()).toBeUndefined();
      await storage.create("/burst/5", enc("5"));
      const next = await watch.next();
      expect(!next.done && next.value.type === "PUT" && next.value.key).toBe("/burst/5");
    } finally {
      ac.abort();
      await storage.close();
    }
  });

  it("fails a call Unavailable at its deadline when the member never answers", async () => {
    // Accepts connections and never says anything back.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const storage = new EtcdStorage({ endpoints: [`http://127.0.0.1:${port}`], callTimeoutMs: 300 });
    try {
      const t0 = Date.now();
      await expect(storage.get("/k")).rejects.toMatchObject({ code: "Unavailable" });
      // It waited for the call timeout: a lower bound, which load cannot break (no upper bound in a test).
      expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    } finally {
      await storage.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("answers concurrent gets (shared calls, more than one transaction holds) each with its own key's value", async () => {
    const storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
    try {
      await Promise.all(Array.from({ length: 200 }, (_, i) => storage.create(`/gets/${i}`, enc(`v${i}`))));
      // 300 gets in one loop turn: present and missing keys interleaved, across three batches.
      const keys = Array.from({ length: 300 }, (_, i) => (i % 3 === 2 ? `/gets/missing-${i}` : `/gets/${i % 200}`));
      const got = await Promise.all(keys.map((k) => storage.get(k)));
      got.forEach((kv, i) => {
        const key = keys[i]!;
        if (key.includes("missing")) expect(kv).toBeUndefined();
        else expect([kv?.key, kv && new TextDecoder().decode(kv.value)]).toEqual([key, `v${key.slice("/gets/".length)}`]);
      });
    } finally {
      await storage.close();
    }
  });

  it("lists more than 4 MiB in one response", async () => {
    const storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
    try {
      const value = new Uint8Array(8 * 1024).fill(0x61);
      const n = 700; // ~5.6 MiB
      for (let i = 0; i < n; i += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, n - i) }, (_, j) => storage.create(`/big/${String(i + j).padStart(4, "0")}`, value)),
        );
      }
      const list = await storage.list({ prefix: "/big/" });
      expect(list.items).toHaveLength(n);
      expect(list.items.every((kv) => kv.value.length === value.length)).toBe(true);
      expect(list.items[n - 1]!.key).toBe(`/big/${String(n - 1).padStart(4, "0")}`);
    } finally {
      await storage.close();
    }
  });
});

describeWithTools(["etcd"], "etcd client over TLS", () => {
  let etcd: EtcdServer;
  beforeAll(async () => {
    etcd = await startEtcd({ tls: true });
  });
  afterAll(async () => {
    await etcd?.stop();
  });

  const tlsFiles = () => ({
    ca: fs.readFileSync(etcd.tls!.caFile),
    cert: fs.readFileSync(etcd.tls!.certFile),
    key: fs.readFileSync(etcd.tls!.keyFile),
  });

  it("writes, reads, lists and watches an https:// member with the CA and a client certificate", async () => {
    expect(etcd.endpoint).toMatch(/^https:/);
    const storage = new EtcdStorage({ endpoints: [etcd.endpoint], tls: tlsFiles() });
    const ac = new AbortController();
    try {
      const from = await storage.currentRevision();
      const iter = storage.watch({ prefix: "/tls/", afterRevision: from, signal: ac.signal })[Symbol.asyncIterator]();
      await storage.create("/tls/a", enc("one"));
      await storage.guaranteedUpdate("/tls/a", async () => enc("two"));
      expect(new TextDecoder().decode((await storage.get("/tls/a"))!.value)).toBe("two");
      expect((await storage.list({ prefix: "/tls/" })).items.map((kv) => kv.key)).toEqual(["/tls/a"]);
      const first = await iter.next();
      const second = await iter.next();
      expect([first.value?.type, second.value?.type]).toEqual(["PUT", "PUT"]);
      expect(new TextDecoder().decode(second.value!.kv.value)).toBe("two");
    } finally {
      ac.abort();
      await storage.close();
    }
  });

  it("fails Unavailable, naming the cause, without the client certificate or with another CA", async () => {
    const { ca } = tlsFiles();
    const noCert = new EtcdStorage({ endpoints: [etcd.endpoint], tls: { ca }, callTimeoutMs: 3000 });
    const wrongCA = new EtcdStorage({ endpoints: [etcd.endpoint], tls: { ...tlsFiles(), ca: undefined }, callTimeoutMs: 3000 });
    try {
      await expect(noCert.get("/tls/a")).rejects.toMatchObject({ code: "Unavailable" });
      await expect(wrongCA.get("/tls/a")).rejects.toMatchObject({ code: "Unavailable", message: expect.stringMatching(/certificate/) });
    } finally {
      await noCert.close();
      await wrongCA.close();
    }
  });
});
