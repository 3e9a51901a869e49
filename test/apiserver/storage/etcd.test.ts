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
