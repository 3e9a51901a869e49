/**
 * A TCP proxy on 127.0.0.1 in front of a server, for fault injection: `stall()` freezes every
 * connection open at that moment (bytes are no longer forwarded either way, sockets stay open),
 * as a watch looks when a middlebox or an overloaded server stops feeding it. Connections made
 * afterwards are forwarded normally.
 */
import net from "node:net";

export interface StallProxy {
  /** The port the proxy listens on. */
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Freezes the connections open now; returns how many. */
  stall(): number;
  close(): Promise<void>;
}

/** Starts a proxy forwarding to `target.host:target.port`. */
export function startStallProxy(target: { host: string; port: number }): Promise<StallProxy> {
  const live = new Set<{ client: net.Socket; upstream: net.Socket; stalled: boolean }>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, stalled: false };
    live.add(pair);
    // Forwarded by hand, not piped, so a stalled pair can drop bytes while both sockets stay open.
    client.on("data", (d) => {
      if (!pair.stalled) upstream.write(d);
    });
    upstream.on("data", (d) => {
      if (!pair.stalled) client.write(d);
    });
    const end = (): void => {
      live.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        port,
        connections: () => accepted,
        stall() {
          for (const p of live) p.stalled = true;
          return live.size;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const p of live) {
              p.client.destroy();
              p.upstream.destroy();
            }
            server.close(() => done());
          }),
      });
    });
  });
}
