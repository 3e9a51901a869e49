import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServiceAccountKeyGeneration, takeEarlyServiceAccountKey } from "../../../apiserver/auth/service-account-key-early.js";
import { ensureServiceAccountKeys, ServiceAccountTokens } from "../../../apiserver/auth/serviceaccount.js";

const root = mkdtempSync(path.join(os.tmpdir(), "kubegen-sa-early-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dataDir(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "pki"), { recursive: true });
  return dir;
}

describe("service-account key generated while the modules load", () => {
  it("is the key a first start writes to DIR/pki/sa.key and signs with", async () => {
    const dir = dataDir("first");
    startServiceAccountKeyGeneration(dir);
    const keys = await ensureServiceAccountKeys({ dataDir: dir });
    const pem = readFileSync(path.join(dir, "pki", "sa.key"), "utf8");
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(readFileSync(path.join(dir, "pki", "sa.pub"), "utf8")).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    // Handed out once: nothing left for a later start.
    expect(takeEarlyServiceAccountKey(dir)).toBeUndefined();
    const iss = "https://issuer.example";
    const tokens = new ServiceAccountTokens(keys, iss, [iss], async () => ({ metadata: { uid: "sa-uid" } }));
    const { token } = await tokens.issue({
      namespace: "ns",
      serviceAccount: { name: "robot", uid: "sa-uid" },
      audiences: [iss],
      expirationSeconds: 600,
    });
    expect(await tokens.review(token, [iss])).toHaveProperty("user.name", "system:serviceaccount:ns:robot");
    // A restart reads the same key back.
    const again = await ensureServiceAccountKeys({ dataDir: dir });
    expect(again.publicKeys[0]!.kid).toBe(keys.publicKeys[0]!.kid);
  });

  it("is not started when the data dir has its key, and not handed to another data dir", async () => {
    const dir = dataDir("existing");
    await ensureServiceAccountKeys({ dataDir: dir });
    startServiceAccountKeyGeneration(dir);
    expect(takeEarlyServiceAccountKey(dir)).toBeUndefined();

    const a = dataDir("a");
    const b = dataDir("b");
    startServiceAccountKeyGeneration(a);
    expect(takeEarlyServiceAccountKey(b)).toBeUndefined();
    await ensureServiceAccountKeys({ dataDir: b });
    expect(existsSync(path.join(a, "pki", "sa.key"))).toBe(false);
    expect(await takeEarlyServiceAccountKey(a)).toHaveProperty("privateKey");
  });
});
