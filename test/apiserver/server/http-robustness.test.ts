/**
 * HTTP-level robustness: requests the HTTP parser rejects get an answer (status line and body,
 * as Go's net/http and kube-apiserver give), large headers and URLs are served up to upstream's
 * 1 MiB, and a client that never finishes its headers is answered 408 and cut.
 */
import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientErrorResponse } from "../../../apiserver/server/client-error.js";
import { startTestServer, type TestServer } from "./harness.js";

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes on a fresh TLS connection and reads everything the server says until it closes. */
function rawExchange(port: number, ca: string, request: string | Buffer, options: { keepOpen?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port, ca, servername: "localhost" }, () => {
      socket.write(request);
      if (!options.keepOpen) socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    // The server may reset after answering while the client still writes: what arrived counts.
    socket.on("error", (err) => {
      if (chunks.length === 0) reject(err);
    });
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        return;
      }
      const [statusLine, ...lines] = text.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const colon = l.indexOf(":");
        headers[l.slice(0, colon).toLowerCase()] = l.slice(colon + 1).trim();
      }
      resolve({ statusLine: statusLine!, headers, body: text.slice(split + 4) });
    });
  });
}

let ts: TestServer;
let ca: string;
const send = (request: string | Buffer, options?: { keepOpen?: boolean }): Promise<RawAnswer> =>
  rawExchange(ts.server.port, ca, request, options);

const logs: string[] = [];

beforeAll(async () => {
  ts = await startTestServer({ log: (line) => logs.push(line) });
  ca = ts.certs.ca.cert;
});
afterAll(async () => {
  await ts.close();
});

describe("malformed requests get an HTTP answer, not a dropped connection", () => {
  const cases: { name: string; request: string; status: string; body: string | RegExp }[] = [
    { name: "a request line that is not HTTP", request: "GARBAGE\r\n\r\n", status: "HTTP/1.1 400 Bad Request", body: "400 Bad Request" },
    {
      name: "a request line without a version",
      request: "GET /api HTTP/\r\nHost: x\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a header line without a colon",
      request: "GET /api HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "bad chunking",
      request:
        "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "Content-Length with Transfer-Encoding",
      request:
        "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a negative Content-Length",
      request: "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a non-numeric Content-Length",
      request: "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a request line without a version (HTTP/0.9)",
      request: "GET /api\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "an unsupported HTTP version",
      request: "GET /api HTTP/2.0\r\nHost: x\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request: unsupported protocol version",
      body: "400 Bad Request: unsupported protocol version",
    },
    {
      name: "HTTP/1.1 without a Host header",
      request: "GET /api HTTP/1.1\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request: missing required Host header",
      body: "400 Bad Request: missing required Host header",
    },
    {
      name: "a method token followed by garbage",
      request: "FOO /api HTTP/1.1 extra\r\nHost: x\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a Transfer-Encoding Go does not implement",
      request:
        "POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n",
      status: "HTTP/1.1 501 Not Implemented",
      body: "Unsupported transfer encoding",
    },
    {
      name: "a target that is not a path",
      request: "GET api HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a broken escape in the path",
      request: "GET /api/v1/namespaces/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "HTTP/1.1 400 Bad Request",
      body: "400 Bad Request",
    },
    {
      name: "a path of slashes (once a crash of the whole server)",
      request: "GET //// HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      status: "HTTP/1.1 404 Not Found",
      body: /"reason":"NotFound"/,
    },
    {
      name: "a method Node knows but no route takes",
      request: "PROPFIND /api/v1/namespaces HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      status: "HTTP/1.1 405 Method Not Allowed",
      body: /"message":"the server does not allow this method on the requested resource"/,
    },
    {
      name: "CONNECT",
      request: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
      status: "HTTP/1.1 405 Method Not Allowed",
      body: /"reason":"MethodNotAllowed"/,
    },
    {
      name: "an unknown method",
      request: "FOO /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\n\r\n",
      status: "HTTP/1.1 405 Method Not Allowed",
      body: /"reason":"MethodNotAllowed".*"code":405/,
    },
  ];
  for (const c of cases) {
    it(`answers ${c.name} with ${c.status.slice(9)}`, async () => {
      const answer = await send(c.request);
      expect(answer.statusLine).toBe(c.status);
      expect(answer.headers.connection).toBe("close");
      if (typeof c.body === "string") expect(answer.body).toBe(c.body);
      else expect(answer.body).toMatch(c.body);
      expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
    });
  }

  it("answers bad chunking that arrives while the handler reads the body", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: "127.0.0.1", port: ts.server.port, ca, servername: "localhost" }, () => {
        socket.write(
          'POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{"\r\n',
        );
        // The handler has the request and waits for more of the body when the bad chunk comes.
        setTimeout(() => socket.write("zz\r\n"), 100);
      });
      let text = "";
      socket.on("data", (c: Buffer) => (text += c.toString()));
      socket.on("error", reject);
      socket.on("close", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[^]*\r\n\r\n400 Bad Request$/);
    // The server goes on serving, and does not log the cut-off body as a bug.
    expect((await ts.request("GET", "/healthz")).text).toBe("ok");
    expect(logs.filter((l) => l.startsWith("recovered from error"))).toEqual([]);
  });

  it("words the 405 as kube-apiserver's generic MethodNotAllowed Status", async () => {
    const answer = await send("FOO /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(answer.body)).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: "the server does not allow this method on the requested resource",
      reason: "MethodNotAllowed",
      details: {},
      code: 405,
    });
  });

  it("leaves network errors unanswered and maps the parser's codes as Go does", () => {
    expect(clientErrorResponse(Object.assign(new Error("reset"), { code: "ECONNRESET" }))).toBeUndefined();
    expect(clientErrorResponse(Object.assign(new Error("te"), { code: "HPE_INVALID_TRANSFER_ENCODING" }))).toMatch(
      /^HTTP\/1\.1 501 Not Implemented\r\n[^]*\r\n\r\nUnsupported transfer encoding$/,
    );
    expect(clientErrorResponse(Object.assign(new Error("timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }))).toMatch(
      /^HTTP\/1\.1 408 Request Timeout\r\n/,
    );
  });
});

describe("large requests", () => {
  it("serves headers far over Node's 16 KiB default", async () => {
    const res = await ts.request("GET", "/api/v1/namespaces/default/configmaps", { headers: { "X-Large": "a".repeat(200 * 1024) } });
    expect(res.status).toBe(200);
    expect(res.json().kind).toBe("ConfigMapList");
  });

  it("serves a 100 KB URL", async () => {
    const selector = Array.from({ length: 5000 }, (_, i) => `k${i}!=v`).join(",");
    expect(selector.length).toBeGreaterThan(40_000);
    const path = `/api/v1/namespaces/default/configmaps?labelSelector=${encodeURIComponent(selector)}&x=${"y".repeat(60_000)}`;
    expect(path.length).toBeGreaterThan(100_000);
    const res = await ts.request("GET", path);
    expect(res.status).toBe(200);
    expect(res.json().kind).toBe("ConfigMapList");
  });

  it("serves a 100 KB path: a name that long is simply not found", async () => {
    const name = "n".repeat(100_000);
    const res = await ts.request("GET", `/api/v1/namespaces/default/configmaps/${name}`);
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ kind: "Status", reason: "NotFound", code: 404 });
  });

  it("keeps every header of a request with more than Node's default 2,000", async () => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < 2100; i++) headers[`X-H${i}`] = "v";
    // The last header is the one Node's default limit would have dropped.
    headers["Content-Type"] = "text/plain";
    const res = await ts.request("POST", "/api/v1/namespaces/default/configmaps", { body: "{}", headers });
    expect(res.status).toBe(415);
  });

  it("answers headers over 1 MiB with 431 and a body", async () => {
    const request = `GET /api/v1/namespaces HTTP/1.1\r\nHost: x\r\nX-Huge: ${"a".repeat(1100 * 1024)}\r\n\r\n`;
    const answer = await send(request);
    expect(answer.statusLine).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(answer.body).toBe("431 Request Header Fields Too Large");
  });
});

describe("request header timeout", () => {
  it("answers a client that never finishes its headers with 408 and closes the connection", async () => {
    const slow = await startTestServer({ requestHeaderTimeoutMs: 300 });
    try {
      // Headers begun and never ended: the server must give up on its own (the client keeps the connection open).
      const answer = await rawExchange(slow.server.port, ca, "GET /api/v1/namespaces HTTP/1.1\r\nHost: x\r\nX-Slow: a", { keepOpen: true });
      expect(answer.statusLine).toBe("HTTP/1.1 408 Request Timeout");
      expect(answer.body).toBe("408 Request Timeout");
    } finally {
      await slow.close();
    }
  });

  it("answers a connection that sends no request at all with 408 and closes it", async () => {
    const slow = await startTestServer({ requestHeaderTimeoutMs: 300 });
    try {
      const answer = await rawExchange(slow.server.port, ca, "", { keepOpen: true });
      expect(answer.statusLine).toBe("HTTP/1.1 408 Request Timeout");
    } finally {
      await slow.close();
    }
  });

  it("closes a connection that never starts its TLS handshake", async () => {
    const slow = await startTestServer({ requestHeaderTimeoutMs: 300 });
    try {
      const closedBy = await new Promise<string>((resolve) => {
        const socket = net.connect(slow.server.port, "127.0.0.1");
        const guard = setTimeout(() => {
          socket.destroy();
          resolve("client timeout");
        }, 10_000);
        socket.on("error", () => undefined);
        socket.on("close", () => {
          clearTimeout(guard);
          resolve("server");
        });
      });
      expect(closedBy).toBe("server");
    } finally {
      await slow.close();
    }
  });

  it("does not cut a long request whose headers came in time (a watch outlives the header timeout)", async () => {
    const slow = await startTestServer({ requestHeaderTimeoutMs: 200 });
    try {
      const watch = await slow.stream("/api/v1/namespaces?watch=true");
      expect(watch.status).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      const created = await slow.request("POST", "/api/v1/namespaces", {
        body: JSON.stringify({ metadata: { name: "late" } }),
        headers: { "Content-Type": "application/json" },
      });
      expect(created.status).toBe(201);
      let seen = "";
      for await (const chunk of watch.chunks) {
        seen += chunk.toString();
        if (seen.includes('"late"')) break;
      }
      expect(seen).toContain('"type":"ADDED"');
      watch.close();
    } finally {
      await slow.close();
    }
  });

  it("still serves a request whose headers arrive in time", async () => {
    const res = await ts.request("GET", "/api/v1/namespaces");
    expect(res.status).toBe(200);
  });
});

describe("Content-Type on body-carrying requests", () => {
  const MESSAGE =
    "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf";
  const base = "/api/v1/namespaces/robust/configmaps";
  const json = { "Content-Type": "application/json" };
  const expect415 = (res: { status: number; json(): Record<string, unknown> }, message: string | RegExp = MESSAGE): void => {
    expect(res.status).toBe(415);
    const body = res.json();
    expect(body).toMatchObject({ kind: "Status", status: "Failure", reason: "UnsupportedMediaType", code: 415 });
    if (typeof message === "string") expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  };

  beforeAll(async () => {
    expect(
      (await ts.request("POST", "/api/v1/namespaces", { body: JSON.stringify({ metadata: { name: "robust" } }), headers: json })).status,
    ).toBe(201);
    expect(
      (await ts.request("POST", base, { body: JSON.stringify({ metadata: { name: "kept" }, data: { a: "1" } }), headers: json })).status,
    ).toBe(201);
  });

  const stored = async (): Promise<{ names: string[]; data: unknown }> => {
    const list = (await ts.request("GET", base)).json<{ items: { metadata: { name: string } }[] }>();
    const kept = (await ts.request("GET", `${base}/kept`)).json<{ data: unknown }>();
    return { names: list.items.map((i) => i.metadata.name), data: kept.data };
  };

  for (const contentType of [";;;/==", "application/json;;", "application/json/extra", "application/json; charset", "text/plain"]) {
    it(`refuses ${JSON.stringify(contentType)} on create, update and delete with 415 and stores nothing`, async () => {
      const headers = { "Content-Type": contentType };
      expect415(await ts.request("POST", base, { body: JSON.stringify({ metadata: { name: "new" } }), headers }));
      expect415(
        await ts.request("PUT", `${base}/kept`, { body: JSON.stringify({ metadata: { name: "kept" }, data: { a: "2" } }), headers }),
      );
      expect415(await ts.request("DELETE", `${base}/kept`, { body: JSON.stringify({ kind: "DeleteOptions", apiVersion: "v1" }), headers }));
      expect(await stored()).toEqual({ names: ["kept"], data: { a: "1" } });
    });
  }

  it("refuses a malformed patch type with 415 naming the patch types", async () => {
    for (const contentType of [";;;/==", "application/json", "application/merge-patch+json/x"]) {
      expect415(
        await ts.request("PATCH", `${base}/kept`, { body: JSON.stringify({ data: { a: "3" } }), headers: { "Content-Type": contentType } }),
        /^the body of the request was in an unknown format - accepted media types include: .*application\/merge-patch\+json/,
      );
    }
    expect(await stored()).toEqual({ names: ["kept"], data: { a: "1" } });
  });
});
