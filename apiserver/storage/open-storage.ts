/**
 * Opens the configured backend (`--storage-backend=sqlite|etcd`). Each backend is imported only
 * when chosen, so the embedded default never loads the etcd client and its gRPC stack.
 */
import type { Storage } from "./interface.js";

export type StorageConfig =
  /** Embedded SQLite in one database file (e.g. `<data-dir>/kubegen.db`). */
  | { backend: "sqlite"; path: string }
  /** etcd at these client URLs (`--etcd-servers`). */
  | { backend: "etcd"; endpoints: string[] };

export async function openStorage(config: StorageConfig): Promise<Storage> {
  switch (config.backend) {
    case "sqlite": {
      const { SqliteStorage } = await import("./sqlite/sqlite-storage.js");
      return new SqliteStorage({ path: config.path });
    }
    case "etcd": {
      const { EtcdStorage } = await import("./etcd/etcd-storage.js");
      const storage = new EtcdStorage({ endpoints: config.endpoints });
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
