/**
 * Watches: JSON lines and protobuf frames decoded as they arrive, however the chunks cut them;
 * ERROR events; the end of the stream; abort, break and broken connections.
 */
import type http from "node:http";
import fc from "fast-check";
import protobuf from "protobufjs/minimal.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  decodeJsonWatchEvent,
  decodeProtobufWatchEvent,
  errorFromWatchEvent,
  isGoneOrExpired,
  isResourceExpired,
  JsonLineSplitter,
  LengthPrefixedSplitter,
  RestClient,
  StatusError,
  type ProtobufObjectCodec,
  type WatchEvent,
} from "../../../runtime/rest/index.js";
import { json, startServer, status, type TestServer } from "./test-server.js";

let server: TestServer;
let client: RestClient;

beforeEach(async () => {
  server = await startServer();
  client = new RestClient({ server: server.url, qps: -1, retryInitialMs: 10 });
});

afterEach(async () => {
  client.close();
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const line = (type: string, object: unknown) => `${JSON.stringify({ type, object })}\n`;
const ns = (name: string, rv: string) => ({ apiVersion: "v1", kind: "Namespace", metadata: { name, resourceVersion: rv } });

function streamHeaders(res: http.ServerResponse, contentType = "application/json"): void {
  res.writeHead(200, { "Content-Type": contentType, "Transfer-Encoding": "chunked" });
  res.flushHeaders();
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("JSON watch", () => {
  it("decodes events across chunk boundaries and several per chunk, then ends with the stream", async () => {
    const stream =
      line("ADDED", ns("a", "1")) +
      line("MODIFIED", { ...ns("é-ü", "2"), note: "ünïcödé ✓" }) +
      line("BOOKMARK", { kind: "Namespace", metadata: { resourceVersion: "3" } }) +
      line("DELETED", ns("a", "4"));
    const bytes = Buffer.from(stream);
    server.handle(async (_req, res) => {
      streamHeaders(res);
      // Cut through the middle of objects and of multi-byte characters, then send a chunk holding two events.
      const cuts = [7, 60, bytes.indexOf("ü") + 1, bytes.indexOf("✓") + 2, bytes.length];
      let at = 0;
      for (const cut of cuts) {
        res.write(bytes.subarray(at, cut));
        at = cut;
        await sleep(5);
      }
      res.end();
    });
    const events = await collect(
      client.watch<ReturnType<typeof ns>>({ path: "/api/v1/namespaces", query: { resourceVersion: "0", allowWatchBookmarks: true } }),
    );
    expect(events.map((e) => e.type)).toEqual(["ADDED", "MODIFIED", "BOOKMARK", "DELETED"]);
    expect(events[1]!.object).toMatchObject({ metadata: { name: "é-ü" }, note: "ünïcödé ✓" });
    expect(Object.fromEntries(server.requests[0]!.url.searchParams)).toEqual({
      resourceVersion: "0",
      allowWatchBookmarks: "true",
      watch: "1",
    });
  });

  it("yields each event as it arrives, before the stream goes on", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    server.handle(async (_req, res) => {
      streamHeaders(res);
      res.write(line("ADDED", ns("a", "1")));
      await released; // the second event waits until the client has seen the first
      res.end(line("ADDED", ns("b", "2")));
    });
    const seen: string[] = [];
    for await (const ev of client.watch<ReturnType<typeof ns>>({ path: "/w" })) {
      seen.push((ev.object as ReturnType<typeof ns>).metadata.name);
      release();
    }
    expect(seen).toEqual(["a", "b"]);
  });

  it("passes ERROR events through with their Status", async () => {
    server.handle((_req, res) => {
      streamHeaders(res);
      res.end(line("ERROR", status(410, "Expired", "too old resource version: 1 (5)")));
    });
    const [ev] = await collect(client.watch({ path: "/w", query: { resourceVersion: "1" } }));
    expect(ev!.type).toBe("ERROR");
    const err = errorFromWatchEvent(ev!);
    expect(err).toBeInstanceOf(StatusError);
    expect(err.code).toBe(410);
    expect(isResourceExpired(err) && isGoneOrExpired(err)).toBe(true);
    expect(errorFromWatchEvent({ type: "ERROR", object: { kind: "Pod" } }).reason).toBe("InternalError");
  });

  it("ends quietly when the signal aborts, and closes the connection", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((r) => (closed = r));
    server.handle((_req, res) => {
      streamHeaders(res);
      res.write(line("ADDED", ns("a", "1")));
      res.on("close", closed);
    });
    const controller = new AbortController();
    const seen: WatchEvent<unknown>[] = [];
    // Abort once the first event is in (not after a delay, which a loaded machine can outrun).
    for await (const ev of client.watch({ path: "/w", signal: controller.signal })) {
      seen.push(ev);
      controller.abort();
    }
    expect(seen).toHaveLength(1);
    await connectionClosed;
  });

  it("closes the connection when the consumer breaks out", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((r) => (closed = r));
    server.handle((_req, res) => {
      streamHeaders(res);
      res.write(line("ADDED", ns("a", "1")) + line("ADDED", ns("b", "2")));
      res.on("close", closed);
    });
    for await (const ev of client.watch({ path: "/w" })) {
      expect(ev.type).toBe("ADDED");
      break;
    }
    await connectionClosed;
  });

  it("an abort before the response arrives ends quietly too", async () => {
    server.handle(() => {});
    const events = await collect(client.watch({ path: "/w", signal: AbortSignal.timeout(50) }));
    expect(events).toEqual([]);
  });

  it("throws when the connection breaks mid-stream", async () => {
    server.handle(async (req, res) => {
      streamHeaders(res);
      res.write(line("ADDED", ns("a", "1")));
      await sleep(20);
      req.socket.destroy();
    });
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const ev of client.watch({ path: "/w" })) seen.push(ev);
      })(),
    ).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it("throws a StatusError when the watch is refused, after the usual retries", async () => {
    let n = 0;
    server.handle((_req, res) => {
      if (n++ === 0) json(res, 429, status(429, "TooManyRequests", "wait"), { "Retry-After": "0" });
      else json(res, 403, status(403, "Forbidden", 'namespaces is forbidden: User "x" cannot watch'));
    });
    await expect(collect(client.watch({ path: "/w" }))).rejects.toMatchObject({ code: 403, reason: "Forbidden" });
    expect(server.requests).toHaveLength(2);
  });
});

describe("protobuf watch", () => {
  const codec: ProtobufObjectCodec = {
    encode: (obj) => Buffer.concat([Buffer.from("k8s\0"), Buffer.from(JSON.stringify(obj))]),
    decode: (bytes) => JSON.parse(Buffer.from(bytes).subarray(4).toString()),
  };

  /** A metav1.WatchEvent message (no envelope) behind its 4-byte length. */
  function frame(type: string, raw: Uint8Array): Buffer {
    const w = protobuf.Writer.create();
    w.uint32((1 << 3) | 2).string(type);
    w.uint32((2 << 3) | 2)
      .fork()
      .uint32((1 << 3) | 2)
      .bytes(raw)
      .ldelim();
    const msg = Buffer.from(w.finish());
    const len = Buffer.alloc(4);
    len.writeUInt32BE(msg.length);
    return Buffer.concat([len, msg]);
  }

  it("decodes length-prefixed frames split anywhere, through the codec", async () => {
    const bytes = Buffer.concat([
      frame("ADDED", codec.encode(ns("a", "1"))),
      frame("MODIFIED", codec.encode(ns("a", "2"))),
      frame("DELETED", Buffer.from(JSON.stringify(ns("a", "3")))), // an object embedded as JSON
    ]);
    server.handle(async (_req, res) => {
      streamHeaders(res, "application/vnd.kubernetes.protobuf;stream=watch");
      // Cut inside the first length prefix, inside a message, and one byte before the end.
      let at = 0;
      for (const cut of [2, 3, 30, bytes.length - 1, bytes.length]) {
        res.write(bytes.subarray(at, cut));
        at = cut;
        await sleep(5);
      }
      res.end();
    });
    const c = new RestClient({ server: server.url, qps: -1, contentType: "application/vnd.kubernetes.protobuf", protobufCodec: codec });
    try {
      const events = await collect(c.watch<ReturnType<typeof ns>>({ path: "/api/v1/namespaces" }));
      expect(events.map((e) => [e.type, (e.object as ReturnType<typeof ns>).metadata.resourceVersion])).toEqual([
        ["ADDED", "1"],
        ["MODIFIED", "2"],
        ["DELETED", "3"],
      ]);
      expect(server.requests[0]!.headers["accept"]).toBe("application/vnd.kubernetes.protobuf, application/json");
    } finally {
      c.close();
    }
  });

  it("rejects a stream that ends inside a frame, and unknown event types", () => {
    const s = new LengthPrefixedSplitter();
    expect(s.push(frame("ADDED", codec.encode({})).subarray(0, 6))).toEqual([]);
    expect(() => s.end()).toThrow(/watch stream ended inside a frame of \d+ bytes with only 2 received/);
    const f = frame("SOMETHING", codec.encode({}));
    expect(() => decodeProtobufWatchEvent(f.subarray(4), codec)).toThrow(/unknown watch event type "SOMETHING"/);
    expect(() => decodeProtobufWatchEvent(frame("ADDED", codec.encode({})).subarray(4), undefined)).toThrow(/no protobufCodec/);
  });
});

describe("splitters", () => {
  const events = fc.array(
    fc.record({
      type: fc.constantFrom("ADDED", "MODIFIED", "DELETED", "BOOKMARK"),
      object: fc.dictionary(fc.string(), fc.string({ unit: "grapheme" })),
    }),
    { maxLength: 8 },
  );

  /** Cuts `bytes` into pieces at the given (sorted, deduplicated) offsets. */
  function cut(bytes: Buffer, offsets: number[]): Buffer[] {
    const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
    const out: Buffer[] = [];
    let at = 0;
    for (const p of [...points, bytes.length]) {
      out.push(bytes.subarray(at, p));
      at = p;
    }
    return out;
  }

  it("JSON lines come out whole however the stream is cut", () => {
    fc.assert(
      fc.property(events, fc.array(fc.nat(), { maxLength: 10 }), (evs, offsets) => {
        const bytes = Buffer.from(evs.map((e) => `${JSON.stringify(e)}\n`).join(""));
        const s = new JsonLineSplitter();
        const frames = [...cut(bytes, offsets).flatMap((c) => s.push(c)), ...s.end()];
        expect(frames.map((f) => decodeJsonWatchEvent(f))).toEqual(evs);
      }),
    );
  });

  it("a last event without a newline still comes out; blank lines are skipped", () => {
    const s = new JsonLineSplitter();
    expect(s.push(Buffer.from(`\n  \r\n${JSON.stringify({ type: "ADDED", object: {} })}`))).toEqual([]);
    expect(s.end().map((f) => decodeJsonWatchEvent(f))).toEqual([{ type: "ADDED", object: {} }]);
  });

  it("protobuf frames come out whole however the stream is cut", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 10 }), (msgs, offsets) => {
        const bytes = Buffer.concat(
          msgs.map((m) => {
            const len = Buffer.alloc(4);
            len.writeUInt32BE(m.length);
            return Buffer.concat([len, m]);
          }),
        );
        const s = new LengthPrefixedSplitter();
        const frames = [...cut(bytes, offsets).flatMap((c) => s.push(c)), ...s.end()];
        expect(frames.map((f) => Buffer.from(f))).toEqual(msgs.map((m) => Buffer.from(m)));
      }),
    );
  });
});
