/** WatchStream: chunks framed once and written straight to the connection, byte for byte what Node's chunked encoding writes. */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseWriter } from "../../../apiserver/endpoints/response-writer.js";
import { watchFrame, WatchStream } from "../../../apiserver/endpoints/handlers/watch-stream.js";

const EVENTS = ['{"type":"ADDED"}\n', `{"type":"MODIFIED","object":"${"x".repeat(300)}"}\n`, '{"type":"DELETED"}\n', "ü\n"];
const HEAD = { "Content-Type": "application/json", "Transfer-Encoding": "chunked" };

let server: http.Server;
let port: number;
/** Socket writes the last /stream response made after its headers. */
let streamWrites = 0;
/** What the /flood response's wait for its connection came to. */
let flooded: Promise<{ ok: boolean; closed: boolean }> | undefined;

const nextTick = (): Promise<void> => new Promise((r) => process.nextTick(r));

beforeAll(async () => {
  server = http.createServer((req, raw) => {
    const res = new ResponseWriter(raw, []);
    res.writeHead(200, HEAD);
    raw.flushHeaders();
    if (req.url === "/node") {
      // The reference: Node frames each chunk itself.
      for (const e of EVENTS) raw.write(e);
      raw.end();
      return;
    }
    if (req.url === "/slow") {
      setTimeout(() => raw.end("slow\n"), 100);
      return;
    }
    if (req.url === "/flood") {
      // Pushes until the connection holds more than it wants, then waits as the watch handler does.
      const stream = new WatchStream(res);
      const frame = watchFrame("y".repeat(64 * 1024));
      for (let i = 0; i < 1000 && stream.backpressure() === undefined; i++) stream.push(frame);
      flooded = stream.backpressure()?.then((ok) => ({ ok, closed: stream.closed }));
      return;
    }
    void (async () => {
      const stream = new WatchStream(res);
      const socket = raw.socket;
      let writes = 0;
      if (socket) {
        const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
        socket.write = (...args: unknown[]) => (writes++, write(...args));
      }
      // Three events in one tick, then one more.
      for (const e of EVENTS.slice(0, 3)) stream.push(watchFrame(e));
      await nextTick();
      await nextTick();
      stream.push(watchFrame(EVENTS[3]!));
      stream.end();
      streamWrites = writes;
      res.end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sends raw requests on one connection and returns everything the server sent until it closes. */
function exchange(requests: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, "127.0.0.1", () => sock.write(requests));
    const parts: Buffer[] = [];
    sock.on("data", (d: Buffer) => parts.push(d));
    sock.on("end", () => resolve(Buffer.concat(parts).toString("latin1")));
    sock.on("error", reject);
  });
}

const get = (path: string, close = true): string => `GET ${path} HTTP/1.1\r\nHost: x\r\n${close ? "Connection: close\r\n" : ""}\r\n`;
const bodyOf = (response: string): string => response.slice(response.indexOf("\r\n\r\n") + 4);

describe("watchFrame", () => {
  it("frames bytes as one chunk: lower-case hex size, CRLF, the bytes, CRLF", () => {
    const f = watchFrame("x".repeat(300));
    expect(f.chunk.toString("latin1")).toBe(`12c\r\n${"x".repeat(300)}\r\n`);
    expect(f.body.toString()).toBe("x".repeat(300));
    // The size counts bytes, not characters.
    expect(watchFrame("ü\n").chunk).toEqual(Buffer.from("3\r\nü\n\r\n"));
    expect(watchFrame(new Uint8Array([1, 2])).chunk).toEqual(Buffer.from([0x32, 13, 10, 1, 2, 13, 10]));
  });
});

describe("WatchStream", () => {
  it("sends the bytes Node's chunked encoding sends, in one socket write per tick", async () => {
    const reference = bodyOf(await exchange(get("/node")));
    expect(reference).toContain("0\r\n\r\n");
    const ours = bodyOf(await exchange(get("/stream")));
    expect(ours).toBe(reference);
    // The three events of the first tick in one write, the last in another.
    expect(streamWrites).toBe(2);
  });

  it("lets Node frame the chunks of a response queued behind another on a pipelined connection", async () => {
    const out = await exchange(get("/slow", false) + get("/stream"));
    const second = out.slice(out.indexOf("HTTP/1.1", 1));
    expect(out.indexOf("slow\n")).toBeLessThan(out.indexOf("HTTP/1.1", 1));
    expect(bodyOf(second)).toBe(bodyOf(await exchange(get("/node"))));
    // No socket of its own when the handler ran: nothing went past Node.
    expect(streamWrites).toBe(0);
  });

  it("reports a connection that holds more than it wants, and resolves false when the client goes away", async () => {
    const sock = net.connect(port, "127.0.0.1", () => sock.write(get("/flood")));
    sock.pause();
    await expect.poll(() => flooded !== undefined, { timeout: 5000 }).toBe(true);
    sock.destroy();
    expect(await flooded).toEqual({ ok: false, closed: true });
  });
});
