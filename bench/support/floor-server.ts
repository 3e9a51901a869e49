/**
 * The physical floor of a request: a minimal node:https server in a process of its own, with the
 * apiserver's TLS setup (its serving certificate and key, client certificates requested against
 * its CA, TLS >= 1.2, no Nagle, keep-alive), answering every request with one fixed response:
 * the head and body an apiserver request answered. No routing, no auth, no admission, no encoding:
 * what the same load costs in this Node and on this machine before any of our code runs.
 *
 * - GET mode: the request is drained and answered.
 * - Create mode (`store` set): a POST's body is read and JSON.parse'd, and its bytes are inserted
 *   into a SQLite database under the object's name, durably as our SQLite backend writes: the
 *   inserts of one event-loop turn share one WAL transaction (synchronous=NORMAL), the WAL is
 *   fdatasync'd in the thread pool, one sync at a time (the same GroupCommit), and only then is
 *   each request answered. What a durable create costs before our code.
 *
 * Run as a module it is the server; imported, startFloorServer spawns it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { GroupCommit } from "../../apiserver/storage/group-commit.js";

export interface FloorAnswer {
  /** The response's header names and values, as the apiserver sent them (no Date: Node adds it). */
  headers: [string, string][];
  body: Buffer;
  /** The status code to answer (default 200). */
  status?: number;
}

export interface FloorOptions {
  /** Create mode: the SQLite database the request bodies are written to (created). */
  store?: string;
  nodeArgs?: string[];
}

export interface FloorServer {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

interface FloorConfig {
  pki: string;
  status: number;
  headers: [string, string][];
  body: string;
  store?: string;
}

/** Spawns the floor server with the PKI of an apiserver's data dir (DIR/pki). */
export function startFloorServer(dataDir: string, answer: FloorAnswer, options: FloorOptions = {}): Promise<FloorServer> {
  const { store, nodeArgs = [] } = options;
  const config: FloorConfig = {
    pki: path.join(dataDir, "pki"),
    status: answer.status ?? 200,
    headers: answer.headers,
    body: answer.body.toString("base64"),
    ...(store !== undefined && { store }),
  };
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", fileURLToPath(import.meta.url)], {
    // From the repository's root, where `--import tsx` resolves.
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, KUBEGEN_FLOOR_CONFIG: JSON.stringify(config) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`floor server exited with ${code}: ${out}`)));
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\d+)/.exec(out);
      if (!m) return;
      child.stdout.removeAllListeners("data");
      resolve({
        port: Number(m[1]),
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/**
 * Create mode's store: one table of key and bytes (a rowid table with a unique key, 8 KB pages,
 * as ours), written through a group commit with the WAL synced in the thread pool.
 */
function openStore(file: string): (key: string, value: Buffer) => Promise<void> {
  const db = new Database(file, { timeout: 0 });
  db.pragma("page_size = 8192");
  db.pragma("locking_mode = EXCLUSIVE");
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE IF NOT EXISTS kv (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, value BLOB NOT NULL)");
  db.pragma("synchronous = NORMAL");
  const wal = fs.openSync(`${file}-wal`, "r");
  // A name stored already fails its own request only (no row changed), not the batch.
  const insert = db.prepare("INSERT OR IGNORE INTO kv (key, value) VALUES (?, ?)");
  const batch = db.transaction((ops: [string, Buffer][]) => ops.map(([k, v]) => insert.run(k, v).changes === 1));
  const writes = new GroupCommit<[string, Buffer], boolean>(
    (ops) => batch(ops),
    undefined,
    () => new Promise((resolve, reject) => fs.fdatasync(wal, (err) => (err ? reject(err) : resolve()))),
  );
  return async (key, value) => {
    if (!(await writes.submit([key, value]))) throw new Error(`${key} exists`);
  };
}

function serve(config: FloorConfig): void {
  const read = (f: string) => fs.readFileSync(path.join(config.pki, f));
  const body = Buffer.from(config.body, "base64");
  const head = config.headers.flat();
  const store = config.store === undefined ? undefined : openStore(config.store);
  const server = https.createServer(
    {
      cert: read("apiserver.crt"),
      key: read("apiserver.key"),
      ca: read("ca.crt"),
      requestCert: true,
      rejectUnauthorized: false,
      minVersion: "TLSv1.2",
      noDelay: true,
      keepAlive: true,
    },
    (req, res) => {
      const answer = () => {
        res.writeHead(config.status, head);
        res.end(body);
      };
      if (store === undefined || req.method !== "POST") {
        // Drain and answer at the end, as a handler reading a (bodyless) request does (the load
        // client's connecting GETs too).
        req.resume();
        req.once("end", answer);
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.once("end", () => {
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const name = (JSON.parse(bytes.toString("utf8")) as { metadata?: { name?: string } }).metadata?.name ?? "";
        store(`/registry/floor/${name}`, bytes).then(answer, (err: Error) => {
          res.writeHead(500);
          res.end(err.message);
        });
      });
    },
  );
  server.listen(0, "127.0.0.1", () => {
    const addr = server.address();
    process.stdout.write(`listening on ${typeof addr === "object" && addr ? addr.port : 0}\n`);
  });
  process.once("SIGTERM", () => process.exit(0));
}

const config = process.env.KUBEGEN_FLOOR_CONFIG;
if (config && process.argv[1] === fileURLToPath(import.meta.url)) serve(JSON.parse(config) as FloorConfig);
