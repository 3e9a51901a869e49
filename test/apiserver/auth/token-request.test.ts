/**
 * TokenRequest (`serviceaccounts/<name>/token`) through the real apiserver: upstream's validation
 * messages, `--service-account-max-token-expiration` (cap with a warning, flag bounds) and
 * `--service-account-extend-token-expiration` (pods' 3607 s tokens live a year with `warnafter`).
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type TestAPIServer } from "../../support/running-server.js";

const NS = "/api/v1/namespaces/default";
const tokenRequest = (spec: Record<string, unknown>) => ({ apiVersion: "authentication.k8s.io/v1", kind: "TokenRequest", spec });
const claims = (token: string) => decodeJwt(token) as { iat: number; exp: number; "kubernetes.io": Record<string, unknown> };

describe("TokenRequest", () => {
  let server: TestAPIServer;
  beforeAll(async () => {
    server = await startRunningServer({ serviceAccountMaxTokenExpirationSeconds: 7200 });
    await server.call("POST", `${NS}/serviceaccounts`, { metadata: { name: "robot" } });
    await server.call("POST", `${NS}/serviceaccounts`, { metadata: { name: "default" } });
    const pod = await server.call("POST", `${NS}/pods`, {
      metadata: { name: "web" },
      spec: { serviceAccountName: "robot", containers: [{ name: "c", image: "busybox" }] },
    });
    expect(pod.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses durations out of bounds with upstream's messages, after the account lookup", async () => {
    const short = await server.call("POST", `${NS}/serviceaccounts/robot/token`, tokenRequest({ expirationSeconds: 100 }));
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(
      'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 100: may not specify a duration less than 10 minutes',
    );
    const long = await server.call("POST", `${NS}/serviceaccounts/robot/token`, tokenRequest({ expirationSeconds: 2 ** 32 + 1 }));
    expect(long.body.message).toBe(
      'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds',
    );
    const missing = await server.call("POST", `${NS}/serviceaccounts/ghost/token`, tokenRequest({ expirationSeconds: 100 }));
    expect(missing.status).toBe(404);
    const name = await server.call("POST", `${NS}/serviceaccounts/robot/token`, { ...tokenRequest({}), metadata: { name: "other" } });
    expect(name.body.message).toBe(
      'TokenRequest.authentication.k8s.io "robot" is invalid: metadata.name: Invalid value: "other": must match the service account name if specified',
    );
  });

  it("shortens a request beyond the max with a warning; the default is an hour", async () => {
    const r = await server.call("POST", `${NS}/serviceaccounts/robot/token`, tokenRequest({ expirationSeconds: 86400 }));
    expect(r.status).toBe(201);
    expect(r.headers.warning).toBe('299 - "requested expiration of 86400 seconds shortened to 7200 seconds"');
    expect(r.body.spec.expirationSeconds).toBe(7200);
    const c = claims(r.body.status.token);
    expect(c.exp - c.iat).toBe(7200);
    const def = await server.call("POST", `${NS}/serviceaccounts/robot/token`, tokenRequest({}));
    expect(def.body.spec.expirationSeconds).toBe(3600);
    expect(def.headers.warning).toBeUndefined();
    expect(def.body.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("extends a pod-bound 3607 s token to a year with warnafter; other tokens are not extended", async () => {
    const pod = (await server.call("GET", `${NS}/pods/web`)).body;
    const ref = { apiVersion: "v1", kind: "Pod", name: "web", uid: pod.metadata.uid };
    const r = await server.call(
      "POST",
      `${NS}/serviceaccounts/robot/token`,
      tokenRequest({ expirationSeconds: 3607, boundObjectRef: ref }),
    );
    expect(r.status).toBe(201);
    const c = claims(r.body.status.token);
    expect(c.exp - c.iat).toBe(365 * 24 * 3600);
    expect(c["kubernetes.io"].warnafter).toBe(c.iat + 3607);
    expect(c["kubernetes.io"].pod).toEqual({ name: "web", uid: pod.metadata.uid });
    // The status tells the client the hour it asked for: it refreshes on that.
    const expires = Date.parse(r.body.status.expirationTimestamp) / 1000;
    expect(Math.abs(expires - (c.iat + 3607))).toBeLessThanOrEqual(1);

    // Another audience than the apiserver's: not extended.
    const foreign = await server.call(
      "POST",
      `${NS}/serviceaccounts/robot/token`,
      tokenRequest({ expirationSeconds: 3607, boundObjectRef: ref, audiences: ["vault"] }),
    );
    const f = claims(foreign.body.status.token);
    expect(f.exp - f.iat).toBe(3607);
    expect(f["kubernetes.io"].warnafter).toBeUndefined();
    // Not pod-bound: not extended.
    const plain = claims(
      (await server.call("POST", `${NS}/serviceaccounts/robot/token`, tokenRequest({ expirationSeconds: 3607 }))).body.status.token,
    );
    expect(plain.exp - plain.iat).toBe(3607);
  });

  it("binds to a pod only for the account it runs as, and checks the UID as upstream", async () => {
    const wrongSA = await server.call(
      "POST",
      `${NS}/serviceaccounts/default/token`,
      tokenRequest({ boundObjectRef: { apiVersion: "v1", kind: "Pod", name: "web" } }),
    );
    expect(wrongSA.status).toBe(400);
    expect(wrongSA.body.message).toBe('cannot bind token for serviceaccount "default" to pod running with different serviceaccount name.');
    const wrongUID = await server.call(
      "POST",
      `${NS}/serviceaccounts/robot/token`,
      tokenRequest({ boundObjectRef: { apiVersion: "v1", kind: "Pod", name: "web", uid: "nope" } }),
    );
    expect(wrongUID.status).toBe(409);
    expect(wrongUID.body.message).toBe(
      'Operation cannot be fulfilled on Pod "web": the UID in the bound object reference (nope) does not match the UID in record. The object might have been deleted and then recreated',
    );
    const kind = await server.call(
      "POST",
      `${NS}/serviceaccounts/robot/token`,
      tokenRequest({ boundObjectRef: { apiVersion: "v1", kind: "ConfigMap", name: "x" } }),
    );
    expect(kind.body.message).toBe('cannot bind token for serviceaccount "robot" to object of type /v1, Kind=ConfigMap');
  });
});

describe("--service-account-max-token-expiration bounds", () => {
  it("refuses a cap under an hour, as upstream's options validation", async () => {
    await expect(startRunningServer({ serviceAccountMaxTokenExpirationSeconds: 600 })).rejects.toThrow(
      "the service-account-max-token-expiration must be between 1 hour and 2^32 seconds",
    );
  });

  it("without extension, a pod's 3607 s token lives 3607 s", async () => {
    const s = await startRunningServer({ serviceAccountExtendTokenExpiration: false });
    try {
      await s.call("POST", `${NS}/serviceaccounts`, { metadata: { name: "default" } });
      const pod = (await s.call("POST", `${NS}/pods`, { metadata: { name: "p" }, spec: { containers: [{ name: "c", image: "x" }] } })).body;
      const r = await s.call(
        "POST",
        `${NS}/serviceaccounts/default/token`,
        tokenRequest({ expirationSeconds: 3607, boundObjectRef: { apiVersion: "v1", kind: "Pod", name: "p", uid: pod.metadata.uid } }),
      );
      const c = claims(r.body.status.token);
      expect(c.exp - c.iat).toBe(3607);
      expect(c["kubernetes.io"].warnafter).toBeUndefined();
    } finally {
      await s.stop();
    }
  }, 60_000);
});
