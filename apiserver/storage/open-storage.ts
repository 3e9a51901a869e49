/**
 * Opens the configured backend (`--storage-backend=sqlite|etcd`). Each backend is imported only
 * when chosen, so the embedded default never loads the etcd client and its gRPC stack.
 */
import { readFileSync } from "node:fs";
import type { Storage } from "./interface.js";

export type StorageConfig =
  /** Embedded SQLite in one database file (e.g. `<data-dir>/kubegen.db`). */
  | { backend: "sqlite"; path: string }
  /** etcd at these client URLs (`--etcd-servers`), with TLS files for `https://` members. */
  | { backend: "etcd"; endpoints: string[]; tls?: { caFile?: string; certFile?: string; keyFile?: string } };

export async function openStorage(config: StorageConfig): Promise<Storage> {
  switch (config.backend) {
    case "sqlite": {
      const { SqliteStorage } = await import("./sqlite/sqlite-storage.js");
      return new SqliteStorage({ path: config.path });
    }
    case "etcd": {
      const { EtcdStorage } = await import("./etcd/etcd-storage.js");
      const { caFile, certFile, keyFile } = config.tls ?? {};
      if ((certFile === undefined) !== (keyFile === undefined)) throw new Error("--etcd-certfile and --etcd-keyfile go together");
      const tls = {
        ...(caFile !== undefined && { ca: readFileSync(caFile) }),
        ...(certFile !== undefined && { cert: readFileSync(certFile) }),
        ...(keyFile !== undefined && { key: readFileSync(keyFile) }),
      };
      const storage = new EtcdStorage({ endpoints: config.endpoints, tls });
      // Fail at start-up, not at the first request, when etcd cannot be reached.
      try {
        await storage.currentRevision();
      } catch (e) {
        await storage.close();
        throw e;
      }
      return storage;
    }
  }
}
