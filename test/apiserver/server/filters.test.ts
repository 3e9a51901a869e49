/** The handler chain: authentication, max in-flight, timeouts, panic recovery. */
import { afterEach, describe, expect, it } from "vitest";
import { parseTokenFile } from "../../../apiserver/auth/token-file.js";
import { defaultFakeStorages, startTestServer, type TestServer } from "./harness.js";
import type { FakeStorage } from "./fake-storage.js";

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const tokens = parseTokenFile('admin-token,admin,1,"system:masters"\nuser-token,jane,2,dev\n');

describe("authentication", () => {
  it("accepts client certificates, bearer tokens and anonymous requests; refuses bad tokens with 401", async () => {
    t = await startTestServer({ tokens });
    expect((await t.request("GET", "/api/v1/namespaces")).status).toBe(200);
    expect((await t.request("GET", "/api/v1/namespaces", { as: { token: "user-token" } })).status).toBe(200);
    expect((await t.request("GET", "/api/v1/namespaces", { as: "anonymous" })).status).toBe(200);
    const bad = await t.request("GET", "/api/v1/namespaces", { as: { token: "wrong" } });
    expect(bad.status).toBe(401);
    expect(bad.json()).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: "Unauthorized",
      reason: "Unauthorized",
      code: 401,
    });
  });

  it("records who asked (the user reaches storage)", async () => {
    const storages = defaultFakeStorages();
    const cms = storages.find((s) => s.info.plural === "configmaps") as FakeStorage;
    const users: string[] = [];
    const original = cms.list.bind(cms);
    cms.list = async (ctx, opts) => {
      users.push(`${ctx.user.name}:${ctx.user.groups.join("+")}`);
      return original(ctx, opts);
    };
    t = await startTestServer({ tokens, storages });
    await t.request("GET", "/api/v1/configmaps");
    await t.request("GET", "/api/v1/configmaps", { as: { token: "user-token" } });
    await t.request("GET", "/api/v1/configmaps", { as: "anonymous" });
    expect(users).toEqual([
      "kubegen-admin:system:masters+system:authenticated",
      "jane:dev+system:authenticated",
      "system:anonymous:system:unauthenticated",
    ]);
  });
});

describe("max in-flight", () => {
  it("answers 429 with Retry-After past the read-only limit, but never to system:masters", async () => {
    const storages = defaultFakeStorages();
    const cms = storages.find((s) => s.info.plural === "configmaps") as FakeStorage;
    cms.delayMs = 300;
    t = await startTestServer({ tokens, storages, maxRequestsInFlight: 2, maxMutatingRequestsInFlight: 1 });
    const slow = [
      t.request("GET", "/api/v1/configmaps", { as: { token: "user-token" } }),
      t.request("GET", "/api/v1/configmaps", { as: { token: "user-token" } }),
    ];
    await new Promise((r) => setTimeout(r, 50));
    const rejected = await t.request("GET", "/api/v1/namespaces", { as: { token: "user-token" } });
    expect(rejected.status).toBe(429);
    expect(rejected.headers["retry-after"]).toBe("1");
    // Mutating requests have their own budget.
    expect(
      (await t.request("POST", "/api/v1/namespaces", { as: { token: "user-token" }, body: JSON.stringify({ metadata: { name: "m" } }) }))
        .status,
    ).toBe(201);
    expect((await t.request("GET", "/api/v1/namespaces", { as: { token: "admin-token" } })).status).toBe(200);
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
    expect((await t.request("GET", "/api/v1/namespaces", { as: { token: "user-token" } })).status).toBe(200);
  });
});

describe("request timeout", () => {
  it("answers 504 when a request outlives the timeout, and drops the late answer", async () => {
    const storages = defaultFakeStorages();
    (storages.find((s) => s.info.plural === "configmaps") as FakeStorage).delayMs = 2000;
    t = await startTestServer({ storages, requestTimeoutMs: 200 });
    const res = await t.request("GET", "/api/v1/configmaps");
    expect(res.status).toBe(504);
    expect(res.json()).toMatchObject({
      kind: "Status",
      reason: "Timeout",
      code: 504,
      message: "Timeout: request did not complete within the allotted timeout",
    });
    // Watches are exempt.
    const w = await t.stream("/api/v1/namespaces?watch=1&timeoutSeconds=1");
    expect(w.status).toBe(200);
    const started = Date.now();
    for await (const _ of w.chunks) {
      // drain
    }
    expect(Date.now() - started).toBeGreaterThan(500);
  });
});

describe("the timeout query parameter", () => {
  it("tightens the limit, and a bad value is a 400", async () => {
    const storages = defaultFakeStorages();
    (storages.find((s) => s.info.plural === "configmaps") as FakeStorage).delayMs = 1000;
    t = await startTestServer({ storages });
    // The storage takes 1 s: only the 150 ms limit (not the default 60 s) can make this a 504.
    const res = await t.request("GET", "/api/v1/configmaps?timeout=150ms");
    expect(res.status).toBe(504);
    const bad = await t.request("GET", "/api/v1/namespaces?timeout=soon");
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      reason: "BadRequest",
      message: expect.stringContaining("invalid timeout specified in the request URL"),
    });
    expect((await t.request("GET", "/api/v1/namespaces?timeout=32s")).status).toBe(200);
  });
});

describe("panic recovery", () => {
  it("turns a storage crash into a 500 Status and keeps serving", async () => {
    const storages = defaultFakeStorages();
    (storages.find((s) => s.info.plural === "configmaps") as FakeStorage).failWith = new TypeError("cannot read properties of undefined");
    const logs: string[] = [];
    t = await startTestServer({ storages, log: (l) => logs.push(l) });
    const res = await t.request("GET", "/api/v1/configmaps");
    expect(res.status).toBe(500);
    expect(res.json()).toMatchObject({
      kind: "Status",
      reason: "InternalError",
      code: 500,
      message: "Internal error occurred: cannot read properties of undefined",
    });
    expect(logs.some((l) => l.includes("cannot read properties of undefined"))).toBe(true);
    expect((await t.request("GET", "/healthz")).text).toBe("ok");
  });
});
