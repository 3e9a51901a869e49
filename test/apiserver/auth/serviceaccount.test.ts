import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureServiceAccountKeys, ServiceAccountTokens } from "../../../apiserver/auth/serviceaccount.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-sa-"));
mkdirSync(path.join(dir, "pki"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("service-account tokens", () => {
  it("issue bound tokens that authenticate until the account or the bound object is gone", async () => {
    const keys = await ensureServiceAccountKeys({ dataDir: dir });
    expect(statSync(path.join(dir, "pki", "sa.key")).mode & 0o777).toBe(0o600);
    const objects = new Map<string, { metadata: { uid: string } }>([
      ["ServiceAccount/ns/robot", { metadata: { uid: "sa-uid" } }],
      ["Pod/ns/web", { metadata: { uid: "pod-uid" } }],
    ]);
    const iss = "https://issuer.example";
    const tokens = new ServiceAccountTokens(keys, iss, [iss], async (kind, ns, name) => objects.get(`${kind}/${ns}/${name}`));
    const { token } = await tokens.issue({
      namespace: "ns",
      serviceAccount: { name: "robot", uid: "sa-uid" },
      audiences: [iss],
      expirationSeconds: 600,
      boundObject: { kind: "Pod", name: "web", uid: "pod-uid" },
    });
    expect(await tokens.review(token, [iss])).toEqual({
      user: { name: "system:serviceaccount:ns:robot", uid: "sa-uid", groups: ["system:serviceaccounts", "system:serviceaccounts:ns"] },
    });
    // Another audience: refused.
    expect(await tokens.review(token, ["vault"])).toHaveProperty("error");
    // Another issuer's JWT is not ours to judge.
    const other = new ServiceAccountTokens(keys, "https://elsewhere", ["https://elsewhere"], async () => undefined);
    const foreign = await other.issue({
      namespace: "ns",
      serviceAccount: { name: "robot", uid: "sa-uid" },
      audiences: ["https://elsewhere"],
      expirationSeconds: 600,
    });
    expect(await tokens.review(foreign.token, [iss])).toBeUndefined();
    // The pod is re-created under the same name: the old token dies with the old pod.
    objects.set("Pod/ns/web", { metadata: { uid: "new-uid" } });
    expect(await tokens.review(token, [iss])).toMatchObject({ error: expect.stringContaining("does not match the UID in record") });
    objects.delete("Pod/ns/web");
    expect(await tokens.review(token, [iss])).toMatchObject({ error: expect.stringContaining('pod "web" not found') });
    // Expired tokens are refused.
    const later = new ServiceAccountTokens(
      keys,
      iss,
      [iss],
      async (kind, ns, name) => objects.get(`${kind}/${ns}/${name}`),
      () => Date.now() + 3600_000,
    );
    const plain = await tokens.issue({
      namespace: "ns",
      serviceAccount: { name: "robot", uid: "sa-uid" },
      audiences: [iss],
      expirationSeconds: 600,
    });
    expect(await later.review(plain.token, [iss])).toMatchObject({ error: expect.stringContaining("exp") });
    expect(tokens.jwks().keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: keys.publicKeys[0]!.kid });
    expect(tokens.discoveryDocument()).toMatchObject({ issuer: iss, jwks_uri: `${iss}/openid/v1/jwks` });
  }, 30_000);

  it("take their keys as a promise: tokens wait for them, a failure is readable from loaded()", async () => {
    const keys = await ensureServiceAccountKeys({ dataDir: dir });
    const iss = "https://issuer.example";
    let resolve!: (k: typeof keys) => void;
    const tokens = new ServiceAccountTokens(new Promise<typeof keys>((r) => (resolve = r)), iss, [iss], async () => ({
      metadata: { uid: "sa-uid" },
    }));
    expect(tokens.keysLoaded).toBe(false);
    expect(() => tokens.jwks()).toThrow("have not loaded yet");
    const issued = tokens.issue({
      namespace: "ns",
      serviceAccount: { name: "robot", uid: "sa-uid" },
      audiences: [iss],
      expirationSeconds: 600,
    });
    let settled = false;
    void issued.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    resolve(keys);
    const { token } = await issued;
    expect(tokens.keysLoaded).toBe(true);
    expect(await tokens.review(token, [iss])).toMatchObject({ user: { name: "system:serviceaccount:ns:robot" } });
    expect(tokens.jwks().keys[0]).toMatchObject({ kid: keys.publicKeys[0]!.kid });

    const failing = new ServiceAccountTokens(Promise.reject(new Error("no key")), iss, [iss], async () => undefined);
    await expect(failing.loaded()).rejects.toThrow("no key");
  }, 30_000);
});
