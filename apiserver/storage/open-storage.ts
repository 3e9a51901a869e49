/**
 * Opens the configured backend (`--storage-backend=sqlite|etcd`). Each backend is imported only
 * when chosen, so the embedded default never loads the etcd client and its gRPC stack.
 */
import { chmodSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Storage } from "./interface.js";

export type StorageConfig =
  /**
   * Embedded SQLite in one database file (e.g. `<data-dir>/kubegen.db`); `ownerOnly`: its files
   * are made and kept readable by the owner alone (they hold secrets).
   */
  | { backend: "sqlite"; path: string; ownerOnly?: boolean }
  /** etcd at these client URLs (`--etcd-servers`), with TLS files for `https://` members. */
  | {
      backend: "etcd";
      endpoints: string[];
      tls?: { caFile?: string | undefined; certFile?: string | undefined; keyFile?: string | undefined };
    };

/** The backend the flags choose (`--storage-backend`, `--etcd-servers`...); SQLite lives in the data dir. */
export function storageConfigFor(flags: {
  backend: string;
  dataDir: string;
  etcdServers?: string[] | undefined;
  etcdTLS?: { caFile?: string | undefined; certFile?: string | undefined; keyFile?: string | undefined };
}): StorageConfig {
  switch (flags.backend) {
    case "sqlite":
      return { backend: "sqlite", path: path.join(flags.dataDir, "kubegen.db"), ownerOnly: true };
    case "etcd": {
      if (!flags.etcdServers || flags.etcdServers.length === 0) {
        throw new Error("--etcd-servers must be specified with --storage-backend=etcd");
      }
      const { caFile, certFile, keyFile } = flags.etcdTLS ?? {};
      return { backend: "etcd", endpoints: flags.etcdServers, tls: { caFile, certFile, keyFile } };
    }
    default:
      throw new Error(`--storage-backend: ${JSON.stringify(flags.backend)} is not one of sqlite, etcd`);
  }
}

export async function openStorage(config: StorageConfig): Promise<Storage> {
  switch (config.backend) {
    case "sqlite": {
      const { SqliteStorage } = await import("./sqlite/sqlite-storage.js");
      if (!config.ownerOnly) return new SqliteStorage({ path: config.path });
      const files = [config.path, `${config.path}-wal`, `${config.path}-shm`];
      const restrict = (): void => {
        for (const f of files) if (existsSync(f)) chmodSync(f, 0o600);
      };
      restrict();
      // SQLite creates its files with the process umask: narrow it while they are made.
      const umask = process.umask(0o077);
      try {
        return new SqliteStorage({ path: config.path });
      } finally {
        process.umask(umask);
        restrict();
      }
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
