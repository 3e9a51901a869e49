import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import nacl from "tweetnacl";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { type EtcdServer, etcdAvailable, startEtcd } from "./etcd-server.js";
import { parseEncryptionConfiguration } from "../../../apiserver/storage/encryption/config.js";
import { EncryptedStorage } from "../../../apiserver/storage/encryption/encrypted-storage.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";

const KEY1 = Buffer.alloc(32, 1).toString("base64");
const KEY2 = Buffer.alloc(16, 2).toString("base64");
const config = (providers: Record<string, unknown>[], resources = ["secrets"]) =>
  parseEncryptionConfiguration({
    apiVersion: "apiserver.config.k8s.io/v1",
    kind: "EncryptionConfiguration",
    resources: [{ resources, providers }],
  });
const aescbc = { aescbc: { keys: [{ name: "key1", secret: KEY1 }] } };
const aesgcm = { aesgcm: { keys: [{ name: "key2", secret: KEY2 }] } };
const KEY3 = Buffer.alloc(32, 3);
const secretbox = { secretbox: { keys: [{ name: "key3", secret: KEY3.toString("base64") }] } };
const text = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString("utf8");
const SECRET = "/registry/core/secrets/ns/s";

describe("encryption at rest", () => {
  it("refuses bad keys with upstream's messages, and unknown providers", () => {
    expect(() => config([{ secretbox: { keys: [{ name: "k", secret: KEY2 }] } }])).toThrow(
      'resources[0].providers[0].secretbox.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 16, expected one of [32]',
    );
    expect(() => config([{ aescbc: { keys: [{ name: "k", secret: Buffer.alloc(7).toString("base64") }] } }])).toThrow(
      "secret is not of the expected length, got 7, expected one of [16 24 32]",
    );
    expect(() => config([{ secretbox: { keys: [{ name: "k", secret: "not base64!" }] } }])).toThrow(
      'resources[0].providers[0].secretbox.keys[0].secret: Invalid value: "REDACTED": secrets must be base64 encoded',
    );
    expect(() => config([{ secretbox: { keys: [{ secret: KEY1 }] } }])).toThrow(
      "resources[0].providers[0].secretbox.keys[0].name: Required value: name is a mandatory field for a key",
    );
    expect(() => config([{ secretbox: { keys: [] } }])).toThrow(
      "resources[0].providers[0].secretbox.keys: Required value: at least one keys is required",
    );
    expect(() => config([{ rot13: {} }])).toThrow('unknown provider "rot13"');
    expect(() => parseEncryptionConfiguration({ kind: "Nope" })).toThrow("not an apiserver.config.k8s.io/v1 EncryptionConfiguration");
  });

  for (const [name, provider, prefix] of [
    ["aescbc", aescbc, "k8s:enc:aescbc:v1:key1:"],
    ["aesgcm", aesgcm, "k8s:enc:aesgcm:v1:key2:"],
    ["secretbox", secretbox, "k8s:enc:secretbox:v1:key3:"],
  ] as const) {
    it(`${name}: stores ciphertext under upstream's prefix and reads back the plaintext; other resources stay plain`, async () => {
      const inner = new MemoryStorage();
      const s = new EncryptedStorage(inner, config([provider, { identity: {} }]));
      await s.create(SECRET, Buffer.from("top secret"));
      await s.create("/registry/core/configmaps/ns/c", Buffer.from("plain"));
      const raw = await inner.get(SECRET);
      expect(text(raw!.value).startsWith(prefix)).toBe(true);
      expect(text(raw!.value)).not.toContain("top secret");
      expect(text((await s.get(SECRET))!.value)).toBe("top secret");
      expect(text((await inner.get("/registry/core/configmaps/ns/c"))!.value)).toBe("plain");
      expect((await s.list({ prefix: "/registry/core/secrets/" })).items.map((kv) => text(kv.value))).toEqual(["top secret"]);
    });
  }

  it("reads with every provider, writes with the first; an unchanged write is no write unless the provider changed", async () => {
    const inner = new MemoryStorage();
    await new EncryptedStorage(inner, config([{ identity: {} }])).create(SECRET, Buffer.from("v1"));
    const s = new EncryptedStorage(inner, config([aescbc, { identity: {} }]));
    expect(text((await s.get(SECRET))!.value)).toBe("v1");
    // Same plaintext, stored by another provider: rewritten (what `kubectl replace` relies on).
    const rewritten = await s.guaranteedUpdate(SECRET, (cur) => cur!.value);
    expect(text((await inner.get(SECRET))!.value).startsWith("k8s:enc:aescbc:v1:key1:")).toBe(true);
    // Now unchanged and under the first provider: nothing is written.
    const again = await s.guaranteedUpdate(SECRET, (cur) => cur!.value);
    expect(again.modRevision).toBe(rewritten.modRevision);
    expect(text(again.value)).toBe("v1");
    // Without the key the data cannot be read, and says so.
    await expect(new EncryptedStorage(inner, config([aesgcm])).get(SECRET)).rejects.toThrow(/no matching prefix found/);
  });

  it("secretbox: prefix, then a 24-byte nonce, then NaCl's sealed box (tag, then ciphertext), as upstream's", async () => {
    const inner = new MemoryStorage();
    const s = new EncryptedStorage(inner, config([secretbox]));
    await s.create(SECRET, Buffer.from("boxed"));
    const raw = Buffer.from((await inner.get(SECRET))!.value);
    const prefix = "k8s:enc:secretbox:v1:key3:".length;
    expect(raw.length).toBe(prefix + 24 + 16 + "boxed".length);
    // Opened with NaCl's own secretbox_open: the layout any NaCl implementation (Go's too) reads.
    const opened = nacl.secretbox.open(raw.subarray(prefix + 24), raw.subarray(prefix, prefix + 24), KEY3);
    expect(Buffer.from(opened!).toString()).toBe("boxed");
    // A box under another key of the same name does not open, and says so.
    const other = { secretbox: { keys: [{ name: "key3", secret: Buffer.alloc(32, 9).toString("base64") }] } };
    await expect(new EncryptedStorage(inner, config([other])).get(SECRET)).rejects.toThrow(/failed to decrypt/);
    // Reads through every provider: a store written by secretbox is readable after rotating to aescbc first.
    expect(text((await new EncryptedStorage(inner, config([aescbc, secretbox])).get(SECRET))!.value)).toBe("boxed");
  });

  it("secretbox on SQLite: the stored row holds the box, the storage serves the plaintext", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-secretbox-"));
    const inner = new SqliteStorage({ path: path.join(dir, "kubegen.db") });
    try {
      const s = new EncryptedStorage(inner, config([secretbox, { identity: {} }]));
      await s.create(SECRET, Buffer.from("sqlite secret"));
      const raw = text((await inner.get(SECRET))!.value);
      expect(raw.startsWith("k8s:enc:secretbox:v1:key3:")).toBe(true);
      expect(raw).not.toContain("sqlite secret");
      expect(text((await s.get(SECRET))!.value)).toBe("sqlite secret");
    } finally {
      await inner.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("matches group-qualified and wildcard resources", async () => {
    const inner = new MemoryStorage();
    const s = new EncryptedStorage(inner, config([aesgcm], ["deployments.apps", "*.batch"]));
    await s.create("/registry/apps/deployments/ns/d", Buffer.from("d"));
    await s.create("/registry/batch/jobs/ns/j", Buffer.from("j"));
    await s.create("/registry/apps/replicasets/ns/r", Buffer.from("r"));
    expect(text((await inner.get("/registry/apps/deployments/ns/d"))!.value).startsWith("k8s:enc:aesgcm")).toBe(true);
    expect(text((await inner.get("/registry/batch/jobs/ns/j"))!.value).startsWith("k8s:enc:aesgcm")).toBe(true);
    expect(text((await inner.get("/registry/apps/replicasets/ns/r"))!.value)).toBe("r");
  });
});

describe.skipIf(!etcdAvailable())("encryption at rest on etcd", () => {
  let server: EtcdServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("stores the Secret's bytes under the aescbc prefix in etcd and reads them back", async () => {
    server = await startEtcd();
    const inner = new EtcdStorage({ endpoints: [server.endpoint] });
    try {
      const s = new EncryptedStorage(inner, config([aescbc, { identity: {} }]));
      await s.create(SECRET, Buffer.from("etcd secret"));
      const raw = await inner.get(SECRET);
      expect(text(raw!.value).startsWith("k8s:enc:aescbc:v1:key1:")).toBe(true);
      expect(text((await s.get(SECRET))!.value)).toBe("etcd secret");

      const boxed = new EncryptedStorage(inner, config([secretbox, aescbc]));
      await boxed.create(`${SECRET}2`, Buffer.from("etcd boxed"));
      expect(text((await inner.get(`${SECRET}2`))!.value).startsWith("k8s:enc:secretbox:v1:key3:")).toBe(true);
      expect(text((await boxed.get(`${SECRET}2`))!.value)).toBe("etcd boxed");
      expect(text((await boxed.get(SECRET))!.value)).toBe("etcd secret");
    } finally {
      await inner.close();
    }
  }, 60_000);
});
