/**
 * The loopback credentials: the random token is system:apiserver in system:masters and leaves
 * every other credential to the authenticators that were there before; the loopback config;
 * the flags of the control plane's loops refused with a reason.
 */
import type { IncomingMessage } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LoopbackAuthenticator, loopbackConfig } from "../../../apiserver/controlplane/loopback.js";
import { parseTokenFile, TokenFileAuthenticator } from "../../../apiserver/auth/token-file.js";
import { UnionAuthenticator } from "../../../apiserver/auth/union.js";
import { runAPIServer } from "../../../apiserver/server/run.js";

const req = (headers: Record<string, string>) => ({ headers, socket: {} }) as unknown as IncomingMessage;

describe("LoopbackAuthenticator", () => {
  it("authenticates its own random token as system:apiserver in system:masters, and no other", async () => {
    const loopback = new LoopbackAuthenticator();
    expect(loopback.token.length).toBeGreaterThanOrEqual(43);
    expect(new LoopbackAuthenticator().token).not.toBe(loopback.token);
    const union = new UnionAuthenticator([loopback, new TokenFileAuthenticator(parseTokenFile("t1,alice,u1,dev\n"))]);
    const me = await union.authenticate(req({ authorization: `Bearer ${loopback.token}` }));
    expect(me).toMatchObject({ user: { name: "system:apiserver", groups: ["system:masters", "system:authenticated"] } });
    // Other tokens go on to the token file as before: alice still works, unknown ones still fail.
    expect(await union.authenticate(req({ authorization: "Bearer t1" }))).toMatchObject({ user: { name: "alice" } });
    expect(await union.authenticate(req({ authorization: `Bearer ${loopback.token.slice(1)}` }))).toHaveProperty("error");
    // Without a token file, a wrong token is not the loopback authenticator's to refuse, but
    // nobody else accepts it either: a 401, as upstream (never an anonymous request).
    expect(await new UnionAuthenticator([loopback]).authenticate(req({ authorization: "Bearer nope" }))).toEqual({
      error: "invalid bearer token",
    });
  });

  it("reaches a wildcard listener on 127.0.0.1 and a specific one on its address, over protobuf", () => {
    expect(loopbackConfig({ bindAddress: "0.0.0.0", port: 6443, token: "t", caData: "CA" })).toMatchObject({
      server: "https://127.0.0.1:6443",
      bearerToken: "t",
      caData: "CA",
      contentType: "application/vnd.kubernetes.protobuf",
    });
    expect(loopbackConfig({ bindAddress: "127.0.0.2", port: 1, token: "t" }).server).toBe("https://127.0.0.2:1");
    expect(loopbackConfig({ bindAddress: "::1", port: 1, token: "t" }).server).toBe("https://[::1]:1");
  });
});

describe("control plane flags", () => {
  const dir = () => mkdtempSync(path.join(os.tmpdir(), "kubegen-flags-"));

  it.each([
    [{ kubernetesServiceNodePort: 70000 }, "--kubernetes-service-node-port 70000 must be between 0 and 65535"],
    [{ kubernetesServiceNodePort: 443 }, "--kubernetes-service-node-port 443 must be within --service-node-port-range 30000-32767"],
    [{ endpointReconcilerType: "master-count" }, '--endpoint-reconciler-type: "master-count" is not supported'],
  ])("refuses %j", async (options, message) => {
    const d = dir();
    try {
      await expect(runAPIServer({ dataDir: d, securePort: 0, bindAddress: "127.0.0.1", ...options })).rejects.toThrow(message);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
