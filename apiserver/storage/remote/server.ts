/**
 * The owner's side of the storage protocol: serves one Storage to apiserver workers over a Unix
 * domain socket. Every write still goes through the owner's storage (one group commit, one
 * revision sequence); a worker's watch is a watch on that storage, streamed in revision order.
 */
import { rmSync } from "node:fs";
import net from "node:net";
import {
  bufferedEventsOf,
  StorageError,
  type KeyValue,
  type ProgressNotice,
  type ProgressWatch,
  type Storage,
  type StorageEvent,
} from "../interface.js";
import { FrameWriter, readFrames } from "./frames.js";
import type { Request, Response, WireError } from "./protocol.js";

export function toWireError(err: unknown): WireError {
  if (err instanceof StorageError) return { code: err.code, key: err.key, message: err.message, compactRevision: err.compactRevision };
  return { code: "Internal", key: "", message: err instanceof Error ? err.message : String(err), compactRevision: 0 };
}

/** A write's answer: its revisions only when the stored bytes are those the worker sent (it has them). */
function writtenAnswer(id: number, sent: Uint8Array, kv: KeyValue): Response {
  if (kv.value === sent || Buffer.from(kv.value.buffer, kv.value.byteOffset, kv.value.byteLength).equals(sent))
    return { t: "ok", id, written: { createRevision: kv.createRevision, modRevision: kv.modRevision } };
  return { t: "ok", id, kv };
}

/** The answer to a request that failed. */
function failure(id: number, err: unknown): Response {
  return err instanceof LostSwap ? { t: "lost", id, fresh: err.fresh } : { t: "err", id, error: toWireError(err) };
}

/** Thrown inside a swap's update function when the key moved on: the swap is lost. */
class LostSwap {
  constructor(readonly fresh: KeyValue | undefined) {}
}

interface ServedWatch {
  abort: AbortController;
  progress?: ProgressWatch;
}

/**
 * A connection whose unsent frames pass this many bytes is cut: its worker stopped reading (its
 * watches would grow the owner's memory without bound); the worker exits and is restarted.
 */
const MAX_BACKLOG_BYTES = 256 * 1024 * 1024;

export class StorageServer {
  private readonly server: net.Server;
  private readonly connections = new Map<net.Socket, FrameWriter>();
  private readonly watches = new Set<AbortController>();

  constructor(
    private readonly storage: Storage,
    readonly socketPath: string,
  ) {
    this.server = net.createServer((socket) => this.serve(socket));
  }

  listen(): Promise<void> {
    // A socket file left by a crashed owner would fail the bind.
    rmSync(this.socketPath, { force: true });
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.socketPath, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  /** Ends every watch (cleanly) and connection; the storage stays open (its owner closes it). */
  async close(): Promise<void> {
    for (const w of this.watches) w.abort();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // The watches' `end` frames are queued once their loops see the abort; they leave first.
    await new Promise((resolve) => setImmediate(resolve));
    for (const out of this.connections.values()) out.end();
    await closed;
    rmSync(this.socketPath, { force: true });
  }

  private serve(socket: net.Socket): void {
    const out = new FrameWriter(socket);
    this.connections.set(socket, out);
    const watches = new Map<number, ServedWatch>();
    const send = (r: Response): void => {
      if (socket.writableLength > MAX_BACKLOG_BYTES) socket.destroy();
      else out.send(r);
    };
    socket.on("error", () => {});
    socket.on("close", () => {
      this.connections.delete(socket);
      for (const w of watches.values()) w.abort.abort();
    });
    readFrames(socket, (m) => {
      const req = m as Request;
      const failed = (err: unknown): void => send(failure(req.id, err));
      if (req.op === "create") {
        // Every create crosses here: without call()'s async frame (its state is most of the
        // garbage a create makes here).
        let written: Promise<KeyValue>;
        try {
          written = this.storage.create(req.key, req.value);
        } catch (err) {
          failed(err);
          return;
        }
        written.then((kv) => send(writtenAnswer(req.id, req.value, kv)), failed);
      } else if (req.op === "watch") this.watch(req, watches, send);
      else if (req.op === "cancel") watches.get(req.id)?.abort.abort();
      else if (req.op === "progress") watches.get(req.id)?.progress?.requestProgress();
      else this.call(req, watches).then(send, failed);
    });
  }

  private async call(
    req: Exclude<Request, { op: "create" | "watch" | "cancel" | "progress" }>,
    watches: Map<number, ServedWatch>,
  ): Promise<Response> {
    const s = this.storage;
    const id = req.id;
    switch (req.op) {
      case "get":
        return { t: "ok", id, kv: await s.get(req.key) };
      case "list": {
        const r = await s.list({
          prefix: req.prefix,
          ...(req.revision !== undefined && { revision: req.revision }),
          ...(req.limit !== undefined && { limit: req.limit }),
          ...(req.continue !== undefined && { continue: req.continue }),
        });
        return {
          t: "ok",
          id,
          items: r.items,
          revision: r.revision,
          ...(r.continue !== undefined && { continue: r.continue }),
          ...(r.remainingItemCount !== undefined && { remaining: r.remainingItemCount }),
        };
      }
      case "swap":
        return writtenAnswer(id, req.value, await this.swap(req.key, req.expect, req.value));
      case "delete":
        return {
          t: "ok",
          id,
          kv: await s.delete(req.key, req.revision !== undefined ? { preconditions: { revision: req.revision } } : {}),
        };
      case "revision": {
        const revision = await s.currentRevision();
        // Asked after reading the revision: each notice is at least that revision.
        for (const w of req.progress ?? []) watches.get(w)?.progress?.requestProgress();
        return { t: "ok", id, revision, compacted: s.compactedRevision?.() ?? 0 };
      }
      case "compact":
        await s.compact(req.revision);
        return { t: "ok", id, compacted: s.compactedRevision?.() ?? 0 };
      case "health":
        if (s.healthCheck) await s.healthCheck(req.timeoutMs);
        else await s.currentRevision();
        return { t: "ok", id };
    }
  }

  /** The worker ran the update function; here only the compare-and-swap, through the owner's update loop. */
  private async swap(key: string, expect: number, value: Uint8Array): Promise<KeyValue> {
    try {
      return await this.storage.guaranteedUpdate(
        key,
        (current) => {
          if ((current?.modRevision ?? 0) !== expect) throw new LostSwap(current);
          return value;
        },
        { ignoreNotFound: expect === 0 },
      );
    } catch (err) {
      // The key the worker read was deleted since.
      if (err instanceof StorageError && err.code === "KeyNotFound" && expect !== 0) throw new LostSwap(undefined);
      throw err;
    }
  }

  private watch(req: Extract<Request, { op: "watch" }>, watches: Map<number, ServedWatch>, send: (r: Response) => void): void {
    const abort = new AbortController();
    this.watches.add(abort);
    const options = { prefix: req.prefix, afterRevision: req.afterRevision, signal: abort.signal };
    const progress = req.progress ? this.storage.watchWithProgress?.(options) : undefined;
    const served: ServedWatch = { abort, ...(progress && { progress }) };
    watches.set(req.id, served);
    const id = req.id;
    const withPrev = req.prev !== false;
    let supports = progress?.supportsProgress() ?? false;
    if (progress) send({ t: "supports", id, supports });
    const stream: AsyncIterable<StorageEvent | ProgressNotice> = progress ?? this.storage.watch(options);
    void (async () => {
      const it = stream[Symbol.asyncIterator]();
      // A watch whose queue hands over the events already received without a promise each (as
      // the watch cache reads them): a burst of one group commit leaves in one go.
      const buffered = bufferedEventsOf(it);
      try {
        for (;;) {
          const r = await it.next();
          if (r.done) break;
          let ev: StorageEvent | ProgressNotice | undefined = r.value;
          do {
            if (ev.type === "PROGRESS") {
              const now = progress?.supportsProgress() ?? false;
              if (now !== supports) send({ t: "supports", id, supports: (supports = now) });
              send({ t: "progress", id, revision: ev.revision });
            } else {
              const m: Response = { t: "ev", id, type: ev.type, kv: ev.kv, revision: ev.revision };
              if (withPrev && ev.prev) m.prev = ev.prev;
              send(m);
            }
          } while (buffered !== undefined && (ev = buffered.takeBuffered()) !== undefined);
        }
        send({ t: "end", id });
      } catch (err) {
        // As `for await` would when its body throws: the storage watch is let go.
        void it.return?.().catch(() => undefined);
        send({ t: "end", id, error: toWireError(err) });
      } finally {
        watches.delete(id);
        this.watches.delete(abort);
      }
    })();
  }
}
