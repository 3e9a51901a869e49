/**
 * Request bodies over HTTPS: read whole however they are sent (one piece, many chunks, chunked
 * transfer encoding), and refused with a 413 Status past the size limit, whether the client
 * declared the length or not; decoded by Content-Type and checked against the endpoint's kind
 * the same way on every request.
 */
import https from "node:https";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../server/harness.js";

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A POST whose body goes out in `pieces` with chunked transfer encoding (no Content-Length), or with `length` declared. */
function postChunked(
  server: TestServer,
  path: string,
  pieces: string[],
  length?: number,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        port: server.server.port,
        method: "POST",
        path,
        headers:
          length === undefined
            ? { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }
            : { "Content-Type": "application/json", "Content-Length": String(length) },
        ca: server.certs.ca.cert,
        cert: server.certs.admin.cert,
        key: server.certs.admin.key,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }));
      },
    );
    req.on("error", reject);
    // Each piece its own write, a tick apart, so the server sees several chunks.
    void (async () => {
      for (const p of pieces) {
        req.write(p);
        await new Promise((r) => setTimeout(r, 5));
      }
      req.end();
    })();
  });
}

describe("request bodies", () => {
  it("reads a body sent in many chunks, without a declared length", async () => {
    t = await startTestServer();
    const body = JSON.stringify({ metadata: { name: "chunky" }, data: { k: "x".repeat(5000) } });
    const pieces = [body.slice(0, 10), body.slice(10, 3000), body.slice(3000)];
    const res = await postChunked(t, "/api/v1/namespaces/default/configmaps", pieces);
    expect(res.status).toBe(201);
    expect((res.json.data as Record<string, string>).k).toBe("x".repeat(5000));
  });

  it("reads a body of declared length whose bytes come after the headers, in pieces", async () => {
    t = await startTestServer();
    // The first piece goes with the headers; the rest a tick or more later (the server looks
    // for the body a microtask after the headers, then waits for the rest).
    const body = JSON.stringify({ metadata: { name: "late" }, data: { k: "y".repeat(5000) } });
    const pieces = [body.slice(0, 10), body.slice(10, 3000), body.slice(3000)];
    const res = await postChunked(t, "/api/v1/namespaces/default/configmaps", pieces, Buffer.byteLength(body));
    expect(res.status).toBe(201);
    expect((res.json.data as Record<string, string>).k).toBe("y".repeat(5000));
    // And one sent whole with its headers, read at once.
    const whole = JSON.stringify({ metadata: { name: "whole" }, data: { k: "z" } });
    const again = await postChunked(t, "/api/v1/namespaces/default/configmaps", [whole], Buffer.byteLength(whole));
    expect(again.status).toBe(201);
    expect(again.json.data).toEqual({ k: "z" });
  });

  it("answers 413 past the limit: on the declared length, and while reading a chunked body", async () => {
    t = await startTestServer({ maxRequestBodyBytes: 1000 });
    const big = JSON.stringify({ metadata: { name: "big" }, data: { k: "x".repeat(2000) } });
    const declared = await t.request("POST", "/api/v1/namespaces/default/configmaps", {
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(declared.status).toBe(413);
    expect(declared.json()).toMatchObject({ kind: "Status", status: "Failure", reason: "RequestEntityTooLarge", code: 413 });
    const streamed = await postChunked(t, "/api/v1/namespaces/default/configmaps", [big.slice(0, 600), big.slice(600)]);
    expect(streamed.status).toBe(413);
    expect(streamed.json).toMatchObject({ kind: "Status", reason: "RequestEntityTooLarge", code: 413 });
    // Under the limit still works on the same server.
    const small = await t.request("POST", "/api/v1/namespaces/default/configmaps", {
      body: JSON.stringify({ metadata: { name: "small" } }),
      headers: { "Content-Type": "application/json" },
    });
    expect(small.status).toBe(201);
  });

  it("forgets a body whose client went away before its end, and reads the next ones", async () => {
    t = await startTestServer();
    const server = t;
    // Half a body, then the connection is destroyed: the server's read ends without an answer.
    await new Promise<void>((resolve) => {
      const req = https.request({
        host: "127.0.0.1",
        port: server.server.port,
        method: "POST",
        path: "/api/v1/namespaces/default/configmaps",
        headers: { "Content-Type": "application/json", "Content-Length": "5000" },
        ca: server.certs.ca.cert,
        cert: server.certs.admin.cert,
        key: server.certs.admin.key,
        agent: false,
      });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.write('{"metadata":{"name":"gone"},"data":{"k":"');
      setTimeout(() => req.destroy(), 50);
    });
    const body = JSON.stringify({ metadata: { name: "after" }, data: { k: "y".repeat(3000) } });
    const res = await postChunked(t, "/api/v1/namespaces/default/configmaps", [body.slice(0, 100), body.slice(100)]);
    expect(res.status).toBe(201);
    const gone = await t.request("GET", "/api/v1/namespaces/default/configmaps/gone");
    expect(gone.status).toBe(404);
  });

  it("decodes by Content-Type and checks the kind alike on every request, whatever came before", async () => {
    t = await startTestServer();
    const post = (contentType: string, body: object) =>
      t!.request("POST", "/api/v1/namespaces/default/configmaps", { body: JSON.stringify(body), headers: { "Content-Type": contentType } });
    for (let i = 0; i < 2; i++) {
      expect((await post("application/json", { metadata: { name: `ok-${i}` } })).status).toBe(201);
      expect(
        (await post("application/json; charset=utf-8", { apiVersion: "v1", kind: "ConfigMap", metadata: { name: `cs-${i}` } })).status,
      ).toBe(201);
      const unknownType = await post("text/plain", { metadata: { name: "x" } });
      expect(unknownType.status).toBe(415);
      expect(unknownType.json()).toMatchObject({ reason: "UnsupportedMediaType" });
      const otherVersion = await post("application/json", { apiVersion: "v9", kind: "ConfigMap", metadata: { name: "x" } });
      expect(otherVersion.status).toBe(400);
      expect(otherVersion.json().message).toBe(
        'ConfigMap in version "v9" cannot be handled as a ConfigMap: no kind "ConfigMap" is registered for version "v9" in scheme "kubegen"',
      );
      const otherKind = await post("application/json", { apiVersion: "v1", kind: "Secret", metadata: { name: "x" } });
      expect(otherKind.json().message).toBe(
        'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion',
      );
    }
  });

  it("puts kind and apiVersion first and keeps the other keys as sent, a __proto__ key as a field of its own", async () => {
    t = await startTestServer();
    const body = '{"data":{"a":"b"},"__proto__":{"polluted":"yes"},"metadata":{"name":"proto"},"apiVersion":"v1"}';
    const post = (query: string) =>
      t!.request("POST", `/api/v1/namespaces/default/configmaps${query}`, { body, headers: { "Content-Type": "application/json" } });
    const strict = await post("?fieldValidation=Strict");
    expect(strict.status).toBe(400);
    expect(strict.json().message).toBe('strict decoding error: unknown field "__proto__"');
    const created = await post("");
    expect(created.status).toBe(201);
    expect(created.headers["warning"]).toContain('unknown field \\"__proto__\\"');
    const obj = created.json();
    expect(Object.keys(obj)).toEqual(["kind", "apiVersion", "data", "metadata"]);
    expect(obj.data).toEqual({ a: "b" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
