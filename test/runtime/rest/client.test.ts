/**
 * The REST client against a real in-process server: headers and credentials, encoding,
 * retries and backoff, StatusErrors, abort and timeouts, rate limiting, TLS and the protobuf codec.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CAUSE_TYPE_UNEXPECTED_SERVER_RESPONSE,
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isNotFound,
  isServiceUnavailable,
  isTooManyRequests,
  isUnexpectedServerError,
  RestClient,
  StatusError,
  TransportError,
  type ProtobufObjectCodec,
  type RawObject,
  type RestConfig,
} from "../../../runtime/rest/index.js";
import { until } from "../../support/wait.js";
import { json, makePki, startServer, status, type Pki, type TestServer } from "./test-server.js";

let server: TestServer;
const clients: RestClient[] = [];

function client(extra: Partial<RestConfig> = {}): RestClient {
  const c = new RestClient({ server: server.url, qps: -1, retryInitialMs: 10, ...extra });
  clients.push(c);
  return c;
}

beforeEach(async () => {
  server = await startServer();
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server.close();
});

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected the call to fail");
}

describe("requests", () => {
  it("sends the bearer token, user agent, accept header and query", async () => {
    server.handle((_req, res) => json(res, 200, { kind: "NamespaceList", items: [] }));
    const got = await client({ bearerToken: "s3cret", userAgent: "test/1.0" }).request({
      method: "GET",
      path: "/api/v1/namespaces",
      query: { labelSelector: "a=b,c in (d)", limit: 5, watch: false, skipped: undefined },
    });
    expect(got).toEqual({ kind: "NamespaceList", items: [] });
    const r = server.requests[0]!;
    expect(r.headers["authorization"]).toBe("Bearer s3cret");
    expect(r.headers["user-agent"]).toBe("test/1.0");
    expect(r.headers["accept"]).toBe("application/json");
    expect(r.url.pathname).toBe("/api/v1/namespaces");
    expect(Object.fromEntries(r.url.searchParams)).toEqual({ labelSelector: "a=b,c in (d)", limit: "5", watch: "false" });
  });

  it("reads the token file, and uses basic auth when there is no token", async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-token-")), "token");
    fs.writeFileSync(file, "from-file\n");
    await client({ bearerToken: "static", bearerTokenFile: file }).request({ method: "GET", path: "/x" });
    await client({ username: "admin", password: "pw" }).request({ method: "GET", path: "/x" });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(server.requests[0]!.headers["authorization"]).toBe("Bearer from-file");
    expect(server.requests[1]!.headers["authorization"]).toBe(`Basic ${Buffer.from("admin:pw").toString("base64")}`);
  });

  it("encodes bodies as JSON, PATCH as a merge patch by default, and keeps the server's path prefix", async () => {
    server.handle((req, res, body) => json(res, 201, { echo: JSON.parse(body.toString()), type: req.headers["content-type"] }));
    const c = new RestClient({ server: `${server.url}/prefix/`, qps: -1 });
    clients.push(c);
    expect(await c.request({ method: "POST", path: "/api/v1/namespaces", body: { metadata: { name: "a" } } })).toEqual({
      echo: { metadata: { name: "a" } },
      type: "application/json",
    });
    expect(await c.request({ method: "PATCH", path: "/api/v1/namespaces/a", body: { metadata: { labels: { x: "y" } } } })).toMatchObject({
      type: "application/merge-patch+json",
    });
    expect(server.requests.map((r) => r.url.pathname)).toEqual(["/prefix/api/v1/namespaces", "/prefix/api/v1/namespaces/a"]);
  });

  it("returns undefined for an empty body and text for text", async () => {
    server.handle((req, res) => {
      if (req.url === "/empty") res.writeHead(200, { "Content-Type": "application/json" }).end();
      else res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
    expect(await client().request({ method: "DELETE", path: "/empty" })).toBeUndefined();
    expect(await client().request({ method: "GET", path: "/healthz" })).toBe("ok");
  });

  it("reads a large body written in pieces, whether or not its length is announced", async () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ name: `item-${i}`, text: "x".repeat(i % 97) }));
    const body = Buffer.from(JSON.stringify({ items }));
    server.handle(async (req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", ...(req.url === "/sized" && { "Content-Length": String(body.length) }) });
      // Pieces across several ticks, so the client sees many chunks.
      for (let at = 0; at < body.length; at += 50_000) {
        res.write(body.subarray(at, at + 50_000));
        await new Promise((r) => setImmediate(r));
      }
      res.end();
    });
    expect(await client().request({ method: "GET", path: "/sized" })).toEqual({ items });
    expect(await client().request({ method: "GET", path: "/chunked" })).toEqual({ items });
  });

  it("decodes JSON bodies as UTF-8, whether or not they are all ASCII", async () => {
    const values = ["plain ascii", "Grüße, €, 漢字, 😀", "\u007f\u0080\u00ff"];
    server.handle((req, res) => json(res, 200, { value: values[Number(req.url!.slice(1))] }));
    for (let i = 0; i < values.length; i++) expect(await client().request({ method: "GET", path: `/${i}` })).toEqual({ value: values[i] });
  });
  it("with onRawItems, hands a JSON list's items over undecoded and returns the list without them", async () => {
    const items = [{ metadata: { name: "é", namespace: "n", resourceVersion: "5" }, data: { k: "v" } }, { metadata: { name: "b" } }];
    server.handle((req, res) =>
      req.url!.startsWith("/bad")
        ? res.writeHead(200, { "Content-Type": "application/json" }).end('{"items":[{"a":1}')
        : json(res, 200, { kind: "L", metadata: { resourceVersion: "9" }, items }),
    );
    let raw: RawObject[] | undefined;
    const got = await client().request({ method: "GET", path: "/list", onRawItems: (r) => (raw = r) });
    expect(got).toEqual({ kind: "L", metadata: { resourceVersion: "9" }, items: [] });
    expect(raw!.map((r) => r.decode())).toEqual(items);
    expect([raw![0]!.namespace, raw![0]!.name, raw![0]!.resourceVersion]).toEqual(["n", "é", "5"]);
    // A truncated body is the list's error, not a later read's.
    await expect(client().request({ method: "GET", path: "/bad", onRawItems: () => {} })).rejects.toThrow(/the list body is truncated/);
  });

  it("with onRawItems, a Failure Status is still an error, and no items are handed over", async () => {
    server.handle((_req, res) => json(res, 200, status(410, "Expired", "too old resource version")));
    let called = false;
    const err = await caught(client().request({ method: "GET", path: "/x", onRawItems: () => (called = true) }));
    expect(err).toBeInstanceOf(StatusError);
    expect(called).toBe(false);
  });

  it("with warmConnection, opens a second connection alongside the request, which a request sent meanwhile uses", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ports = new Map<string, number>();
    server.handle(async (req, res) => {
      const url = new URL(req.url!, "http://x");
      ports.set(url.pathname + url.search, req.socket.remotePort!);
      if (url.searchParams.get("page") === "1") await held;
      json(res, 200, { kind: "ConfigMapList", items: [] });
    });
    const c = client();
    const first = c.request({ method: "GET", path: "/api/v1/configmaps", query: { page: 1 }, warmConnection: true });
    // The warm-up's connection goes idle in the pool once its answer is read.
    const pool = (c as unknown as { transport: { agents: { request: http.Agent } } }).transport.agents.request;
    await until(() => Object.values(pool.freeSockets).some((s) => (s?.length ?? 0) > 0), 5000, "an idle connection");
    await c.request({ method: "GET", path: "/api/v1/configmaps", query: { page: 2 } });
    release();
    await first;
    expect([...ports.keys()].sort()).toEqual(["/api/v1/configmaps?page=1", "/api/v1/configmaps?page=2", "/version"]);
    expect(ports.get("/api/v1/configmaps?page=2")).toBe(ports.get("/version"));
    expect(ports.get("/api/v1/configmaps?page=2")).not.toBe(ports.get("/api/v1/configmaps?page=1"));
  });

  it("warms no connection when two sit idle already", async () => {
    server.handle((_req, res) => json(res, 200, { kind: "ConfigMapList", items: [] }));
    const c = client();
    await Promise.all([1, 2].map((page) => c.request({ method: "GET", path: "/api/v1/configmaps", query: { page } })));
    await c.request({ method: "GET", path: "/api/v1/configmaps", query: { page: 3 }, warmConnection: true });
    expect(server.requests.map((r) => r.url.pathname)).not.toContain("/version");
  });
});

describe("errors", () => {
  it("throws the server's Status as a StatusError", async () => {
    server.handle((_req, res) => json(res, 404, status(404, "NotFound", 'namespaces "x" not found')));
    const err = await caught(client().request({ method: "GET", path: "/api/v1/namespaces/x" }));
    expect(err).toBeInstanceOf(StatusError);
    const e = err as StatusError;
    expect(e.code).toBe(404);
    expect(e.reason).toBe("NotFound");
    expect(e.message).toBe('namespaces "x" not found');
    expect(e.status.kind).toBe("Status");
    expect(isNotFound(e)).toBe(true);
  });

  it("synthesises a Status from a text body, as client-go does", async () => {
    server.handle((_req, res) => res.writeHead(503, { "Content-Type": "text/plain" }).end("  overloaded  "));
    const e = (await caught(client().request({ method: "POST", path: "/x", body: {} }))) as StatusError;
    expect(e.code).toBe(503);
    expect(e.reason).toBe("ServiceUnavailable");
    expect(e.message).toBe("the server is currently unable to handle the request");
    expect(e.status.details?.causes).toEqual([{ reason: CAUSE_TYPE_UNEXPECTED_SERVER_RESPONSE, message: "overloaded" }]);
    expect(isServiceUnavailable(e) && isUnexpectedServerError(e)).toBe(true);
    expect(server.requests).toHaveLength(1); // a POST is not retried without Retry-After
  });

  it("says unknown for a non-text body and conflicts on POST are AlreadyExists", async () => {
    server.handle((_req, res) => res.writeHead(409, { "Content-Type": "application/octet-stream" }).end("\x00\x01"));
    const post = (await caught(client().request({ method: "POST", path: "/x", body: {} }))) as StatusError;
    expect(post.status.details?.causes?.[0]?.message).toBe("unknown");
    expect(isAlreadyExists(post)).toBe(true);
    const put = (await caught(client().request({ method: "PUT", path: "/x", body: {} }))) as StatusError;
    expect(put.reason).toBe("Conflict");
    expect(isConflict(put)).toBe(true);
  });

  it("treats a Failure Status under a 2xx code as an error", async () => {
    server.handle((_req, res) => json(res, 200, { ...status(0, "Conflict", "raced"), code: undefined }));
    const e = (await caught(client().request({ method: "GET", path: "/x" }))) as StatusError;
    expect(e.reason).toBe("Conflict");
    expect(e.code).toBe(200);
  });

  it.each([
    [400, "BadRequest", isBadRequest],
    [404, "NotFound", isNotFound],
    [409, "Conflict", isConflict],
  ] as const)("does not retry %i", async (code, reason, is) => {
    server.handle((_req, res) => json(res, code, status(code, reason, "no")));
    const e = await caught(client().request({ method: "GET", path: "/x" }));
    expect(is(e)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describe("retries", () => {
  it("waits the Retry-After seconds on 429, for any verb", async () => {
    let n = 0;
    server.handle((_req, res) => {
      if (n++ === 0) json(res, 429, status(429, "TooManyRequests", "slow down"), { "Retry-After": "1" });
      else json(res, 201, { ok: true });
    });
    const start = performance.now();
    expect(await client().request({ method: "POST", path: "/x", body: {} })).toEqual({ ok: true });
    const elapsed = performance.now() - start;
    expect(server.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it("retries a GET on 503 with doubling backoff, then succeeds", async () => {
    let n = 0;
    server.handle((_req, res) => {
      if (n++ < 2) res.writeHead(503).end();
      else json(res, 200, { ok: true });
    });
    const start = performance.now();
    expect(await client({ retryInitialMs: 50 }).request({ method: "GET", path: "/x" })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(performance.now() - start).toBeGreaterThanOrEqual(50 + 100 - 5);
  });

  it("retries any verb on 5xx that carries Retry-After", async () => {
    let n = 0;
    server.handle((_req, res) => {
      if (n++ === 0) json(res, 500, status(500, "ServerTimeout", "later"), { "Retry-After": "0" });
      else json(res, 200, { ok: true });
    });
    expect(await client().request({ method: "PUT", path: "/x", body: {} })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after maxRetries", async () => {
    server.handle((_req, res) => json(res, 429, status(429, "TooManyRequests", "no"), { "Retry-After": "0" }));
    const e = await caught(client({ maxRetries: 3 }).request({ method: "GET", path: "/x" }));
    expect(isTooManyRequests(e)).toBe(true);
    expect(server.requests).toHaveLength(4);
  });

  it("retries a GET whose connection is reset, but not a POST", async () => {
    let n = 0;
    server.handle((req, res) => {
      if (n++ === 0) req.socket.destroy();
      else json(res, 200, { ok: true });
    });
    expect(await client().request({ method: "GET", path: "/x" })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);

    server.handle((req) => req.socket.destroy());
    const e = await caught(client().request({ method: "POST", path: "/x", body: {} }));
    expect(e).toBeInstanceOf(TransportError);
    expect((e as TransportError).code).toBe("ECONNRESET");
    expect((e as TransportError).message).toMatch(/^Post "http:\/\/127\.0\.0\.1:\d+\/x": socket hang up$/);
    expect(server.requests).toHaveLength(3);
  });
});

describe("abort and timeout", () => {
  it("rejects with the signal's reason when aborted mid-request", async () => {
    server.handle(() => {}); // never answers
    const controller = new AbortController();
    const p = client().request({ method: "GET", path: "/hang", signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 50);
    const e = await caught(p);
    expect((e as Error).message).toBe("stop");
  });

  it("rejects an already aborted call without sending it", async () => {
    const e = await caught(client().request({ method: "GET", path: "/x", signal: AbortSignal.abort() }));
    expect((e as DOMException).name).toBe("AbortError");
    expect(server.requests).toHaveLength(0);
  });

  it("times out with a TimeoutError, per request or from the config", async () => {
    server.handle(() => {});
    const start = performance.now();
    const e = (await caught(client().request({ method: "GET", path: "/hang", timeoutMs: 100 }))) as DOMException;
    expect(e.name).toBe("TimeoutError");
    expect(performance.now() - start).toBeGreaterThanOrEqual(95);
    const e2 = (await caught(client({ timeoutMs: 50 }).request({ method: "GET", path: "/hang" }))) as DOMException;
    expect(e2.name).toBe("TimeoutError");
  });

  it("the deadline covers retries: a long Retry-After is cut short", async () => {
    server.handle((_req, res) => json(res, 429, status(429, "TooManyRequests", "no"), { "Retry-After": "30" }));
    const e = (await caught(client().request({ method: "GET", path: "/x", timeoutMs: 150 }))) as DOMException;
    // A TimeoutError (not the 429) means the 30 s wait was cut at the deadline.
    expect(e.name).toBe("TimeoutError");
    expect(server.requests).toHaveLength(1);
  });
});

describe("rate limiting", () => {
  it("qps 20 and burst 2: six requests take at least (6 - 2) / 20 s", async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const c = client({ qps: 20, burst: 2 });
    const start = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => c.request({ method: "GET", path: "/x" })));
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThanOrEqual(195);
    // No request can reach the server before its token is due: the k-th (k > burst) at (k - burst) / qps.
    const arrivals = server.requests.map((r) => r.at - start).sort((a, b) => a - b);
    arrivals.slice(2).forEach((t, i) => expect(t).toBeGreaterThanOrEqual((i + 1) * 50 - 5));
  });

  it("defaults to client-go's 5 qps, burst 10", async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const c = new RestClient({ server: server.url });
    clients.push(c);
    const start = performance.now();
    await Promise.all(Array.from({ length: 11 }, () => c.request({ method: "GET", path: "/x" })));
    expect(performance.now() - start).toBeGreaterThanOrEqual(190);
  });
});

describe("protobuf codec", () => {
  // A stand-in codec: JSON bytes behind the "k8s\0" magic, enough to see the plumbing.
  const codec: ProtobufObjectCodec = {
    encode: (obj) => Buffer.concat([Buffer.from("k8s\0"), Buffer.from(JSON.stringify(obj))]),
    decode: (bytes) => JSON.parse(Buffer.from(bytes).subarray(4).toString()),
  };

  it("sends and decodes protobuf bodies through the codec", async () => {
    server.handle((req, res, body) => {
      const obj = codec.decode(body) as Record<string, unknown>;
      res
        .writeHead(201, { "Content-Type": "application/vnd.kubernetes.protobuf" })
        .end(codec.encode({ ...obj, seen: req.headers["content-type"] }));
    });
    const c = client({ contentType: "application/vnd.kubernetes.protobuf", protobufCodec: codec });
    expect(await c.request({ method: "POST", path: "/api/v1/namespaces", body: { kind: "Namespace" } })).toEqual({
      kind: "Namespace",
      seen: "application/vnd.kubernetes.protobuf",
    });
    expect(server.requests[0]!.headers["accept"]).toBe("application/vnd.kubernetes.protobuf, application/json");
  });

  it("decodes a protobuf Status into a StatusError", async () => {
    server.handle((_req, res) =>
      res.writeHead(404, { "Content-Type": "application/vnd.kubernetes.protobuf" }).end(codec.encode(status(404, "NotFound", "gone"))),
    );
    const e = await caught(
      client({ contentType: "application/vnd.kubernetes.protobuf", protobufCodec: codec }).request({ method: "GET", path: "/x" }),
    );
    expect(isNotFound(e)).toBe(true);
  });
});

describe("TLS", () => {
  let pki: Pki;
  let tlsServer: TestServer;

  beforeAll(async () => {
    pki = makePki();
    tlsServer = await startServer({ key: pki.serverKey, cert: pki.serverCert, ca: pki.ca, requestCert: true, rejectUnauthorized: false });
    tlsServer.handle((req, res) => {
      const peer = (req.socket as import("node:tls").TLSSocket).getPeerCertificate();
      json(res, 200, { user: peer?.subject?.CN ?? null, authorized: (req.socket as import("node:tls").TLSSocket).authorized });
    });
  });

  afterAll(async () => {
    await tlsServer.close();
    fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  it("verifies the server with the CA and presents the client certificate", async () => {
    const c = new RestClient({
      server: tlsServer.url,
      caData: pki.ca,
      certData: pki.clientCert,
      keyData: new Uint8Array(pki.clientKey),
      qps: -1,
    });
    clients.push(c);
    expect(await c.request({ method: "GET", path: "/" })).toEqual({ user: "admin", authorized: true });
  });

  it("accepts PEM strings and skips verification when told to", async () => {
    const c = new RestClient({ server: tlsServer.url, caData: pki.ca.toString("utf8"), qps: -1 });
    const insecure = new RestClient({ server: tlsServer.url, insecureSkipTLSVerify: true, qps: -1 });
    clients.push(c, insecure);
    expect(await c.request({ method: "GET", path: "/" })).toEqual({ user: null, authorized: false });
    expect(await insecure.request({ method: "GET", path: "/" })).toMatchObject({ user: null });
  });

  it("rejects a server it cannot verify", async () => {
    const c = new RestClient({ server: tlsServer.url, qps: -1, maxRetries: 0 });
    clients.push(c);
    const e = await caught(c.request({ method: "GET", path: "/" }));
    expect(e).toBeInstanceOf(TransportError);
    expect((e as TransportError).code).toMatch(/CERT|SIGNATURE|ISSUER/);
  });
});
