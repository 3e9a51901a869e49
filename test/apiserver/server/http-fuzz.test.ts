/**
 * Random requests on a raw TLS socket, from plausible to mangled (method, target, version,
 * framing headers, Content-Type, body): every one gets an HTTP answer that is not a 500, and
 * the server keeps serving.
 */
import tls from "node:tls";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

let ts: TestServer;
const logs: string[] = [];

beforeAll(async () => {
  ts = await startTestServer({ log: (line) => logs.push(line) });
  await ts.request("POST", "/api/v1/namespaces", {
    body: JSON.stringify({ metadata: { name: "fuzz" } }),
    headers: { "Content-Type": "application/json" },
  });
});
afterAll(async () => {
  await ts.close();
});

/** The first status line the server sends back for raw bytes (the client half-closes after writing). */
function statusLineFor(request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port: ts.server.port, ca: ts.certs.ca.cert, servername: "localhost" }, () => {
      socket.end(request);
    });
    let text = "";
    socket.on("data", (c: Buffer) => (text += c.toString("latin1")));
    socket.on("error", (err) => {
      if (text === "") reject(err);
    });
    socket.on("close", () => resolve(text.split("\r\n", 1)[0]!));
  });
}

const token = fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,8}$/);
const junk = fc.string({ unit: "binary-ascii", maxLength: 12 });
const method = fc.oneof(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"), token, junk);
const segment = fc.oneof(
  fc.constantFrom(
    "api",
    "apis",
    "v1",
    "namespaces",
    "fuzz",
    "configmaps",
    "cm",
    "status",
    "watch",
    "healthz",
    "openapi",
    "version",
    "",
    "..",
  ),
  fc.stringMatching(/^[a-z0-9%./?&=:;@+$,!*'()~_-]{0,12}$/),
);
const target = fc.oneof(
  fc.array(segment, { maxLength: 7 }).map((s) => `/${s.join("/")}`),
  fc.constantFrom("*", "//", "http://x/api", "api"),
  junk,
);
const version = fc.oneof(fc.constantFrom("HTTP/1.1", "HTTP/1.0"), fc.constantFrom("HTTP/2.0", "HTTP/1", "HTTP/x", "", "http/1.1"));
const contentType = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/yaml",
    "application/vnd.kubernetes.protobuf",
    "application/merge-patch+json",
    "application/json-patch+json",
    "application/strategic-merge-patch+json",
    "application/apply-patch+yaml",
    ";;;/==",
    "text/plain",
  ),
  junk,
);
const body = fc.oneof(fc.constantFrom("", "{}", "[]", '{"metadata":{"name":"x"}}', "null", "a: [b"), junk);
const framing = fc.constantFrom("exact", "none", "negative", "junk", "chunked", "bad-chunked", "both");

function frame(kind: string, payload: string): { headers: string[]; body: string } {
  const len = Buffer.byteLength(payload, "latin1");
  const chunked = `${len.toString(16)}\r\n${payload}\r\n0\r\n\r\n`;
  switch (kind) {
    case "exact":
      return { headers: [`Content-Length: ${len}`], body: payload };
    case "negative":
      return { headers: ["Content-Length: -5"], body: payload };
    case "junk":
      return { headers: ["Content-Length: 1x"], body: payload };
    case "chunked":
      return { headers: ["Transfer-Encoding: chunked"], body: chunked };
    case "bad-chunked":
      return { headers: ["Transfer-Encoding: chunked"], body: `zz\r\n${payload}\r\n0\r\n\r\n` };
    case "both":
      return { headers: [`Content-Length: ${len}`, "Transfer-Encoding: chunked"], body: chunked };
    default:
      return { headers: [], body: "" };
  }
}

describe("random requests", () => {
  it("always get an HTTP answer that is not a 500, and the server goes on", async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(method, target, version, fc.option(contentType), body, framing, async (m, t, v, ct, payload, f) => {
        const { headers, body: sent } = frame(f, payload);
        const head = [
          `${m} ${t} ${v}`.trimEnd(),
          "Host: x",
          "Connection: close",
          ...(ct === null ? [] : [`Content-Type: ${ct}`]),
          ...headers,
        ];
        const request = Buffer.from(`${head.join("\r\n")}\r\n\r\n${sent}`, "latin1");
        const line = await statusLineFor(request);
        expect(line, JSON.stringify(request.toString("latin1"))).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
        seen.add(line.slice(9, 12));
      }),
      { seed: 12, numRuns: 150 },
    );
    // Not vacuous: the runs reached handlers (2xx/4xx) and the parser's refusals alike.
    expect([...seen].filter((s) => s.startsWith("2")).length).toBeGreaterThan(0);
    expect(seen.has("400")).toBe(true);
    expect(seen.has("404")).toBe(true);
    expect((await ts.request("GET", "/healthz")).text).toBe("ok");
    expect(logs.filter((l) => l.startsWith("recovered from error"))).toEqual([]);
  });
});
