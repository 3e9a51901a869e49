/**
 * The storage conformance suite on the etcd backend, against Debian's etcd started for this
 * file on free loopback ports (skipped when /usr/bin/etcd is missing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { storageConformance } from "./conformance.js";
import { openStorage } from "../../../apiserver/storage/open-storage.js";
import { type EtcdServer, etcdAvailable, freePort, startEtcd } from "./etcd-server.js";

describe.skipIf(!etcdAvailable())("etcd backend", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  });
  afterAll(async () => {
    await server?.stop();
  });
  storageConformance("etcd", async () => new EtcdStorage({ endpoints: [server.endpoint] }));
});

describe.skipIf(!etcdAvailable())("etcd backend: opening", () => {
  it("fails at open with Unavailable when no etcd listens", async () => {
    const port = await freePort();
    const t0 = Date.now();
    await expect(openStorage({ backend: "etcd", endpoints: [`http://127.0.0.1:${port}`] })).rejects.toMatchObject({
      code: "Unavailable",
    });
    expect(Date.now() - t0).toBeLessThan(20_000);
  });
});
