/**
 * The etcd client's own HTTP/2 connection (apiserver/storage/etcd/h2-session.ts) against
 * node:http2's server speaking h2c: responses with trailers, bodies larger than the peer's
 * windows both ways, padded frames, header blocks split into CONTINUATION frames, trailers-only
 * answers, RST_STREAM, GOAWAY, cancellation, a streaming call, a frame split across reads and a refused connection. The etcd tests cover it
 * against etcd itself.
 */
import http2 from "node:http2";
import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { H2Session, H2Error, type H2Response } from "../../../apiserver/storage/etcd/h2-session.js";

type Handler = (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders, body: Buffer) => void;

const servers: http2.Http2Server[] = [];
/** Server sessions, destroyed after each test: one that sent GOAWAY stops reading, so never sees our close. */
const serverSessions: http2.ServerHttp2Session[] = [];
const sessions: H2Session[] = [];

async function serve(handler: Handler, options: http2.ServerOptions = {}): Promise<{ url: URL; server: http2.Http2Server }> {
  const server = http2.createServer(options);
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => handler(stream, headers, Buffer.concat(chunks)));
    stream.on("error", () => undefined);
  });
  await listen(server);
  const { port } = server.address() as net.AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}`), server };
}

async function listen(server: http2.Http2Server): Promise<void> {
  server.on("session", (ss) => serverSessions.push(ss));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
}

function session(url: URL, window = 16 * 1024 * 1024): H2Session {
  const s = new H2Session(url, window, () => undefined);
  sessions.push(s);
  return s;
}

/** Echoes the request as gRPC would answer: headers, the body back, then trailers. */
const echo: Handler = (stream, headers, body) => {
  stream.respond(
    { ":status": 200, "content-type": "application/grpc", "x-path": String(headers[":path"]), "x-te": String(headers["te"]) },
    { waitForTrailers: true },
  );
  stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "grpc-message": "fine" }));
  stream.end(body);
};

afterEach(async () => {
  for (const s of sessions.splice(0)) s.close();
  for (const ss of serverSessions.splice(0)) ss.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

describe("H2Session", () => {
  it("sends gRPC's request headers and reads the body, headers and trailers of many concurrent calls", async () => {
    const { url } = await serve(echo);
    const s = session(url);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => s.request(`/svc/M${i}`, Buffer.from(`body-${i}`)).response));
    results.forEach((r, i) => {
      expect(r.headers.get(":status")).toBe("200");
      expect(r.headers.get("x-path")).toBe(`/svc/M${i}`);
      expect(r.headers.get("x-te")).toBe("trailers");
      expect(r.headers.get("grpc-status")).toBe("0");
      expect(r.headers.get("grpc-message")).toBe("fine");
      expect(r.body.toString()).toBe(`body-${i}`);
    });
    expect(s.active).toBe(0);
  });

  it("writes the calls started in one loop turn, across ticks and callbacks, in one socket write; flush() writes at once", async () => {
    const { url } = await serve(echo);
    const s = session(url);
    await s.request("/warm/up", Buffer.from("x")).response; // connected, SETTINGS exchanged
    const write = vi.spyOn(net.Socket.prototype, "write");
    const ours = (): number => write.mock.contexts.filter((c) => (c as net.Socket).remotePort === Number(url.port)).length;
    try {
      // Two callbacks of one loop phase, each starting calls in later ticks too: as requests on
      // several client connections, read in one poll, start theirs. Two immediates queued together
      // always run in the same check phase (two 1 ms timers did not when the clock's millisecond
      // turned between them). The count is read in the next turn's check phase, after the session's
      // flush, which the first call queued before it.
      const started: Promise<H2Response>[] = [];
      const writesBeforeTurnEnds = await new Promise<number>((resolve) => {
        const start = (name: string): void => {
          started.push(s.request(`/turn/${name}`, Buffer.from(name)).response);
          process.nextTick(() => started.push(s.request(`/turn/${name}-tick`, Buffer.from(name)).response));
        };
        setImmediate(() => start("a"));
        setImmediate(() => {
          start("b");
          void Promise.resolve().then(() => setImmediate(() => resolve(ours())));
        });
      });
      expect(writesBeforeTurnEnds).toBe(1);
      const answers = await Promise.all(started);
      expect(answers.map((r) => r.body.toString()).sort()).toEqual(["a", "a", "b", "b"]);

      const before = ours();
      const late = s.request("/now", Buffer.from("now")).response;
      s.flush();
      expect(ours()).toBe(before + 1);
      expect((await late).body.toString()).toBe("now");
    } finally {
      write.mockRestore();
    }
  });

  it("whenSent calls back once the frames queued before it are written, at once when none wait, and when the connection ends", async () => {
    const { url } = await serve(echo);
    const s = session(url);
    await s.request("/warm/up", Buffer.from("x")).response;
    const write = vi.spyOn(net.Socket.prototype, "write");
    const ours = (): number => write.mock.contexts.filter((c) => (c as net.Socket).remotePort === Number(url.port)).length;
    try {
      let nothingQueued = false;
      s.whenSent(() => (nothingQueued = true));
      expect(nothingQueued).toBe(true);
      const call = s.request("/queued", Buffer.from("q")).response;
      const writesAtCallback: number[] = [];
      s.whenSent(() => writesAtCallback.push(ours()));
      expect(writesAtCallback).toEqual([]); // queued, not written yet
      await new Promise((r) => setImmediate(r));
      expect(writesAtCallback).toEqual([1]); // called after the one write that carried the call
      await call;
      // A call queued on a session that then fails: its waiter is not left behind.
      s.request("/doomed", Buffer.from("d")).response.catch(() => undefined);
      let ended = false;
      s.whenSent(() => (ended = true));
      s.close();
      expect(ended).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  it("keeps to the peer's windows when sending and opens its own as it reads: 3 MiB each way", async () => {
    // The server's default windows are 64 KiB: most of the request waits for WINDOW_UPDATEs.
    const { url } = await serve(echo);
    const body = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = i % 251;
    // A small receive window of our own: the answer needs many updates from us.
    const s = session(url, 100_000);
    const [a, b] = await Promise.all([s.request("/big/a", body).response, s.request("/big/b", body.subarray(7)).response]);
    expect(a.body.equals(body)).toBe(true);
    expect(b.body.equals(body.subarray(7))).toBe(true);
  });

  it("reads padded frames and header blocks continued over CONTINUATION frames", async () => {
    const long = "v".repeat(40_000);
    const { url } = await serve(
      (stream, _h, body) => {
        stream.respond({ ":status": 200, "x-long": long }, { waitForTrailers: true });
        stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "x-long-trailer": long }));
        stream.end(body);
      },
      { paddingStrategy: http2.constants.PADDING_STRATEGY_MAX, settings: { maxHeaderListSize: 1 << 20 } },
    );
    const r = await session(url).request("/pad", Buffer.from("padded body")).response;
    expect(r.body.toString()).toBe("padded body");
    expect(r.headers.get("x-long")).toBe(long);
    expect(r.headers.get("x-long-trailer")).toBe(long);
  });

  it("answers a trailers-only response (grpc-status in the only header block)", async () => {
    const { url } = await serve((stream) => {
      stream.respond(
        { ":status": 200, "content-type": "application/grpc", "grpc-status": "5", "grpc-message": "not%20found" },
        { endStream: true },
      );
    });
    const r: H2Response = await session(url).request("/err", Buffer.alloc(0)).response;
    expect(r.headers.get("grpc-status")).toBe("5");
    expect(r.headers.get("grpc-message")).toBe("not%20found");
    expect(r.body.length).toBe(0);
  });

  it("fails a stream the peer resets, and only that one", async () => {
    const { url } = await serve((stream, headers, body) => {
      if (headers[":path"] === "/reset") stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
      else echo(stream, headers, body);
    });
    const s = session(url);
    const reset = s.request("/reset", Buffer.from("x")).response;
    const ok = s.request("/ok", Buffer.from("y")).response;
    await expect(reset).rejects.toMatchObject({ name: "H2Error", code: http2.constants.NGHTTP2_REFUSED_STREAM });
    expect((await ok).body.toString()).toBe("y");
    expect(s.usable).toBe(true);
  });

  it("on GOAWAY finishes the streams the peer took, fails the others and takes no new calls", async () => {
    let first: http2.ServerHttp2Stream | undefined;
    const { url } = await serve((stream, headers, body) => {
      if (headers[":path"] === "/first") {
        first = stream;
        // Tell the client to go away, naming this stream as the last one processed.
        stream.session!.goaway(http2.constants.NGHTTP2_NO_ERROR, stream.id);
        setTimeout(() => echo(stream, headers, body), 50);
      }
    });
    const s = session(url);
    const a = s.request("/first", Buffer.from("kept")).response;
    // Sent after /first: a higher stream id than GOAWAY's last one.
    await new Promise((r) => setTimeout(r, 20));
    const b = expect(s.request("/second", Buffer.from("dropped")).response).rejects.toBeInstanceOf(H2Error);
    expect((await a).body.toString()).toBe("kept");
    await b;
    expect(first).toBeDefined();
    expect(s.usable).toBe(false);
    await expect(s.request("/third", Buffer.alloc(0)).response).rejects.toThrow(/going away|closed/);
  });

  it("cancels a call with RST_STREAM: the server sees the stream aborted, the session goes on", async () => {
    let aborted!: () => void;
    const sawAbort = new Promise<void>((r) => (aborted = r));
    const server = http2.createServer();
    server.on("stream", (stream, headers) => {
      if (headers[":path"] === "/slow") {
        stream.on("aborted", () => aborted());
        stream.on("close", () => aborted());
        stream.on("error", () => undefined);
        return; // never answers
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => echo(stream, headers, Buffer.concat(chunks)));
    });
    await listen(server);
    const s = session(new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
    const slow = s.request("/slow", Buffer.from("wait"));
    slow.response.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 30));
    slow.cancel();
    await sawAbort;
    expect(s.active).toBe(0);
    expect((await s.request("/after", Buffer.from("still here")).response).body.toString()).toBe("still here");
  });

  it("cancels with a reason: the call rejects with it, whether its stream is open or still waits for a slot", async () => {
    const server = http2.createServer({ settings: { maxConcurrentStreams: 1 } });
    server.on("stream", (stream, headers) => {
      stream.on("error", () => undefined);
      if (headers[":path"] === "/slow") return; // never answers
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => echo(stream, headers, Buffer.concat(chunks)));
    });
    await listen(server);
    const s = session(new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
    await s.request("/warm/up", Buffer.from("x")).response; // the peer's SETTINGS are in
    const open = s.request("/slow", Buffer.from("wait"));
    const queued = s.request("/slow", Buffer.from("queued"));
    expect(s.active).toBe(2);
    queued.cancel(new Error("queued deadline"));
    await expect(queued.response).rejects.toThrow("queued deadline");
    open.cancel(new Error("open deadline"));
    await expect(open.response).rejects.toThrow("open deadline");
    open.cancel(new Error("again")); // a second cancel changes nothing
    expect(s.active).toBe(0);
    expect((await s.request("/after", Buffer.from("still here")).response).body.toString()).toBe("still here");
  });

  it("streams both ways on a long-lived call beside unary ones: writes go out as sent, DATA comes as sent, trailers end it, cancel resets it", async () => {
    let aborted!: () => void;
    const sawAbort = new Promise<void>((r) => (aborted = r));
    const server = http2.createServer();
    server.on("stream", (stream, headers) => {
      stream.on("error", () => undefined);
      if (headers[":path"] === "/stream") {
        stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
        stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
        // Each piece the client writes comes back as its own DATA frame; "bye" ends the call.
        stream.on("data", (c: Buffer) => {
          stream.write(`got:${c.toString()}`);
          if (c.toString() === "bye") stream.end();
        });
        return;
      }
      if (headers[":path"] === "/idle") {
        stream.respond({ ":status": 200 });
        stream.on("close", () => aborted());
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => echo(stream, headers, Buffer.concat(chunks)));
    });
    await listen(server);
    const s = session(new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
    const got: string[] = [];
    let more!: () => void;
    const onData = (c: Buffer): void => {
      got.push(c.toString());
      more();
    };
    const next = (): Promise<void> => new Promise((r) => (more = r));
    let arrived = next();
    const st = s.stream("/stream", Buffer.from("hello"), onData);
    await arrived;
    expect(got).toEqual(["got:hello"]);
    // A unary call on the same connection meanwhile.
    expect((await s.request("/unary", Buffer.from("beside")).response).body.toString()).toBe("beside");
    arrived = next();
    st.write(Buffer.from("more"));
    await arrived;
    expect(got).toEqual(["got:hello", "got:more"]);
    expect(s.active).toBe(1);
    st.write(Buffer.from("bye"));
    const end = await st.response;
    expect(end.headers.get(":status")).toBe("200");
    expect(end.headers.get("grpc-status")).toBe("0");
    expect(end.body.length).toBe(0);
    expect(got).toEqual(["got:hello", "got:more", "got:bye"]);
    expect(s.active).toBe(0);

    const idle = s.stream("/idle", Buffer.from("x"), () => undefined);
    idle.response.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 30));
    idle.cancel();
    idle.write(Buffer.from("ignored after cancel"));
    await sawAbort;
    expect(s.active).toBe(0);
    expect((await s.request("/after", Buffer.from("still here")).response).body.toString()).toBe("still here");
  });

  it("reads a frame split across socket reads whole, though each read lands in the same reused buffer", async () => {
    // A raw peer, so that the split is where we put it: SETTINGS, the response's HEADERS and half
    // of its DATA in one write; the rest of the DATA and the trailers in a later, longer one
    // (which overwrites where the first half was read, in a session reading into one buffer).
    const frame = (type: number, flags: number, id: number, payload: Buffer): Buffer => {
      const head = Buffer.alloc(9);
      head.writeUIntBE(payload.length, 0, 3);
      head[3] = type;
      head[4] = flags;
      head.writeUInt32BE(id, 5);
      return Buffer.concat([head, payload]);
    };
    const literal = (s: string): Buffer => Buffer.concat([Buffer.from([s.length]), Buffer.from(s)]);
    const body = Buffer.alloc(1000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7) % 256;
    const data = frame(0x0, 0, 1, body);
    const first = Buffer.concat([frame(0x4, 0, 0, Buffer.alloc(0)), frame(0x1, 0x4, 1, Buffer.from([0x88])), data.subarray(0, 400)]);
    const trailers = frame(0x1, 0x5, 1, Buffer.concat([Buffer.from([0x00]), literal("grpc-status"), literal("0")]));
    const rest = Buffer.concat([data.subarray(400), trailers]);
    const raw = net.createServer((socket) => {
      socket.once("data", () => {
        socket.write(first);
        setTimeout(() => socket.write(rest), 30);
      });
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = raw.address() as net.AddressInfo;
      const r = await session(new URL(`http://127.0.0.1:${port}`)).request("/split", Buffer.from("x")).response;
      expect(rest.length).toBeGreaterThan(first.length);
      expect(r.headers.get(":status")).toBe("200");
      expect(r.headers.get("grpc-status")).toBe("0");
      expect(r.body.equals(body)).toBe(true);
    } finally {
      for (const s of sessions.splice(0)) s.close();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it("fails calls when the connection is refused, and says why once", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const closes: Error[] = [];
    const s = new H2Session(new URL(`http://127.0.0.1:${port}`), 65_535, (err) => closes.push(err));
    sessions.push(s);
    await expect(s.request("/x", Buffer.from("y")).response).rejects.toThrow(/ECONNREFUSED/);
    expect(closes).toHaveLength(1);
    expect(s.usable).toBe(false);
  });
});
